import helmet from 'koa-helmet';
import type { Middleware } from 'koa';

/**
 * Security headers for every answer. The CSP runs only our own script files (no inline script at
 * all, so cached pages need no per-request nonce). Style attributes stay allowed because React
 * renders slider positions as `style=""`; `<style>` elements and foreign styles do not.
 */
export function securityHeaders({ isProduction }: { isProduction: boolean }): Middleware {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        styleSrcElem: ["'self'"],
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        formAction: ["'self'"],
        frameSrc: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        ...(isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: isProduction ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // The same as the CSP's frame-ancestors 'none', for browsers that only know the old header.
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
    xPoweredBy: false,
  }) as Middleware;
}
