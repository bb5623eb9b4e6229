import { metaFromSeo, type PageMeta } from '../page-meta';
import { useContent } from '../render-context';
import type { SiteContent } from '../../shared/content/site-content';
import { RichText } from '../components/RichText';
import { PageBanner } from '../components/PageBanner';
import { PageSection } from '../components/PageSection';
import { SiteLayout } from '../layout/SiteLayout';

const breadcrumbs = [
  { label: 'Home', href: '/' },
  { label: 'Free Toolkit', href: '/toolkit' },
];

export function toolkitMeta({ toolkit }: SiteContent): PageMeta {
  return metaFromSeo(toolkit.seo, { breadcrumbs });
}

/** The coming-soon page; its animation is pure CSS and stands still under prefers-reduced-motion. */
export function ToolkitPage() {
  const { toolkit } = useContent();
  return (
    <SiteLayout>
      <PageBanner heading={toolkit.heading} lead={toolkit.lead} breadcrumbs={breadcrumbs} />
      <PageSection labelledBy="toolkit-heading" containerClassName="toolkit">
        <div className="toolkit__animation" aria-hidden="true">
          <span className="toolkit__gear toolkit__gear--large" />
          <span className="toolkit__gear toolkit__gear--small" />
          <span className="toolkit__spark" />
        </div>
        <div>
          <h2 id="toolkit-heading">Coming soon</h2>
          <RichText text={toolkit.body} />
          <h3>On the way</h3>
          <ul className="toolkit__list">
            {toolkit.upcoming.map((tool) => (
              <li key={tool}>{tool}</li>
            ))}
          </ul>
          <a className="button" href="/contact">
            Tell me when it is ready
          </a>
        </div>
      </PageSection>
    </SiteLayout>
  );
}
