import type { Knex } from 'knex';

export interface PasskeyRow {
  id: string;
  admin_user_id: number;
  credential_id: string;
  public_key: string;
  /** bigint: a string from PostgreSQL, read with Number(). */
  counter: string | number;
  transports: string;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

/** `confirm`: a signed-in account proving with one of its passkeys that it is its owner. */
export type PasskeyPurpose = 'register' | 'sign-in' | 'confirm';

export interface PasskeyChallengeRow {
  challenge: string;
  purpose: PasskeyPurpose;
  admin_user_id: number | null;
  session_id_hash: string | null;
  created_at: Date;
  expires_at: Date;
}

export async function listPasskeysOfUser(knex: Knex, adminUserId: number): Promise<PasskeyRow[]> {
  return knex<PasskeyRow>('admin_passkeys').where({ admin_user_id: adminUserId }).orderBy([{ column: 'created_at', order: 'asc' }, { column: 'id', order: 'asc' }]);
}

export async function countPasskeysOfUser(knex: Knex, adminUserId: number): Promise<number> {
  const row = await knex('admin_passkeys').where({ admin_user_id: adminUserId }).count<{ count: string | number }[]>('* as count').first();
  return Number(row?.count ?? 0);
}

export async function findPasskeyByCredentialId(knex: Knex, credentialId: string): Promise<PasskeyRow | undefined> {
  return knex<PasskeyRow>('admin_passkeys').where({ credential_id: credentialId }).first();
}

export async function insertPasskey(knex: Knex, row: Omit<PasskeyRow, 'id' | 'last_used_at'>): Promise<PasskeyRow> {
  const [inserted] = await knex<PasskeyRow>('admin_passkeys').insert(row).returning('*');
  return inserted!;
}

/**
 * Records a sign-in with the passkey: its new counter, in one statement that only succeeds while
 * the stored counter is the one the assertion was checked against (two requests racing with the
 * same counter: one wins). False when the passkey is gone or the counter moved meanwhile.
 */
export async function recordPasskeyUse(knex: Knex, query: { id: string; checkedCounter: number; newCounter: number; at: Date }): Promise<boolean> {
  const updated = await knex('admin_passkeys').where({ id: query.id, counter: query.checkedCounter }).update({ counter: query.newCounter, last_used_at: query.at }).returning('id');
  return updated.length > 0;
}

export async function renamePasskey(knex: Knex, query: { id: string; adminUserId: number; name: string }): Promise<PasskeyRow | undefined> {
  const [row] = await knex<PasskeyRow>('admin_passkeys').where({ id: query.id, admin_user_id: query.adminUserId }).update({ name: query.name }).returning('*');
  return row;
}

export async function deletePasskey(knex: Knex, query: { id: string; adminUserId: number }): Promise<PasskeyRow | undefined> {
  const [row] = await knex<PasskeyRow>('admin_passkeys').where({ id: query.id, admin_user_id: query.adminUserId }).delete().returning('*');
  return row;
}

export async function deletePasskeysOfUser(knex: Knex, adminUserId: number): Promise<number> {
  return (await knex('admin_passkeys').where({ admin_user_id: adminUserId }).delete().returning('id')).length;
}

/**
 * Stores a challenge handed out, and deletes the expired ones (they are never read again). A
 * session keeps one challenge per purpose: asking again replaces it, so a signed-in client asking
 * over and over keeps one row, where sign-in challenges (no session yet) are limited per network.
 */
export async function insertPasskeyChallenge(knex: Knex, row: PasskeyChallengeRow): Promise<void> {
  await knex('admin_passkey_challenges').where('expires_at', '<=', row.created_at).delete();
  if (row.session_id_hash) await knex('admin_passkey_challenges').where({ session_id_hash: row.session_id_hash, purpose: row.purpose }).delete();
  await knex('admin_passkey_challenges').insert(row);
}

/**
 * Uses up a challenge: deleted as it is read, so a second answer to it (a replayed assertion) finds
 * nothing. Undefined when unknown, already used, expired or handed out for another purpose.
 */
export async function takePasskeyChallenge(knex: Knex, query: { challenge: string; purpose: PasskeyPurpose; now: Date }): Promise<PasskeyChallengeRow | undefined> {
  const [row] = await knex<PasskeyChallengeRow>('admin_passkey_challenges').where({ challenge: query.challenge, purpose: query.purpose }).delete().returning('*');
  return row && row.expires_at.getTime() > query.now.getTime() ? row : undefined;
}

/** Marks the session as vouched for by this passkey (added in it), until the passkey is removed. */
export async function markSessionViaPasskey(knex: Knex, query: { idHash: string; passkeyId: string }): Promise<void> {
  await knex('admin_sessions').where({ id_hash: query.idHash }).update({ added_passkey_id: query.passkeyId });
}

/** How many sign-in challenges are handed out and still unanswered and unexpired (their hard cap). */
export async function countLiveSignInChallenges(knex: Knex, now: Date): Promise<number> {
  const row = await knex('admin_passkey_challenges').where({ purpose: 'sign-in' }).andWhere('expires_at', '>', now).count<{ count: string | number }[]>('* as count').first();
  return Number(row?.count ?? 0);
}
