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
});
