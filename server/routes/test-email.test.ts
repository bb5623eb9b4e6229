import { SMTPServer } from 'smtp-server';
import request from 'supertest';
import { TEST_EMAIL_LIMIT } from '../services/test-email';
import { signInAsAdmin } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { simpleParser } from 'mailparser';
import { startSmtp } from '../../tests/helpers/smtp-inbox';

/** An SMTP server on loopback that takes every message, or refuses every recipient. */
async function smtpServer(refuse: boolean): Promise<{ port: number; received: string[]; close: () => Promise<void> }> {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(refuse ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }) : undefined);
    },
    onData(stream, _session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push(data);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { port, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('Settings: send a test e-mail', () => {
  it.each([false, true])('answers that the SMTP server took the message or why not, in our words (refusing: %s), and audits it', async (refuse) => {
    const smtp = await smtpServer(refuse);
    let t: TestApp | undefined;
    try {
      t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, NOTIFY_TO: 'staff@agency.test' });
      const owner = await signInAsAdmin(t);
      const answer = await request(t.app.callback()).post('/api/settings/test-email').set(owner.headers).expect(200);
      if (refuse) {
        expect(answer.body).toEqual({ sent: false, recipients: ['staff@agency.test'], error: 'The mail server refused the recipients.' });
        expect(smtp.received).toHaveLength(0);
      } else {
        expect(answer.body).toEqual({ sent: true, recipients: ['staff@agency.test'], response: expect.stringMatching(/^250 /) });
        expect(smtp.received[0]).toContain('Subject: Test e-mail from the back office');
      }
      const rows = await t.db('audit_log').where({ action: 'settings.test-email' }).select('summary');
      expect(rows).toEqual([{ summary: refuse ? 'failed: The mail server refused the recipients.' : 'sent to 1 recipient' }]);
      const editor = await signInAsAdmin(t, { username: 'an-editor', role: 'editor' });
      await request(t.app.callback()).post('/api/settings/test-email').set(editor.headers).expect(403);
    } finally {
      await t?.destroy();
      await smtp.close();
    }
  });

  it(`sends at most ${TEST_EMAIL_LIMIT.perWindow} a minute per account, then answers 429 with Retry-After`, async () => {
    const smtp = await smtpServer(false);
    let t: TestApp | undefined;
    try {
      t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, NOTIFY_TO: 'staff@agency.test' });
      const owner = await signInAsAdmin(t);
      const send = (headers: Record<string, string>) => request(t!.app.callback()).post('/api/settings/test-email').set(headers);
      for (let sent = 0; sent < TEST_EMAIL_LIMIT.perWindow; sent++) await send(owner.headers).expect(200);
      for (let tries = 0; tries < 5; tries++) {
        const refused = await send(owner.headers).expect(429);
        expect(refused.body.error).toMatch(/several test e-mails/);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(smtp.received).toHaveLength(TEST_EMAIL_LIMIT.perWindow);
      // Another owner's button still works: the count is per account.
      const other = await signInAsAdmin(t, { username: 'second-owner' });
      await send(other.headers).expect(200);
      const [{ count } = { count: '0' }] = await t.db('audit_log').where({ action: 'settings.test-email' }).count<{ count: string }[]>('* as count');
      expect(Number(count)).toBe(TEST_EMAIL_LIMIT.perWindow + 1);
    } finally {
      await t?.destroy();
      await smtp.close();
    }
  });

  it('sends to me (my confirmed address) without notification recipients, and refuses in words without one', async () => {
    const inbox = await startSmtp();
    let t: TestApp | undefined;
    try {
      // No NOTIFY_TO and none saved: only "me" can be tried.
      t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${inbox.port}` });
      const owner = await signInAsAdmin(t);
      const send = (body: unknown) => request(t!.app.callback()).post('/api/settings/test-email').set(owner.headers).send(body as object);
      expect((await send({}).expect(200)).body).toEqual({ sent: false, recipients: [], error: 'There are no notification recipients to send to.' });

      const none = await send({ to: 'me' }).expect(400);
      expect(none.body.error).toMatch(/no confirmed e-mail address/);
      expect(none.body.fields).toEqual({ to: expect.stringMatching(/Your account/) });
      // An address typed but never confirmed may be a typo or someone else's: refused the same.
      await t.db('admin_users').where({ username: owner.username }).update({ email: 'owner@agency.test', email_verified_at: null });
      expect((await send({ to: 'me' }).expect(400)).body.error).toMatch(/no confirmed e-mail address/);
      await send({ to: 'someone@else.test' }).expect(400);
      expect(inbox.messages).toHaveLength(0);

      await t.db('admin_users').where({ username: owner.username }).update({ email_verified_at: t.db.fn.now() });
      const sent = await send({ to: 'me' }).expect(200);
      expect(sent.body).toEqual({ sent: true, recipients: ['owner@agency.test'], response: expect.stringMatching(/^250 /) });
      expect(inbox.recipients).toEqual([['owner@agency.test']]);
      const mail = await simpleParser(inbox.messages[0]!);
      expect(mail.subject).toBe('Test e-mail from the back office');
      expect(mail.text).toContain('to their own address');
      const rows = await t.db('audit_log').where({ action: 'settings.test-email' }).orderBy('id').pluck('summary');
      expect(rows.at(-1)).toBe('sent to their own address');
    } finally {
      await t?.destroy();
      await inbox.close();
    }
  });
});
