import { createHook } from 'node:async_hooks';

/**
 * Keeps one of Node's `process.nextTick` queue entries alive for as long as the process runs.
 *
 * Node builds each entry as an object literal with two computed (symbol) keys. In the site (and
 * in a bare HTTP server as soon as an embedded database is opened in it), V8 ends up defining
 * those keys through its runtime instead of its inline cache, for every `nextTick`: several per
 * HTTP answer, about a sixth of the CPU of a cached one, measured with `perf`; with one entry kept
 * alive, not once (docs/performance.md, "CPU per cached page"). As far as the profiles tell, the
 * cache expects the shape of the first entry it saw, a shape no live object has can be collected
 * by a full collection while no entry is queued, and the next entry's new shape makes the cache
 * give up for good. A live entry keeps the shape.
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
