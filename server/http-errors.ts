/**
 * An error of the HTTP layer itself (routes and middleware: an unknown path, a wrong content type,
 * a body too large, no session, a missing CSRF token), with its status and a message that is safe
 * to show. Services throw domain errors instead (`errors.ts`); anything else that reaches the
 * error handler is logged and answered with a generic message.
 */
export class HttpError extends Error {
  readonly expose = true;
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000', '08001', '08003', '08006', // connection exceptions
  '53300', // too_many_connections
  '57014', // statement timeout (query_canceled)
]);

/** True for errors that mean "the database is unreachable or overloaded", answered with 503. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'KnexTimeoutError') return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  return /Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect/i.test(error.message);
}
