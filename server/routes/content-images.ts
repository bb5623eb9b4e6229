import type Router from '@koa/router';
import { adminActor, allow, createRouter } from '../middleware/access';
import type { ContentImageService } from '../services/content-images';
import type { AuditTrail } from '../services/audit';
import { CONTENT_IMAGE_FIELD, contentImageId } from '../../shared/content/images';
import { readOneImageMultipart } from './portfolio-multipart';

/**
 * Images for the site's content (admin only; the upload needs the session's CSRF token like every
 * admin write). Registered before the content API, whose `/api/content/{key}` would otherwise
 * take `images` for a document key.
 *
 * - `POST /api/content/images`: multipart with one file in `file` → 201 `{ src, width, height }`;
 *   a bad file (not an image, an SVG, too large) → 4xx `{ error }` naming it.
 * - `GET /api/content/images`: every uploaded image, newest first, with a small preview URL.
 */
export function contentImageRoutes(images: ContentImageService, audit: AuditTrail): Router {
  const router = createRouter();

  router.post('/api/content/images', allow.admin, async (ctx) => {
    const actor = adminActor(ctx);
    const { upload, fileName } = await readOneImageMultipart(ctx.req, CONTENT_IMAGE_FIELD);
    const image = await images.upload(upload, { name: actor.name, fileName });
    await audit.record(actor, { action: 'content-image.upload', target: { type: 'content-image', id: contentImageId(image.src)! }, summary: fileName || 'image' });
    ctx.status = 201;
    ctx.body = image;
  });

  router.get('/api/content/images', allow.admin, async (ctx) => {
    ctx.body = await images.list();
  });

  return router;
}
