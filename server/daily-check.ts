import type { Logger } from './logger';
import { localDate } from '../shared/local-date';
import { zonedInstant } from '../shared/reply-clock';

/** The agency's day (`YYYY-MM-DD` in `timeZone`) at `at` once its `time` (`HH:MM` there) has come; null before. */
export function dayOnceTimeHasCome(at: Date, timeZone: string, time: string): string | null {
  const day = localDate(at, timeZone);
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return at.getTime() < zonedInstant(day, hours + minutes / 60, timeZone) ? null : day;
}

export interface DailyCheck<Outcome> {
  /** Checks now; a call while a check runs gets that check's outcome. */
  tick(): Promise<Outcome | 'failed'>;
  /** Checks every `intervalMs` (a minute by default) until `stop()`. */
  start(intervalMs?: number): void;
  /** Stops the checks; resolves once a check running now is over. */
  stop(): Promise<void>;
}

/**
 * The ticking of a job done once a day (the nightly backup, the morning digest): `check` looks
 * whether the day's time has come and claims the day (`daily_runs`, so one instance does it).
 * One check at a time per instance; a check that throws is logged with `failure` and answers
 * `failed`, and the next tick tries again.
 */
export function createDailyCheck<Outcome>(check: () => Promise<Outcome>, { logger, failure }: { logger?: Logger; failure: string }): DailyCheck<Outcome> {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<Outcome | 'failed'> | undefined;

  function tick(): Promise<Outcome | 'failed'> {
    running ??= check()
      .catch((error: unknown) => {
        logger?.warn({ err: error }, failure);
        return 'failed' as const;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    tick,
    start(intervalMs = 60_000) {
      if (timer) return;
      timer = setInterval(() => void tick(), intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
