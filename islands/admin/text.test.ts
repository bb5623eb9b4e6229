import { fieldText, formatSubmittedAt, truncate } from './text';

describe('table text', () => {
  it('cuts long text to 50 characters plus an ellipsis and leaves short text alone', () => {
    const long = 'a'.repeat(49) + 'bcdef';
    expect(truncate(long)).toBe('a'.repeat(49) + 'b…');
    expect(Array.from(truncate(long)).length).toBe(51);
    expect(truncate('x'.repeat(50))).toBe('x'.repeat(50));
    expect(truncate('')).toBe('');
  });

  it('never splits an astral character in two', () => {
    const text = '😀'.repeat(60);
    expect(truncate(text)).toBe('😀'.repeat(50) + '…');
  });

  it('does not end a cut text with spaces before the ellipsis', () => {
    expect(truncate(`${'w'.repeat(45)}      tail of the message`)).toBe(`${'w'.repeat(45)}…`);
  });

  it('shows any stored value as text', () => {
    expect(fieldText(5000)).toBe('5000');
    expect(fieldText(null)).toBe('');
    expect(fieldText(undefined)).toBe('');
    expect(fieldText('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
  });

  it('formats submission times and keeps an unreadable one as given', () => {
    expect(formatSubmittedAt('2026-03-15T09:30:00.000Z', 'en-GB', 'UTC')).toBe('15 Mar 2026, 09:30');
    expect(formatSubmittedAt('not a date')).toBe('not a date');
  });
});
