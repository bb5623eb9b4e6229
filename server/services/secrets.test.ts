import { Secret, TOTP } from 'otpauth';
import { createKeyring, isSealed, newAppKey, parseAppKeys, type Keyring } from '../app-key';
import { createLogger } from '../logger';
import { writeStoredSettings } from '../db/settings';
import { createAdminAuth } from '../auth';
import { resealSecrets } from './secrets';
import * as sealTwoFactorSecrets from '../../migrations/20261202100000_seal_two_factor_secrets';
import { createTestDb, type TestDb } from '../../tests/helpers/test-db';

const SECRET = new Secret({ size: 20 }).base32;
const PASSWORD = 'a long password 123';
const keyringOf = (...keys: string[]) => createKeyring(parseAppKeys(keys.join(',')));

describe('secrets at rest: the two-factor migration and the key rotation', () => {
  let testDb: TestDb;
  let clock = new Date('2026-12-02T09:00:10Z').getTime();
  const now = () => new Date(clock);
  const code = () => new TOTP({ secret: Secret.fromBase32(SECRET), digits: 6, period: 30 }).generate({ timestamp: clock });
  const rawSecret = async () => (await testDb.db('admin_users').where({ username: 'ada' }).first<{ totp_secret: string }>('totp_secret')).totp_secret;
  /** Signs in with password and the code of a fresh step, as the login form does, with this keyring. */
  const signIn = async (keyring: Keyring) => {
    clock += 30_000;
    const auth = createAdminAuth({ db: testDb.db, logger: createLogger('silent'), failureDelayMs: 0, now, keyring });
    return (await auth.login({ username: 'ada', password: PASSWORD, code: code(), remember: false, ip: '192.0.2.1' })).outcome;
  };

  beforeAll(async () => {
    testDb = await createTestDb();
    const user = await createAdminAuth({ db: testDb.db, logger: createLogger('silent') }).createAdmin('ada', PASSWORD, 'owner');
    // As the code before this change stored it: in clear.
    await sealTwoFactorSecrets.down(testDb.db, {});
    await testDb.db('admin_users').where({ id: user.id }).update({ totp_secret: SECRET, totp_enabled_at: now() });
  });
  afterAll(() => testDb.destroy());

  const first = newAppKey();
  const second = newAppKey();

  it('the migration needs the application key when there are secrets in clear, and seals them', async () => {
    await expect(sealTwoFactorSecrets.up(testDb.db, {})).rejects.toThrow(/application key is needed/);
    await sealTwoFactorSecrets.up(testDb.db, { keyring: keyringOf(first) });
    const stored = await rawSecret();
    expect(isSealed(stored)).toBe(true);
    expect(stored).not.toContain(SECRET);
    // The database alone (any other key) does not give it back.
    expect(() => keyringOf(second).open(stored, 'totp:1')).toThrow(/does not hold/);
  });

  it('signs in with a code after the migration, and not with another key', async () => {
    expect(await signIn(keyringOf(first))).toBe('signed-in');
    await expect(signIn(keyringOf(second))).rejects.toThrow(/does not hold/);
  });

  it('rotation seals every secret under the new key, the old one no longer needed', async () => {
    const oldKeyring = keyringOf(first);
    await writeStoredSettings(testDb.db, JSON.stringify({ smtp: { host: 'mail.test', password: oldKeyring.seal('smtp secret', 'smtp.password') }, imap: { host: 'imap.test', password: oldKeyring.seal('imap secret', 'imap.password') } }), now());
    const before = await rawSecret();
    expect(await resealSecrets(testDb.db, keyringOf(second, first))).toEqual({ twoFactorSecrets: 1, smtpPassword: 1, imapPassword: 1 });
    const after = await rawSecret();
    expect(after).not.toBe(before);
    const newOnly = keyringOf(second);
    const { id } = await testDb.db('admin_users').where({ username: 'ada' }).first<{ id: number }>('id');
    expect(newOnly.open(after, `totp:${id}`)).toBe(SECRET);
    const settings = JSON.parse((await testDb.db('app_settings').where({ key: 'back_office_settings' }).first<{ value: string }>('value')).value);
    expect(newOnly.open(settings.smtp.password, 'smtp.password')).toBe('smtp secret');
    expect(settings.smtp.host).toBe('mail.test');
    expect(newOnly.open(settings.imap.password, 'imap.password')).toBe('imap secret');
    // Run again: nothing left to do.
    expect(await resealSecrets(testDb.db, keyringOf(second, first))).toEqual({ twoFactorSecrets: 0, smtpPassword: 0, imapPassword: 0 });
    expect(await signIn(newOnly)).toBe('signed-in');
    await expect(signIn(keyringOf(first))).rejects.toThrow(/does not hold/);
  });

  it("the migration's down gives the older code its secrets back in clear", async () => {
    await sealTwoFactorSecrets.down(testDb.db, { keyring: keyringOf(second) });
    expect(await rawSecret()).toBe(SECRET);
    await sealTwoFactorSecrets.up(testDb.db, { keyring: keyringOf(second) });
    expect(isSealed(await rawSecret())).toBe(true);
  });
});
