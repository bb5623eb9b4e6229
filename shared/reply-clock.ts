import { addDays, localDate } from './local-date';
import type { Settings } from './settings';

/**
 * The reply promise's clock: when a lead must have had its first answer. Pure (the caller gives
 * the instant and the settings), so tests drive it with any date, time zone and calendar.
 */
export type ReplyPromise = Pick<Settings, 'replyPromiseHours' | 'workingHoursOnly' | 'timeZone'>;

/** The built-in promise (the settings' defaults): 24 hours around the clock. */
export const DEFAULT_REPLY_PROMISE: ReplyPromise = { replyPromiseHours: 24, workingHoursOnly: false, timeZone: 'UTC' };

/** The agency's working hours, local time in its zone, Monday to Friday. */
export const WORKING_HOURS = { start: 9, end: 18 } as const;

const clockHour = (hour: number) => `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;

/** The working hours as the site shows them: "Monday to Friday, 9 AM to 6 PM". */
export const WORKING_HOURS_TEXT = `Monday to Friday, ${clockHour(WORKING_HOURS.start)} to ${clockHour(WORKING_HOURS.end)}`;

const HOUR_MS = 3600_000;

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  let format = offsetFormatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' });
    offsetFormatters.set(timeZone, format);
  }
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

const isWeekday = (date: string) => {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day >= 1 && day <= 5;
};

/**
 * When a lead sent at `submittedAt` is due: that plus the promised hours, or, with working hours
 * only, plus that many hours counted only Monday to Friday 9:00–18:00 in the agency's zone (a lead
 * sent on Friday evening with an 8-hour promise is due on Monday at 17:00).
 */
export function replyDueAt(submittedAt: Date, promise: ReplyPromise): Date {
  const promisedMs = promise.replyPromiseHours * HOUR_MS;
  if (!promise.workingHoursOnly) return new Date(submittedAt.getTime() + promisedMs);
  let left = promisedMs;
  let at = submittedAt.getTime();
  let date = localDate(submittedAt, promise.timeZone);
  // Each pass spends what it can of one working day; at most a few hundred days for 240 hours.
  for (;;) {
    if (isWeekday(date)) {
      const start = zonedInstant(date, WORKING_HOURS.start, promise.timeZone);
      const end = zonedInstant(date, WORKING_HOURS.end, promise.timeZone);
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
