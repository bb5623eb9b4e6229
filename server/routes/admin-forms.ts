import type Router from '@koa/router';
import type { Context } from 'koa';
import { HttpError } from '../http-errors';
import { messages } from '../messages';
import { adminActor, allow, createRouter } from '../middleware/access';
import type { FormService } from '../services/forms';
import { INBOX_PAGE_SIZE, isFormType, type FormType } from '../../shared/form-types';

function formType(ctx: Context): FormType {
  const type = ctx.params.type ?? '';
  if (!isFormType(type)) throw new HttpError(404, messages.http.apiNotFound);
  return type;
}

/** A positive whole number from the query, or the fallback when absent; anything else is a 400. */
function positiveInt(value: unknown, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value) || Number(value) < 1) throw new HttpError(400, messages.forms.notAPositiveNumber(name));
  return Number(value);
}

/**
 * The spec's admin inbox of form submissions: list newest first (page by page, the total in
 * `X-Total-Count`), change a status, delete. Every call needs a signed-in admin.
 */
export function adminFormRoutes(forms: FormService): Router {
  const router = createRouter();

  router.get('/api/forms/:type', allow.admin, async (ctx) => {
    const type = formType(ctx);
    const page = positiveInt(ctx.query.page, 'page', 1);
    const limit = Math.min(positiveInt(ctx.query.limit, 'limit', INBOX_PAGE_SIZE.default), INBOX_PAGE_SIZE.max);
    const { records, total } = await forms.list(type, { page, limit });
    ctx.set('X-Total-Count', String(total));
    ctx.body = records;
  });

  router.patch('/api/forms/:type/:id/status', allow.admin, async (ctx) => {
    const type = formType(ctx);
    const body = ctx.request.body as { status?: unknown } | undefined;
    ctx.body = await forms.setStatus(type, ctx.params.id ?? '', body?.status, adminActor(ctx));
  });

  router.delete('/api/forms/:type/:id', allow.admin, async (ctx) => {
    const type = formType(ctx);
    await forms.remove(type, ctx.params.id ?? '', adminActor(ctx));
    ctx.status = 204;
  });
  return router;
}
