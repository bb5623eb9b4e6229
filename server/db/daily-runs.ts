import type { Knex } from 'knex';

/**
 * Claims `job` for `day` (YYYY-MM-DD, local): true for the one caller whose insert made the row,
 * false for every other (another instance, or this one again later that day).
 */
export async function claimDailyRun(db: Knex, job: string, day: string, now: Date): Promise<boolean> {
  const rows = await db('daily_runs').insert({ job, day, claimed_at: now }).onConflict(['job', 'day']).ignore().returning('day');
  return rows.length === 1;
}

export async function markDailyRunFinished(db: Knex, job: string, day: string, now: Date): Promise<void> {
  await db('daily_runs').where({ job, day }).update({ finished_at: now });
}

/** Gives a claim back (the run failed): the next check, on any instance, runs the job again. */
export async function releaseDailyRun(db: Knex, job: string, day: string): Promise<void> {
  await db('daily_runs').where({ job, day }).whereNull('finished_at').delete();
}
