import { fork, type Serializable } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { pauseWhileBusy } from './pause-while-busy';

/** Unix niceness of a background child: about a tenth of a core while the site is busy (10 against 0), all of what is idle. */
const BACKGROUND_PRIORITY = 10;

/** A child's script and node flags. */
export interface ChildEntry {
  script: string;
  execArgv: string[];
}

/**
 * Where a child process's script is: next to the bundle in a build (`dist/<built>`), the
 * TypeScript source through tsx when the server itself runs from source (dev and tests).
 */
export function childEntry(built: string, source: string): ChildEntry {
  if (!__filename.endsWith('.ts')) return { script: path.join(__dirname, built), execArgv: [] };
  return { script: path.join(__dirname, source), execArgv: ['--import', 'tsx'] };
}

/** What to make of one message from the child: its answer, its failure, or nothing yet (progress). */
export type ChildReply<Result> = { result: Result } | { error: Error } | undefined;

/**
 * Runs one job in a short-lived child process (work that needs much memory, or must not hold the
 * site's event loop): sends it `job`, settles on the first message `read` makes an answer or a
 * failure of, and kills a child that takes longer than `timeoutMs` or rejects when it exits first.
 * `what` names the child in those errors ("Image encoder timed out").
 */
export function runChildJob<Message, Result>(
  entry: ChildEntry,
  job: Serializable,
  {
    what,
    timeoutMs,
    read,
    background = false,
  }: {
    what: string;
    timeoutMs: number;
    read: (message: Message) => ChildReply<Result>;
    /**
     * Work nobody waits for, which gives way to the site's requests: low CPU priority (nice 10),
     * and paused while the site is busy (see `pauseWhileBusy`).
     */
    background?: boolean;
  },
): Promise<Result> {
  return new Promise<Result>((resolve, reject) => {
    const child = fork(entry.script, [], { execArgv: entry.execArgv, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let stopPausing: () => void = () => undefined;
    if (background && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, BACKGROUND_PRIORITY);
      } catch {
        // Not allowed here (some containers): the child runs at the site's priority, slower for the site only.
      }
      stopPausing = pauseWhileBusy(child);
    }
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // A paused child would only see the kill's SIGTERM once continued.
      stopPausing();
      if (child.exitCode === null) child.kill();
      done();
    };
    const timer = setTimeout(() => settle(() => reject(new Error(`${what} timed out`))), timeoutMs);
    child.on('message', (message: Message) => {
      const reply = read(message);
      if (reply) settle(() => ('result' in reply ? resolve(reply.result) : reject(reply.error)));
    });
    child.once('error', (error) => settle(() => reject(error)));
    child.once('exit', (code, signal) => settle(() => reject(new Error(`${what} exited early (${signal ?? code})`))));
    child.send(job);
  });
}
