import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildAssets } from './build-assets';

/**
 * `npm run dev`: rebuilds the browser assets and restarts the server whenever a source file
 * changes. Content-hashed names change with each build, so the browser never sees stale files.
 */
const root = path.resolve(__dirname, '..');
const watched = ['server', 'views', 'islands', 'migrations', 'static'];
let server: ChildProcess | undefined;
let timer: NodeJS.Timeout | undefined;

async function restart(): Promise<void> {
  try {
    await buildAssets();
  } catch (error) {
    console.error('Asset build failed:', error instanceof Error ? error.message : error);
    return;
  }
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/index.ts')], { cwd: root, stdio: 'inherit' });
}

for (const dir of watched) {
  fs.watch(path.join(root, dir), { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(() => void restart(), 150);
  });
}
process.on('SIGINT', () => {
  server?.kill('SIGTERM');
  process.exit(0);
});
void restart();
