import type { Knex } from 'knex';

/**
 * Counts one hit for `key` in the fixed window that contains now and returns the window's total
 * and the seconds until that window ends (by the database's clock, the one every instance shares).
 * One upsert, so concurrent requests on any instance count exactly. A key is a visitor's address
 * (the forms) or `<what>:<who>` for anything else counted this way (`test-email:account:7`); the
 * table's column keeps its first name, `ip`.
 */
export async function countHit(db: Knex, key: string, windowSeconds: number): Promise<{ hits: number; secondsLeft: number }> {
  const result = await db.raw<{ rows: { hits: number; seconds_left: number }[] }>(
    `insert into form_rate_limits (ip, window_start, hits)
       values (?, to_timestamp(floor(extract(epoch from now()) / ?) * ?), 1)
     on conflict (ip, window_start) do update set hits = form_rate_limits.hits + 1
     returning hits, ceil(extract(epoch from window_start) + ? - extract(epoch from now()))::int as seconds_left`,
    [key, windowSeconds, windowSeconds, windowSeconds],
  );
  const row = result.rows[0]!;
  return { hits: Number(row.hits), secondsLeft: Math.max(1, Number(row.seconds_left)) };
}

/** The hits `key` has in the window that contains now (0 when none) and when that window ends, without counting one. */
export async function hitsInWindow(db: Knex, key: string, windowSeconds: number): Promise<{ hits: number; windowEnd: Date }> {
  const result = await db.raw<{ rows: { hits: number; window_end: Date | string }[] }>(
    `select coalesce(max(hits), 0) as hits, to_timestamp((floor(extract(epoch from now()) / ?) + 1) * ?) as window_end
       from form_rate_limits
      where ip = ? and window_start = to_timestamp(floor(extract(epoch from now()) / ?) * ?)`,
    [windowSeconds, windowSeconds, key, windowSeconds, windowSeconds],
  );
  const row = result.rows[0]!;
  return { hits: Number(row.hits), windowEnd: new Date(row.window_end) };
}

/** Drops counters of windows that ended long ago. */
export async function deleteOldWindows(db: Knex, windowSeconds: number): Promise<number> {
  const deleted = await db('form_rate_limits')
    .where('window_start', '<', db.raw(`now() - make_interval(secs => ?)`, [windowSeconds * 2]))
    .delete()
    .returning<{ ip: string }[]>('ip');
  return deleted.length;
}
