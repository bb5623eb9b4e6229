import { dueText, spanText } from './reply-queue';

describe('dueText', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const at = (iso: string) => dueText(new Date(iso), now);

  it('words time left and time overdue', () => {
    expect(at('2026-11-24T15:00:00Z')).toBe('due in 3 h');
    expect(at('2026-11-24T07:00:00Z')).toBe('overdue by 5 h');
    expect(at('2026-11-24T12:40:00Z')).toBe('due in 40 min');
    expect(at('2026-11-24T12:00:00Z')).toBe('due in 1 min');
  });

  it('counts days past two days', () => {
    expect(spanText(30 * 3600_000)).toBe('30 h');
    expect(spanText(53 * 3600_000)).toBe('2 d 5 h');
    expect(spanText(72 * 3600_000)).toBe('3 d');
  });
});
