import type { Knex } from 'knex';

/**
 * Counts one hit for `key` in the fixed window that contains now and returns the window's total
 * and the seconds until that window ends (by the database's clock, the one every instance shares).
 * One upsert, so concurrent requests on any instance count exactly. A key is a visitor's network
 * (the forms) or `<what>:<who>` for anything else counted this way (`test-email:account:7`); the
 * table's column keeps its first name, `ip`. Each row keeps the end of its own window, so the
 * clean-up (`deleteEndedWindows`) removes a daily counter a day after it began and a one-minute
 * counter a minute after, whatever else the table holds. Were one key ever counted with two
 * window lengths, its row stays until the longer one ends.
 */
export async function countHit(db: Knex, key: string, windowSeconds: number): Promise<{ hits: number; secondsLeft: number }> {
  const result = await db.raw<{ rows: { hits: number; seconds_left: number }[] }>(
    `insert into form_rate_limits (ip, window_start, window_end, hits)
       values (?, to_timestamp(floor(extract(epoch from now()) / ?) * ?), to_timestamp((floor(extract(epoch from now()) / ?) + 1) * ?), 1)
     on conflict (ip, window_start) do update
       set hits = form_rate_limits.hits + 1, window_end = greatest(form_rate_limits.window_end, excluded.window_end)
     returning hits, ceil(extract(epoch from window_end) - extract(epoch from now()))::int as seconds_left`,
    [key, windowSeconds, windowSeconds, windowSeconds, windowSeconds],
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

/** How often the server clears counters whose window has ended (`deleteEndedWindows`). */
export const RATE_LIMIT_SWEEP_MS = 60_000;

/**
 * Deletes the counters whose own window has ended, a bounded batch per statement (short locks,
 * found through the `window_end` index) until none is left; returns how many went. The server runs
 * it every `RATE_LIMIT_SWEEP_MS` on each instance (deleting twice is harmless), never from a
 * request, so no visitor's post can trigger or skip it.
 *
 * What the table holds between two sweeps is the windows still running plus those ended within the
 * last minute. Every visitor-facing key is a network (an IPv4 address, an IPv6 /64), so one hostile
 * client, however fast and however many addresses of its /64 it uses, adds at most: one row per
 * form window (`FORM_RATE_WINDOW_SECONDS`), one per minute of preview-link views, one per hour of
 * "Forgot password?" asks (and one per existing account it names), and per day one row for its
 * network's acknowledgements plus at most `CONFIRMATION_LIMITS.perNetwork` acknowledged addresses;
 * the site's acknowledgements are one row a day. Counters of staff actions (test e-mails, address
 * checks) are one row per account and window. So the table grows with the number of networks seen
 * in the last day, not with the number of requests.
 */
export async function deleteEndedWindows(db: Knex, batchSize = 5000): Promise<number> {
  let total = 0;
  for (;;) {
    const ended = db('form_rate_limits').select('ip', 'window_start').where('window_end', '<=', db.fn.now()).limit(batchSize);
    const deleted = await db('form_rate_limits').whereIn(['ip', 'window_start'], ended).delete().returning<{ ip: string }[]>('ip');
    total += deleted.length;
    if (deleted.length < batchSize) return total;
  }
}
