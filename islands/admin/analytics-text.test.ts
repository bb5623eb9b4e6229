import { axisNumber, csvOf, dayLabel, percentOf, rangeShowsYear } from './analytics-text';

describe('analytics text', () => {
  it('writes conversion as a percentage, and a dash without visitors', () => {
    expect(percentOf(3, 200)).toBe('1.5%');
    expect(percentOf(0, 10)).toBe('0.0%');
    expect(percentOf(2, 0)).toBe('–');
  });

  it('writes RFC 4180 CSV with a byte-order mark, quoting what needs it and defusing formulas', () => {
    const csv = csvOf(['Site', 'Visitors'], [
      ['google.com', 12],
      ['a, "b"', 3],
      ['=HYPERLINK("http://x")', 1],
      ['-2+3', 1],
      ['@SUM(A1)', 1],
      ['line\nbreak', 1],
      ['\uFF1DSUM(A1)', 1],
      ['\u200B=1+1', 1],
    ]);
    expect(csv).toBe(
      '\uFEFFSite,Visitors\r\ngoogle.com,12\r\n"a, ""b""",3\r\n"\'=HYPERLINK(""http://x"")",1\r\n\'-2+3,1\r\n\'@SUM(A1),1\r\n"line\nbreak",1\r\n\'\uFF1DSUM(A1),1\r\n\'\u200B=1+1,1\r\n',
    );
  });

  it('labels the value axis briefly at every magnitude', () => {
    expect([0, 0.5, 5, 950, 1000, 2500, 10_000, 250_000, 1_200_000].map(axisNumber)).toEqual(['0', '0.5', '5', '950', '1K', '2.5K', '10K', '250K', '1.2M']);
    for (const top of [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 2e6, 5e7, 1e9]) expect(axisNumber(top).length).toBeLessThanOrEqual(4);
  });

  it("writes a range's days with their year when the range crosses a year or is not this year's", () => {
    expect(rangeShowsYear('2026-03-01', '2026-03-30', '2026-11-30')).toBe(false);
    expect(rangeShowsYear('2025-12-01', '2026-01-30', '2026-11-30')).toBe(true);
    expect(rangeShowsYear('2025-03-01', '2025-03-30', '2026-11-30')).toBe(true);
    expect(dayLabel('2026-03-14', false)).toBe('Mar 14');
    expect(dayLabel('2025-12-31', true)).toBe('Dec 31, 2025');
  });
});
