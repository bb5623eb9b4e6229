import { Writable } from 'node:stream';
import pino from 'pino';
import { createLogger } from '../logger';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { createAdminAuth, generatePassword, hashToken } from './admin-auth';

describe('admin accounts', () => {
  let testDb: TestDb;
  let auth: ReturnType<typeof createAdminAuth>;
  beforeAll(async () => {
    testDb = await createTestDb();
    auth = createAdminAuth({ db: testDb.db, logger: createLogger('silent'), failureDelayMs: 0 });
  });
  afterAll(() => testDb.destroy());

  it('stores an Argon2id hash, never the password', async () => {
    expect(await auth.hasAnyAdmin()).toBe(false);
    const row = await auth.createAdmin('Editor', 'a long enough password');
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain('a long enough password');
    expect(await auth.hasAnyAdmin()).toBe(true);
  });

  it('refuses a duplicate username in any case (409), and weak or malformed input (400)', async () => {
    await expect(auth.createAdmin('EDITOR', 'another long password')).rejects.toBeInstanceOf(ConflictError);
    await expect(auth.createAdmin('someone', 'short')).rejects.toEqual(new ValidationError('Passwords need at least 12 characters.'));
    await expect(auth.createAdmin('ab', 'a long enough password')).rejects.toBeInstanceOf(ValidationError);
    await expect(auth.createAdmin('has space', 'a long enough password')).rejects.toBeInstanceOf(ValidationError);
  });

  it('a new password works, the old one no longer does, every session of that admin ends and its devices are forgotten', async () => {
    const login = (password: string) => auth.login({ username: 'editor', password, remember: false, ip: '192.0.2.1' });
    const before = await login('a long enough password');
    expect(before.outcome).toBe('signed-in');
    const devices = () => testDb.db('admin_devices as d').join('admin_users as u', 'u.id', 'd.admin_user_id').where('u.username', 'Editor').pluck('d.id');
    expect(await devices()).toHaveLength(1);
    await auth.setPassword('editor', 'the brand new password');
    if (before.outcome === 'signed-in') expect(await auth.resolveSession(before.sessionId)).toBeNull();
    expect(await devices()).toEqual([]);
    expect((await login('a long enough password')).outcome).toBe('invalid');
    expect((await login('the brand new password')).outcome).toBe('signed-in');
    await expect(auth.setPassword('nobody', 'the brand new password')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('generates random passwords long enough for the rules', () => {
    const a = generatePassword();
    expect(a.length).toBeGreaterThanOrEqual(24);
    expect(generatePassword()).not.toBe(a);
    expect(hashToken('x')).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('first admin at start-up', () => {
  let testDb: TestDb;
  let auth: ReturnType<typeof createAdminAuth>;
  beforeEach(async () => {
    testDb = await createTestDb();
    auth = createAdminAuth({ db: testDb.db, logger: createLogger('silent'), failureDelayMs: 0 });
  });
  afterEach(() => testDb.destroy());
  const signIn = (username: string, password: string) => auth.login({ username, password, remember: false, ip: '192.0.2.1' });

  it('comes from ADMIN_USERNAME / ADMIN_PASSWORD, once', async () => {
    const announce = jest.fn();
    await auth.ensureFirstAdmin({ configured: { username: 'owner', password: 'owner password 123' }, embedded: true, announce });
    expect(announce).not.toHaveBeenCalled();
    expect((await signIn('owner', 'owner password 123')).outcome).toBe('signed-in');
    await auth.ensureFirstAdmin({ configured: { username: 'other', password: 'other password 123' }, embedded: true, announce });
    expect(await testDb.db('admin_users').pluck('username')).toEqual(['owner']);
  });

  it('on the embedded database without them: a random password, announced once, that works', async () => {
    const announce = jest.fn();
    await auth.ensureFirstAdmin({ embedded: true, announce });
    expect(announce).toHaveBeenCalledTimes(1);
    const password = /Password: (\S+)/.exec(announce.mock.calls[0]![0] as string)![1]!;
    expect(password.length).toBeGreaterThanOrEqual(24);
    expect((await signIn('admin', password)).outcome).toBe('signed-in');
    await auth.ensureFirstAdmin({ embedded: true, announce });
    expect(announce).toHaveBeenCalledTimes(1);
  });

  it('writes the generated password to the terminal only, never into the JSON log', async () => {
    const logLines: string[] = [];
    const logger = pino({ level: 'trace' }, new Writable({ write: (chunk: Buffer, _encoding, done) => done(void logLines.push(chunk.toString())) }));
    const announce = jest.fn();
    await createAdminAuth({ db: testDb.db, logger, failureDelayMs: 0 }).ensureFirstAdmin({ embedded: true, announce });
    const password = /Password: (\S+)/.exec(announce.mock.calls[0]![0] as string)![1]!;
    const log = logLines.join('');
    expect(log).toContain('first admin created with a generated password, shown once on the terminal (not logged)');
    expect(log).toContain('"username":"admin"');
    expect(log).not.toContain(password);
  });

  it('names the variables when they hold an unusable username', async () => {
    await expect(auth.ensureFirstAdmin({ configured: { username: 'has space', password: 'owner password 123' }, embedded: false, announce: jest.fn() }))
      .rejects.toThrow('ADMIN_USERNAME / ADMIN_PASSWORD: Usernames may hold letters, digits and . _ @ - only.');
  });

  it('on a PostgreSQL server without them: creates nothing', async () => {
    const announce = jest.fn();
    await auth.ensureFirstAdmin({ embedded: false, announce });
    expect(announce).not.toHaveBeenCalled();
    expect(await auth.hasAnyAdmin()).toBe(false);
  });
});

describe('throttled sign-ins in the audit trail and the log', () => {
  let testDb: TestDb;
  let auth: ReturnType<typeof createAdminAuth>;
  let current = new Date('2026-11-23T08:00:00Z').getTime();
  const logLines: string[] = [];
  const attempt = (password: string, ip = '192.0.2.7') => auth.login({ username: 'flooded', password, remember: false, ip });
  const throttledRows = () => testDb.db('audit_log').where({ action: 'auth.throttled' }).orderBy('id');
  const throttledLogLines = () => logLines.filter((line) => line.includes('admin login throttled'));
  beforeAll(async () => {
    testDb = await createTestDb();
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _encoding, done) => done(void logLines.push(chunk.toString())) }));
    auth = createAdminAuth({ db: testDb.db, logger, failureDelayMs: 0, now: () => new Date(current) });
    await auth.createAdmin('flooded', 'the right long password');
  });
  afterAll(() => testDb.destroy());

  it('counts repeats from one username and address in one audit row and one warn line per throttle window', async () => {
    for (let i = 0; i < 5; i += 1) expect((await attempt(`wrong ${i}`)).outcome).toBe('invalid');
    expect(await throttledRows()).toHaveLength(0);
    const N = 120;
    for (let i = 0; i < N - 20; i += 1) {
      current += 10;
      expect((await attempt(i % 2 ? 'the right long password' : `guess ${i}`)).outcome).toBe('throttled');
    }
    // A parallel burst joins the same row rather than racing to open new ones.
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(`burst ${i}`)));
    expect(burst.every((result) => result.outcome === 'throttled')).toBe(true);

    const rows = await throttledRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_name: 'flooded', ip: '192.0.2.7', summary: 'rule account-and-address', repeats: N });
    expect(new Date(rows[0].last_at).getTime()).toBe(current);
    expect(new Date(rows[0].at).getTime()).toBeLessThan(current);
    expect(throttledLogLines()).toHaveLength(1);
    // The count is the one change the trail allows, and only upwards.
    await expect(testDb.db('audit_log').where({ id: rows[0].id }).update({ summary: 'rewritten' })).rejects.toThrow(/append-only/);
    await expect(testDb.db('audit_log').where({ id: rows[0].id }).update({ repeats: 1 })).rejects.toThrow(/append-only/);
    const other = await testDb.db('audit_log').where({ action: 'auth.sign-in-failed' }).first('id');
    await expect(testDb.db('audit_log').where({ id: other.id }).update({ repeats: 2 })).rejects.toThrow(/append-only/);

    // Another address is another row; so is the next window.
    for (let i = 0; i < 5; i += 1) await attempt(`wrong ${i}`, '192.0.2.8');
    for (let i = 0; i < 3; i += 1) expect((await attempt('the right long password', '192.0.2.8')).outcome).toBe('throttled');
    current += 15 * 60_000;
    for (let i = 0; i < 5; i += 1) await attempt(`later ${i}`);
    for (let i = 0; i < 4; i += 1) expect((await attempt('the right long password')).outcome).toBe('throttled');
    expect((await throttledRows()).map((row) => [row.ip, row.repeats])).toEqual([
      ['192.0.2.7', N],
      ['192.0.2.8', 3],
      ['192.0.2.7', 4],
    ]);
    expect(throttledLogLines()).toHaveLength(3);
  });
});
