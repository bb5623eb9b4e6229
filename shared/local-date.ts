/**
 * Calendar dates in the agency's time zone, as `YYYY-MM-DD` strings: "today" for counting, the
 * days of a report. Isomorphic: the server counts with it and the admin's date pickers agree.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The date it is at `instant` in `timeZone` (an IANA name), as `YYYY-MM-DD`. */
export function localDate(instant: Date, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, format);
  }
  return format.format(instant);
}

/** `YYYY-MM-DD` plus `days` (negative goes back), by the calendar. */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  return dates;
}

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * True when `text` is `YYYY-MM-DD` and that day exists. `Date.parse` alone is not enough: it
 * quietly moves 2026-02-30 to 2 March, so the date read back must be the date written.
 */
export function isCalendarDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const at = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === text;
}
