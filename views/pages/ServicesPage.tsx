import type { PageMeta } from '../page-meta';
import { useAsset, useContent } from '../render-context';
import { CallToAction } from '../components/CallToAction';
import { PageBanner } from '../components/PageBanner';
import { PageSection } from '../components/PageSection';
import { SiteLayout } from '../layout/SiteLayout';

const breadcrumbs = [
  { label: 'Home', href: '/' },
  { label: 'Services', href: '/services' },
];

export const servicesMeta: PageMeta = {
  title: 'Services',
  description: 'Web and app development, AI services, graphic and social media design, marketing, UI/UX, 2D/3D animation and SEO from one experienced team.',
  breadcrumbs,
};

export function ServicesPage() {
  const asset = useAsset();
  const { services } = useContent();
  return (
    <SiteLayout>
      <PageBanner
        heading="Our Services"
        lead="Everything you need to build, launch and grow your business online, delivered by one experienced team."
        breadcrumbs={breadcrumbs}
      />
      <PageSection label="All services">
        <ul className="card-grid">
          {services.map((service) => (
            <li key={service.slug} className="card card--link">
              <img className="card__icon" src={asset(service.icon)} alt="" width={48} height={48} loading="lazy" />
              <h2 className="card__title">
                <a href={`/services/${service.slug}`}>{service.title}</a>
              </h2>
              <p>{service.summary}</p>
            </li>
          ))}
        </ul>
      </PageSection>
      <CallToAction />
    </SiteLayout>
  );
}
