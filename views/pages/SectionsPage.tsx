import type { PageContent, PageSectionOf } from '../../shared/content/page-sections';
import { richTextHtml } from '../../shared/content/rich-text';
import type { Crumb } from '../components/Breadcrumb';
import { PageSections } from '../components/PageSections';
import { SiteLayout } from '../layout/SiteLayout';
import { metaFromSeo, type PageMeta } from '../page-meta';

/** A page staff made (`pages/{slug}`) as it is served at `path`. */
export interface SectionsPageInput {
  page: PageContent;
  path: string;
}

const crumbs = ({ page, path }: SectionsPageInput): Crumb[] => [
  { label: 'Home', href: '/' },
  { label: page.title, href: path },
];

/** schema.org FAQPage of every question on the page, with the answers as the page shows them. */
export function faqPageJsonLd(questions: readonly PageSectionOf<'faq'>['items'][number][]): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: questions.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: richTextHtml(item.answer).trim() },
    })),
  };
}

export function sectionsPageMeta(input: SectionsPageInput): PageMeta {
  const questions = input.page.sections.flatMap((section) => (section.kind === 'faq' ? section.items : []));
  return metaFromSeo(input.page.seo, { breadcrumbs: crumbs(input), ...(questions.length > 0 ? { jsonLd: [faqPageJsonLd(questions)] } : {}) });
}

/** A page staff built from the site's sections: Careers, Pricing, a campaign's landing page. */
export function SectionsPage(input: SectionsPageInput) {
  return (
    <SiteLayout>
      <PageSections title={input.page.title} sections={input.page.sections} breadcrumbs={crumbs(input)} />
    </SiteLayout>
  );
}
