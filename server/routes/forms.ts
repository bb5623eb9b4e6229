import type Router from '@koa/router';
import { allow, createRouter } from '../middleware/access';
import type { Context } from 'koa';
import { ValidationError } from '../errors';
import { HttpError } from '../http-errors';
import { messages } from '../messages';
import type { SendPage } from '../render/send-page';
import type { FormService } from '../leads';
import { formPageView } from '../site/public-pages';
import { FORM_TYPES, isFormType } from '../../shared/form-types';
import { FORM_DEFINITIONS, INVALID_FORM_MESSAGE, coerceFormPost } from '../../shared/forms';

/**
 * The page a form was sent from (the Referer, which browsers send in full to our own origin; else
 * `fallback`, the form page a plain post goes to) and the signals that find the visit in today's
 * page views.
 */
function senderOf(ctx: Context, fallback: string | null = null) {
  let sourcePath = fallback;
  try {
    const referer = new URL(ctx.get('Referer'));
    if (referer.host === ctx.host) sourcePath = referer.pathname.slice(0, 200);
  } catch {
    // No Referer, or not a URL: the fallback stands.
  }
  return { sourcePath, visitor: { ip: ctx.ip, userAgent: ctx.get('User-Agent') } };
}

/** `POST /api/forms/{type}`: the islands' JSON call the spec lists, answered 201 with the record's id. */
export function formApiRoutes(forms: FormService): Router {
  const router = createRouter();
  router.post('/api/forms/:type', allow.anyone, async (ctx) => {
    const type = ctx.params.type ?? '';
    if (!isFormType(type)) throw new HttpError(404, messages.http.apiNotFound);
    if (ctx.request.type !== 'application/json') throw new HttpError(415, messages.forms.wrongContentType.api);
    const result = await forms.submit(type, ctx.request.body, { ip: ctx.ip, channel: 'api', ...senderOf(ctx) });
    if (result.outcome === 'invalid') throw new ValidationError(INVALID_FORM_MESSAGE, result.fields);
    ctx.status = 201;
    ctx.body = { _id: result.id };
  });
  return router;
}

/** The urlencoded fields worth showing again in a re-rendered form (strings only). */
function keptValues(body: unknown): Record<string, string> {
  if (typeof body !== 'object' || body === null) return {};
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * The forms without JavaScript: the posts of their plain `<form>`s, answered 303 to the form's
 * thank-you page, or with the form's page again holding the visitor's values and the errors (a
 * 400, kept by nobody). The form pages and thank-you pages are rows of the table of public pages.
 */
export function formPostRoutes(send: SendPage, forms: FormService): Router {
  const router = createRouter();
  for (const type of FORM_TYPES) {
    router.post(FORM_DEFINITIONS[type].pagePath, allow.anyone, async (ctx) => {
      if (ctx.request.type !== 'application/x-www-form-urlencoded') throw new HttpError(415, messages.forms.wrongContentType.page);
      const body = ctx.request.body as Record<string, unknown>;
      const result = await forms.submit(type, coerceFormPost(type, body), { ip: ctx.ip, channel: 'page', ...senderOf(ctx, ctx.path) });
      if (result.outcome === 'invalid') {
        send(ctx, formPageView(type, { values: keptValues(body), errors: result.fields }), { status: 400 });
        return;
      }
      ctx.status = 303;
      ctx.redirect(`/thank-you/${type}`);
    });
  }
  return router;
}
