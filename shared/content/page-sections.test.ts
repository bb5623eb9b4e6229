import { EVERY_SECTION_PAGE } from '../../tests/helpers/page-fixture';
import { pageSchema } from './page-sections';

describe('a page staff make from sections', () => {
  it('takes a section of every kind', () => {
    expect(pageSchema.safeParse(EVERY_SECTION_PAGE).success).toBe(true);
  });

  it('refuses a section of no known kind, and the fields of another kind', () => {
    const unknown = pageSchema.safeParse({ ...EVERY_SECTION_PAGE, sections: [{ kind: 'video', heading: 'x' }] });
    expect(unknown.success).toBe(false);
    const mixed = pageSchema.safeParse({ ...EVERY_SECTION_PAGE, sections: [{ kind: 'text', heading: 'x', body: 'y', items: [] }] });
    expect(mixed.error?.issues[0]?.path).toEqual(['sections', 0]);
  });

  it('keeps the banner first: a second h1 further down is refused beside that section', () => {
    const result = pageSchema.safeParse({ ...EVERY_SECTION_PAGE, sections: [EVERY_SECTION_PAGE.sections[1], EVERY_SECTION_PAGE.sections[0]] });
    expect(result.error?.issues.map((issue) => ({ path: issue.path, message: issue.message }))).toEqual([
      { path: ['sections', 1, 'kind'], message: 'A banner opens the page: move it to the top, or use a Text section here.' },
    ]);
  });

  it('refuses a page with no section, and a link that is not one', () => {
    expect(pageSchema.safeParse({ ...EVERY_SECTION_PAGE, sections: [] }).success).toBe(false);
    const cta = { kind: 'cta', heading: 'Go', body: 'Now.', button: { label: 'Go', href: 'javascript:alert(1)' } };
    expect(pageSchema.safeParse({ ...EVERY_SECTION_PAGE, sections: [cta] }).error?.issues[0]?.path).toEqual(['sections', 0, 'button', 'href']);
  });
});
