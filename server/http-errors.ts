/**
 * Errors meant for the visitor: a status and a message that is safe to show. Anything else that
 * reaches the error handler is logged and answered with a generic message.
 */
export class HttpError extends Error {
  readonly expose = true;
  constructor(
    readonly status: number,
    message: string,
    /** Per-field messages for a rejected form, keyed by field name. */
    readonly fields?: Record<string, string>,
    /** For 429 and 503: when the client may try again, sent as `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const messages = {
  notFound: 'Page not found',
  apiNotFound: 'Not found',
  internal: 'Something went wrong on our side. Please try again later.',
  databaseUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  payloadTooLarge: 'The request body is too large.',
  malformedJson: 'The request body is not valid JSON.',
} as const;

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
