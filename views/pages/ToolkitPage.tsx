import type { PageMeta } from '../page-meta';
import { PageBanner } from '../components/PageBanner';
import { PageSection } from '../components/PageSection';
import { toolkit } from '../content/toolkit';
import { SiteLayout } from '../layout/SiteLayout';

const breadcrumbs = [
  { label: 'Home', href: '/' },
  { label: 'Free Toolkit', href: '/toolkit' },
];

export const toolkitMeta: PageMeta = {
  title: 'Free Toolkit',
  description: 'Free tools and templates to plan, launch and grow your business online, from Brightpath Digital. Coming soon.',
  breadcrumbs,
};

/** The coming-soon page; its animation is pure CSS and stands still under prefers-reduced-motion. */
export function ToolkitPage() {
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
          <p>{toolkit.body}</p>
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
