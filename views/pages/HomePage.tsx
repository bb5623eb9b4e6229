import type { PageMeta } from '../../server/render/page-meta';
import { business } from '../content/business';
import { services } from '../content/services';
import { SiteLayout } from '../layout/SiteLayout';

export const homeMeta: PageMeta = {
  title: business.name,
  description: `${business.name} designs and builds websites, apps, AI services, brands and campaigns that grow your business.`,
};

export function HomePage() {
  return (
    <SiteLayout>
      <section className="hero">
        <div className="container">
          <h1>Digital products that win you clients</h1>
          <p>{homeMeta.description}</p>
          <a className="button" href="/contact">
            Get a Quote
          </a>
        </div>
      </section>
      <section className="container section">
        <h2>Our services</h2>
        <ul className="card-grid">
          {services.map((service) => (
            <li key={service.slug} className="card">
              <h3>
                <a href={`/services/${service.slug}`}>{service.title}</a>
              </h3>
              <p>{service.summary}</p>
            </li>
          ))}
        </ul>
      </section>
    </SiteLayout>
  );
}
