import { csvOf, percentOf } from './analytics-text';

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
});
