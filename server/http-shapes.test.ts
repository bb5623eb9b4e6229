/**
 * The server's entry keeps its first request, response and socket alive (./http-shapes.ts), so V8
 * keeps the fast path for the properties Node's constructors add to every later one.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { keepFirstRequestShapes, keptRequestShapes } from './http-shapes';

it('keeps the first request, its response and its socket, and only those', async () => {
  const answered: http.ServerResponse[] = [];
  const server = http.createServer((_request, response) => {
    answered.push(response);
    response.end('ok');
  });
  keepFirstRequestShapes(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    for (let i = 0; i < 2; i += 1) expect(await (await fetch(url)).text()).toBe('ok');
    const kept = keptRequestShapes();
    expect(kept?.response).toBe(answered[0]);
    expect(kept?.request).toBeInstanceOf(http.IncomingMessage);
    expect(kept?.socket).toBe(kept?.request.socket);
    // The listener removed itself: nothing is added per request.
    expect(server.listeners('request')).toHaveLength(1);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
