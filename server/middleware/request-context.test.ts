import { Writable } from 'node:stream';
import pino from 'pino';
import request from 'supertest';
import { signInAsAdmin } from '../../tests/helpers/admin-session';
import { createTestApp } from '../../tests/helpers/test-app';
import { loggedUrl } from './request-context';

describe('the access log', () => {
  it('keeps only the parameter names of admin and API queries, and public URLs whole', () => {
    expect(loggedUrl('/api/leads?q=ada%40example.com&from=2026-01-01&q=x')).toBe('/api/leads?q=&from=');
    expect(loggedUrl('/api/leads.csv?q=ada@example.com')).toBe('/api/leads.csv?q=');
    expect(loggedUrl('/admin/dashboard/messages?q=grace@example.com')).toBe('/admin/dashboard/messages?q=');
    expect(loggedUrl('/ADMIN/set-password?token=secret')).toBe('/ADMIN/set-password?token=');
    expect(loggedUrl('/api/leads')).toBe('/api/leads');
    expect(loggedUrl('/services/web-development?utm_source=news')).toBe('/services/web-development?utm_source=news');
  });

  it('keeps a preview link as `/preview/…`, in every spelling that leads to it, with its query’s parameter names only', () => {
    const token = 'ad93'.repeat(16);
    expect(loggedUrl(`/preview/${token}`)).toBe('/preview/…');
    expect(loggedUrl(`/preview/${token}?utm_source=${token}`)).toBe('/preview/…?utm_source=');
    expect(loggedUrl(`/PREVIEW/${token.toUpperCase()}/`)).toBe('/preview/…');
    expect(loggedUrl(`//preview//${token}`)).toBe('/preview/…');
    expect(loggedUrl(`/%70review/${token}`)).toBe('/preview/…');
    expect(loggedUrl(`/preview%2F${token}`)).toBe('/preview/…');
    expect(loggedUrl(`/./preview/x/../${token}`)).toBe('/preview/…');
    expect(loggedUrl(`/preview?token=${token}`)).toBe('/preview?token=');
    expect(loggedUrl('/preview')).toBe('/preview');
    expect(loggedUrl('/previews/seo')).toBe('/previews/seo');
  });

  it('writes no searched address into the request line of a running app', async () => {
    const lines: { url?: string; msg?: string }[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _encoding, done) => done(void lines.push(JSON.parse(chunk.toString('utf8')))) }));
    const t = await createTestApp({}, { logger });
    try {
      const admin = await signInAsAdmin(t);
      await request(t.app.callback()).get('/api/leads?q=ada@example.com').set(admin.headers).expect(200);
      await request(t.app.callback()).get('/api/leads.csv?q=ada@example.com').set(admin.headers).expect(200);
      const requestLines = lines.filter((line) => line.msg === 'request').map((line) => line.url);
      expect(requestLines).toEqual(expect.arrayContaining(['/api/leads?q=', '/api/leads.csv?q=']));
      expect(JSON.stringify(lines)).not.toContain('ada@example.com');
    } finally {
      await t.destroy();
    }
  });

  it('leaves a one-time link’s token out of the request line', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _encoding, done) => done(void lines.push(chunk.toString())) }));
    const t = await createTestApp({}, { logger });
    try {
      const token = 'Zk3v9_-abcdefghijklmnopqrstuvwxyz0123456789A';
      await request(t.app.callback()).get(`/admin/set-password?token=${token}`);
      expect(lines.join('')).toContain('"url":"/admin/set-password?token="');
      expect(lines.join('')).not.toContain(token);
    } finally {
      await t.destroy();
    }
  });

  it('leaves a preview link’s token out of the request line, opened or mistyped', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _encoding, done) => done(void lines.push(chunk.toString())) }));
    const t = await createTestApp({}, { logger });
    try {
      const editor = await signInAsAdmin(t, { username: 'log-editor', role: 'editor' });
      const created = await request(t.app.callback()).post('/api/content/business/preview-links').set(editor.headers).send({}).expect(201);
      const url = new URL((created.body as { url: string }).url);
      const token = url.pathname.slice('/preview/'.length);
      expect(token).toMatch(/^[0-9a-f]{64}$/);
      await request(t.app.callback()).get(url.pathname).set('Accept', 'text/html').expect(200);
      await request(t.app.callback()).get(`/PREVIEW/${token}?ref=${token}`).set('Accept', 'text/html').expect(301);
      await request(t.app.callback()).get(`/preview/${token.replace(/.$/, '0')}0`).set('Accept', 'text/html').expect(404);
      await request(t.app.callback()).get(`/preview?token=${token}`).set('Accept', 'text/html').expect(404);
      const requestLines = lines.map((line) => JSON.parse(line) as { msg?: string; url?: string }).filter((line) => line.msg === 'request').map((line) => line.url);
      expect(requestLines).toEqual(expect.arrayContaining(['/preview/…', '/preview/…?ref=', '/preview?token=']));
      expect(lines.join('')).not.toContain(token);
      expect(lines.join('')).not.toContain(token.slice(0, 16));
    } finally {
      await t.destroy();
    }
  });
});
