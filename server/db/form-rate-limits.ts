import type { Knex } from 'knex';

/**
 * Counts one hit for `ip` in the fixed window that contains now and returns the window's total.
 * One upsert, so concurrent requests on any instance count exactly.
 */
export async function countHit(db: Knex, ip: string, windowSeconds: number): Promise<number> {
  const result = await db.raw<{ rows: { hits: number }[] }>(
    `insert into form_rate_limits (ip, window_start, hits)
       values (?, to_timestamp(floor(extract(epoch from now()) / ?) * ?), 1)
     on conflict (ip, window_start) do update set hits = form_rate_limits.hits + 1
     returning hits`,
    [ip, windowSeconds, windowSeconds],
  );
  return Number(result.rows[0]!.hits);
}

/** Drops counters of windows that ended long ago. */
export async function deleteOldWindows(db: Knex, windowSeconds: number): Promise<number> {
  const deleted = await db('form_rate_limits')
    .where('window_start', '<', db.raw(`now() - make_interval(secs => ?)`, [windowSeconds * 2]))
    .delete()
    .returning<{ ip: string }[]>('ip');
  return deleted.length;
}
