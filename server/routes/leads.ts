import { Readable } from 'node:stream';
import Router from '@koa/router';
import { adminActor, requireAdmin } from '../middleware/require-admin';
import type { LeadService } from '../services/leads';

/**
 * The lead inbox API (README, "Lead inbox"), admin-only; state changes need the CSRF token:
 * - `GET /api/leads?type=&status=&q=&from=&to=&folder=inbox|spam&unread=&cursor=&limit=` →
 *   `{ items, nextCursor }`, newest first, keyset-paged
 * - `GET /api/leads.csv?<the same filters>` → every matching lead as CSV, streamed
 * - `GET /api/leads/unread-count` → `{ count }` (the top bar's badge)
 * - `GET /api/leads/{type}/{id}` → the lead with `fields`, `notes` and `history`
 * - `POST /api/leads/{type}/{id}/notes` `{ body }`, `POST …/read`, `…/unread`, `…/spam`,
 *   `…/not-spam`, `PATCH …/status` `{ status }` → the lead as it is now; `DELETE …` → 204
 * - `POST /api/leads/bulk` `{ action, ids, status? }` → `{ changed }`
 */
export function leadRoutes(leads: LeadService): Router {
  const router = new Router({ prefix: '/api/leads' });
  const admin = requireAdmin();
  router.use(admin);
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });

  router.get('/', async (ctx) => {
    ctx.body = await leads.list(ctx.query);
  });

  router.get('.csv', async (ctx) => {
    const chunks = await leads.exportCsv(ctx.query, adminActor(ctx));
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(`leads-${new Date().toISOString().slice(0, 10)}.csv`);
    // One chunk (a batch of rows) buffered at a time: memory stays at a batch, not sixteen.
    ctx.body = Readable.from(chunks, { highWaterMark: 1 });
  });

  router.get('/unread-count', async (ctx) => {
    ctx.body = { count: await leads.unreadCount() };
  });

  router.post('/bulk', async (ctx) => {
    ctx.body = await leads.bulk(ctx.request.body, adminActor(ctx));
  });

  router.get('/:type/:id', async (ctx) => {
    ctx.body = await leads.detail(ctx.params.type!, ctx.params.id!);
  });

  router.delete('/:type/:id', async (ctx) => {
    await leads.remove(ctx.params.type!, ctx.params.id!, adminActor(ctx));
    ctx.status = 204;
  });

  router.post('/:type/:id/notes', async (ctx) => {
    ctx.status = 201;
    ctx.body = await leads.addNote(ctx.params.type!, ctx.params.id!, ctx.request.body, adminActor(ctx));
  });

  router.patch('/:type/:id/status', async (ctx) => {
    ctx.body = await leads.act(ctx.params.type!, ctx.params.id!, 'status', adminActor(ctx), ctx.request.body);
  });

  for (const action of ['read', 'unread', 'spam', 'not-spam'] as const) {
    router.post(`/:type/:id/${action}`, async (ctx) => {
      ctx.body = await leads.act(ctx.params.type!, ctx.params.id!, action, adminActor(ctx));
    });
  }
  return router;
}
