import type Router from '@koa/router';
import { adminActor, allow, createRouter } from '../middleware/access';
import type { PersonalDataService } from '../leads';

/**
 * Personal data by e-mail address (docs/api.md), owners only (an editor's call is
 * refused 403 before it runs). Every call is a POST with the address in its body, so the address
 * never lands in an access log, the browser's history or a `Referer`:
 * - `POST /api/personal-data/find` `{ email }` → `{ email, leads, notes, notifications }`
 * - `POST /api/personal-data/export` `{ email }` → the same as a `personal-data.json` download
 *   (audited); also a plain HTML form post (`email` and `csrf` fields), which the browser saves
 * - `POST /api/personal-data/erase` `{ email }` → `{ leads, notes, notifications }` erased
 */
export function personalDataRoutes(personalData: PersonalDataService): Router {
  const router = createRouter();
  router.post('/api/personal-data/find', allow.owner, async (ctx) => {
    ctx.body = await personalData.find(ctx.request.body);
  });
  router.post('/api/personal-data/export', allow.owner, async (ctx) => {
    const report = await personalData.exportJson(ctx.request.body, adminActor(ctx));
    ctx.attachment('personal-data.json');
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = JSON.stringify(report, null, 2);
  });
  router.post('/api/personal-data/erase', allow.owner, async (ctx) => {
    ctx.body = await personalData.erase(ctx.request.body, adminActor(ctx));
  });
  return router;
}
