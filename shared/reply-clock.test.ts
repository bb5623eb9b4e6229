import { DEFAULT_OPENING_HOURS } from './content/opening-hours';
import { replyDueAt, zonedInstant, type ReplyPromise } from './reply-clock';

const london = (hours: number, workingHoursOnly = true): ReplyPromise => ({ replyPromiseHours: hours, workingHoursOnly, timeZone: 'Europe/London' });
const due = (submitted: string, promise: ReplyPromise) => replyDueAt(new Date(submitted), promise).toISOString();

describe('replyDueAt', () => {
  it('adds the promised hours around the clock by default', () => {
    expect(due('2026-11-27T20:00:00.000Z', london(24, false))).toBe('2026-11-28T20:00:00.000Z');
    expect(due('2026-11-27T20:00:00.000Z', london(48, false))).toBe('2026-11-29T20:00:00.000Z');
  });

  it('counts working hours within one day', () => {
    // Tuesday 10:00 in London (GMT in November) + 3 working hours.
    expect(due('2026-11-24T10:00:00.000Z', london(3))).toBe('2026-11-24T13:00:00.000Z');
  });

  it('starts the clock at 9:00 for a lead sent before working hours', () => {
    expect(due('2026-11-24T06:30:00.000Z', london(2))).toBe('2026-11-24T11:00:00.000Z');
  });

  it('carries what is left of the day into the next working day', () => {
    // Tuesday 16:00 + 5 h: 2 h on Tuesday, 3 h from Wednesday 9:00.
    expect(due('2026-11-24T16:00:00.000Z', london(5))).toBe('2026-11-25T12:00:00.000Z');
  });

  it('counts in the opening hours of the agency details: a Saturday morning and half-hours', () => {
    const openingHours = {
      ...DEFAULT_OPENING_HOURS,
      days: DEFAULT_OPENING_HOURS.days.map((day) => (day.day === 'friday' ? { ...day, closes: '17:30' } : day.day === 'saturday' ? { ...day, open: true, opens: '10:00', closes: '12:00' } : day)),
    };
    // Friday 17:00 + 3 h: 0.5 h on Friday, 2 h on Saturday 10:00–12:00, 0.5 h from Monday 9:00.
    expect(due('2026-11-27T17:00:00.000Z', { ...london(3), openingHours })).toBe('2026-11-30T09:30:00.000Z');
    // Hours by appointment only (no open day) count around the clock.
    const byAppointment = { days: DEFAULT_OPENING_HOURS.days.map((day) => ({ ...day, open: false })), byAppointment: true };
    expect(due('2026-11-27T17:00:00.000Z', { ...london(3), openingHours: byAppointment })).toBe('2026-11-27T20:00:00.000Z');
  });

  it('skips the weekend', () => {
    // Friday 17:00 + 8 h: 1 h on Friday, 7 h from Monday 9:00.
    expect(due('2026-11-27T17:00:00.000Z', london(8))).toBe('2026-11-30T16:00:00.000Z');
    // Saturday: nothing counts until Monday.
    expect(due('2026-11-28T12:00:00.000Z', london(1))).toBe('2026-11-30T10:00:00.000Z');
  });

  it('spans several weeks for a long promise (24 h is 2 days and 6 hours of 9-hour days)', () => {
    expect(due('2026-11-24T09:00:00.000Z', london(24))).toBe('2026-11-26T15:00:00.000Z');
    // 45 h = five full working days: Monday 9:00 to Friday 18:00.
    expect(due('2026-11-30T09:00:00.000Z', london(45))).toBe('2026-12-04T18:00:00.000Z');
  });

  it('reads working hours in the agency time zone', () => {
    const newYork: ReplyPromise = { replyPromiseHours: 1, workingHoursOnly: true, timeZone: 'America/New_York' };
    // 13:00 UTC is 8:00 in New York (EST): the hour starts at 9:00 local, 14:00 UTC.
    expect(due('2026-11-24T13:00:00.000Z', newYork)).toBe('2026-11-24T15:00:00.000Z');
    const tokyo: ReplyPromise = { replyPromiseHours: 2, workingHoursOnly: true, timeZone: 'Asia/Tokyo' };
    // Friday 23:00 UTC is already Saturday 8:00 in Tokyo: due Monday 11:00 JST (02:00 UTC).
    expect(due('2026-11-27T23:00:00.000Z', tokyo)).toBe('2026-11-30T02:00:00.000Z');
  });

  it('follows daylight saving time', () => {
    // London moves to BST on Sunday 29 March 2026: Monday's 9:00 is 08:00 UTC.
    expect(due('2026-03-27T17:30:00.000Z', london(1))).toBe('2026-03-30T08:30:00.000Z');
    expect(zonedInstant('2026-03-29', 9, 'Europe/London')).toBe(Date.parse('2026-03-29T08:00:00Z'));
    expect(zonedInstant('2026-10-25', 9, 'Europe/London')).toBe(Date.parse('2026-10-25T09:00:00Z'));
  });
});
