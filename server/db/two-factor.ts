import type { Knex } from 'knex';

export async function replaceRecoveryCodes(knex: Knex, adminUserId: number, codeHashes: string[], now: Date): Promise<void> {
  await knex('admin_recovery_codes').where({ admin_user_id: adminUserId }).delete();
  await knex('admin_recovery_codes').insert(codeHashes.map((code_hash) => ({ admin_user_id: adminUserId, code_hash, created_at: now })));
}

/** Uses up an unused recovery code: true only for the one request that marks it used. */
export async function useRecoveryCode(knex: Knex, adminUserId: number, codeHash: string, now: Date): Promise<boolean> {
  const used = await knex('admin_recovery_codes')
    .where({ admin_user_id: adminUserId, code_hash: codeHash })
    .whereNull('used_at')
    .update({ used_at: now })
    .returning('id');
  return used.length > 0;
}

export async function countUnusedRecoveryCodes(knex: Knex, adminUserId: number): Promise<number> {
  const row = await knex('admin_recovery_codes').where({ admin_user_id: adminUserId }).whereNull('used_at').count<{ count: string | number }[]>('* as count').first();
  return Number(row?.count ?? 0);
}

export async function deleteRecoveryCodes(knex: Knex, adminUserId: number): Promise<void> {
  await knex('admin_recovery_codes').where({ admin_user_id: adminUserId }).delete();
}

/**
 * Accepts a TOTP step for the account: true only when it is later than the last step accepted, in
 * one statement, so a code (or an earlier one) is never accepted twice, even by parallel requests.
 */
export async function acceptTotpStep(knex: Knex, adminUserId: number, step: number): Promise<boolean> {
  const updated = await knex('admin_users')
    .where({ id: adminUserId })
    .andWhere((query) => query.whereNull('totp_last_step').orWhere('totp_last_step', '<', step))
    .update({ totp_last_step: step })
    .returning('id');
  return updated.length > 0;
}

export interface LoginChallengeRow {
  token_hash: string;
  admin_user_id: number;
  remember: boolean;
  created_at: Date;
  expires_at: Date;
}

export async function insertLoginChallenge(knex: Knex, challenge: LoginChallengeRow): Promise<void> {
  await knex('admin_login_challenges').where('expires_at', '<=', challenge.created_at).delete();
  await knex('admin_login_challenges').insert(challenge);
}

export async function findLoginChallenge(knex: Knex, tokenHash: string, now: Date): Promise<LoginChallengeRow | undefined> {
  return knex<LoginChallengeRow>('admin_login_challenges').where({ token_hash: tokenHash }).andWhere('expires_at', '>', now).first();
}

export async function deleteLoginChallenge(knex: Knex, tokenHash: string): Promise<void> {
  await knex('admin_login_challenges').where({ token_hash: tokenHash }).delete();
}
