import { mergeVersions, sameValue, UNKNOWN_BASE } from './merge';

describe('merging two versions made from the same one', () => {
  const base = { heading: 'H', lead: 'L', image: { src: 'a.jpg', alt: 'A', decorative: false }, faq: [{ q: '1', a: 'one' }, { q: '2', a: 'two' }] };

  it('keeps what only one side changed, from that side', () => {
    expect(mergeVersions(base, { ...base, heading: 'Mine' }, { ...base, lead: 'Theirs' })).toEqual({ data: { ...base, heading: 'Mine', lead: 'Theirs' }, conflicts: [], theirs: ['lead'] });
  });

  it('names a field both changed differently, and takes one both changed alike', () => {
    expect(mergeVersions(base, { ...base, heading: 'Mine' }, { ...base, heading: 'Theirs' }).conflicts).toEqual(['heading']);
    expect(mergeVersions(base, { ...base, heading: 'Same' }, { ...base, heading: 'Same' })).toMatchObject({ conflicts: [], data: { heading: 'Same' } });
  });

  it('merges list items by place while both keep the length, else names the whole list', () => {
    const edit = (index: number, a: string) => base.faq.map((item, at) => (at === index ? { ...item, a } : item));
    expect(mergeVersions(base, { ...base, faq: edit(0, 'mine') }, { ...base, faq: edit(1, 'theirs') }).data).toEqual({ ...base, faq: [{ q: '1', a: 'mine' }, { q: '2', a: 'theirs' }] });
    expect(mergeVersions(base, { ...base, faq: edit(0, 'mine') }, { ...base, faq: edit(0, 'theirs') }).conflicts).toEqual(['faq.0.a']);
    expect(mergeVersions(base, { ...base, faq: [...base.faq, { q: '3', a: 'three' }] }, { ...base, faq: edit(1, 'theirs') }).conflicts).toEqual(['faq']);
    // One side alone adding an item is no conflict.
    expect(mergeVersions(base, { ...base, faq: [...base.faq, { q: '3', a: 'three' }] }, { ...base, heading: 'Theirs' }).conflicts).toEqual([]);
  });

  it('keeps an image whole: one person’s file never gets the other’s alternative text', () => {
    const merged = mergeVersions(base, { ...base, image: { src: 'b.jpg', alt: 'A', decorative: false } }, { ...base, image: { src: 'a.jpg', alt: 'New text', decorative: false } });
    expect(merged.conflicts).toEqual(['image']);
  });

  it('asks about every differing field when the base is not known', () => {
    expect(mergeVersions(UNKNOWN_BASE, { ...base, heading: 'Mine', lead: 'Same' }, { ...base, lead: 'Same', faq: [] }).conflicts.sort()).toEqual(['faq', 'heading']);
  });

  it('compares values whatever the order of their keys (as jsonb stores them)', () => {
    expect(sameValue({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
  });
});
