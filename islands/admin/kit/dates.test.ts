import { formatDate, formatDateTime, zoneWorthShowing } from './dates';

describe('dates in the agency’s time zone', () => {
  const london = { timeZone: 'Europe/London' };

  it('reads a time in the agency’s zone, whatever the reader’s clock', () => {
    expect(formatDateTime('2025-03-15T14:05:00.000Z', london)).toBe('15 Mar 2025, 14:05');
    // Summer time: the same UTC hour is an hour later in London, and a day later in Tokyo.
    expect(formatDateTime('2025-07-01T23:30:00.000Z', london)).toBe('2 Jul 2025, 00:30');
    expect(formatDateTime('2025-07-01T23:30:00.000Z', { timeZone: 'Asia/Tokyo' })).toBe('2 Jul 2025, 08:30');
    expect(formatDate('2025-07-01T23:30:00.000Z', london)).toBe('2 Jul 2025');
  });

  it('names the zone when asked', () => {
    expect(formatDateTime('2025-03-15T14:05:00.000Z', { timeZone: 'Europe/Berlin', showZone: true })).toBe('15 Mar 2025, 15:05 CET');
  });

  it('shows a plain day as that day in any zone', () => {
    expect(formatDate('2025-03-15', { timeZone: 'America/Los_Angeles' })).toBe('15 Mar 2025');
  });

  it('says what is missing, and shows a malformed time as it came', () => {
    expect(formatDateTime(null, london)).toBe('—');
    expect(formatDateTime(null, london, 'Never')).toBe('Never');
    expect(formatDate(undefined, london)).toBe('—');
    expect(formatDateTime('not a date', london)).toBe('not a date');
  });

  it('names the zone only for a reader whose clock differs from the agency’s', () => {
    expect(zoneWorthShowing('Europe/London', 'Europe/London')).toBe(false);
    expect(zoneWorthShowing('UTC', 'Etc/UTC')).toBe(false);
    expect(zoneWorthShowing('Europe/London', 'America/New_York')).toBe(true);
    expect(zoneWorthShowing('Europe/London', undefined)).toBe(false);
  });
});
