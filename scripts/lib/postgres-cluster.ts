import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** The local PostgreSQL cluster (Debian's pg_ctlcluster), stopped and started by outage drills. */
const cluster = () => fs.readdirSync('/etc/postgresql')[0]!;

export function stopPostgres(): void {
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', cluster(), 'main', 'stop'], { stdio: 'inherit' });
}

export function startPostgres(): void {
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', cluster(), 'main', 'start'], { stdio: 'inherit' });
}

export function postgresReady(): boolean {
  try {
    execFileSync('pg_isready', ['-q', '-h', 'localhost']);
    return true;
  } catch {
    return false;
  }
}

/** Makes sure the cluster runs again (after a drill, whatever happened) and accepts connections. */
export async function ensurePostgresRunning(timeoutMs = 30_000): Promise<void> {
  if (!postgresReady()) {
    try {
      startPostgres();
    } catch {
      // already starting; wait below
    }
  }
  const started = Date.now();
  while (!postgresReady()) {
    if (Date.now() - started > timeoutMs) throw new Error('PostgreSQL did not come back');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
