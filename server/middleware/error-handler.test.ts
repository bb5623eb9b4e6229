import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { Readable, Writable } from 'node:stream';
import Koa from 'koa';
import pino from 'pino';
import request from 'supertest';
import { ConflictError, NotFoundError, RateLimitedError, TooLargeError, UnprocessableError, UnsupportedTypeError, ValidationError } from '../errors';
import { HttpError } from '../http-errors';
import { messages } from '../messages';
import { errorHandler, logLateError } from './error-handler';

/** An app whose only route throws the given error, behind the real error handler. */
function appThrowing(error: unknown): Koa {
  const app = new Koa();
  app.use(errorHandler(({ status, message }) => `<h1>${status}</h1><p>${message}</p>`));
  app.use(() => {
    throw error;
  });
  return app;
}

const answer = (error: unknown, path = '/api/thing') => request(appThrowing(error).callback()).get(path);

describe('error handler: the one place errors become statuses', () => {
  it.each([
    [new ValidationError('Fix it.'), 400],
    [new NotFoundError('No such thing'), 404],
    [new ConflictError('Taken'), 409],
    [new TooLargeError('Too big'), 413],
    [new UnsupportedTypeError('Not an image'), 415],
    [new UnprocessableError('Too many pixels'), 422],
    [new RateLimitedError('Slow down', 42), 429],
  ])('answers %p with %i and its message', async (error, status) => {
    const response = await answer(error);
    expect(response.status).toBe(status);
    expect(response.body).toEqual({ error: error.message });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('sends per-field messages with a validation error, and Retry-After with a rate limit', async () => {
    expect((await answer(new ValidationError('Fix it.', { name: 'Please enter your name.' }))).body).toEqual({ error: 'Fix it.', fields: { name: 'Please enter your name.' } });
    expect((await answer(new RateLimitedError('Slow down', 42))).headers['retry-after']).toBe('42');
  });

  it("keeps the HTTP layer's own status", async () => {
    const response = await answer(new HttpError(415, 'Send JSON.'));
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ error: 'Send JSON.' });
  });

  it('answers anything else with a generic 500 and no detail', async () => {
    const response = await answer(new Error('secret internals'));
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: messages.http.internal });
  });

  it('renders the error page for a page request', async () => {
    const response = await answer(new NotFoundError('No such page'), '/somewhere').set('Accept', 'text/html');
    expect(response.status).toBe(404);
    expect(response.text).toBe('<h1>404</h1><p>No such page</p>');
  });
});

describe('errors after the answer started', () => {
  it('logs a client that hangs up mid-download as one info line, never a stack trace on stderr', async () => {
    const lines: { level: number; msg: string; code?: string }[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _encoding, done) => done(void lines.push(JSON.parse(chunk.toString('utf8')))) }));
    const app = new Koa();
    app.on('error', logLateError(logger));
    // A download that never ends by itself, as a long CSV export looks to a client that leaves.
    app.use((ctx) => {
      ctx.body = new Readable({ read() { setTimeout(() => this.push('line\n'.repeat(1000)), 5); } });
    });
    const stderr = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = app.listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      await new Promise<void>((resolve) => {
        const req = http.get({ port, path: '/export.csv' }, (res) => res.once('data', () => (req.destroy(), resolve())));
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(stderr).not.toHaveBeenCalled();
      expect(lines).toEqual([expect.objectContaining({ level: 30, code: 'ERR_STREAM_PREMATURE_CLOSE', msg: 'client closed the connection before the answer ended' })]);
    } finally {
      stderr.mockRestore();
      server.close();
    }
  });

  it('logs a malformed request after the first on a connection as an info line, not an error', async () => {
    const lines: { level: number; code?: string }[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _encoding, done) => done(void lines.push(JSON.parse(chunk.toString('utf8')))) }));
    const app = new Koa();
    app.on('error', logLateError(logger));
    app.use(async (ctx) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      ctx.body = 'ok';
    });
    const server = app.listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      await new Promise<void>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\nN\x00PE / HTTP/1.1\r\n\r\n'));
        socket.on('data', () => undefined);
        socket.on('close', () => resolve());
        socket.on('error', () => resolve());
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
      expect(lines).toEqual([expect.objectContaining({ level: 30, code: expect.stringMatching(/^HPE_/) })]);
    } finally {
      server.close();
    }
  });

  it('logs any other late failure as an error line with the error', () => {
    const lines: { level: number; err?: { message: string } }[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _encoding, done) => done(void lines.push(JSON.parse(chunk.toString('utf8')))) }));
    logLateError(logger)(new Error('disk gone'));
    expect(lines).toEqual([expect.objectContaining({ level: 50, err: expect.objectContaining({ message: 'disk gone' }) })]);
  });
});
