import { counted, fieldText, truncate } from './text';

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

  it('counts in the singular for one and the plural otherwise', () => {
    expect(counted(1, 'message')).toBe('1 message');
    expect(counted(0, 'message')).toBe('0 messages');
    expect(counted(2, 'recovery code')).toBe('2 recovery codes');
    expect(counted(1, 'reply', 'replies')).toBe('1 reply');
    expect(counted(3, 'reply', 'replies')).toBe('3 replies');
    expect(counted(1234, 'lead')).toBe('1,234 leads');
  });

  it('shows any stored value as text', () => {
    expect(fieldText(5000)).toBe('5000');
    expect(fieldText(null)).toBe('');
    expect(fieldText(undefined)).toBe('');
    expect(fieldText('<img src=x onerror=alert(1)>')).toBe('<img src=x onerror=alert(1)>');
  });
});
