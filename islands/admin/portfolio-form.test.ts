import {
  buildPortfolioFormData,
  categoryOptions,
  emptyPortfolioValues,
  keptSliderImages,
  portfolioValuesFromItem,
  validatePortfolioValues,
  type PortfolioFormValues,
  type PortfolioItem,
} from './portfolio-form';
import { CATEGORY_LABELS } from '../../shared/portfolio/categories';

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const filled = (patch: Partial<PortfolioFormValues> = {}): PortfolioFormValues => ({
  ...emptyPortfolioValues(),
  title: '  Harbour Café site ',
  client: 'Harbour Café',
  description: 'A new website.',
  categoryLabels: ['Web Development', 'Food'],
  ...patch,
});

describe('portfolio form data', () => {
  it('sends the spec fields: slugs and labels repeated, JSON texts, files', () => {
    const main = png('main.png');
    const sliders = [png('1.png'), png('2.png')];
    const form = buildPortfolioFormData(
      filled({ completionDate: 'June 2026', technologies: 'React, Node.js', testimonial: { author: 'Mia', position: 'Owner', text: 'Great' } }),
      { image: main, sliderImages: sliders },
    );
    expect(form.get('image')).toBeInstanceOf(File);
    expect((form.get('image') as File).name).toBe('main.png');
    expect(form.getAll('sliderImages').map((file) => (file as File).name)).toEqual(['1.png', '2.png']);
    expect(form.get('title')).toBe('Harbour Café site');
    expect(form.getAll('categories')).toEqual(['web', 'food']);
    expect(form.getAll('displayCategories')).toEqual(['Web Development', 'Food']);
    expect(form.get('date')).toBe('June 2026');
    expect(form.get('completionDate')).toBe('June 2026');
    expect(form.get('technologies')).toBe('React, Node.js');
    expect(JSON.parse(form.get('testimonial') as string)).toEqual({ author: 'Mia', position: 'Owner', text: 'Great' });
    expect(form.get('bgColor')).toBe('#045e63');
    const delivered = JSON.parse(form.get('whatWeDelivered') as string);
    expect(delivered.items.map((item: { title: string }) => item.title)).toEqual([
      'Attractive Design',
      'Optimized Site Speed',
      'Advanced Security',
      'Engaging Content',
      'Responsive Website',
      'Accessibility',
    ]);
  });

  it("sends today's date like 15 Mar 2025 when no completion date is given", () => {
    const form = buildPortfolioFormData(filled(), { image: null, sliderImages: [] }, { today: new Date('2025-03-15T12:00:00Z') });
    expect(form.get('date')).toBe('15 Mar 2025');
    expect(form.get('completionDate')).toBe('');
    expect(form.has('image')).toBe(false);
    expect(form.has('sliderImages')).toBe(false);
  });

  it('keeps the stored date on edit when the completion date stays empty', () => {
    const form = buildPortfolioFormData(filled(), { image: null, sliderImages: [] }, { existingDate: '2 Jan 2024', today: new Date('2025-03-15T12:00:00Z') });
    expect(form.get('date')).toBe('2 Jan 2024');
  });

  it('lowercases a label the mapping does not know, and sends at most three slider images', () => {
    const form = buildPortfolioFormData(filled({ categoryLabels: ['Hospitality'] }), { image: null, sliderImages: [png('1'), png('2'), png('3'), png('4')] });
    expect(form.getAll('categories')).toEqual(['hospitality']);
    expect(form.getAll('sliderImages')).toHaveLength(3);
  });

  it('leaves out delivered items without a title', () => {
    const values = filled({ whatWeDelivered: { description: 'All of it', items: [{ title: ' ', icon: 'check' }, { title: 'Speed', icon: 'speed' }] } });
    const form = buildPortfolioFormData(values, { image: null, sliderImages: [] });
    expect(JSON.parse(form.get('whatWeDelivered') as string)).toEqual({ description: 'All of it', items: [{ title: 'Speed', icon: 'speed' }] });
  });
});

describe('portfolio form rules', () => {
  const noFiles = { image: null, sliderImages: [] };

  it('accepts a complete form', () => {
    expect(validatePortfolioValues(filled({ websiteLink: 'https://harbour.example' }), noFiles)).toEqual({});
  });

  it('requires title, client, description and a category', () => {
    const errors = validatePortfolioValues(emptyPortfolioValues(), noFiles);
    expect(Object.keys(errors).sort()).toEqual(['categories', 'client', 'description', 'title']);
  });

  it('wants a full web address and a hex colour', () => {
    expect(validatePortfolioValues(filled({ websiteLink: 'harbour.example' }), noFiles).websiteLink).toMatch(/full URL/);
    expect(validatePortfolioValues(filled({ websiteLink: 'javascript:alert(1)' }), noFiles).websiteLink).toMatch(/full URL/);
    expect(validatePortfolioValues(filled({ bgColor: 'teal' }), noFiles).bgColor).toMatch(/hex colour/);
  });

  it("applies the server's limits too, to the field they concern", () => {
    const errors = validatePortfolioValues(filled({ challenge: 'x'.repeat(5001), completionDate: 'y'.repeat(101) }), noFiles);
    expect(errors.challenge).toMatch(/at most 5000/);
    expect(errors.completionDate).toMatch(/at most 100/);
    expect(errors.title).toBeUndefined();
  });

  it('accepts only image files', () => {
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    expect(validatePortfolioValues(filled(), { image: text, sliderImages: [] }).image).toBeDefined();
    expect(validatePortfolioValues(filled(), { image: null, sliderImages: [png('a'), text] }).sliderImages).toBeDefined();
    const { kept, dropped } = keptSliderImages([png('1'), text, png('2'), png('3'), png('4')]);
    expect(kept.map((file) => file.name)).toEqual(['1', '2', '3']);
    expect(dropped).toBe(2);
  });
});

describe('editing a stored item', () => {
  const item: PortfolioItem = {
    _id: 'p1',
    title: 'Harbour Café site',
    client: 'Harbour Café',
    description: 'A new website.',
    categories: ['web', 'food'],
    displayCategories: ['Web Development', 'Food', 'Hospitality'],
    date: '2 Jan 2024',
    completionDate: '',
    technologies: 'React',
    websiteLink: 'https://harbour.example',
    challenge: '',
    solution: '',
    results: '',
    bgColor: '#112233',
    testimonial: null,
    whatWeDelivered: { description: '', items: [{ title: 'Speed', icon: 'speed' }] },
    image: '/media/main.jpg',
    images: [],
    imageSet: null,
    heroImageSet: null,
    sliderImageSets: [],
    thumbnailSets: [],
    createdAt: '2024-01-02T00:00:00.000Z',
    updatedAt: '2024-01-02T00:00:00.000Z',
  };

  it('prefills every field and offers the extra label as a checkbox', () => {
    const values = portfolioValuesFromItem(item);
    expect(values.categoryLabels).toEqual(['Web Development', 'Food', 'Hospitality']);
    expect(values.bgColor).toBe('#112233');
    expect(values.testimonial).toEqual({ author: '', position: '', text: '' });
    expect(values.whatWeDelivered.items).toEqual([{ title: 'Speed', icon: 'speed' }]);
    expect(categoryOptions(values.categoryLabels)).toEqual([...CATEGORY_LABELS, 'Hospitality']);
  });

  it('maps slugs back to labels when an item has no display labels, and drops Uncategorized', () => {
    expect(portfolioValuesFromItem({ ...item, displayCategories: [], categories: ['graphic', 'app-development'] }).categoryLabels).toEqual(['Graphic Designing', 'App Development']);
    expect(portfolioValuesFromItem({ ...item, displayCategories: ['Uncategorized'] }).categoryLabels).toEqual([]);
  });
});
