import { Writable } from 'node:stream';
import pino from 'pino';
import { NO_KEYRING } from '../app-key';
import { createAccountMail } from './account-mail';
import { createMailer } from '../services/mail-transport';
import { createLogger } from '../logger';
import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { messages } from '../messages';
import { createAdminUsers } from './admin-users';
import { createAuditTrail } from '../services/audit';
import { hashToken, TOKEN_PATTERN } from './credentials';
import { createAdminAuth } from '.';

describe('first admin at start-up', () => {
  let testDb: TestDb;
  let auth: ReturnType<typeof createAdminAuth>;
  let users: ReturnType<typeof createAdminUsers>;
  let clock: { now: () => Date; advance: (ms: number) => void };
  beforeEach(async () => {
    testDb = await createTestDb();
    let current = new Date('2026-11-25T08:00:00Z').getTime();
    clock = { now: () => new Date(current), advance: (ms) => void (current += ms) };
    auth = createAdminAuth({ db: testDb.db, logger: createLogger('silent'), failureDelayMs: 0, now: clock.now });
    // Mail off: these tests make links to pass by hand.
    const accountMail = createAccountMail({ mailer: createMailer({ envFrom: 'site@agency.test', saved: () => null, keyring: NO_KEYRING }), publicUrl: 'https://agency.test' });
    users = createAdminUsers({ db: testDb.db, auth, audit: createAuditTrail({ db: testDb.db, now: clock.now }), accountMail, now: clock.now });
  });
  afterEach(() => testDb.destroy());
  const signIn = (username: string, password: string) => auth.login({ username, password, remember: false, ip: '192.0.2.1' });
  const usernames = () => testDb.db('admin_users').orderBy('id').pluck('username');
  /** The set-password page's form. */
  const setPasswordForm = (password: string, displayName: string, email = 'ada@agency.test') => ({ displayName, password, confirm: password, email });

  it('comes from ADMIN_USERNAME / ADMIN_PASSWORD, once, with no setup address', async () => {
    expect(await auth.ensureFirstAdmin({ configured: { username: 'owner', password: 'owner password 123' } })).toBeUndefined();
    expect((await signIn('owner', 'owner password 123')).outcome).toBe('signed-in');
    expect(await auth.ensureFirstAdmin({ configured: { username: 'other', password: 'other password 123' } })).toBeUndefined();
    expect(await usernames()).toEqual(['owner']);
    expect(await testDb.db('admin_password_links').pluck('token_hash')).toEqual([]);
  });

  it('without them: an owner with no usable password and a single-use setup address valid one hour', async () => {
    const setup = await auth.ensureFirstAdmin({});
    expect(setup).toEqual({ username: 'admin', token: expect.stringMatching(TOKEN_PATTERN), expiresAt: new Date(clock.now().getTime() + 3600_000) });
    const [row] = await testDb.db('admin_users').select('role', 'password_hash');
    expect(row.role).toBe('owner');
    // Nothing signs in before the owner chooses a password: not the hash itself, not the token.
    for (const guess of [row.password_hash, setup!.token, '', 'admin']) expect((await signIn('admin', guess)).outcome).toBe('invalid');
    expect(await auth.passwordMatches((await testDb.db('admin_users').first('id')).id, row.password_hash)).toBe(false);

    // The invitation links' own page and rules set it: once.
    expect(await users.passwordLink(setup!.token)).toEqual({ username: 'admin', displayName: null, setup: true, email: null });
    // Its page asks for the owner's name and e-mail address as well, which the account has none of.
    await expect(users.usePasswordLink(setup!.token, { password: 'the first owner password', confirm: 'the first owner password' })).rejects.toMatchObject({
      fields: { displayName: 'Enter a name, such as Maria Lopez.', email: expect.any(String) },
    });
    await expect(users.usePasswordLink(setup!.token, setPasswordForm('the first owner password', 'Ada Owner', 'not an address'))).rejects.toMatchObject({ fields: { email: expect.stringMatching(/e-mail address/) } });
    expect(await users.usePasswordLink(setup!.token, setPasswordForm('the first owner password', 'Ada Owner'))).toEqual({ username: 'admin', userId: expect.any(Number), emailToConfirm: 'ada@agency.test' });
    expect((await signIn('admin', 'the first owner password')).outcome).toBe('signed-in');
    // The address waits to be confirmed (by the link the page then mails, once mail works).
    expect(await testDb.db('admin_users').where({ username: 'admin' }).first('display_name', 'email', 'email_verified_at')).toEqual({ display_name: 'Ada Owner', email: 'ada@agency.test', email_verified_at: null });
    expect(await users.passwordLink(setup!.token)).toBeNull();
    // From now on a start has nothing to set up.
    clock.advance(3600_000);
    expect(await auth.ensureFirstAdmin({})).toBeUndefined();
    expect(await usernames()).toEqual(['admin']);
  });

  it('the setup address stops working after an hour', async () => {
    const setup = await auth.ensureFirstAdmin({});
    clock.advance(3600_000 - 1000);
    expect(await users.passwordLink(setup!.token)).toEqual({ username: 'admin', displayName: null, setup: true, email: null });
    clock.advance(1000);
    expect(await users.passwordLink(setup!.token)).toBeNull();
    expect(await users.usePasswordLink(setup!.token, setPasswordForm('the first owner password', 'Ada Owner'))).toBeNull();
  });

  it('a restart before the address was used issues a new one and the older one stops working', async () => {
    const first = await auth.ensureFirstAdmin({});
    clock.advance(5 * 60_000);
    const second = await auth.ensureFirstAdmin({});
    expect(second).toEqual({ username: 'admin', token: expect.stringMatching(TOKEN_PATTERN), expiresAt: new Date(clock.now().getTime() + 3600_000) });
    expect(second!.token).not.toBe(first!.token);
    expect(await users.passwordLink(first!.token)).toBeNull();
    expect(await users.passwordLink(second!.token)).toEqual({ username: 'admin', displayName: null, setup: true, email: null });
    expect(await usernames()).toEqual(['admin']);
    // Still no usable password after the restart.
    expect((await signIn('admin', first!.token)).outcome).toBe('invalid');
    // After its hour, a start issues one again.
    clock.advance(2 * 3600_000);
    expect(await auth.ensureFirstAdmin({})).toMatchObject({ username: 'admin' });
  });

  it('instances starting at once: one account and one setup address, which keeps working', async () => {
    const others = [1, 2, 3].map(() => createAdminAuth({ db: testDb.db, logger: createLogger('silent'), failureDelayMs: 0, now: clock.now }));
    const results = await Promise.all([auth, ...others].map((instance) => instance.ensureFirstAdmin({})));
    const issued = results.filter((result) => result !== undefined);
    expect(issued).toHaveLength(1);
    expect(await usernames()).toEqual(['admin']);
    expect(await users.passwordLink(issued[0]!.token)).toEqual({ username: 'admin', displayName: null, setup: true, email: null });
    // One started a few seconds later still leaves it alone.
    clock.advance(20_000);
    expect(await auth.ensureFirstAdmin({})).toBeUndefined();
    expect(await users.passwordLink(issued[0]!.token)).toEqual({ username: 'admin', displayName: null, setup: true, email: null });
  });

  it('ADMIN_USERNAME / ADMIN_PASSWORD set after a start without them replace the account still waiting for its password', async () => {
    const setup = await auth.ensureFirstAdmin({});
    clock.advance(5 * 60_000);
    expect(await auth.ensureFirstAdmin({ configured: { username: 'owner', password: 'owner password 123' } })).toBeUndefined();
    expect(await usernames()).toEqual(['owner']);
    expect(await users.passwordLink(setup!.token)).toBeNull();
    expect((await signIn('owner', 'owner password 123')).outcome).toBe('signed-in');

    // Under the same name, the waiting account gets the password.
    const again = await createTestDb();
    try {
      const other = createAdminAuth({ db: again.db, logger: createLogger('silent'), failureDelayMs: 0 });
      const pending = await other.ensureFirstAdmin({});
      expect(await other.ensureFirstAdmin({ configured: { username: 'Admin', password: 'owner password 123' } })).toBeUndefined();
      expect(await again.db('admin_users').pluck('username')).toEqual(['admin']);
      expect(await again.db('admin_password_links').where({ token_hash: hashToken(pending!.token) }).first()).toBeUndefined();
      expect((await other.login({ username: 'admin', password: 'owner password 123', remember: false, ip: '192.0.2.1' })).outcome).toBe('signed-in');
    } finally {
      await again.destroy();
    }
  });

  it('a second owner added from the command line ends the setup: no new address at the next start', async () => {
    await auth.ensureFirstAdmin({});
    await auth.createAdmin('alice', 'alice password 123', 'owner');
    clock.advance(5 * 60_000);
    expect(await auth.ensureFirstAdmin({})).toBeUndefined();
  });

  it('never puts the password or the token in the JSON log, and the terminal line holds the address only', async () => {
    const logLines: string[] = [];
    const logger = pino({ level: 'trace' }, new Writable({ write: (chunk: Buffer, _encoding, done) => done(void logLines.push(chunk.toString())) }));
    const setup = await createAdminAuth({ db: testDb.db, logger, failureDelayMs: 0 }).ensureFirstAdmin({});
    const log = logLines.join('');
    expect(log).toContain('first admin created without a password; its one-time setup address is shown on the terminal (not logged)');
    expect(log).toContain('"username":"admin"');
    expect(log).not.toContain(setup!.token);
    const url = `http://localhost:3000/admin/set-password?token=${setup!.token}`;
    const line = messages.admin.firstAdminSetup(url);
    expect(line).toBe(`Set up the first admin: ${url} (single use, valid for one hour)`);
    expect(line).not.toMatch(/password:/i);
  });

  it('names the ADMIN_USERNAME account ADMIN_DISPLAY_NAME, and gives a later start\'s name only to that account while it has none', async () => {
    const displayNames = () => testDb.db('admin_users').orderBy('id').select('username', 'display_name');
    await auth.ensureFirstAdmin({ configured: { username: 'owner', password: 'owner password 123', displayName: '  Olivia Owner ' } });
    expect(await displayNames()).toEqual([{ username: 'owner', display_name: 'Olivia Owner' }]);
    expect((await signIn('owner', 'owner password 123')).outcome).toBe('signed-in');

    // An account made before names were asked for: the next start with the variable names it, audited.
    await testDb.db('admin_users').update({ display_name: null });
    await auth.ensureFirstAdmin({ configured: { username: 'OWNER', password: 'owner password 123', displayName: 'Olivia Owner' } });
    expect(await displayNames()).toEqual([{ username: 'owner', display_name: 'Olivia Owner' }]);
    expect(await testDb.db('audit_log').where({ action: 'account.display-name' }).select('actor_name', 'target_id', 'summary')).toEqual([
      { actor_name: 'system', target_id: 'owner', summary: 'name "Olivia Owner" from ADMIN_DISPLAY_NAME' },
    ]);
    // A name the owner chose since is never overwritten, and another start records nothing more.
    await testDb.db('admin_users').update({ display_name: 'Olivia O.' });
    await auth.ensureFirstAdmin({ configured: { username: 'owner', password: 'owner password 123', displayName: 'Olivia Owner' } });
    expect(await displayNames()).toEqual([{ username: 'owner', display_name: 'Olivia O.' }]);
    expect(await testDb.db('audit_log').where({ action: 'account.display-name' }).pluck('summary')).toHaveLength(1);
  });

  it('gives ADMIN_DISPLAY_NAME to the account still waiting for its password when ADMIN_USERNAME takes it over', async () => {
    await auth.ensureFirstAdmin({});
    clock.advance(5 * 60_000);
    await auth.ensureFirstAdmin({ configured: { username: 'admin', password: 'owner password 123', displayName: 'Ada Owner' } });
    expect(await testDb.db('admin_users').select('username', 'display_name')).toEqual([{ username: 'admin', display_name: 'Ada Owner' }]);
  });

  it('names ADMIN_DISPLAY_NAME when it holds an unusable name', async () => {
    await expect(auth.ensureFirstAdmin({ configured: { username: 'owner', password: 'owner password 123', displayName: 'Olivia <owner@agency.test>' } }))
      .rejects.toThrow('ADMIN_DISPLAY_NAME: Leave out < > @ and ": the name is shown as the sender of our e-mails.');
  });

  it('names the variables when they hold an unusable username', async () => {
    await expect(auth.ensureFirstAdmin({ configured: { username: 'has space', password: 'owner password 123' } }))
      .rejects.toThrow('ADMIN_USERNAME / ADMIN_PASSWORD: Usernames may hold letters, digits and . _ @ - only.');
  });
});
