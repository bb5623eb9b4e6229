import type { PageMeta } from '../page-meta';
import { useAsset } from '../render-context';
import { CallToAction } from '../components/CallToAction';
import { PageBanner } from '../components/PageBanner';
import { PageSection } from '../components/PageSection';
import { services } from '../content/services';
import type { Service } from '../content/types';
import { SiteLayout } from '../layout/SiteLayout';

const crumbs = (service: Service) => [
  { label: 'Home', href: '/' },
  { label: 'Services', href: '/services' },
  { label: service.title, href: `/services/${service.slug}` },
];

export function serviceMeta(service: Service): PageMeta {
  return { title: service.title, description: service.metaDescription, breadcrumbs: crumbs(service), image: service.icon };
}

/** One service: what it is, how we approach it, what the client gets, and where to see examples. */
export function ServicePage({ service }: { service: Service }) {
  const asset = useAsset();
  const others = services.filter((other) => other.slug !== service.slug);
  return (
    <SiteLayout>
      <PageBanner heading={service.title} lead={service.summary} breadcrumbs={crumbs(service)} />
      <PageSection containerClassName="service-layout" as="div">
        <article className="prose">
          <p className="prose__intro">{service.intro}</p>
          {service.sections.map((section) => (
            <section key={section.heading}>
              <h2>{section.heading}</h2>
              <p>{section.body}</p>
            </section>
          ))}
          <section className="deliverables" aria-labelledby="deliverables-heading">
            <h2 id="deliverables-heading">What we deliver</h2>
            <ul>
              {service.deliverables.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
          {service.portfolioCategory && (
            <p>
              <a className="button" href={`/portfolio/${service.portfolioCategory}`}>
                See our {service.title.toLowerCase()} work
              </a>
            </p>
          )}
        </article>
        <aside className="service-aside" aria-labelledby="other-services-heading">
          <img src={asset(service.icon)} alt="" width={48} height={48} />
          <h2 id="other-services-heading">Other services</h2>
          <ul>
            {others.map((other) => (
              <li key={other.slug}>
                <a href={`/services/${other.slug}`}>{other.title}</a>
              </li>
            ))}
          </ul>
          <a className="button button--accent" href="/quote">
            Get a Quote
          </a>
        </aside>
      </PageSection>
      <CallToAction />
    </SiteLayout>
  );
}
