import type { Knex } from 'knex';

/** The `app_settings` key holding the settings staff changed (a JSON object; unset ones are absent). */
const KEY = 'back_office_settings';

/** The stored settings document as text, or null when nothing was ever set. */
export async function readStoredSettings(knex: Knex): Promise<string | null> {
  const row = await knex('app_settings').where({ key: KEY }).first<{ value: string } | undefined>('value');
  return row?.value ?? null;
}

export async function writeStoredSettings(knex: Knex, value: string, now: Date): Promise<void> {
  await knex('app_settings').insert({ key: KEY, value, updated_at: now }).onConflict('key').merge({ value, updated_at: now });
}

/** Locks the settings row (creating it if needed) so concurrent changes apply one after the other. */
export async function lockStoredSettings(trx: Knex.Transaction, now: Date): Promise<string> {
  await trx('app_settings').insert({ key: KEY, value: '{}', updated_at: now }).onConflict('key').ignore();
  const row = await trx('app_settings').where({ key: KEY }).forUpdate().first<{ value: string }>('value');
  return row!.value;
}
