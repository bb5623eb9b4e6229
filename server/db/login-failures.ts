import type { Knex } from 'knex';
import type { LoginFailureKind } from './tables';

/**
 * Which recorded failures an attempt is measured against. Every field given must match;
 * `deviceId` always narrows: a known device's failures only, or (null) only those of browsers
 * that proved no device, so the two are never counted against each other.
 */
export interface LoginFailureScope {
  usernameKey?: string;
  ip?: string;
  deviceId: string | null;
  /** Only failures of this kind (all kinds when absent). */
  kind?: LoginFailureKind;
}

function inScope(query: Knex.QueryBuilder, scope: LoginFailureScope): Knex.QueryBuilder {
  if (scope.deviceId === null) query.whereNull('device_id');
  else query.where('device_id', scope.deviceId);
  if (scope.usernameKey !== undefined) query.where('username_key', scope.usernameKey);
  if (scope.ip !== undefined) query.where('ip', scope.ip);
  if (scope.kind !== undefined) query.where('kind', scope.kind);
  return query;
}

/** Records an attempt as a failure (until it turns out to succeed); returns the row's id. */
export async function insertLoginFailure(
  knex: Knex,
  failure: { kind: LoginFailureKind; usernameKey: string; ip: string; deviceId: string | null; failedAt: Date },
): Promise<string> {
  const [row] = await knex('login_failures')
    .insert({ kind: failure.kind, username_key: failure.usernameKey, ip: failure.ip, device_id: failure.deviceId, failed_at: failure.failedAt })
    .returning<{ id: string | number }[]>('id');
  return String(row!.id);
}

/** Records what an attempt turned out to be (a right password, then a wrong second factor). */
export async function setLoginFailureKind(knex: Knex, id: string, kind: LoginFailureKind): Promise<void> {
  await knex('login_failures').where({ id }).update({ kind });
}

export async function deleteLoginFailure(knex: Knex, id: string): Promise<void> {
  await knex('login_failures').where({ id }).delete();
}

/** Failures in the scope recorded after `since`. */
export async function countLoginFailures(knex: Knex, scope: LoginFailureScope, since: Date): Promise<number> {
  const row = await inScope(knex('login_failures').where('failed_at', '>', since), scope).count<{ count: string | number }[]>('* as count').first();
  return Number(row?.count ?? 0);
}

/** When the `nth` oldest failure in the scope after `since` was recorded (1 is the oldest). */
export async function nthOldestLoginFailureAt(knex: Knex, scope: LoginFailureScope, since: Date, nth: number): Promise<Date | undefined> {
  const row = await inScope(knex('login_failures').where('failed_at', '>', since), scope)
    .orderBy('failed_at')
    .offset(nth - 1)
    .first<{ failed_at: Date } | undefined>('failed_at');
  return row?.failed_at;
}

/** Forgets every failure counted against a username, from any address or device; returns how many. */
export async function deleteLoginFailuresOfUsername(knex: Knex, usernameKey: string): Promise<number> {
  return (await knex('login_failures').where('username_key', usernameKey).delete().returning('id')).length;
}

/** Forgets the failures in the scope (a success forgives its own client's earlier failures). */
export async function deleteLoginFailures(knex: Knex, scope: LoginFailureScope): Promise<void> {
  await inScope(knex('login_failures'), scope).delete();
}

export async function deleteLoginFailuresBefore(knex: Knex, before: Date): Promise<void> {
  await knex('login_failures').where('failed_at', '<', before).delete();
}
