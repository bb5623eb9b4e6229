import type Router from '@koa/router';
import { adminActor, allow, createRouter } from '../middleware/access';
import { jsonBody } from '../middleware/body-parser';
import type { ContentTransfer } from '../content/transfer';
import { HttpError } from '../http-errors';
import { messages } from '../messages';

/** Largest content file taken (its images are base64 inside it). */
export const CONTENT_FILE_LIMIT = '40mb';

/**
 * The site's content as one file, for owners: `GET /api/content/export` downloads it, and
 * `POST /api/content/import` takes it back, as drafts (`?dryRun=1`: only says what would change).
 */
export function contentTransferRoutes(transfer: ContentTransfer): Router {
  const router = createRouter();

  router.get('/api/content/export', allow.owner, async (ctx) => {
    const file = await transfer.exportAll(adminActor(ctx));
    const day = file.exportedAt.slice(0, 10);
    ctx.set('Content-Disposition', `attachment; filename="content-${day}.json"`);
    ctx.type = 'json';
    ctx.body = JSON.stringify(file, null, 2);
  });

  router.post('/api/content/import', allow.owner, jsonBody(CONTENT_FILE_LIMIT), async (ctx) => {
    if (!ctx.is('application/json')) throw new HttpError(415, messages.contentTransfer.notJson);
    const dryRun = ctx.query.dryRun === '1' || ctx.query.dryRun === 'true';
    ctx.body = dryRun ? await transfer.dryRun(ctx.request.body) : await transfer.importAsDrafts(ctx.request.body, adminActor(ctx));
  });

  return router;
}
