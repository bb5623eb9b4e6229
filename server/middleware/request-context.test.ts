import { Writable } from 'node:stream';
import Koa from 'koa';
import pino from 'pino';
import request from 'supertest';
import { loggedUrl, requestContext } from './request-context';

describe('access log', () => {
  it('leaves a one-time link’s token out of the logged URL', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _encoding, done) => done(void lines.push(chunk.toString())) }));
    const app = new Koa();
    app.use(requestContext(logger, false));
    app.use((ctx) => void (ctx.body = 'ok'));
    const token = 'Zk3v9_-abcdefghijklmnopqrstuvwxyz0123456789A';
    await request(app.callback()).get(`/admin/set-password?token=${token}`).expect(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.join('')).toContain('"url":"/admin/set-password?token=…"');
    expect(lines.join('')).not.toContain(token);
  });

  it('keeps every other part of the URL', () => {
    expect(loggedUrl('/portfolio?page=2')).toBe('/portfolio?page=2');
    expect(loggedUrl('/x?a=1&Token=secret&b=2#top')).toBe('/x?a=1&Token=…&b=2#top');
  });
});
