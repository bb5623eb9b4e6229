import type { Context, Middleware } from 'koa';
import type { Logger } from '../logger';
import { DomainError, RateLimitedError, ValidationError, type DomainErrorKind } from '../errors';
import { HttpError, isDatabaseUnavailable } from '../http-errors';
import { messages } from '../messages';
import { audienceOf } from '../path-audience';
import { forbidCaching } from './page-cache';
import { loggedUrl } from './request-context';

/** Renders the HTML error page for a status and a visitor-safe message. */
export type RenderErrorPage = (input: { status: number; message: string; path: string }) => string;

interface ErrorAnswer {
  status: number;
  message: string;
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
}

/** The status of each kind of domain error: the one place services' errors meet HTTP. */
const STATUS_OF: Record<DomainErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  'unsupported-type': 415,
  unprocessable: 422,
  'rate-limited': 429,
};

function describe(error: unknown, path: string): ErrorAnswer {
  if (error instanceof DomainError) {
    return {
      status: STATUS_OF[error.kind],
      message: error.message,
      fields: error instanceof ValidationError ? error.fields : undefined,
      retryAfterSeconds: error instanceof RateLimitedError ? error.retryAfterSeconds : undefined,
    };
  }
  if (error instanceof HttpError) return { status: error.status, message: error.message };
  if (isDatabaseUnavailable(error)) return { status: 503, message: messages.http.databaseUnavailable, retryAfterSeconds: 5 };
  // Errors from Koa and its parsers carry a status and say whether their message is safe to show.
  const { status, expose, message } = (error ?? {}) as { status?: number; expose?: boolean; message?: string };
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const fallback = status === 404 ? notFoundMessage(path) : messages.http.badRequest;
    return { status, message: expose && message ? message : fallback };
  }
  return { status: 500, message: messages.http.internal };
}

const notFoundMessage = (path: string) => (audienceOf(path) === 'api' ? messages.http.apiNotFound : messages.http.notFound);

function wantsJson(ctx: Context): boolean {
  return audienceOf(ctx.path) === 'api' || ctx.accepts('html', 'json') === 'json';
}

/**
 * The one place errors become answers: `{ "error": "…" }` for the API, an HTML page otherwise,
 * with the status of the domain error's kind, the HTTP layer's own status, or 503 when the
 * database cannot be reached.
 * Only messages meant for visitors are shown; everything else is logged and answered generically,
 * so no stack trace or internal detail ever reaches a client.
 */
export function errorHandler(renderErrorPage: RenderErrorPage): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const answer = describe(error, ctx.path);
      if (answer.status >= 500) ctx.state.log?.error({ err: error }, 'request failed');
      ctx.status = answer.status;
      forbidCaching(ctx);
      if (answer.retryAfterSeconds !== undefined) ctx.set('Retry-After', String(answer.retryAfterSeconds));
      if (wantsJson(ctx)) {
        ctx.body = answer.fields ? { error: answer.message, fields: answer.fields } : { error: answer.message };
        return;
      }
      ctx.type = 'html';
      try {
        ctx.body = renderErrorPage({ status: answer.status, message: answer.message, path: ctx.path });
      } catch (renderError) {
        ctx.state.log?.error({ err: renderError }, 'error page failed to render');
        ctx.type = 'text';
        ctx.body = answer.message;
      }
    }
  };
}

/** Last in the chain: nothing answered, so the path does not exist. */
export function notFound(): Middleware {
  return async (ctx) => {
    throw new HttpError(404, notFoundMessage(ctx.path));
  };
}

/** How a client hanging up mid-answer shows: it closed a download or a page early; nothing broke. */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_DESTROYED']);

/**
 * Koa's listener for errors it meets after the answer has started (a streamed body that fails,
 * a client that hangs up during a CSV export). Without one, Koa writes their stack to stderr,
 * outside the JSON log; here a client that left is an info line and anything else an error line.
 */
export function logLateError(logger: Logger): (error: Error & { code?: string; expose?: boolean; status?: number }, ctx?: Context) => void {
  return (error, ctx) => {
    if (error.status === 404 || error.expose) return;
    const log = ctx?.state.log ?? logger;
    if (error.code && CLIENT_GONE.has(error.code)) log.info({ code: error.code, method: ctx?.method, path: ctx && loggedUrl(ctx.path) }, 'client closed the connection before the answer ended');
    // Node's HTTP parser (llhttp, codes HPE_*) refusing what the client sent next on the
    // connection: the client's fault, answered 400 by Node itself, so not an error of ours.
    else if (error.code?.startsWith('HPE_')) log.info({ code: error.code, method: ctx?.method, path: ctx && loggedUrl(ctx.path) }, 'client sent a request HTTP cannot parse');
    else log.error({ err: error, method: ctx?.method, path: ctx && loggedUrl(ctx.path) }, 'answer failed after it started');
  };
}
