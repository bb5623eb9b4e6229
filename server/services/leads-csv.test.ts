import { csvCell } from './leads-csv';

describe('CSV cells', () => {
  it('quotes cells with quotes, commas or line breaks (RFC 4180)', () => {
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(7500)).toBe('7500');
    expect(csvCell(new Date('2026-01-01T00:00:00Z'))).toBe('2026-01-01T00:00:00.000Z');
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tcmd', '\rcmd'])('neutralises a formula-like cell %j with a leading quote', (text) => {
    const cell = csvCell(text);
    expect(cell.replace(/^"/, '').startsWith(`'${text[0]}`)).toBe(true);
  });

  it('leaves text that only contains those characters later alone', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('ada@example.com')).toBe('ada@example.com');
  });
});
