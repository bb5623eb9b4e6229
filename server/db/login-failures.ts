import type { Knex } from 'knex';

/** Records an attempt as a failure (until it turns out to succeed); returns the row's id. */
export async function insertLoginFailure(
  knex: Knex,
  failure: { usernameKey: string; ip: string; failedAt: Date },
): Promise<string> {
  const [row] = await knex('login_failures')
    .insert({ username_key: failure.usernameKey, ip: failure.ip, failed_at: failure.failedAt })
    .returning<{ id: string | number }[]>('id');
  return String(row!.id);
}

export async function deleteLoginFailure(knex: Knex, id: string): Promise<void> {
  await knex('login_failures').where({ id }).delete();
}

/** Failures since `since`, counted separately for the username and for the IP address. */
export async function countRecentLoginFailures(
  knex: Knex,
  query: { usernameKey: string; ip: string; since: Date },
): Promise<{ byUsername: number; byIp: number }> {
  const row = await knex('login_failures')
    .where('failed_at', '>', query.since)
    .andWhere((where) => where.where('username_key', query.usernameKey).orWhere('ip', query.ip))
    .first<{ by_username: string | number; by_ip: string | number }>(
      knex.raw('count(*) filter (where username_key = ?) as by_username', [query.usernameKey]),
      knex.raw('count(*) filter (where ip = ?) as by_ip', [query.ip]),
    );
  return { byUsername: Number(row?.by_username ?? 0), byIp: Number(row?.by_ip ?? 0) };
}

/** A successful login forgives that account's earlier failures (the IP's failures for other usernames stay counted). */
export async function deleteLoginFailuresOfUsername(knex: Knex, usernameKey: string): Promise<void> {
  await knex('login_failures').where({ username_key: usernameKey }).delete();
}

export async function deleteLoginFailuresBefore(knex: Knex, before: Date): Promise<void> {
  await knex('login_failures').where('failed_at', '<', before).delete();
}
