import { generatePassword, hashToken } from './credentials';

describe('credentials', () => {
  it('generates random passwords long enough for the rules', () => {
    const a = generatePassword();
    expect(a.length).toBeGreaterThanOrEqual(24);
    expect(generatePassword()).not.toBe(a);
    expect(hashToken('x')).toMatch(/^[0-9a-f]{64}$/);
  });
});
