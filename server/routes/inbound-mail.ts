import type Router from '@koa/router';
import { adminActor, allow, createRouter } from '../middleware/access';
import type { InboundMail } from '../leads';
import type { Notices } from '../services/notices';

/** `filename*` of RFC 5987 (UTF-8, percent-encoded), and a plain ASCII `filename` for old clients. */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_') || 'attachment';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Mail from the agency's mailbox and the notices it brings (docs/api.md), for every admin; state
 * changes need the CSRF token:
 * - `GET /api/inbound-mail?before=` → `{ messages, next }`: messages that matched no lead, newest first
 * - `GET /api/inbound-mail/count` → `{ unmatched }`
 * - `POST /api/inbound-mail/{id}/attach` `{ type, id }` → `{ lead }`; `…/new-lead` → 201 `{ lead }`; `…/dismiss` → `{ ok }`
 * - `GET /api/mail-attachments/{id}` → the file, always as a download
 * - `GET /api/notices` → `{ notices, unread }`; `POST /api/notices/{id}/read`, `POST /api/notices/read-all` → `{ ok }`
 */
export function inboundMailRoutes(inbound: InboundMail, notices: Notices): Router {
  const router = createRouter();

  router.get('/api/inbound-mail', allow.admin, async (ctx) => {
    ctx.body = await inbound.listUnmatched(ctx.query);
  });

  router.get('/api/inbound-mail/count', allow.admin, async (ctx) => {
    ctx.body = await inbound.countUnmatched();
  });

  router.post('/api/inbound-mail/:id/attach', allow.admin, async (ctx) => {
    ctx.body = await inbound.attach(ctx.params.id!, ctx.request.body, adminActor(ctx));
  });

  router.post('/api/inbound-mail/:id/new-lead', allow.admin, async (ctx) => {
    ctx.body = await inbound.newLead(ctx.params.id!, adminActor(ctx));
    ctx.status = 201;
  });

  router.post('/api/inbound-mail/:id/dismiss', allow.admin, async (ctx) => {
    await inbound.dismiss(ctx.params.id!, adminActor(ctx));
    ctx.body = { ok: true };
  });

  // Whatever the sender called it or claimed it is, a browser only ever saves it.
  router.get('/api/mail-attachments/:id', allow.admin, async (ctx) => {
    const file = await inbound.attachment(ctx.params.id!);
    ctx.set('Content-Disposition', attachmentDisposition(file.name));
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = 'application/octet-stream';
    ctx.body = file.data;
  });

  router.get('/api/notices', allow.admin, async (ctx) => {
    ctx.body = await notices.list(adminActor(ctx).id);
  });

  router.post('/api/notices/read-all', allow.admin, async (ctx) => {
    await notices.readAll(adminActor(ctx).id);
    ctx.body = { ok: true };
  });

  router.post('/api/notices/:id/read', allow.admin, async (ctx) => {
    await notices.read(adminActor(ctx).id, ctx.params.id!);
    ctx.body = { ok: true };
  });
  return router;
}
