import type Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { parseInput } from '../errors';
import { adminActor, allow, createRouter } from '../middleware/access';
import { definitionOf, PublishRefusedError, type PageAddresses, scheduleAtSchema, scheduleItemsSchema, StaleDraftError, type ContentActor, type ContentScheduler, type ContentService, type Publisher } from '../content';

const publishOneSchema = z.strictObject({ version: z.number('Give the version to publish.').int().min(1), at: scheduleAtSchema.nullish() });
const publishManySchema = z.strictObject({ items: scheduleItemsSchema, at: scheduleAtSchema.nullish() });

/**
 * The document's key from the path: written as in the list (`/api/content/services/seo/draft`) or
 * URL-encoded (`/api/content/services%2Fseo/draft`); the router decodes either. Unknown: 404.
 */
function keyOf(ctx: Context): string {
  const raw = ctx.params.key as string | string[] | undefined;
  const key = Array.isArray(raw) ? raw.join('/') : (raw ?? '');
  return definitionOf(key).key;
}

/** The signed-in admin as a publish names them, with their role (an owner publishes the agency details). */
function contentActor(ctx: Context): ContentActor {
  return { ...adminActor(ctx), role: ctx.state.admin!.role };
}

/** Answers the content errors that carry more than a message (a stale save, a refused publish). */
async function answering(ctx: Context, handle: () => Promise<void>): Promise<void> {
  try {
    await handle();
  } catch (error) {
    if (error instanceof StaleDraftError) {
      ctx.status = 409;
      ctx.body = { error: error.message, current: error.current, fields: error.fields, ...(error.merged === undefined ? {} : { merged: error.merged }) };
    } else if (error instanceof PublishRefusedError) {
      ctx.status = 422;
      ctx.body = { error: error.message, problems: error.problems, warnings: error.warnings };
    } else throw error;
  }
}

/**
 * The site's content, for every signed-in admin (usual CSRF rules), except that only an owner
 * publishes, schedules or undoes a change of the agency details (403 for an editor; drafting them
 * is open to all). `{key}` may hold a slash
 * (`services/seo`), written as is or encoded; see docs/api.md for each call's answers.
 * Fixed paths (`/api/content/publish`, `/undo`, `/schedules`) are declared before the keyed ones,
 * and `{key}/…` ones before `GET /api/content/{key}`, which would read their ends as part of the key.
 */
export function contentRoutes({ content, publisher, scheduler, addresses }: { content: ContentService; publisher: Publisher; scheduler: ContentScheduler; addresses: PageAddresses }): Router {
  const router = createRouter();

  router.get('/api/content', allow.admin, async (ctx) => {
    ctx.body = await content.list();
  });
  router.get('/api/content/schedules', allow.admin, async (ctx) => {
    ctx.body = await scheduler.list();
  });
  router.delete('/api/content/schedules/:id', allow.admin, async (ctx) => {
    await scheduler.cancel(ctx.params.id ?? '', adminActor(ctx));
    ctx.status = 204;
  });
  router.post('/api/content/publish', allow.admin, (ctx) =>
    answering(ctx, async () => {
      const { items, at } = parseInput(publishManySchema, ctx.request.body);
      for (const item of items) definitionOf(item.key);
      if (at !== undefined && at !== null) {
        ctx.status = 202;
        ctx.body = { schedule: await scheduler.schedule(items, at, contentActor(ctx)) };
        return;
      }
      const result = await publisher.publish(items, contentActor(ctx));
      ctx.body = { items: result.documents.map(({ key, version }) => ({ key, version })) };
    }),
  );
  router.post('/api/content/undo', allow.admin, (ctx) =>
    answering(ctx, async () => {
      // A move, retirement or bringing back is undone as what it was (addresses.ts); other publishes by the content service.
      const documents = await addresses.undoLastPublish(contentActor(ctx));
      ctx.body = { items: documents.map(({ key, version }) => ({ key, version })) };
    }),
  );

  router.put('/api/content/{*key}/draft', allow.admin, (ctx) =>
    answering(ctx, async () => {
      const { created, ...saved } = await content.saveDraft(keyOf(ctx), ctx.request.body, adminActor(ctx));
      if (created) ctx.status = 201;
      ctx.body = saved;
    }),
  );
  router.delete('/api/content/{*key}/draft', allow.admin, async (ctx) => {
    ctx.body = await content.discardDraft(keyOf(ctx), adminActor(ctx));
  });
  router.post('/api/content/{*key}/publish', allow.admin, (ctx) =>
    answering(ctx, async () => {
      const key = keyOf(ctx);
      const { version, at } = parseInput(publishOneSchema, ctx.request.body);
      if (at !== undefined && at !== null) {
        ctx.status = 202;
        ctx.body = { schedule: await scheduler.schedule([{ key, version }], at, contentActor(ctx)) };
        return;
      }
      const result = await publisher.publish([{ key, version }], contentActor(ctx));
      ctx.body = { version: result.documents[0]!.version };
    }),
  );
  // A page's own undo: what it would do (for the question asked first), then doing it.
  router.get('/api/content/{*key}/undo', allow.admin, async (ctx) => {
    ctx.body = await addresses.undoPlan(keyOf(ctx));
  });
  router.post('/api/content/{*key}/undo', allow.admin, (ctx) =>
    answering(ctx, async () => {
      // `key` is the document's key after the undo (an undone move moves it back).
      ctx.body = await addresses.undoLastPublishOf(keyOf(ctx), ctx.request.body, contentActor(ctx));
    }),
  );
  // A page's address (services and industries; 404 for the site's own documents): changed with
  // `{ to }` (a key of the same kind, or its slug), taken down with `{ redirectTo }`, brought back.
  router.get('/api/content/{*key}/address', allow.admin, async (ctx) => {
    ctx.body = await addresses.addressOf(keyOf(ctx));
  });
  router.post('/api/content/{*key}/move', allow.admin, async (ctx) => {
    ctx.body = await addresses.move(keyOf(ctx), ctx.request.body, adminActor(ctx));
  });
  router.post('/api/content/{*key}/retire', allow.admin, async (ctx) => {
    ctx.body = await addresses.retire(keyOf(ctx), ctx.request.body, adminActor(ctx));
  });
  router.post('/api/content/{*key}/bring-back', allow.admin, async (ctx) => {
    ctx.body = await addresses.bringBack(keyOf(ctx), adminActor(ctx));
  });
  router.post('/api/content/{*key}/presence', allow.admin, async (ctx) => {
    await content.present(keyOf(ctx), adminActor(ctx).name);
    ctx.status = 204;
  });
  router.get('/api/content/{*key}/checks', allow.admin, async (ctx) => {
    const key = keyOf(ctx);
    const { version } = parseInput(z.object({ version: z.string().optional() }), ctx.query);
    ctx.body = await content.checks(key, version);
  });
  router.get('/api/content/{*key}/revisions', allow.admin, async (ctx) => {
    const key = keyOf(ctx);
    const { cursor } = parseInput(z.object({ cursor: z.string().optional() }), ctx.query);
    ctx.body = await content.revisions(key, cursor);
  });
  router.post('/api/content/{*key}/revisions/:version/restore', allow.admin, (ctx) =>
    answering(ctx, async () => {
      ctx.body = await content.restore(keyOf(ctx), ctx.params.version, ctx.request.body, adminActor(ctx));
    }),
  );
  router.get('/api/content/{*key}/revisions/:version', allow.admin, async (ctx) => {
    ctx.body = await content.revision(keyOf(ctx), ctx.params.version);
  });
  router.get('/api/content/{*key}', allow.admin, async (ctx) => {
    const key = keyOf(ctx);
    const item = await content.get(key, adminActor(ctx).name);
    ctx.body = { ...item, scheduled: await scheduler.scheduledFor(key, item.draft?.version ?? null) };
  });

  return router;
}
