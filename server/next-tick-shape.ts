import { createHook } from 'node:async_hooks';

/**
 * Keeps one of Node's `process.nextTick` queue entries alive for as long as the process runs.
 *
 * Node builds each entry as an object literal with two computed (symbol) keys, and V8's inline
 * cache for that literal expects the shape of the first entry it saw. A shape no live object has
 * can be collected; in a process with a large heap (the site's views, its database driver or the
 * embedded database) a full collection at a moment when no entry is queued does so, the next
 * entry gets a new shape, and the cache gives up for good: from then on every `nextTick` (several
 * per HTTP answer) defines its properties through V8's runtime. Measured on the bench machine
 * with `perf`: about a sixth of the CPU of a cached answer, and none with one entry kept alive
 * (docs/performance.md, "CPU per cached page").
 *
 * The entry is caught through an async hook enabled for a single tick: the only place Node shows
 * it. Imported first by the server's entry, before anything else queues a tick.
 */
let kept: object | undefined;
const hook = createHook({
  init(_asyncId, type, _triggerAsyncId, resource) {
    if (type === 'TickObject' && !kept) kept = resource;
  },
});
hook.enable();
process.nextTick(() => hook.disable());

/** The entry kept (for the test that holds this to its word). */
export function keptTickObject(): object | undefined {
  return kept;
}
