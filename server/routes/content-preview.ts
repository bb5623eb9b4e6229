import type Router from '@koa/router';
import type { Context } from 'koa';
import { adminActor, allow, createRouter } from '../middleware/access';
import { forbidCaching } from '../middleware/page-cache';
import { previewLinkRequestSchema, PREVIEW_LINK_PATH, type ContentPreview } from '../content';
import { countHit } from '../db/rate-limit-windows';
import type { Db } from '../db/connection';
import { NotFoundError, RateLimitedError, ValidationError } from '../errors';
import { messages } from '../messages';
import { networkOf } from '../services/visitor-network';
import { fieldErrorsOf } from '../../shared/zod-errors';

/** Preview pages one network may open per minute (a client clicking around is far below it). */
const PREVIEW_VIEWS_PER_MINUTE = 60;

/** A document's key from a wildcard parameter (`services/seo` may come as one or two segments). */
function keyParam(ctx: Context): string {
  const value = (ctx.params as Record<string, string | string[] | undefined>).key;
  return Array.isArray(value) ? value.join('/') : (value ?? '');
}

/**
 * A preview answers for one moment and one person: no cache keeps it, no search engine lists it,
 * and the address (a link's token) is sent to no other site in a Referer.
 */
function markPreview(ctx: Context): void {
  forbidCaching(ctx);
  ctx.set('X-Robots-Tag', 'noindex, nofollow');
  ctx.set('Referrer-Policy', 'same-origin');
}

/**
 * Drafts on the real pages: `GET /admin/preview/{key}[?path=/…]` for signed-in staff, the
 * preview links they make for a client (`/api/content/{key}/preview-links`, revoked with
 * `DELETE /api/content/preview-links/{id}`, e-mailed with `…/preview-links/send`), and the public page such a link opens,
 * `/preview/{token}`: the draft as it is when opened, 404 once expired or revoked.
 */
export function contentPreviewRoutes(preview: ContentPreview, db: Db): Router {
  const router = createRouter();

  router.get('/admin/preview/{*key}', allow.admin, async (ctx) => {
    markPreview(ctx);
    const path = typeof ctx.query.path === 'string' ? ctx.query.path : undefined;
    const html = await preview.render(keyParam(ctx), path);
    ctx.type = 'html';
    ctx.body = html;
  });

  router.get(`${PREVIEW_LINK_PATH}/:token`, allow.anyone, async (ctx) => {
    markPreview(ctx);
    const { hits, secondsLeft } = await countHit(db, `preview:${networkOf(ctx.ip)}`, 60);
    if (hits > PREVIEW_VIEWS_PER_MINUTE) throw new RateLimitedError(messages.contentPreview.rateLimited, secondsLeft);
    const link = await preview.openLink(ctx.params.token ?? '');
    if (!link) throw new NotFoundError(messages.http.notFound);
    const html = await preview.render(link.key, undefined, { expiresAt: link.expiresAt });
    ctx.type = 'html';
    ctx.body = html;
  });

  router.post('/api/content/{*key}/preview-links', allow.admin, async (ctx) => {
    const parsed = previewLinkRequestSchema.safeParse(ctx.request.body ?? {});
    if (!parsed.success) throw new ValidationError(messages.contentPreview.badDays, fieldErrorsOf(parsed.error));
    ctx.status = 201;
    ctx.body = await preview.createLink(keyParam(ctx), adminActor(ctx), parsed.data.days);
  });

  router.post('/api/content/{*key}/preview-links/send', allow.admin, async (ctx) => {
    ctx.body = await preview.sendLink(keyParam(ctx), ctx.request.body, adminActor(ctx));
  });

  router.get('/api/content/{*key}/preview-links', allow.admin, async (ctx) => {
    ctx.body = await preview.listLinks(keyParam(ctx));
  });

  router.delete('/api/content/preview-links/:id', allow.admin, async (ctx) => {
    await preview.revokeLink(ctx.params.id ?? '', adminActor(ctx));
    ctx.status = 204;
  });

  return router;
}
