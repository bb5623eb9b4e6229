import { agencyDay, formatPerZone, localDate, readDay } from './local-date';

describe('readDay', () => {
  it.each([
    ['15 Mar 2025', '2025-03-15'],
    ['15 mar 2025', '2025-03-15'],
    ['5 March 2025', '2025-03-05'],
    ['  15 Sept 2025 ', '2025-09-15'],
    ['15/03/2025', '2025-03-15'],
    ['5/3/2025', '2025-03-05'],
    ['15.03.2025', '2025-03-15'],
    ['2025-03-15', '2025-03-15'],
    ['29 Feb 2024', '2024-02-29'],
  ])('reads %j as %s', (typed, day) => {
    expect(readDay(typed)).toBe(day);
  });

  it.each([
    ['31 Feb 2025', 'a day the month lacks'],
    ['29 Feb 2025', 'a leap day outside a leap year'],
    ['31/04/2025', 'a day the month lacks, by number'],
    ['2025-02-30', 'a day the month lacks, ISO'],
    ['15/13/2025', 'month 13'],
    ['0 Mar 2025', 'day 0'],
    ['15 Ma 2025', 'too little of a month name'],
    ['15 Marchy 2025', 'a name no month has'],
    ['03/15/2025', 'month first (US order)'],
    ['15 Mar 25', 'a two-digit year'],
    ['2025-3-15', 'ISO without padding'],
    ['yesterday', 'words'],
    ['', 'nothing'],
  ])('refuses %j (%s)', (typed) => {
    expect(readDay(typed)).toBeNull();
  });
});

describe('agencyDay', () => {
  it('writes a day as the agency does, and reads back to the same day', () => {
    expect(agencyDay('2025-03-15')).toBe('15 Mar 2025');
    expect(agencyDay('2026-11-05')).toBe('5 Nov 2026');
    expect(readDay(agencyDay('2024-02-29'))).toBe('2024-02-29');
  });

  it('leaves text that is no day as it is', () => {
    expect(agencyDay('2025-02-30')).toBe('2025-02-30');
    expect(agencyDay('')).toBe('');
  });
});

describe('formatPerZone', () => {
  it('makes a format once per zone and keeps it', () => {
    const made: string[] = [];
    const format = formatPerZone((timeZone) => {
      made.push(timeZone);
      return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    });
    const instant = new Date('2026-11-28T09:30:00Z');
    expect([format('UTC').format(instant), format('Asia/Tokyo').format(instant), format('UTC').format(instant)]).toEqual(['09:30', '18:30', '09:30']);
    expect(format('UTC')).toBe(format('UTC'));
    expect(made).toEqual(['UTC', 'Asia/Tokyo']);
  });

  it('keeps the calendar date of each zone', () => {
    expect(localDate(new Date('2026-11-28T23:30:00Z'), 'UTC')).toBe('2026-11-28');
    expect(localDate(new Date('2026-11-28T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-11-29');
  });
});
