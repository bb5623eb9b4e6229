import { Readable } from 'node:stream';
import type Router from '@koa/router';
import { adminActor, allow, createRouter } from '../middleware/access';
import type { LeadService } from '../leads';
import { replyWriterFrom } from '../db/lead-replies';

/**
 * The lead inbox API (docs/api.md), for every admin; state changes need the CSRF token:
 * - `GET /api/leads?type=&status=&q=&from=&to=&folder=inbox|spam&unread=&cursor=&limit=` →
 *   `{ items, nextCursor }`, newest first, keyset-paged
 * - `GET /api/leads.csv?<the same filters>` → every matching lead as CSV, streamed
 * - `GET /api/leads/unread-count` → `{ count }` (the top bar's badge)
 * - `GET /api/leads/{type}/{id}` → the lead with `fields`, `notes` and `history`, and its reply `composer` for the caller
 * - `POST /api/leads/{type}/{id}/notes` `{ body }`, `POST …/read`, `…/unread`, `…/spam`,
 *   `…/not-spam`, `PATCH …/status` `{ status }` → the lead as it is now; `DELETE …` → 204
 * - `POST /api/leads/bulk` `{ action, ids, status? }` → `{ changed }` (`responded`: each lead its
 *   form's answered status, as Tasks' "Mark responded")
 */
export function leadRoutes(leads: LeadService): Router {
  const router = createRouter();

  router.get('/api/leads', allow.admin, async (ctx) => {
    ctx.body = await leads.list(ctx.query);
  });

  router.get('/api/leads.csv', allow.admin, async (ctx) => {
    const chunks = await leads.exportCsv(ctx.query, adminActor(ctx));
    ctx.type = 'text/csv; charset=utf-8';
    ctx.attachment(`leads-${new Date().toISOString().slice(0, 10)}.csv`);
    // One chunk (a batch of rows) buffered at a time: memory stays at a batch, not sixteen.
    ctx.body = Readable.from(chunks, { highWaterMark: 1 });
  });

  router.get('/api/leads/unread-count', allow.admin, async (ctx) => {
    ctx.body = { count: await leads.unreadCount() };
  });

  router.post('/api/leads/bulk', allow.admin, async (ctx) => {
    ctx.body = await leads.bulk(ctx.request.body, adminActor(ctx));
  });

  router.get('/api/leads/:type/:id', allow.admin, async (ctx) => {
    // The session read the account already: its name and address are the reply composer's writer.
    ctx.body = await leads.detail(ctx.params.type!, ctx.params.id!, adminActor(ctx), replyWriterFrom(ctx.state.admin!));
  });

  router.delete('/api/leads/:type/:id', allow.admin, async (ctx) => {
    await leads.remove(ctx.params.type!, ctx.params.id!, adminActor(ctx));
    ctx.status = 204;
  });

  router.post('/api/leads/:type/:id/notes', allow.admin, async (ctx) => {
    ctx.status = 201;
    ctx.body = await leads.addNote(ctx.params.type!, ctx.params.id!, ctx.request.body, adminActor(ctx));
  });

  router.patch('/api/leads/:type/:id/status', allow.admin, async (ctx) => {
    ctx.body = await leads.act(ctx.params.type!, ctx.params.id!, 'status', adminActor(ctx), ctx.request.body);
  });

  for (const action of ['read', 'unread', 'spam', 'not-spam'] as const) {
    router.post(`/api/leads/:type/:id/${action}`, allow.admin, async (ctx) => {
      ctx.body = await leads.act(ctx.params.type!, ctx.params.id!, action, adminActor(ctx));
    });
  }
  return router;
}
