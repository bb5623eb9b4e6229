import type Router from '@koa/router';
import { adminActor, allow, createRouter } from '../middleware/access';
import type { LeadReplies } from '../leads';

/**
 * Replies to leads and the saved replies they start from (docs/api.md), for every admin; state
 * changes need the CSRF token:
 * - `POST /api/leads/{type}/{id}/replies` `{ body?, subject?, templateId? }` → 201 `{ id, messageId, state }`
 *   (stored in the outbox; the lead's `GET` lists its `replies` with their delivery states)
 * - `GET /api/reply-templates` → `{ items }`; `POST` `{ name, body }` → 201 the saved reply;
 *   `PATCH /api/reply-templates/{id}` `{ name?, body? }` → it as it is now; `DELETE …` → 204
 */
export function replyRoutes(replies: LeadReplies): Router {
  const router = createRouter();

  router.post('/api/leads/:type/:id/replies', allow.admin, async (ctx) => {
    ctx.body = await replies.send(ctx.params.type!, ctx.params.id!, ctx.request.body, adminActor(ctx));
    ctx.status = 201;
  });

  router.get('/api/reply-templates', allow.admin, async (ctx) => {
    ctx.body = { items: await replies.listTemplates() };
  });

  router.post('/api/reply-templates', allow.admin, async (ctx) => {
    ctx.body = await replies.createTemplate(ctx.request.body, adminActor(ctx));
    ctx.status = 201;
  });

  router.patch('/api/reply-templates/:id', allow.admin, async (ctx) => {
    ctx.body = await replies.updateTemplate(ctx.params.id!, ctx.request.body, adminActor(ctx));
  });

  router.delete('/api/reply-templates/:id', allow.admin, async (ctx) => {
    await replies.deleteTemplate(ctx.params.id!, adminActor(ctx));
    ctx.status = 204;
  });
  return router;
}
