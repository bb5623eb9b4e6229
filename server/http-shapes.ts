import type http from 'node:http';

/**
 * Keeps the first request, response and socket the HTTP server makes alive for as long as it runs,
 * for the reason `process.nextTick`'s entry is kept (./next-tick-shape.ts): Node's constructors
 * of these objects add their properties one store at a time (`this[kCorked] = 0`, …), and V8's
 * inline caches for those stores expect the shapes they met first. The shapes are held only by the
 * objects that have them, so a full collection while no request is in flight (an idle minute, the
 * embedded database growing its memory) frees them; the next response is built with new ones, and
 * the caches fall back for good to V8's runtime (`Runtime_KeyedStoreIC_Slow` and
 * `Map::TransitionToDataProperty` under `OutgoingMessage`, for every answer, measured with `perf`:
 * docs/performance.md, "CPU per cached page"). Live objects keep the shapes.
 */
let kept: { request: http.IncomingMessage; response: http.ServerResponse; socket: unknown } | undefined;

export function keepFirstRequestShapes(server: http.Server): void {
  server.prependOnceListener('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    kept = { request, response, socket: request.socket };
  });
}

/** What is kept (for the test that holds this to its word). */
export function keptRequestShapes(): typeof kept {
  return kept;
}
