import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { Middleware } from 'koa';

/**
 * Security headers for every answer. The CSP runs only our own script files (no inline script at
 * all, so cached pages need no per-request nonce). Style attributes stay allowed because React
 * renders slider positions as `style=""`; `<style>` elements and foreign styles do not.
 */
function helmetOptions(isProduction: boolean): HelmetOptions {
  return {
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
  };
}

/**
 * The headers helmet sets for these options. None of them depends on the request, so helmet runs
 * once at start-up and every answer gets the same list: a cached page then costs a few header
 * writes instead of a dozen middleware calls.
 */
export function helmetHeaders(isProduction: boolean): [name: string, value: string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | string[]) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  let finished = false;
  helmet(helmetOptions(isProduction))({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // Helmet's own middleware is synchronous; if a version ever were not, fail at start, not later.
  if (!finished) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

export function securityHeaders({ isProduction }: { isProduction: boolean }): Middleware {
  const headers = helmetHeaders(isProduction);
  return (ctx, next) => {
    for (const [name, value] of headers) ctx.res.setHeader(name, value);
    return next();
  };
}
