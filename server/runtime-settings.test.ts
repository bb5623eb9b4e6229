import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RUNTIME_ENV, withRuntimeSettings } from './runtime-settings';
import { runWithRuntimeSettings } from './cli/start';
import { PRODUCTION_RUNTIME_ENV } from '../scripts/lib/production-env';

const root = path.resolve(__dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** The `ENV` variables of the Dockerfile's last stage (the image that runs), continuation lines joined. */
function dockerRuntimeEnv(dockerfile: string): Record<string, string> {
  const instructions = dockerfile
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const lastStage = instructions.slice(instructions.map((line) => /^FROM\s/i.test(line)).lastIndexOf(true));
  const env: Record<string, string> = {};
  for (const line of lastStage.filter((line) => /^ENV\s/i.test(line))) {
    for (const [, name, value] of line.slice(4).matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S+)/g)) env[name!] = value!.replace(/^"(.*)"$/, '$1');
  }
  return env;
}

describe('production runtime settings', () => {
  it('are the ones the Docker image runs with', () => {
    const env = dockerRuntimeEnv(read('Dockerfile'));
    for (const [name, value] of Object.entries(RUNTIME_ENV)) expect([name, env[name]]).toEqual([name, value]);
    expect(env.NODE_ENV).toBe('production');
  });

  it('are what npm start launches the built server with, and what the benches run it with', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    // The build (skipped when nothing changed) with a new embedded database created beside it,
    // then the launcher.
    expect(scripts.start).toBe('tsx scripts/build.ts --prepare-database && node dist/start.js');
    expect(read('scripts/build.ts')).toContain("start: 'server/cli/start.ts'");
    expect(PRODUCTION_RUNTIME_ENV).toEqual({ ...RUNTIME_ENV, NODE_ENV: 'production' });
  });

  it('go under what is already set: an own arena count stays, own node options come last and win', () => {
    expect(withRuntimeSettings({ PATH: '/bin' })).toEqual({ PATH: '/bin', ...RUNTIME_ENV });
    expect(withRuntimeSettings({ MALLOC_ARENA_MAX: '4', NODE_OPTIONS: '--max-old-space-size=512' })).toEqual({
      MALLOC_ARENA_MAX: '4',
      NODE_OPTIONS: `${RUNTIME_ENV.NODE_OPTIONS} --max-old-space-size=512`,
    });
    // NODE_ENV is never set for the person starting the site (Secure cookies on http://localhost).
    expect(withRuntimeSettings({}).NODE_ENV).toBeUndefined();
  });

  it('reach the started process (its heap limit and environment), which ends the launcher with its exit code', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'runtime-settings-'));
    const script = path.join(dir, 'probe.js');
    const out = path.join(dir, 'out.json');
    fs.writeFileSync(
      script,
      `const v8 = require('node:v8');
       require('node:fs').writeFileSync(process.env.PROBE_OUT, JSON.stringify({
         arenas: process.env.MALLOC_ARENA_MAX, nodeEnv: process.env.NODE_ENV ?? null,
         heapMb: v8.getHeapStatistics().heap_size_limit / 2 ** 20,
       }));
       process.exit(3);`,
    );
    try {
      const { PATH } = process.env;
      expect(await runWithRuntimeSettings(script, { PATH, PROBE_OUT: out })).toEqual({ code: 3, signal: null });
      const probe = JSON.parse(fs.readFileSync(out, 'utf8')) as { arenas: string; nodeEnv: string | null; heapMb: number };
      expect(probe.arenas).toBe(RUNTIME_ENV.MALLOC_ARENA_MAX);
      expect(probe.nodeEnv).toBeNull();
      // 192 MB of old space plus the young generation's semi-spaces; without the flag it is 2 GB or more.
      expect(probe.heapMb).toBeGreaterThanOrEqual(192);
      expect(probe.heapMb).toBeLessThan(260);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
