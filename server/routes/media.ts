import type Router from '@koa/router';
import { allow, createRouter } from '../middleware/access';
import type { Db } from '../db/connection';
import { findFile } from '../db/portfolio';
import { MEDIA_TYPES } from '../services/image-renditions';
import { contentImageId } from '../../shared/content/images';
import type { ResponsiveImage } from '../../shared/portfolio/item';

const EXTENSION_FORMAT = { avif: 'avif', webp: 'webp', jpg: 'jpeg' } as const;

/**
 * Stored image files by content address (`/media/<sha256>.<ext>`): a URL never changes meaning,
 * so browsers and CDNs keep each file for a year without asking again.
 */
export function mediaRoutes(db: Db, contentImage: (id: string) => Promise<ResponsiveImage | undefined>): Router {
  const router = createRouter();
  // An uploaded content image by the `src` content names it with (`/media/content/<id>`): its
  // largest JPEG, for anything showing the `src` as it is (pages draw every rendition instead).
  router.get('/media/content/:id', allow.anyone, async (ctx, next) => {
    const id = contentImageId(ctx.path);
    const image = id ? await contentImage(id) : undefined;
    if (!image) return next();
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.redirect(image.jpeg[image.jpeg.length - 1]!.url);
  });
  router.get('/media/:file', allow.anyone, async (ctx, next) => {
    const match = /^([0-9a-f]{64})\.(avif|webp|jpg)$/.exec(ctx.params.file ?? '');
    if (!match) return next();
    const file = await findFile(db, match[1]!);
    if (!file || file.format !== EXTENSION_FORMAT[match[2] as keyof typeof EXTENSION_FORMAT]) return next();
    ctx.type = MEDIA_TYPES[file.format];
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('ETag', `"${match[1]}"`);
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = file.data;
  });
  return router;
}
