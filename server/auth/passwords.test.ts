import { createLogger } from '../logger';
import { NotFoundError } from '../errors';
import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { createAdminAuth } from '.';

describe('setting a password', () => {
  let testDb: TestDb;
  let auth: ReturnType<typeof createAdminAuth>;
  beforeAll(async () => {
    testDb = await createTestDb();
    auth = createAdminAuth({ db: testDb.db, logger: createLogger('silent'), failureDelayMs: 0 });
    await auth.createAdmin('Editor', 'a long enough password');
  });
  afterAll(() => testDb.destroy());

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

  it('refuses a password that breaks the rules before it looks for the account, naming no field', async () => {
    await expect(auth.setPassword('nobody', 'short')).rejects.toMatchObject({ message: 'Passwords need at least 12 characters.', fields: undefined });
  });
});
