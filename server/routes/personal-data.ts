import Router from '@koa/router';
import { adminActor, requireAdmin, requireRole } from '../middleware/require-admin';
import type { PersonalDataService } from '../services/personal-data';

/**
 * Personal data by e-mail address (README, "Reply promise"), owners only (an editor's call is
 * refused 403 before it runs):
 * - `GET /api/personal-data?email=` → `{ email, leads, notes, notifications }`
 * - `GET /api/personal-data/export?email=` → the same as a JSON download (audited)
 * - `POST /api/personal-data/erase` `{ email }` → `{ leads, notes, notifications }` erased
 */
export function personalDataRoutes(personalData: PersonalDataService): Router {
  const router = new Router({ prefix: '/api/personal-data' });
  router.use(requireAdmin(), requireRole('owner'));
  router.use(async (ctx, next) => {
    ctx.set('Cache-Control', 'no-store');
    await next();
  });
  router.get('/', async (ctx) => {
    ctx.body = await personalData.find(ctx.query);
  });
  router.get('/export', async (ctx) => {
    const report = await personalData.exportJson(ctx.query, adminActor(ctx));
    ctx.attachment('personal-data.json');
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = JSON.stringify(report, null, 2);
  });
  router.post('/erase', async (ctx) => {
    ctx.body = await personalData.erase(ctx.request.body, adminActor(ctx));
  });
  return router;
}
