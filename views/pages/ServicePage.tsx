import { metaFromSeo, type PageMeta } from '../page-meta';
import { useAsset, useContent } from '../render-context';
import { RichText } from '../components/RichText';
import type { SiteContent } from '../../shared/content/site-content';
import { CallToAction } from '../components/CallToAction';
import { PageBanner } from '../components/PageBanner';
import { PageSection } from '../components/PageSection';
import type { Service } from '../../shared/content/site-types';
import { SiteLayout } from '../layout/SiteLayout';

const crumbs = (service: Service) => [
  { label: 'Home', href: '/' },
  { label: 'Services', href: '/services' },
  { label: service.title, href: `/services/${service.slug}` },
];

/** The service of `slug` in `content` (routes only pass slugs of the site's services). */
export function serviceOf(content: SiteContent, slug: string): Service {
  const service = content.services.find((candidate) => candidate.slug === slug);
  if (!service) throw new Error(`No service "${slug}" in the content`);
  return service;
}

export function serviceMeta(content: SiteContent, slug: string): PageMeta {
  const service = serviceOf(content, slug);
  return metaFromSeo(service.seo, { breadcrumbs: crumbs(service) });
}

/** One service: what it is, how we approach it, what the client gets, and where to see examples. */
export function ServicePage({ slug }: { slug: string }) {
  const asset = useAsset();
  const content = useContent();
  const service = serviceOf(content, slug);
  const others = content.services.filter((other) => other.slug !== service.slug);
  return (
    <SiteLayout>
      <PageBanner heading={service.title} lead={service.summary} breadcrumbs={crumbs(service)} />
      <PageSection containerClassName="service-layout" as="div">
        <article className="prose">
          <RichText className="prose__intro" text={service.intro} />
          {service.sections.map((section) => (
            <section key={section.heading}>
              <h2>{section.heading}</h2>
              <RichText text={section.body} />
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
