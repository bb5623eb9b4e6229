/**
 * Calendar dates in the agency's time zone, as `YYYY-MM-DD` strings: "today" for counting, the
 * days of a report. Isomorphic: the server counts with it and the admin's date pickers agree.
 */
/** More zones than an agency ever uses; past it a format's kept zones start again. */
const ZONES_KEPT = 100;

/**
 * One date format, made once per time zone and kept: making an `Intl.DateTimeFormat` loads its
 * locale and zone data (a tenth of a millisecond or more, on every lead page when it was made each
 * time); formatting with a kept one takes microseconds.
 */
export function formatPerZone(make: (timeZone: string) => Intl.DateTimeFormat): (timeZone: string) => Intl.DateTimeFormat {
  const kept = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let format = kept.get(timeZone);
    if (!format) {
      if (kept.size >= ZONES_KEPT) kept.clear();
      format = make(timeZone);
      kept.set(timeZone, format);
    }
    return format;
  };
}

// en-CA writes dates as YYYY-MM-DD.
const dateOnly = formatPerZone((timeZone) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }));

/** The date it is at `instant` in `timeZone` (an IANA name), as `YYYY-MM-DD`. */
export function localDate(instant: Date, timeZone: string): string {
  return dateOnly(timeZone).format(instant);
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

/** The months as the agency writes them in dates such as "15 Mar 2025". */
export const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** `YYYY-MM-DD` in the agency's style, "15 Mar 2025" (the spec's date format); anything else as given. */
export function agencyDay(day: string): string {
  if (!isCalendarDate(day)) return day;
  const [year, month, date] = day.split('-').map(Number);
  return `${date} ${MONTH_ABBREVIATIONS[month! - 1]} ${year}`;
}

const MONTH_NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const AGENCY_DAY = /^(\d{1,2})\s+([a-z]{3,9})\.?,?\s+(\d{4})$/i;
const SLASHED_DAY = /^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$/;

/**
 * A day typed by staff as `YYYY-MM-DD`: "15 Mar 2025" (or "15 March 2025"), "15/03/2025" (day
 * first, as the agency writes it) or "2025-03-15". Null for anything else and for days the
 * calendar lacks (31 Feb).
 */
export function readDay(text: string): string | null {
  const typed = text.trim();
  let year: string, month: number, date: string;
  const named = AGENCY_DAY.exec(typed);
  const slashed = SLASHED_DAY.exec(typed);
  if (named) {
    const name = named[2]!.toLowerCase();
    // At least three letters of the month's name: "Mar", "Marc" and "March" are March.
    const index = MONTH_NAMES.findIndex((month) => month.startsWith(name));
    if (index < 0) return null;
    [date, month, year] = [named[1]!, index + 1, named[3]!];
  } else if (slashed) {
    [date, month, year] = [slashed[1]!, Number(slashed[2]), slashed[3]!];
  } else {
    return isCalendarDate(typed) ? typed : null;
  }
  const day = `${year}-${String(month).padStart(2, '0')}-${date.padStart(2, '0')}`;
  return isCalendarDate(day) ? day : null;
}
