/**
 * `npm start` (as `dist/start.js`, after the build): runs the built server (`dist/server.js`) in a
 * child `node` with the production runtime settings (`server/runtime-settings.ts`), which have to
 * be in its environment before it starts. Signals are passed on, and the launcher ends as the
 * server does: with its exit code, or by the same signal.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { withRuntimeSettings } from '../runtime-settings';

const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Runs `script` in `node` with the runtime settings, passing signals on while it runs. */
export function runWithRuntimeSettings(script: string, env: NodeJS.ProcessEnv = process.env): Promise<ServerExit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { stdio: 'inherit', env: withRuntimeSettings(env) });
    // Ctrl+C reaches both processes; the server's shutdown ignores a repeated signal.
    const handlers = FORWARDED.map((signal) => [signal, () => child.kill(signal)] as const);
    for (const [signal, handler] of handlers) process.on(signal, handler);
    const done = () => {
      for (const [signal, handler] of handlers) process.off(signal, handler);
    };
    child.once('error', (error) => {
      done();
      reject(error);
    });
    child.once('exit', (code, signal) => {
      done();
      resolve({ code, signal });
    });
  });
}

if (require.main === module) {
  runWithRuntimeSettings(path.join(__dirname, 'server.js')).then(
    ({ code, signal }) => {
      if (signal) process.kill(process.pid, signal);
      else process.exit(code ?? 1);
    },
    (error: unknown) => {
      console.error('Could not start the server:', error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
