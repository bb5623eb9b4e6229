import { metaFromSeo, type PageMeta } from '../page-meta';
import { useContent } from '../render-context';
import { PageBanner } from '../components/PageBanner';
import { PageSection } from '../components/PageSection';
import { RichText } from '../components/RichText';
import type { SiteContent } from '../../shared/content/site-content';
import { SiteLayout } from '../layout/SiteLayout';

const breadcrumbs = [
  { label: 'Home', href: '/' },
  { label: 'Privacy', href: '/privacy' },
];

export function privacyMeta({ privacy }: SiteContent): PageMeta {
  return metaFromSeo(privacy.seo, { breadcrumbs });
}

/** The privacy notice: what the cookieless analytics count and what the forms keep. */
export function PrivacyPage() {
  const { privacy } = useContent();
  return (
    <SiteLayout>
      <PageBanner heading={privacy.banner.heading} lead={privacy.banner.lead} breadcrumbs={breadcrumbs} />
      {privacy.sections.map((section, index) => (
        <PageSection key={index} labelledBy={`privacy-${index + 1}`} alt={index % 2 === 1} containerClassName="prose">
          <h2 id={`privacy-${index + 1}`}>{section.heading}</h2>
          <RichText text={section.body} />
        </PageSection>
      ))}
    </SiteLayout>
  );
}
