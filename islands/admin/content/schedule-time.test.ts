import { agencyTimeToUtc } from './schedule-time';

describe('a time on the agency clock as UTC', () => {
  it('uses the zone’s offset of that day, on both sides of a daylight-saving change', () => {
    // New York: EST (UTC−5) until 8 Mar 2026 02:00, EDT (UTC−4) after.
    expect(agencyTimeToUtc('2026-03-07', '09:00', 'America/New_York')).toBe('2026-03-07T14:00:00.000Z');
    expect(agencyTimeToUtc('2026-03-09', '09:00', 'America/New_York')).toBe('2026-03-09T13:00:00.000Z');
    expect(agencyTimeToUtc('2026-11-01', '09:00', 'America/New_York')).toBe('2026-11-01T14:00:00.000Z');
    expect(agencyTimeToUtc('2026-07-01', '23:30', 'Asia/Kolkata')).toBe('2026-07-01T18:00:00.000Z');
    expect(agencyTimeToUtc('2026-07-01', '00:15', 'UTC')).toBe('2026-07-01T00:15:00.000Z');
  });

  it('lands a time the clocks skip just after the change', () => {
    expect(agencyTimeToUtc('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T07:30:00.000Z');
  });

  it('refuses text that is no day or time', () => {
    expect(agencyTimeToUtc('8 Mar', '09:00', 'UTC')).toBeNull();
    expect(agencyTimeToUtc('2026-03-08', '25:00', 'UTC')).toBeNull();
    expect(agencyTimeToUtc('2026-03-08', '', 'UTC')).toBeNull();
  });
});
