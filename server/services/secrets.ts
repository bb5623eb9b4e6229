import type { Knex } from 'knex';
import { isSealed, sealedKeyId, secretPurpose, type Keyring } from '../app-key';
import { lockStoredSettings, writeStoredSettings } from '../db/settings';

/** How many stored secrets `resealSecrets` encrypted again. */
export interface Resealed {
  twoFactorSecrets: number;
  smtpPassword: number;
  imapPassword: number;
}

/**
 * Encrypts again, under the keyring's current (first) key, every stored secret sealed with another
 * key: the two-factor secrets and the SMTP and mailbox passwords saved in Settings. One transaction, so a
 * failure changes nothing; values already under the current key are left alone, so running it
 * twice is harmless. The key rotation (`npm run admin -- rotate-key`) calls it.
 */
export async function resealSecrets(db: Knex, keyring: Keyring, now = new Date()): Promise<Resealed> {
  const reseal = (value: string, purpose: string) => keyring.seal(isSealed(value) ? keyring.open(value, purpose) : value, purpose);
  return db.transaction(async (trx) => {
    let twoFactorSecrets = 0;
    const users = await trx('admin_users').whereNotNull('totp_secret').forUpdate().select<{ id: number; totp_secret: string }[]>('id', 'totp_secret');
    for (const user of users) {
      if (!keyring.needsResealing(user.totp_secret)) continue;
      await trx('admin_users').where({ id: user.id }).update({ totp_secret: reseal(user.totp_secret, secretPurpose.totp(user.id)) });
      twoFactorSecrets += 1;
    }
    const stored = JSON.parse(await lockStoredSettings(trx, now)) as Partial<Record<'smtp' | 'imap', { password?: string | null }>>;
    const resealed = { smtp: 0, imap: 0 };
    for (const setting of ['smtp', 'imap'] as const) {
      const password = stored[setting]?.password;
      if (!password || !keyring.needsResealing(password)) continue;
      stored[setting]!.password = reseal(password, setting === 'smtp' ? secretPurpose.smtpPassword : secretPurpose.imapPassword);
      resealed[setting] = 1;
    }
    if (resealed.smtp || resealed.imap) await writeStoredSettings(trx, JSON.stringify(stored), now);
    return { twoFactorSecrets, smtpPassword: resealed.smtp, imapPassword: resealed.imap };
  });
}

/** A sealed secret of a backed-up row, and the key it is sealed with. */
export interface SealedSecret {
  what: 'smtp-password' | 'imap-password' | 'two-factor-secret';
  keyId: string;
}

/** The tables whose backed-up rows may hold sealed secrets (see {@link sealedSecretsOfRow}). */
export const TABLES_WITH_SECRETS: ReadonlySet<string> = new Set(['admin_users', 'app_settings']);

/**
 * The sealed secrets of one row of `table` as a backup holds it (`row_to_json`): the same secrets
 * `resealSecrets` encrypts again. A restore checks that the key it runs with holds every key they
 * name, since the restored site could open none of the others (secrets in clear, from before they
 * were sealed, are sealed by a migration after the restore and need no check).
 */
export function sealedSecretsOfRow(table: string, row: Record<string, unknown>): SealedSecret[] {
  const sealed = (what: SealedSecret['what'], value: unknown): SealedSecret[] => {
    const keyId = typeof value === 'string' ? sealedKeyId(value) : null;
    return keyId ? [{ what, keyId }] : [];
  };
  if (table === 'admin_users') return sealed('two-factor-secret', row.totp_secret);
  if (table !== 'app_settings' || typeof row.value !== 'string') return [];
  try {
    // The settings document (server/db/settings.ts); other rows of the table are no JSON object with `smtp` or `imap`.
    const document = JSON.parse(row.value) as Partial<Record<'smtp' | 'imap', { password?: unknown }>> | null;
    return [...sealed('smtp-password', document?.smtp?.password), ...sealed('imap-password', document?.imap?.password)];
  } catch {
    return [];
  }
}
