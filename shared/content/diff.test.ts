import { differingFields } from './diff';

describe('differingFields', () => {
  it('names the changed leaves by path, list items by index, and nothing for equal data', () => {
    const before = { name: 'A', location: { city: 'X', street: 'S' }, socials: [{ href: 'a' }, { href: 'b' }], image: null };
    expect(differingFields(before, structuredClone(before))).toEqual([]);
    const after = { ...before, location: { ...before.location, city: 'Y' }, socials: [{ href: 'a' }], image: { src: 'i', alt: '', decorative: true } };
    expect(differingFields(before, after)).toEqual(['location.city', 'socials.1', 'image']);
    expect(differingFields('a', 'b')).toEqual(['_form']);
  });

  it('pairs list items, so removing or inserting one names that item only', () => {
    const items = [{ href: 'a' }, { href: 'b' }, { href: 'c' }];
    expect(differingFields({ socials: items }, { socials: items.slice(1) })).toEqual(['socials.0']);
    expect(differingFields({ socials: items }, { socials: [{ href: 'new' }, ...items] })).toEqual(['socials.0']);
    // An item edited in place is compared field by field.
    expect(differingFields({ socials: items }, { socials: [items[0], { href: 'B' }, items[2]] })).toEqual(['socials.1.href']);
  });
});
