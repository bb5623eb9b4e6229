import { changeText, durationText } from './dashboard';

describe('dashboard wording', () => {
  it('words the change against the period before', () => {
    expect(changeText({ current: 5, previous: 4 })).toBe('+25%');
    expect(changeText({ current: 3, previous: 5 })).toBe('−40%');
    expect(changeText({ current: 2, previous: 2 })).toBe('no change');
    expect(changeText({ current: 2, previous: 0 })).toBe('new');
    expect(changeText({ current: 0, previous: 0 })).toBe('no change');
  });

  it('words durations at their scale', () => {
    expect(durationText(45)).toBe('45 min');
    expect(durationText(210)).toBe('3.5 h');
    expect(durationText(120)).toBe('2 h');
    expect(durationText(3024)).toBe('2.1 d');
  });
});
