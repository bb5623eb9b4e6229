import { createLogger } from '../logger';
import { ConflictError, ValidationError } from '../errors';
import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { createAdminAuth } from '.';

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

  it('names no field in its 400: POST /api/users answers the rule alone, as the caller knows the field', async () => {
    await expect(auth.createAdmin('ab', 'a long enough password')).rejects.toMatchObject({ message: 'Usernames need at least 3 characters.', fields: undefined });
    await expect(auth.createAdmin('someone', 'a long enough password', 'editor', '')).rejects.toMatchObject({ fields: undefined });
  });
});
