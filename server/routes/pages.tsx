import type Router from '@koa/router';
import { allow, createRouter } from '../middleware/access';
import { SERVICE_SLUGS, type ServiceSlug } from '../../shared/content/documents';
import { AboutPage, aboutMeta } from '../../views/pages/AboutPage';
import { ContactPage, contactMeta } from '../../views/pages/ContactPage';
import { HomePage, homeMeta } from '../../views/pages/HomePage';
import { ServicePage, serviceMeta } from '../../views/pages/ServicePage';
import { ServicesPage, servicesMeta } from '../../views/pages/ServicesPage';
import { PrivacyPage, privacyMeta } from '../../views/pages/PrivacyPage';
import { ToolkitPage, toolkitMeta } from '../../views/pages/ToolkitPage';
import type { SendPage } from '../render/send-page';

/** Public content pages: each path maps to a view and its metadata, nothing more. */
export function pageRoutes(send: SendPage): Router {
  const router = createRouter();

  router.get('/', allow.anyone, (ctx) => send(ctx, { meta: homeMeta, page: <HomePage /> }));
  router.get('/about', allow.anyone, (ctx) => send(ctx, { meta: aboutMeta, page: <AboutPage /> }));
  router.get('/services', allow.anyone, (ctx) => send(ctx, { meta: servicesMeta, page: <ServicesPage /> }));
  router.get('/services/:slug', allow.anyone, (ctx, next) => {
    const slug = ctx.params.slug ?? '';
    if (!isServiceSlug(slug)) return next();
    send(ctx, { meta: (content) => serviceMeta(content, slug), page: <ServicePage slug={slug} /> });
  });
  router.get('/toolkit', allow.anyone, (ctx) => send(ctx, { meta: toolkitMeta, page: <ToolkitPage /> }));
  router.get('/contact', allow.anyone, (ctx) => send(ctx, { meta: contactMeta, page: <ContactPage /> }));
  router.get('/privacy', allow.anyone, (ctx) => send(ctx, { meta: privacyMeta, page: <PrivacyPage /> }));

  return router;
}

function isServiceSlug(slug: string): slug is ServiceSlug {
  return (SERVICE_SLUGS as readonly string[]).includes(slug);
}
