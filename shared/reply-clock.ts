import { DEFAULT_OPENING_HOURS, hoursOn, type OpeningHours } from './content/opening-hours';
import { addDays, formatPerZone, localDate } from './local-date';
import type { Settings } from './settings';

/**
 * The reply promise's clock: when a lead must have had its first answer. Pure (the caller gives
 * the instant and the settings), so tests drive it with any date, time zone and calendar.
 */
export type ReplyPromise = Pick<Settings, 'replyPromiseHours' | 'workingHoursOnly' | 'timeZone'> & {
  /** The working hours (the agency details' opening hours); Monday to Friday, 9:00–18:00 when not given. */
  openingHours?: OpeningHours;
};

/** The built-in promise (the settings' defaults): 24 hours around the clock. */
export const DEFAULT_REPLY_PROMISE: ReplyPromise = { replyPromiseHours: 24, workingHoursOnly: false, timeZone: 'UTC' };

/** "09:30" as hours since midnight (9.5). */
const hoursOf = (hhmm: string) => Number(hhmm.slice(0, 2)) + Number(hhmm.slice(3, 5)) / 60;

const HOUR_MS = 3600_000;

const wallClock = formatPerZone((timeZone) => new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' }));

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const format = wallClock(timeZone);
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  const wall = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return wall - (instant - (instant % 1000));
}

/** The instant the wall clock in `timeZone` shows `hour`:00 on `date` (YYYY-MM-DD). */
export function zonedInstant(date: string, hour: number, timeZone: string): number {
  const wall = Date.parse(`${date}T00:00:00Z`) + hour * HOUR_MS;
  // The offset at the guess, corrected once with the offset at the result (daylight saving days).
  const first = wall - zoneOffsetMs(wall, timeZone);
  return wall - zoneOffsetMs(first, timeZone);
}

/** When the agency's day holding `instant` ends: the next midnight in `timeZone` ("due today" is before it). */
export const endOfLocalDay = (instant: Date, timeZone: string) => new Date(zonedInstant(addDays(localDate(instant, timeZone), 1), 0, timeZone));

/**
 * When a lead sent at `submittedAt` is due: that plus the promised hours, or, with working hours
 * only, plus that many hours counted only in the opening hours, in the agency's zone (with Monday
 * to Friday 9:00–18:00, a lead sent on Friday evening with an 8-hour promise is due on Monday at
 * 17:00). Hours "by appointment" only, with no open day, count around the clock.
 */
export function replyDueAt(submittedAt: Date, promise: ReplyPromise): Date {
  const promisedMs = promise.replyPromiseHours * HOUR_MS;
  const opening = promise.openingHours ?? DEFAULT_OPENING_HOURS;
  if (!promise.workingHoursOnly || !opening.days.some((day) => day.open)) return new Date(submittedAt.getTime() + promisedMs);
  let left = promisedMs;
  let at = submittedAt.getTime();
  let date = localDate(submittedAt, promise.timeZone);
  // Each pass spends what it can of one day; at most a few hundred days for 240 hours (one open day a week).
  for (;;) {
    const hours = hoursOn(opening, new Date(`${date}T00:00:00Z`).getUTCDay());
    if (hours) {
      const start = zonedInstant(date, hoursOf(hours.opens), promise.timeZone);
      const end = zonedInstant(date, hoursOf(hours.closes), promise.timeZone);
      if (at < start) at = start;
      if (at < end) {
        if (at + left <= end) return new Date(at + left);
        left -= end - at;
      }
    }
    date = addDays(date, 1);
    at = zonedInstant(date, 0, promise.timeZone);
  }
}
