/**
 * A time on the agency's clock ("15 Mar 2026, 09:00" in its zone) as the UTC instant the server
 * keeps, whatever the reader's own zone. Across a daylight-saving change the zone's offset at that
 * very moment is used; a time the clocks skip (02:30 on the spring-forward night) lands just after.
 */

/** The zone's offset from UTC (ms) at `instant`. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** `day` (YYYY-MM-DD) at `time` (HH:MM) in `timeZone`, as an ISO instant in UTC; null for text that is neither. */
export function agencyTimeToUtc(day: string, time: string, timeZone: string): string | null {
  const dayMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const timeMatch = /^(\d{2}):(\d{2})$/.exec(time);
  if (!dayMatch || !timeMatch) return null;
  const [, year, month, date] = dayMatch.map(Number) as [number, number, number, number];
  const [, hour, minute] = timeMatch.map(Number) as [number, number, number];
  if (hour > 23 || minute > 59) return null;
  const wall = Date.UTC(year, month - 1, date, hour, minute);
  // The offset depends on the instant, which depends on the offset: twice settles it (DST included).
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  // A time the clocks skip has no instant; the later of the two guesses is just after the change.
  const exact = second + offsetAt(second, timeZone) === wall;
  return new Date(exact ? second : Math.max(first, second)).toISOString();
}

/** When a scheduled publish runs, as the agency reads it: "Tue 1 Dec, 09:00" ("Tue, 5 Jan 2027, 09:00" in another year). */
export function scheduledTimeText(iso: string, timeZone: string, now = new Date()): string {
  const at = new Date(iso);
  const year = (date: Date) => new Intl.DateTimeFormat('en-GB', { year: 'numeric', timeZone }).format(date);
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: year(at) === year(now) ? undefined : 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).format(at);
}
