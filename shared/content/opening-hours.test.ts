import { DEFAULT_OPENING_HOURS, openingHours, openingHoursText, openRuns, type OpeningHours } from './opening-hours';

const schema = openingHours('Opening hours');
const withDays = (change: (day: OpeningHours['days'][number]) => Partial<OpeningHours['days'][number]>, byAppointment = false): OpeningHours => ({
  days: DEFAULT_OPENING_HOURS.days.map((day) => ({ ...day, ...change(day) })),
  byAppointment,
});
const messages = (value: unknown) => schema.safeParse(value).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('opening hours', () => {
  it('start as the hours the site always said, in the same words', () => {
    expect(messages(DEFAULT_OPENING_HOURS)).toEqual([]);
    expect(openingHoursText(DEFAULT_OPENING_HOURS)).toBe('Monday to Friday, 9 AM to 6 PM');
  });

  it('say runs of days with the same hours, minutes only when there are some, two days with "and"', () => {
    const hours = withDays((day) => (day.day === 'saturday' || day.day === 'sunday' ? { open: true, opens: '10:30', closes: '12:00' } : day.day === 'friday' ? { closes: '17:45' } : {}));
    expect(openingHoursText(hours)).toBe('Monday to Thursday, 9 AM to 6 PM; Friday, 9 AM to 5:45 PM; Saturday and Sunday, 10:30 AM to 12 PM');
    expect(openRuns(hours).map((run) => run.days.length)).toEqual([4, 1, 2]);
    // A closed day breaks a run even between two days with the same hours.
    expect(openingHoursText(withDays((day) => (day.day === 'wednesday' ? { open: false } : {})))).toBe('Monday and Tuesday, 9 AM to 6 PM; Thursday and Friday, 9 AM to 6 PM');
  });

  it('say "by appointment" alone or after the hours', () => {
    expect(openingHoursText(withDays(() => ({ open: false }), true))).toBe('By appointment');
    expect(openingHoursText({ ...DEFAULT_OPENING_HOURS, byAppointment: true })).toBe('Monday to Friday, 9 AM to 6 PM; other times by appointment');
  });

  it('refuse a day closing before (or when) it opens, naming the day, but not a closed day', () => {
    expect(messages(withDays((day) => (day.day === 'thursday' ? { opens: '18:00', closes: '09:00' } : {})))).toEqual([['days.3.closes', 'Thursday: the closing time must be after the opening time.']]);
    expect(messages(withDays((day) => (day.day === 'monday' ? { closes: '09:00' } : {})))).toEqual([['days.0.closes', 'Monday: the closing time must be after the opening time.']]);
    expect(messages(withDays((day) => (day.day === 'sunday' ? { opens: '18:00', closes: '09:00' } : {})))).toEqual([]);
  });

  it('refuse no open day unless by appointment, times that are not HH:MM, days missing, out of order or extra', () => {
    expect(messages(withDays(() => ({ open: false })))).toEqual([['', 'Open at least one day, or choose "By appointment".']]);
    expect(messages(withDays(() => ({ open: false }), true))).toEqual([]);
    for (const time of ['9:00', '24:00', '09:60', '9 AM', '']) expect(messages(withDays((day) => (day.day === 'monday' ? { opens: time } : {}))).length).toBeGreaterThan(0);
    expect(messages({ ...DEFAULT_OPENING_HOURS, days: DEFAULT_OPENING_HOURS.days.slice(1) })).toContainEqual(['days', 'Give the hours of all seven days.']);
    expect(messages({ ...DEFAULT_OPENING_HOURS, days: [...DEFAULT_OPENING_HOURS.days].reverse() }).some(([, message]) => message === 'The days are Monday to Sunday, in that order.')).toBe(true);
    expect(messages({ ...DEFAULT_OPENING_HOURS, timeZone: 'UTC' }).length).toBeGreaterThan(0);
  });
});
