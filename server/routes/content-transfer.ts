import zlib from 'node:zlib';
import type Router from '@koa/router';
import type { Context } from 'koa';
import { adminActor, allow, createRouter } from '../middleware/access';
import { undecodableBody } from '../middleware/body-parser';
import { readContentFile, type ContentTransfer } from '../content';
import { DomainError } from '../errors';
import { HttpError } from '../http-errors';
import { messages } from '../messages';

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

  router.post('/api/content/import', allow.owner, async (ctx) => {
    if (!ctx.is('application/json')) throw new HttpError(415, messages.contentTransfer.notJson);
    const file = await readImportBody(ctx);
    const dryRun = ctx.query.dryRun === '1' || ctx.query.dryRun === 'true';
    ctx.body = dryRun ? await transfer.dryRun(file) : await transfer.importAsDrafts(file, adminActor(ctx));
  });

  return router;
}

const DECODERS: Record<string, (() => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress) | null> = {
  identity: null,
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

/**
 * The request's content file, read within the import's limits (`server/content/import-file.ts`,
 * decompressed bytes counted). A body over a limit is answered as soon as it passes it; the rest
 * is dropped unread.
 */
async function readImportBody(ctx: Context): Promise<unknown> {
  const encoding = (ctx.get('Content-Encoding') || 'identity').trim().toLowerCase();
  const makeDecoder = DECODERS[encoding];
  if (makeDecoder === undefined) throw new HttpError(415, messages.contentTransfer.unsupportedEncoding);
  const decoder = makeDecoder?.();
  const stream = decoder ? ctx.req.pipe(decoder) : ctx.req;
  const length = Number.parseInt(ctx.get('Content-Length'), 10);
  try {
    return await readContentFile(stream, {
      declaredBytes: Number.isNaN(length) ? undefined : length,
      stop: () => {
        if (decoder) {
          ctx.req.unpipe(decoder);
          decoder.destroy();
        }
        // What is still on its way is let through and dropped, neither kept nor decompressed: the
        // sender then hears the answer, where closing the connection would reset it mid-upload.
        ctx.req.resume();
      },
    });
  } catch (error) {
    if (error instanceof DomainError) throw error;
    // zlib's errors carry no HTTP status; a request cut short is the sender's doing too.
    throw new HttpError(400, decoder ? undecodableBody : messages.http.unreadableBody);
  }
}
