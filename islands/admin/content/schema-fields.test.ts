import { mainMenuSchema } from '../../../shared/content/menus';
import { businessSchema, CONTENT_DOCUMENTS, homeSchema, serviceSchema, testimonialsSchema } from '../../../shared/content/documents';
import { DEFAULT_DOCUMENTS } from '../../../shared/content/defaults';
import { pageSchema } from '../../../shared/content/page-sections';
import { EVERY_SECTION_PAGE } from '../../../tests/helpers/page-fixture';
import { changedFields, emptyValue, emptyVariant, fieldLabel, fieldTree, getIn, iconValues, normalizeFieldKey, setIn, validate, type FieldNode } from './schema-fields';

const business = DEFAULT_DOCUMENTS.business!;

function child(node: FieldNode, name: string): FieldNode {
  if (node.kind !== 'object') throw new Error(`${node.title} has no fields`);
  const found = node.fields.find((field) => field.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return found.node;
}

describe('the editor’s reading of the content schemas', () => {
  it.each(CONTENT_DOCUMENTS.map((document) => [document.key, document]))('%s: every field has a widget, and today’s content passes its own schema', (key, document) => {
    const tree = fieldTree(document.schema);
    expect(tree.kind).toBe('object');
    expect(validate(document.schema, DEFAULT_DOCUMENTS[key])).toEqual({});
  });

  it('reads labels, widgets, limits and whether a field may be empty from the schema', () => {
    const tree = fieldTree(businessSchema);
    expect(child(tree, 'phone')).toMatchObject({ kind: 'text', title: 'Phone number', widget: 'phone', required: true, maxLength: 40 });
    // One phone field: the link and the WhatsApp address are made from it.
    expect(() => child(tree, 'phoneHref')).toThrow('no field phoneHref');
    expect(() => child(tree, 'chatHref')).toThrow('no field chatHref');
    expect(child(tree, 'openingHours')).toEqual({ kind: 'hours', title: 'Opening hours', description: "Times as the clock shows them in the agency's time zone (Settings)." });
    expect(child(tree, 'email')).toMatchObject({ kind: 'text', title: 'E-mail address', required: true });
    expect(child(tree, 'mapImage')).toEqual({ kind: 'image', title: 'Map image', nullable: false });
    expect(child(tree, 'sharingImage')).toEqual({ kind: 'image', title: 'Default sharing image', nullable: true });
    expect(child(tree, 'location')).toMatchObject({ kind: 'object', title: 'Address' });
    const socials = child(tree, 'socials');
    expect(socials).toMatchObject({ kind: 'list', title: 'Social links', itemTitle: 'Social link', min: 0, max: 12 });
    expect(socials.kind === 'list' && child(socials.item, 'name')).toMatchObject({ kind: 'choice', options: ['Facebook', 'Instagram', 'LinkedIn', 'X', 'YouTube', 'Behance'], nullable: false });
    expect(socials.kind === 'list' && child(socials.item, 'icon')).toMatchObject({ kind: 'text', widget: 'icon' });

    const seo = child(fieldTree(homeSchema), 'seo');
    expect(child(seo, 'title')).toMatchObject({ widget: 'text', softMax: 60, maxLength: 120 });
    expect(child(seo, 'description')).toMatchObject({ widget: 'multiline', softMax: 160 });
    expect(child(fieldTree(serviceSchema), 'intro')).toMatchObject({ widget: 'rich', description: expect.stringContaining('**bold**') });
    expect(child(fieldTree(serviceSchema), 'portfolioCategory')).toMatchObject({ kind: 'choice', nullable: true });
    const items = child(fieldTree(testimonialsSchema), 'items');
    expect(items.kind === 'list' && child(items.item, 'rating')).toEqual({ kind: 'rating', title: 'Rating (stars)' });
  });

  it('makes a new list item with empty texts and as many sub-items as it needs', () => {
    const tree = fieldTree(serviceSchema);
    const sections = child(tree, 'sections');
    expect(sections.kind === 'list' && emptyValue(sections.item)).toEqual({ heading: '', body: '' });
    expect(emptyValue(child(tree, 'portfolioCategory'))).toBeNull();
    expect(emptyValue(child(fieldTree(businessSchema), 'mapImage'))).toEqual({ src: '', alt: '', decorative: false });
  });

  it('names each problem by its field’s path, as the server does', () => {
    const data = setIn(setIn(business, ['location', 'city'], ''), ['socials', 1, 'href'], 'javascript:alert(1)');
    const problems = validate(businessSchema, data);
    expect(Object.keys(problems)).toEqual(['location.city', 'socials.1.href']);
    expect(problems['location.city']).toBe('Enter the city.');
    expect(fieldLabel(fieldTree(businessSchema), ['socials', 1, 'href'])).toBe('Social links › Social link 2 › Profile address');
    expect(fieldLabel(fieldTree(businessSchema), ['mapImage', 'alt'])).toBe('Map image › Alternative text');
  });

  it('changes one value without touching the others', () => {
    const changed = setIn(business, ['socials', 0, 'href'], 'https://example.com');
    expect(getIn(changed, ['socials', 0, 'href'])).toBe('https://example.com');
    expect(business.socials[0]!.href).not.toBe('https://example.com');
    expect((changed as typeof business).location).toBe(business.location);
  });

  it('reads a field’s name in the server’s spellings', () => {
    expect(normalizeFieldKey('socials[2].href')).toBe('socials.2.href');
    expect(normalizeFieldKey('/socials/2/href')).toBe('socials.2.href');
    expect(normalizeFieldKey('seo.title')).toBe('seo.title');
  });

  it('names a day of the opening hours in a message, and compares the hours as the site says them', () => {
    const tree = fieldTree(businessSchema);
    expect(fieldLabel(tree, ['openingHours', 'days', 1, 'closes'])).toBe('Opening hours › Tuesday closing time');
    expect(fieldLabel(tree, ['openingHours', 'days', 6, 'open'])).toBe('Opening hours › Sunday open or closed');
    expect(fieldLabel(tree, ['openingHours'])).toBe('Opening hours');
    const saturday = { ...business, openingHours: { ...business.openingHours, days: business.openingHours.days.map((day) => (day.day === 'saturday' ? { ...day, open: true, opens: '10:00', closes: '13:00' } : day)) } };
    expect(changedFields(tree, business, saturday)).toEqual([{ path: 'openingHours', label: 'Opening hours', before: 'Monday to Friday, 9 AM to 6 PM', after: 'Monday to Friday, 9 AM to 6 PM; Saturday, 10 AM to 1 PM' }]);
  });

  it('lists only the fields that changed, a removed or added item as one change', () => {
    const tree = fieldTree(businessSchema);
    const after = { ...business, phone: '+1 555 0100', socials: [...business.socials.slice(1), { name: 'X' as const, href: 'https://x.com/new', icon: 'images/social/x.svg' }] };
    expect(changedFields(tree, business, after)).toEqual([
      { path: 'phone', label: 'Phone number', before: business.phone, after: '+1 555 0100' },
      { path: 'socials.0', label: 'Social links › Social link 1', before: business.socials[0]!.href, after: '(removed)' },
      { path: 'socials.5', label: 'Social links › Social link 6', before: '(none)', after: 'https://x.com/new' },
    ]);
    const decorative = { ...business, mapImage: { ...business.mapImage, alt: '', decorative: true }, sharingImage: null };
    expect(changedFields(tree, business, decorative).map((change) => [change.label, change.after])).toEqual([
      ['Map image', `${business.mapImage.src}, decorative`],
      ...(business.sharingImage ? [['Default sharing image', 'No image']] : []),
    ]);
    expect(changedFields(tree, business, business)).toEqual([]);
  });

  it('offers the icons the document already uses', () => {
    expect(iconValues(fieldTree(businessSchema), business)).toContain('images/social/facebook.svg');
  });
});

describe('a list whose items come in kinds (a page’s sections)', () => {
  const tree = fieldTree(pageSchema);
  const sections = child(tree, 'sections');
  const variant = sections.kind === 'list' ? sections.item : undefined;

  it('reads each kind with its label and its own fields, the kind itself not a field', () => {
    expect(variant?.kind).toBe('variant');
    if (variant?.kind !== 'variant') return;
    expect(variant.options.map((option) => [option.value, option.title])).toEqual([
      ['banner', 'Banner'],
      ['text', 'Text'],
      ['cards', 'Cards'],
      ['figures', 'Figures'],
      ['steps', 'Process steps'],
      ['cta', 'Call to action'],
      ['faq', 'Frequently asked questions'],
    ]);
    expect(variant.options.find((option) => option.value === 'faq')!.node.fields.map((field) => field.name)).toEqual(['heading', 'items']);
  });

  it('adds a section of the kind chosen, with the fields that kind needs', () => {
    if (variant?.kind !== 'variant') throw new Error('not a variant');
    expect(emptyVariant(variant, variant.options.find((option) => option.value === 'faq')!)).toEqual({ kind: 'faq', heading: '', items: [{ question: '', answer: '' }] });
    expect(emptyValue(variant)).toEqual({ kind: 'banner', heading: '', lead: '', image: null });
  });

  it('names a field inside a section in messages', () => {
    expect(fieldLabel(tree, ['sections', 6, 'items', 0, 'answer'], EVERY_SECTION_PAGE)).toBe('Sections › Section 7 › Questions › Question 1 › Answer');
    expect(fieldLabel(tree, ['sections', 2, 'items', 0, 'title'], EVERY_SECTION_PAGE)).toBe('Sections › Section 3 › Cards › Card 1 › Title');
  });

  it('lists a changed field of a section, and a section of another kind as one change', () => {
    const asked = setIn(EVERY_SECTION_PAGE, ['sections', 6, 'items', 0, 'question'], 'Do you hire interns?');
    expect(changedFields(tree, EVERY_SECTION_PAGE, asked)).toEqual([
      { path: 'sections.6.items.0.question', label: 'Sections › Section 7 › Questions › Question 1 › Question', before: 'Do you hire juniors?', after: 'Do you hire interns?' },
    ]);
    const retyped = setIn(EVERY_SECTION_PAGE, ['sections', 1], { kind: 'faq', heading: 'How we work', items: [{ question: 'Remote?', answer: 'Yes.' }] });
    expect(changedFields(tree, EVERY_SECTION_PAGE, retyped)).toEqual([
      { path: 'sections.1', label: 'Sections › Section 2', before: 'Text: How we work', after: 'Frequently asked questions: How we work' },
    ]);
  });

  it('offers the icons a section uses', () => {
    expect(iconValues(tree, EVERY_SECTION_PAGE)).toEqual(['images/icons/ui-ux-design.svg']);
  });
});

describe('the menus', () => {
  it('show in the editor as items of three kinds, a link with links under it and no deeper', () => {
    const tree = fieldTree(mainMenuSchema);
    const items = tree.kind === 'object' ? tree.fields[0]!.node : undefined;
    expect(items).toMatchObject({ kind: 'list', title: 'Menu items', min: 1, max: 12 });
    const item = items?.kind === 'list' ? items.item : undefined;
    expect(item?.kind === 'variant' && item.options.map((option) => [option.value, option.title])).toEqual([
      ['link', 'Link'],
      ['services', 'The published services'],
      ['industries', 'The published industries'],
    ]);
    const link = item?.kind === 'variant' ? item.options[0]!.node : undefined;
    const children = link?.fields.find((field) => field.name === 'children')?.node;
    expect(children).toMatchObject({ kind: 'list', title: 'Links under it' });
    expect(children?.kind === 'list' && children.item.kind === 'object' && children.item.fields.map((field) => field.name)).toEqual(['label', 'href']);
  });
});
