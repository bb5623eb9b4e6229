import type { Knex } from 'knex';
import { isSealed, secretPurpose } from '../server/app-key';
import { keyringOf, type MigrationContext } from './context';

/**
 * Two-factor secrets were stored in clear; from now on they are sealed with the application key
 * (server/app-key.ts), so a dump of the database alone cannot make anyone's codes. `down` writes
 * them back in clear, as the code before it reads them.
 */
export async function up(knex: Knex, context: MigrationContext): Promise<void> {
  const rows = await knex('admin_users').whereNotNull('totp_secret').select<{ id: number; totp_secret: string }[]>('id', 'totp_secret');
  const clear = rows.filter((row) => !isSealed(row.totp_secret));
  if (clear.length === 0) return;
  const keyring = keyringOf(context, 'encrypt the two-factor secrets');
  for (const row of clear) await knex('admin_users').where({ id: row.id }).update({ totp_secret: keyring.seal(row.totp_secret, secretPurpose.totp(row.id)) });
}

export async function down(knex: Knex, context: MigrationContext): Promise<void> {
  const rows = await knex('admin_users').whereNotNull('totp_secret').select<{ id: number; totp_secret: string }[]>('id', 'totp_secret');
  const sealed = rows.filter((row) => isSealed(row.totp_secret));
  if (sealed.length === 0) return;
  const keyring = keyringOf(context, 'decrypt the two-factor secrets');
  for (const row of sealed) await knex('admin_users').where({ id: row.id }).update({ totp_secret: keyring.open(row.totp_secret, secretPurpose.totp(row.id)) });
}
