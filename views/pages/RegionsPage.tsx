import type { PageMeta } from '../page-meta';
import { RegionList } from '../../islands/lib/region-list';
import { PageBanner } from '../components/PageBanner';
import { PageSection } from '../components/PageSection';
import { useRegionChoices } from '../components/region-choices';
import { SiteLayout } from '../layout/SiteLayout';

const breadcrumbs = [
  { label: 'Home', href: '/' },
  { label: 'Choose Your Region', href: '/regions' },
];

export const regionsMeta: PageMeta = {
  title: 'Choose Your Region',
  description: 'Visit our regional sites for the USA, the UK, the EU, the UAE and India.',
  breadcrumbs,
};

/** The region choice as a page: where the top bar's Region link leads without JavaScript. */
export function RegionsPage() {
  const regions = useRegionChoices();
  return (
    <SiteLayout>
      <PageBanner heading="Choose Your Region" lead="Pick the site for where you are." breadcrumbs={breadcrumbs} />
      <PageSection label="Regional sites">
        <RegionList regions={regions} />
        <p className="regions-page__offer">
          Looking for our free offer? <a href="/free-offer">Claim it here</a>.
        </p>
      </PageSection>
    </SiteLayout>
  );
}
