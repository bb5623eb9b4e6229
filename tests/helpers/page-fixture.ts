import type { PageContent } from '../../shared/content/page-sections';

/** A page with one section of every kind, as staff could make it. */
export const EVERY_SECTION_PAGE: PageContent = {
  title: 'Careers',
  sections: [
    { kind: 'banner', heading: 'Work with us', lead: 'We hire designers and developers.', image: null },
    { kind: 'text', heading: 'How we work', body: 'Remote first, **four days** a week.' },
    { kind: 'cards', heading: 'Open roles', lead: '', items: [{ title: 'Designer', body: 'Brand and UI.', icon: 'images/icons/ui-ux-design.svg', href: '/contact' }] },
    { kind: 'figures', heading: 'In numbers', items: [{ value: '12', label: 'People', detail: '' }] },
    { kind: 'steps', heading: 'How we hire', items: [{ title: 'Call', body: 'Thirty minutes to meet.' }] },
    { kind: 'cta', heading: 'Ready?', body: 'Send us your work.', button: { label: 'Apply', href: '/contact' } },
    { kind: 'faq', heading: 'Questions', items: [{ question: 'Do you hire juniors?', answer: 'Yes, **twice a year**.' }] },
  ],
  seo: { title: 'Careers at the agency', description: 'Open roles and how we hire.', image: null },
};
