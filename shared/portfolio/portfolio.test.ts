import { industries } from '../content/defaults/industries';
import { CATEGORY_LABEL_TO_SLUG, categorySlugForLabel } from './categories';
import { PORTFOLIO_CATEGORY_PAGES } from './category-pages';
import { cardExcerpt, distinctDisplayCategories } from './display';
import { INDUSTRY_KEYWORDS } from './industries';
import { matchesKeywords } from './keywords';
import { portfolioMessages } from './messages';
import { portfolioFormSchema } from './schema';

const item = (categories: string[], displayCategories: string[] = []) => ({ categories, displayCategories });
const page = (slug: string) => PORTFOLIO_CATEGORY_PAGES.find((p) => p.slug === slug)!;

describe('portfolio shared rules', () => {
  it('maps every label the spec maps to its slug and lowercases the rest', () => {
    expect(CATEGORY_LABEL_TO_SLUG).toEqual({
      'Web Development': 'web',
      'Graphic Designing': 'graphic',
      'Social Media Design': 'social-design',
      'Social Media Marketing': 'social-marketing',
      'Real Estate': 'real-estate',
      Corporate: 'corporate',
      Education: 'education',
      'E-commerce': 'ecommerce',
      Food: 'food',
      Automotive: 'automotive',
      Fitness: 'fitness',
      Finance: 'finance',
      Medical: 'medical',
      Petroleum: 'petroleum',
      'Information Technology': 'it',
      Jewellery: 'jewellery',
      'App Development': 'app-development',
    });
    expect(categorySlugForLabel(' Web Development ')).toBe('web');
    expect(categorySlugForLabel('Motion Graphics')).toBe('motion graphics');
  });

  it('never takes a slug from the mapping object\'s prototype', () => {
    expect(categorySlugForLabel('__proto__')).toBe('__proto__');
    expect(categorySlugForLabel('constructor')).toBe('constructor');
    expect(categorySlugForLabel('toString')).toBe('tostring');
  });

  it('matches the web and graphic pages on the exact keyword lists the spec gives', () => {
    expect(page('web-development').keywords).toEqual(['web', 'Web Development', 'web-development', 'website', 'frontend', 'backend', 'fullstack', 'responsive']);
    expect(page('graphic-designing').keywords).toEqual(['graphic', 'Graphic Designing', 'graphic-designing', 'design', 'branding', 'logo', 'illustration', 'print']);
    for (const keyword of page('web-development').keywords) expect(matchesKeywords(item([keyword.toUpperCase()]), page('web-development').keywords)).toBe(true);
    expect(matchesKeywords(item([], ['Branding']), page('graphic-designing').keywords)).toBe(true);
    // Whole values only: "UI/UX Design" is not "design".
    expect(matchesKeywords(item(['ui/ux design'], ['UI/UX Design']), page('graphic-designing').keywords)).toBe(false);
    expect(matchesKeywords(item(['webinar']), page('web-development').keywords)).toBe(false);
  });

  it.each([
    ['social-media-design', 'social-design', 'Social Media Design'],
    ['social-media-marketing', 'social-marketing', 'Social Media Marketing'],
    ['app-development', 'app-development', 'App Development'],
    ['web-development', 'web', 'Web Development'],
    ['graphic-designing', 'graphic', 'Graphic Designing'],
  ])('puts items saved with the %s label or slug on that category page only', (slug, storedSlug, label) => {
    for (const other of PORTFOLIO_CATEGORY_PAGES) {
      expect(matchesKeywords(item([storedSlug]), other.keywords)).toBe(other.slug === slug);
      expect(matchesKeywords(item([], [label]), other.keywords)).toBe(other.slug === slug);
    }
    expect(matchesKeywords(item([slug]), page(slug).keywords)).toBe(true);
  });

  it('has a keyword list for each of the twelve industries that matches its saved slug and label', () => {
    expect(Object.keys(INDUSTRY_KEYWORDS).sort()).toEqual(industries.map((i) => i.slug).sort());
    for (const industry of industries) {
      const keywords = INDUSTRY_KEYWORDS[industry.slug];
      const storedSlug = categorySlugForLabel(industry.label);
      expect(matchesKeywords(item([storedSlug]), keywords)).toBe(true);
      expect(matchesKeywords(item([], [industry.label]), keywords)).toBe(true);
      for (const other of industries.filter((o) => o.slug !== industry.slug)) {
        expect(matchesKeywords(item([storedSlug], [industry.label]), INDUSTRY_KEYWORDS[other.slug])).toBe(false);
      }
    }
    expect(matchesKeywords(item(['automobile']), INDUSTRY_KEYWORDS.automotive)).toBe(true);
    expect(matchesKeywords(item(['jewelry']), INDUSTRY_KEYWORDS.jewellery)).toBe(true);
  });

  it('cuts descriptions to ten words plus an ellipsis', () => {
    expect(cardExcerpt('one two three four five six seven eight nine ten eleven twelve')).toBe('one two three four five six seven eight nine ten...');
    expect(cardExcerpt('  exactly ten words here so that nothing at all changes  ')).toBe('exactly ten words here so that nothing at all changes');
    expect(cardExcerpt('short  and\nsweet')).toBe('short and sweet');
  });

  it('lists distinct display categories in first-seen order', () => {
    expect(distinctDisplayCategories([{ displayCategories: ['Web Development', 'Food'] }, { displayCategories: ['Food', 'Fitness'] }])).toEqual(['Web Development', 'Food', 'Fitness']);
  });

  it('gives the admin form the "at least one category" rule', () => {
    const base = { title: 'T', client: 'C', description: 'D' };
    const none = portfolioFormSchema.safeParse(base);
    expect(none.success).toBe(false);
    expect(none.error!.issues[0]!.message).toBe(portfolioMessages.categoryRequired);
    expect(portfolioFormSchema.safeParse({ ...base, displayCategories: 'Food' }).success).toBe(true);
  });
});
