import type { Logger } from '../logger';

/**
 * Work a request starts and does not wait for, one task after another: a "Forgot password?"
 * answer goes out before anything about the account is looked up, so neither its words nor its
 * timing say whether the account exists. A failing task is logged; `idle()` waits for the queue to
 * empty (shutdown, tests).
 */
export function createBackgroundTasks(logger: Logger) {
  let tail: Promise<void> = Promise.resolve();
  return {
    run(name: string, task: () => Promise<void>): void {
      tail = tail.then(() => new Promise<void>((resolve) => setImmediate(resolve))).then(task).catch((error: unknown) => logger.error({ err: error, task: name }, 'background task failed'));
    },
    idle(): Promise<void> {
      return tail;
    },
  };
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
