import type { Context, Middleware } from 'koa';
import { HttpError, isDatabaseUnavailable, messages } from '../http-errors';

/** Renders the HTML error page for a status and a visitor-safe message. */
export type RenderErrorPage = (input: { status: number; message: string; path: string }) => string;

interface ErrorAnswer {
  status: number;
  message: string;
  fields?: Record<string, string>;
  retryAfterSeconds?: number;
}

function describe(error: unknown, path: string): ErrorAnswer {
  if (error instanceof HttpError) return { status: error.status, message: error.message, fields: error.fields, retryAfterSeconds: error.retryAfterSeconds };
  if (isDatabaseUnavailable(error)) return { status: 503, message: messages.databaseUnavailable, retryAfterSeconds: 5 };
  // Errors from Koa and its parsers carry a status and say whether their message is safe to show.
  const { status, expose, message } = (error ?? {}) as { status?: number; expose?: boolean; message?: string };
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const fallback = status === 404 ? (path.startsWith('/api/') ? messages.apiNotFound : messages.notFound) : 'Bad request';
    return { status, message: expose && message ? message : fallback };
  }
  return { status: 500, message: messages.internal };
}

function wantsJson(ctx: Context): boolean {
  return ctx.path.startsWith('/api/') || ctx.accepts('html', 'json') === 'json';
}

/**
 * The one place errors become answers: `{ "error": "…" }` for the API, an HTML page otherwise.
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
      ctx.set('Cache-Control', 'no-store');
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
    throw new HttpError(404, ctx.path.startsWith('/api/') ? messages.apiNotFound : messages.notFound);
  };
}
