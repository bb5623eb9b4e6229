import { RUNTIME_ENV } from '../../server/runtime-settings';

/**
 * The environment the Dockerfile runs the server with, for the benches, so they measure the site
 * as it is deployed: the runtime settings `npm start` uses too (`server/runtime-settings.ts`),
 * and `NODE_ENV=production` as in the image.
 */
export const PRODUCTION_RUNTIME_ENV = {
  NODE_ENV: 'production',
  ...RUNTIME_ENV,
} as const;
