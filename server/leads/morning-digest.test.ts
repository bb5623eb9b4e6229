import { envMailer, startSmtp, type Inbox } from '../../tests/helpers/smtp-inbox';
import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { createMorningDigest, digestSender } from './morning-digest';

/** The morning digest on a test clock: two instances, one e-mail a day, through a real SMTP server. */
describe('morning digest', () => {
  let testDb: TestDb;
  let smtp: Inbox;
  let clock: Date;
  const settings = { timeZone: 'Europe/Berlin', digestTime: '08:00', notificationRecipients: ['owner@agency.test', 'sales@agency.test'] };

  /** One instance: its own clock reader and its own SMTP transport, the shared database. */
  function instance() {
    const send = digestSender(envMailer(smtp.port));
    return createMorningDigest({ db: testDb.db, settings: () => settings, publicUrl: 'https://agency.test', send, now: () => clock });
  }

  const lead = (id: string, name: string, submitted: string, due: string) => ({
    id,
    type: 'contact',
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
    phone: '1',
    subject: 'Hello',
    message: 'Hi',
    submitted_at: new Date(submitted),
    due_at: new Date(due),
  });

  beforeAll(async () => {
    testDb = await createTestDb();
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.close();
    await testDb.destroy();
  });

  it('sends nothing on a day with nothing to say, and nothing before the digest time', async () => {
    clock = new Date('2026-11-23T06:59:00.000Z'); // 07:59 in Berlin
    expect(await instance().tick()).toBe('not-yet');
    clock = new Date('2026-11-23T07:01:00.000Z');
    expect(await instance().tick()).toBe('nothing-to-say');
    expect(smtp.messages).toHaveLength(0);
  });

  it('sends one digest a day however many instances tick at once', async () => {
    await testDb.db('leads').insert([
      lead('00000000-0000-4000-8000-000000000001', 'Olga Overdue', '2026-11-22T10:00:00.000Z', '2026-11-23T10:00:00.000Z'),
      lead('00000000-0000-4000-8000-000000000002', 'Tim Today', '2026-11-23T12:00:00.000Z', '2026-11-24T12:00:00.000Z'),
      lead('00000000-0000-4000-8000-000000000003', 'Lena Later', '2026-11-24T10:00:00.000Z', '2026-11-25T10:00:00.000Z'),
    ]);
    await testDb.db('form_notifications').insert({ form_type: 'contact', submission_id: '00000000-0000-4000-8000-000000000003', subject: 's', body: 'b', status: 'failed', attempts: 10, last_error: 'connection refused' });
    clock = new Date('2026-11-24T07:30:00.000Z'); // 08:30 on Tuesday in Berlin
    const [one, two] = [instance(), instance()];
    const outcomes = await Promise.all([one.tick(), two.tick()]);
    expect(outcomes.sort()).toEqual(['done-already', 'sent']);
    expect(smtp.messages).toHaveLength(1);
    const message = smtp.messages[0]!;
    expect(message).toMatch(/^To: owner@agency\.test, sales@agency\.test/m);
    expect(message).toContain('Subject: Morning digest: 1 overdue, 1 due today, 1 staff e-mail failing');
    expect(message).toContain('Olga Overdue (Contact), overdue by 22 h: https://agency.test/admin/dashboard/messages/contact/00000000-0000-4000-8000-000000000001');
    expect(message).toContain('Tim Today (Contact), due in 5 h');
    expect(message).toContain('Lena Later, failed after 10 attempts');
    expect(message).not.toMatch(/Lena Later \(Contact\)/);

    clock = new Date('2026-11-24T15:00:00.000Z');
    expect(await one.tick()).toBe('done-already');
    expect(await two.tick()).toBe('done-already');
    expect(smtp.messages).toHaveLength(1);
    expect(await testDb.db('daily_runs').whereNotNull('finished_at').orderBy('day').pluck('job')).toEqual(['morning-digest', 'morning-digest']);
  });

  it('gives the day back when the mail cannot be sent, so the next tick sends it', async () => {
    clock = new Date('2026-11-25T07:05:00.000Z');
    const failing = createMorningDigest({ db: testDb.db, settings: () => settings, publicUrl: 'https://agency.test', send: () => Promise.reject(new Error('SMTP down')), now: () => clock });
    expect(await failing.tick()).toBe('failed');
    expect(await instance().tick()).toBe('sent');
    expect(smtp.messages).toHaveLength(2);
  });
});
