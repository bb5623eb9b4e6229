import request from 'supertest';
import { messages } from '../messages';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { VALID_FORMS, humanMeta } from '../../tests/helpers/form-fixtures';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

/** Every call only owners may make: an editor's is refused with 403 and changes nothing. */
const OWNER_ONLY_CALLS: [method: 'get' | 'patch' | 'post' | 'delete', path: string, body: object | null][] = [
  ['get', '/api/settings', null],
  ['patch', '/api/settings', { replyPromiseHours: 48 }],
  ['get', '/api/users', null],
  ['post', '/api/users', { username: 'new-account', displayName: 'New Account Example', role: 'owner' }],
  ['patch', '/api/users/an-editor', { role: 'owner' }],
  ['patch', '/api/users/first-owner', { disabled: true }],
  ['delete', '/api/users/first-owner', null],
  ['get', '/api/audit', null],
  ['post', '/api/settings/test-email', null],
  ['post', '/api/settings/imap-test', { imap: { host: 'localhost', port: 993, security: 'tls', user: 'agency', password: 'secret' } }],
  ['post', '/api/personal-data/find', { email: 'held@example.com' }],
  ['post', '/api/personal-data/export', { email: 'held@example.com' }],
  ['post', '/api/personal-data/erase', { email: 'held@example.com' }],
];

/** What an owner-only call could change. */
async function snapshot(t: TestApp) {
  return {
    settings: await t.db('app_settings').select('*'),
    users: await t.db('admin_users').orderBy('id').select('*'),
    audit: await t.db('audit_log').count('* as count'),
    leads: await t.db('leads').orderBy('id').select('id'),
  };
}

describe('roles', () => {
  let t: TestApp;
  let owner: AdminTestSession;
  let editor: AdminTestSession;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signInAsAdmin(t, { username: 'first-owner' });
    editor = await signInAsAdmin(t, { username: 'an-editor', role: 'editor' });
    // Something for the personal-data calls to find, export and erase.
    await request(t.app.callback()).post('/api/forms/contact').send({ ...VALID_FORMS.contact, email: 'held@example.com', ...humanMeta() }).expect(201);
  });
  afterAll(() => t.destroy());

  it('the first account is an owner whatever role it was given; later ones keep theirs', async () => {
    const t2 = await createTestApp();
    try {
      const first = await signInAsAdmin(t2, { username: 'meant-as-editor', role: 'editor' });
      const session = await request(t2.app.callback()).get('/api/auth/session').set('Cookie', first.cookie).expect(200);
      expect(session.body.role).toBe('owner');
    } finally {
      await t2.destroy();
    }
    const session = await request(t.app.callback()).get('/api/auth/session').set('Cookie', editor.cookie).expect(200);
    expect(session.body.role).toBe('editor');
  });

  it.each(OWNER_ONLY_CALLS)('refuses an editor %s %s with 403, changing nothing', async (method, path, body) => {
    const before = await snapshot(t);
    const call = request(t.app.callback())[method](path).set(editor.headers);
    const response = await (body ? call.send(body) : call);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: messages.admin.notYourRole });
    expect(await snapshot(t)).toEqual(before);
  });

  it('lets an owner make the same calls', async () => {
    await request(t.app.callback()).get('/api/settings').set(owner.headers).expect(200);
    await request(t.app.callback()).patch('/api/settings').set(owner.headers).send({ replyPromiseHours: 48 }).expect(200);
    await request(t.app.callback()).post('/api/personal-data/find').set(owner.headers).send({ email: 'held@example.com' }).expect(200);
  });

  it('lets an editor work on the portfolio and the leads', async () => {
    await request(t.app.callback()).get('/api/forms/contact').set(editor.headers).expect(200);
    await request(t.app.callback()).delete('/api/portfolio/no-such-item').set(editor.headers).expect(404);
  });
});
