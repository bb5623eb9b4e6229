import request from 'supertest';
import { CONFIRMATION_TEXT } from '../../shared/visitor-confirmation';
import { signInAsAdmin } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { createAuditTrail } from './audit';
import { createSettingsService } from './settings';

describe('back-office settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ NOTIFY_TO: 'staff@agency.test' });
  });
  afterAll(() => t.destroy());

  it('fall back to the environment and built-in defaults until staff set them', () => {
    expect(t.settings.current()).toEqual({
      notificationRecipients: ['staff@agency.test'],
      replyPromiseHours: 24,
      workingHoursOnly: false,
      timeZone: 'America/Los_Angeles',
      digestTime: '08:00',
      retentionDays: { contact: null, enquiry: null, quote: null, 'free-offer': null, spam: 30 },
      requireTwoFactor: false,
      visitorConfirmation: { contact: false, enquiry: false, quote: false, 'free-offer': false },
      visitorConfirmationText: CONFIRMATION_TEXT,
      replyAddress: null,
      replyAddressTags: false,
    });
    expect(t.settings.overridden()).toEqual([]);
  });

  it('keep the reply address an owner sets (an address someone reads), offer the published agency e-mail, audit it and clear it with null', async () => {
    const session = await signInAsAdmin(t);
    const api = request(t.app.callback());
    const unset = await api.get('/api/settings').set(session.headers).expect(200);
    // Proposed from Website, Agency details, but not in force until an owner chooses it.
    expect(unset.body).toMatchObject({ agencyEmail: 'hello@brightpath.example', settings: { replyAddress: null } });

    for (const [value, message] of [
      ['not an address', 'Enter the reply address as an e-mail address, such as hello@example.com.'],
      ['no-reply@brightpath.example', 'Answers sent to a no-reply address are lost: give an inbox someone reads.'],
      ['NoReply@brightpath.example', 'Answers sent to a no-reply address are lost: give an inbox someone reads.'],
      [42, 'Enter the reply address as an e-mail address, such as hello@example.com.'],
    ] as const) {
      const refused = await api.patch('/api/settings').set(session.headers).send({ replyAddress: value }).expect(400);
      expect(refused.body.fields).toEqual({ replyAddress: message });
    }
    expect(t.settings.current().replyAddress).toBeNull();

    const saved = await api.patch('/api/settings').set(session.headers).send({ replyAddress: 'team@brightpath.example' }).expect(200);
    expect(saved.body.settings.replyAddress).toBe('team@brightpath.example');
    expect(saved.body.overridden).toContain('replyAddress');
    const [row] = await t.db('audit_log').where({ action: 'settings.update' }).orderBy('id', 'desc');
    expect(row.summary).toBe('replyAddress null → "team@brightpath.example"');

    const cleared = await api.patch('/api/settings').set(session.headers).send({ replyAddress: null }).expect(200);
    expect(cleared.body.settings.replyAddress).toBeNull();
    expect(cleared.body.overridden).not.toContain('replyAddress');
    const [last] = await t.db('audit_log').where({ action: 'settings.update' }).orderBy('id', 'desc');
    expect(last.summary).toBe('replyAddress "team@brightpath.example" → null');
  });

  it('are changed over the API by a signed-in admin, audited, and reset with null', async () => {
    const session = await signInAsAdmin(t);
    const api = request(t.app.callback());
    await api.get('/api/settings').expect(401);
    await api.patch('/api/settings').set('Cookie', session.cookie).set('Origin', session.headers.Origin).send({ replyPromiseHours: 48 }).expect(403);

    const changed = await api
      .patch('/api/settings')
      .set(session.headers)
      .send({ replyPromiseHours: 48, workingHoursOnly: true, notificationRecipients: ['a@agency.test', 'b@agency.test'] })
      .expect(200);
    expect(changed.body.settings).toMatchObject({ replyPromiseHours: 48, workingHoursOnly: true, notificationRecipients: ['a@agency.test', 'b@agency.test'] });
    expect(changed.body.defaults.replyPromiseHours).toBe(24);
    expect(changed.body.overridden.sort()).toEqual(['notificationRecipients', 'replyPromiseHours', 'workingHoursOnly']);

    const [row] = await t.db('audit_log').where({ action: 'settings.update' }).orderBy('id', 'desc');
    expect(row).toMatchObject({ actor_name: session.username, target_type: 'settings' });
    expect(row.summary).toContain('replyPromiseHours 24 → 48');

    const reset = await api.patch('/api/settings').set(session.headers).send({ replyPromiseHours: null }).expect(200);
    expect(reset.body.settings.replyPromiseHours).toBe(24);
    expect(reset.body.overridden).not.toContain('replyPromiseHours');
    expect((await api.get('/api/settings').set('Cookie', session.cookie).expect(200)).body.settings.workingHoursOnly).toBe(true);
  });

  it('refuses invalid values field by field and changes nothing', async () => {
    const session = await signInAsAdmin(t);
    const before = t.settings.current();
    const response = await request(t.app.callback())
      .patch('/api/settings')
      .set(session.headers)
      .send({ replyPromiseHours: 0, timeZone: 'Mars/Olympus', digestTime: '25:00', notificationRecipients: ['nope'], colour: 'red' })
      .expect(400);
    expect(Object.keys(response.body.fields).sort()).toEqual(['colour', 'digestTime', 'notificationRecipients', 'replyPromiseHours', 'timeZone']);
    expect(response.body.error).toBeTruthy();
    expect(t.settings.current()).toEqual(before);
  });

  it('refuses a time zone that is not one of the list, in words naming it, and takes a listed one', async () => {
    const session = await signInAsAdmin(t);
    for (const zone of ['Mars/Olympus', 'europe/london', '+05:00', 'Europe/London; drop table', '']) {
      const refused = await request(t.app.callback()).patch('/api/settings').set(session.headers).send({ timeZone: zone }).expect(400);
      expect(refused.body.fields.timeZone).toMatch(/is not a time zone this site knows: choose one from the list, such as Europe\/London\./);
    }
    const refused = await request(t.app.callback()).patch('/api/settings').set(session.headers).send({ timeZone: 'Mars/Olympus' }).expect(400);
    expect(refused.body.fields.timeZone).toBe('"Mars/Olympus" is not a time zone this site knows: choose one from the list, such as Europe/London.');
    for (const zone of ['Europe/London', 'UTC', 'America/Argentina/Buenos_Aires']) {
      const saved = await request(t.app.callback()).patch('/api/settings').set(session.headers).send({ timeZone: zone }).expect(200);
      expect(saved.body.settings.timeZone).toBe(zone);
    }
  });

  it('reach another instance when it next reads them', async () => {
    const other = createSettingsService({ db: t.db, config: t.config, audit: createAuditTrail({ db: t.db }) });
    await other.refresh();
    const seen: number[] = [];
    other.onChange((settings) => seen.push(settings.replyPromiseHours));
    await t.settings.update({ replyPromiseHours: 12 }, { id: null, name: 'system' });
    expect(other.current().replyPromiseHours).not.toBe(12);
    await other.refresh();
    expect(other.current().replyPromiseHours).toBe(12);
    expect(seen).toEqual([12]);
  });

  it('ignore a stored value that is no longer valid instead of failing', async () => {
    await t.db('app_settings').where({ key: 'back_office_settings' }).update({ value: JSON.stringify({ replyPromiseHours: -3, digestTime: '07:30' }) });
    const fresh = createSettingsService({ db: t.db, config: t.config, audit: createAuditTrail({ db: t.db }) });
    await fresh.refresh();
    expect(fresh.current()).toMatchObject({ replyPromiseHours: 24, digestTime: '07:30' });
  });
});
