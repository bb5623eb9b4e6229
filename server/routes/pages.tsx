import Router from '@koa/router';
import { serviceBySlug } from '../../views/content/services';
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
  const router = new Router();

  router.get('/', (ctx) => send(ctx, { meta: homeMeta, page: <HomePage /> }));
  router.get('/about', (ctx) => send(ctx, { meta: aboutMeta, page: <AboutPage /> }));
  router.get('/services', (ctx) => send(ctx, { meta: servicesMeta, page: <ServicesPage /> }));
  router.get('/services/:slug', (ctx, next) => {
    const service = serviceBySlug(ctx.params.slug ?? '');
    if (!service) return next();
    send(ctx, { meta: serviceMeta(service), page: <ServicePage service={service} /> });
  });
  router.get('/toolkit', (ctx) => send(ctx, { meta: toolkitMeta, page: <ToolkitPage /> }));
  router.get('/contact', (ctx) => send(ctx, { meta: contactMeta, page: <ContactPage /> }));
  router.get('/privacy', (ctx) => send(ctx, { meta: privacyMeta, page: <PrivacyPage /> }));

  return router;
}
