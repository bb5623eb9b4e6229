import { useEffect, useMemo, useState } from 'react';
import { useDashboard } from '../context';
import { formatDate, formatDateTime, zoneWorthShowing, type DateOptions } from './dates';

export interface DateFormatters {
  /** The agency's time zone (Settings). */
  timeZone: string;
  /** "15 Mar 2025, 14:05" in the agency's zone; `empty` for a missing time. */
  formatDateTime: (iso: string | null | undefined, empty?: string) => string;
  /** "15 Mar 2025" in the agency's zone. */
  formatDate: (iso: string | null | undefined, empty?: string) => string;
}

/**
 * How the dashboard shows times: in the agency's zone, naming the zone only for a reader whose own
 * clock differs. Decided after hydration (the server does not know the reader's zone), so the
 * first render matches the server's HTML.
 */
export function useDateOptions(timeZone: string): DateOptions {
  const [showZone, setShowZone] = useState(false);
  useEffect(() => setShowZone(zoneWorthShowing(timeZone, Intl.DateTimeFormat().resolvedOptions().timeZone)), [timeZone]);
  return useMemo(() => ({ timeZone, showZone }), [timeZone, showZone]);
}

/** The date formatters every view uses, read from the dashboard context. */
export function useDates(): DateFormatters {
  const { dates } = useDashboard();
  return useMemo(
    () => ({
      timeZone: dates.timeZone,
      formatDateTime: (iso, empty) => formatDateTime(iso, dates, empty),
      formatDate: (iso, empty) => formatDate(iso, dates, empty),
    }),
    [dates],
  );
}
