/** Process-wide state the routes read: set when a shutdown signal arrives. */
export interface Lifecycle {
  shuttingDown: boolean;
}

export function createLifecycle(): Lifecycle {
  return { shuttingDown: false };
}
