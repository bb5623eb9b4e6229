/**
 * How Node.js and the C library run the site in production: the one definition for `npm start`
 * (its launcher, `server/cli/start.ts`), the benches (`scripts/lib/production-env.ts`) and the
 * Dockerfile's `ENV`, which repeats these values because a Dockerfile cannot import them
 * (`server/runtime-settings.test.ts` fails when the two differ).
 *
 * - `MALLOC_ARENA_MAX=2`: two malloc arenas. Image encoding (sharp/libvips) otherwise leaves
 *   hundreds of MB of freed memory in per-thread arenas that glibc never returns (`npm run bench`).
 *   glibc reads it when the process starts, so it has to be in the environment `node` is started
 *   with: that is why `npm start` goes through a launcher.
 * - `--max-old-space-size=192`: a JavaScript heap of at most 192 MB, some six times the server's
 *   working heap. Under a burst such as the CSV export of a million leads V8 then collects as it
 *   goes instead of letting the heap grow fourfold first (`npm run bench:inbox`). Given through
 *   `NODE_OPTIONS`, as in the image, so the image encoder's child process gets it too.
 *
 * `NODE_ENV` is not part of it: `production` also turns on `Secure` cookies (`__Host-` names), HSTS
 * and `upgrade-insecure-requests`, which belong to a site served over HTTPS, as the image is
 * (behind its proxy), and would keep an admin from signing in on `http://localhost` or a LAN
 * address. `npm start` leaves `NODE_ENV` to whoever starts it.
 */
export const RUNTIME_ENV = {
  MALLOC_ARENA_MAX: '2',
  NODE_OPTIONS: '--max-old-space-size=192',
} as const;

/**
 * The environment to start the server with: the runtime settings under what is already set.
 * A `MALLOC_ARENA_MAX` of one's own stays; one's own `NODE_OPTIONS` come after ours, so a flag
 * given there (a larger heap, say) wins.
 */
export function withRuntimeSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const own = env.NODE_OPTIONS?.trim();
  return {
    ...env,
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || RUNTIME_ENV.MALLOC_ARENA_MAX,
    NODE_OPTIONS: own ? `${RUNTIME_ENV.NODE_OPTIONS} ${own}` : RUNTIME_ENV.NODE_OPTIONS,
  };
}
