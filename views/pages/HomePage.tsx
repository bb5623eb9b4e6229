import { metaFromSeo, type PageMeta } from '../page-meta';
import { useAsset, useContent } from '../render-context';
import { CallToAction } from '../components/CallToAction';
import { Island } from '../components/Island';
import { PageSection } from '../components/PageSection';
import { SectionHeading } from '../components/SectionHeading';
import { TechnologyMarquee } from '../components/TechnologyMarquee';
import { altOf, type ImageField } from '../../shared/content/fields';
import { ContentImage } from '../components/ContentImage';
import type { SiteContent } from '../../shared/content/site-content';
import { SiteLayout } from '../layout/SiteLayout';

export function homeMeta({ home }: SiteContent): PageMeta {
  return metaFromSeo(home.seo);
}

/** The banner's column: up to 560 px beside the text on wide screens, the container's width below. */
const HERO_IMAGE_SIZES = '(min-width: 900px) 560px, calc(100vw - 2.5rem)';

export function HomePage() {
  const asset = useAsset();
  const { home, services, industries, stats, testimonials, processSteps, images } = useContent();
  // A shipped logo goes to the slider as its URL; an uploaded one as its renditions.
  const testimonialLogo = (logo: ImageField) => (Object.hasOwn(images, logo.src) ? { logoUrl: '', logoImage: images[logo.src] } : { logoUrl: asset(logo.src) });
  const { banner } = home;
  return (
    <SiteLayout>
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__text">
            <p className="hero__eyebrow">{banner.eyebrow}</p>
            <h1>{banner.heading}</h1>
            <p className="hero__lead">{banner.lead}</p>
            <p className="hero__actions">
              <a className="button button--accent" href={banner.primaryCta.href}>
                {banner.primaryCta.label}
              </a>
              <a className="button button--light" href={banner.secondaryCta.href}>
                {banner.secondaryCta.label}
              </a>
            </p>
          </div>
          <ContentImage className="hero__image" image={banner.image} width={600} height={450} sizes={HERO_IMAGE_SIZES} fetchPriority="high" />
        </div>
      </section>

      <PageSection labelledBy="services-heading" id="services">
        <SectionHeading id="services-heading" heading={home.services.heading} lead={home.services.lead} />
        <ul className="card-grid">
          {services.map((service) => (
            <li key={service.slug} className="card card--link">
              <img className="card__icon" src={asset(service.icon)} alt="" width={48} height={48} loading="lazy" />
              <h3>
                <a href={`/services/${service.slug}`}>{service.title}</a>
              </h3>
              <p>{service.summary}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection labelledBy="industries-heading" id="industries" alt>
        <SectionHeading id="industries-heading" heading={home.industries.heading} lead={home.industries.lead} />
        <ul className="industry-grid">
          {industries.map((industry) => (
            <li key={industry.slug}>
              <a className="industry-tile" href={`/industries/${industry.slug}`}>
                <img src={asset(industry.icon)} alt="" width={48} height={48} loading="lazy" />
                <span>{industry.label}</span>
              </a>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection labelledBy="stats-heading" className="stats">
        <SectionHeading id="stats-heading" heading={home.stats.heading} lead={home.stats.lead} />
        <dl className="stats__grid">
          {stats.map((stat) => (
            <div key={stat.value} className="stats__item">
              <dt>{stat.label}</dt>
              <dd>
                <span className="stats__value">{stat.value}</span>
                <span className="stats__detail">{stat.detail}</span>
              </dd>
            </div>
          ))}
        </dl>
      </PageSection>

      <PageSection labelledBy="testimonials-heading">
        <SectionHeading id="testimonials-heading" heading={home.testimonials.heading} lead={home.testimonials.lead} />
        <Island
          name="TestimonialsSlider"
          hydrate="visible"
          props={{ slides: testimonials.map(({ logo, ...rest }) => ({ ...rest, ...testimonialLogo(logo), logoAlt: altOf(logo) })) }}
        />
      </PageSection>

      <PageSection labelledBy="technologies-heading" alt>
        <SectionHeading id="technologies-heading" heading={home.technologies.heading} lead={home.technologies.lead} />
        <TechnologyMarquee />
      </PageSection>

      <PageSection labelledBy="process-heading">
        <SectionHeading id="process-heading" heading={home.process.heading} lead={home.process.lead} />
        <ol className="timeline">
          {processSteps.map((step, index) => (
            <li key={step.title} className="timeline__step">
              <span className="timeline__number" aria-hidden="true">
                {index + 1}
              </span>
              <img src={asset(step.icon)} alt="" width={48} height={48} loading="lazy" />
              <h3>{step.title}</h3>
              <ul>
                {step.details.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </PageSection>

      <CallToAction heading={home.replyPromise.heading} body={home.replyPromise.body} />
    </SiteLayout>
  );
}
