/** A calendar day with no time (`2025-03-15`): it names the same day everywhere, so no zone applies. */
const PLAIN_DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface DateOptions {
  /** The agency's time zone (Settings): every date staff see is read in it. */
  timeZone: string;
  /** Add the zone's abbreviation ("GMT", "CET"): worth it when the reader's own clock differs. */
  showZone?: boolean;
}

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "15 Mar 2025, 14:05" (with "GMT" when `showZone`); a missing time gives `empty`, a malformed one itself. */
export function formatDateTime(iso: string | null | undefined, { timeZone, showZone = false }: DateOptions, empty = '—'): string {
  if (!iso) return empty;
  const date = parse(iso);
  if (!date) return iso;
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
    timeZoneName: showZone ? 'short' : undefined,
  }).format(date);
}

/** "15 Mar 2025": the day in the agency's zone (a plain `YYYY-MM-DD` day is shown as it is). */
export function formatDate(iso: string | null | undefined, { timeZone }: DateOptions, empty = '—'): string {
  if (!iso) return empty;
  const date = parse(iso);
  if (!date) return iso;
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: PLAIN_DAY.test(iso) ? 'UTC' : timeZone }).format(date);
}

/** Whether a reader whose clock runs in `readerZone` needs the zone named to read the agency's times right. */
export function zoneWorthShowing(agencyZone: string, readerZone: string | undefined): boolean {
  if (!readerZone) return false;
  const at = new Date();
  const offset = (timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'longOffset' }).format(at).split(' ').pop();
  try {
    return offset(agencyZone) !== offset(readerZone);
  } catch {
    return true;
  }
}
