import { counted, fieldText, insertAtCursor, truncate } from './text';

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

describe('a saved reply inserted into what was typed', () => {
  const typed = 'Dear Ada,\n\nPS: see you Friday.';
  const saved = 'Thanks for asking about your message.';

  it('goes where the cursor is, keeping the text on both sides, the cursor after it', () => {
    const at = typed.indexOf('PS');
    expect(insertAtCursor(typed, `${saved}\n\n`, { start: at, end: at })).toEqual({ text: `Dear Ada,\n\n${saved}\n\nPS: see you Friday.`, cursor: at + saved.length + 2 });
    expect(insertAtCursor(typed, saved, { start: 0, end: 0 }).text).toBe(`${saved}${typed}`);
    expect(insertAtCursor(typed, saved, { start: typed.length, end: typed.length }).text).toBe(`${typed}${saved}`);
  });

  it('replaces only the selected words', () => {
    const start = typed.indexOf('Friday');
    expect(insertAtCursor(typed, 'Monday', { start, end: start + 'Friday'.length }).text).toBe('Dear Ada,\n\nPS: see you Monday.');
  });

  it('without a cursor (the field never had focus), follows what was typed on a paragraph of its own, or fills an empty reply', () => {
    expect(insertAtCursor(typed, saved, null)).toEqual({ text: `${typed}\n\n${saved}`, cursor: typed.length + 2 + saved.length });
    expect(insertAtCursor('  \n', saved, null)).toEqual({ text: saved, cursor: saved.length });
  });

  it('clamps a cursor left from a longer text, so nothing typed is lost or repeated', () => {
    expect(insertAtCursor('Hi', saved, { start: 40, end: 90 }).text).toBe(`Hi${saved}`);
    expect(insertAtCursor('Hi', saved, { start: 1, end: -5 }).text).toBe(`H${saved}i`);
  });
});
