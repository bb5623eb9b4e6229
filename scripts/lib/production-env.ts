/**
 * The environment the Dockerfile runs the server with, for the benches, so they measure the site
 * as it is deployed. Keep in step with the Dockerfile's `ENV`.
 */
export const PRODUCTION_RUNTIME_ENV = {
  NODE_ENV: 'production',
  MALLOC_ARENA_MAX: '2',
  NODE_OPTIONS: '--max-old-space-size=192',
} as const;
