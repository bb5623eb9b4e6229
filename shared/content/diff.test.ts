import { differingFields } from './diff';

describe('differingFields', () => {
  it('names the changed leaves by path, list items by index, and nothing for equal data', () => {
    const before = { name: 'A', location: { city: 'X', street: 'S' }, socials: [{ href: 'a' }, { href: 'b' }], image: null };
    expect(differingFields(before, structuredClone(before))).toEqual([]);
    const after = { ...before, location: { ...before.location, city: 'Y' }, socials: [{ href: 'a' }], image: { src: 'i', alt: '', decorative: true } };
    expect(differingFields(before, after)).toEqual(['location.city', 'socials.1', 'image']);
    expect(differingFields('a', 'b')).toEqual(['_form']);
  });
});
