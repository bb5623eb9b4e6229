import type { PageMeta } from '../page-meta';
import { categoryPageBySlug } from '../../shared/portfolio/category-pages';
import { DELIVERED_ICONS, type DeliveredIconName, type PortfolioItemJson } from '../../shared/portfolio/item';
import { matchesKeywords } from '../../shared/portfolio/keywords';
import { portfolioMessages } from '../../shared/portfolio/messages';
import { CallToAction } from '../components/CallToAction';
import { Island } from '../components/Island';
import { PageBanner } from '../components/PageBanner';
import { PageSection } from '../components/PageSection';
import { ImagePlaceholder } from '../components/PortfolioCard';
import { LineIcon } from '../../islands/lib/line-icon';
import { ResponsivePicture } from '../../islands/lib/responsive-picture';
import type { Service } from '../../shared/content/site-types';
import { useContent } from '../render-context';
import { SiteLayout } from '../layout/SiteLayout';

const HERO_SIZES = '(min-width: 1024px) 800px, calc(100vw - 2.5rem)';

/** Line icons for "what we delivered" items, one for each name the admin form offers. */
const DELIVERED_ICON_PATHS: Record<DeliveredIconName, string> = {
  palette: 'M12 3a9 9 0 1 0 0 18c1 0 1.5-.8 1.5-1.5 0-1.2-1-1.5-1-2.5s.8-1.5 2-1.5H17a4 4 0 0 0 4-4c0-4.7-4-8.5-9-8.5zM7.5 12a1 1 0 1 1 0-2 1 1 0 0 1 0 2zm3-4a1 1 0 1 1 0-2 1 1 0 0 1 0 2zm4 0a1 1 0 1 1 0-2 1 1 0 0 1 0 2z',
  speed: 'M4 18a9 9 0 1 1 16 0M12 18l4-6',
  shield: 'M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z',
  pen: 'M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4',
  devices: 'M3 5h13v10H3zM7 19h5M18 9h3v10h-3z',
  accessibility: 'M12 5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM5 8l7 1.5L19 8M12 9.5V14l-3 7M12 14l3 7',
  check: 'M5 12l5 5L20 7',
};

const isDeliveredIcon = (name: string): name is DeliveredIconName => (DELIVERED_ICONS as readonly string[]).includes(name);

function DeliveredIcon({ name }: { name: string }) {
  return <LineIcon path={DELIVERED_ICON_PATHS[isDeliveredIcon(name) ? name : 'check']} size={28} />;
}

const crumbs = (item: Pick<PortfolioItemJson, '_id' | 'title'>) => [
  { label: 'Home', href: '/' },
  { label: 'Portfolio', href: '/portfolio' },
  { label: item.title, href: `/portfolio/${item._id}` },
];

/** Title, description, sharing image and schema.org CreativeWork of one item. */
export function portfolioDetailMeta(item: PortfolioItemJson, absolute: (path: string) => string): PageMeta {
  const shareImage = item.heroImageSet?.jpeg.at(-1)?.url ?? item.image ?? undefined;
  return {
    title: `${item.title} | Portfolio`,
    description: item.description.length > 160 ? `${item.description.slice(0, 157).trimEnd()}...` : item.description,
    image: shareImage,
    ogType: 'article',
    breadcrumbs: crumbs(item),
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'CreativeWork',
        name: item.title,
        description: item.description,
        url: absolute(`/portfolio/${item._id}`),
        ...(shareImage ? { image: absolute(shareImage) } : {}),
        dateCreated: item.createdAt,
        dateModified: item.updatedAt,
        genre: item.displayCategories,
        ...(item.technologies ? { keywords: item.technologies } : {}),
        sourceOrganization: { '@type': 'Organization', name: item.client },
        ...(item.websiteLink ? { sameAs: item.websiteLink } : {}),
      },
    ],
  };
}

/** Services whose portfolio category the item belongs to; the main three when none match. */
function relatedServices(item: PortfolioItemJson, services: Service[]) {
  const matching = services.filter((service) => {
    const page = service.portfolioCategory ? categoryPageBySlug(service.portfolioCategory) : undefined;
    return page !== undefined && matchesKeywords(item, page.keywords);
  });
  return matching.length > 0 ? matching : services.slice(0, 3);
}

function Section({ id, heading, text }: { id: string; heading: string; text: string }) {
  if (!text) return null;
  return (
    <section className="project__section" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {text.split(/\n{2,}/).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </section>
  );
}

/** `/portfolio/{id}`: slider (or the single image), the story of the project and its sidebar. */
export function PortfolioDetailPage({ item }: { item: PortfolioItemJson }) {
  const content = useContent();
  const technologies = item.technologies.split(',').map((t) => t.trim()).filter(Boolean);
  return (
    <SiteLayout>
      <PageBanner heading={item.title} lead={item.client} breadcrumbs={crumbs(item)} />
      <PageSection containerClassName="project" as="div">
        <div className="project__main">
          {item.sliderImageSets.length > 0 ? (
            <Island name="PortfolioSlider" props={{ title: item.title, slides: item.sliderImageSets, thumbnails: item.thumbnailSets }} hydrate="visible" />
          ) : item.heroImageSet ? (
            <ResponsivePicture className="project__hero" image={item.heroImageSet} alt={item.title} sizes={HERO_SIZES} loading="eager" fetchPriority="high" />
          ) : (
            <ImagePlaceholder item={item} className="project__hero" />
          )}
          <div className="project__content">
            <Section id="overview" heading="Project Overview" text={item.description} />
            <Section id="challenge" heading="The Challenge" text={item.challenge} />
            <Section id="solution" heading="Our Solution" text={item.solution} />
            <Section id="results" heading="Results" text={item.results} />
            {item.whatWeDelivered.items.length > 0 && (
              <section className="project__section" aria-labelledby="delivered">
                <h2 id="delivered">What We Delivered</h2>
                {item.whatWeDelivered.description && <p>{item.whatWeDelivered.description}</p>}
                <ul className="delivered-grid">
                  {item.whatWeDelivered.items.map((delivered) => (
                    <li key={delivered.title} className="delivered-grid__item" style={{ color: item.bgColor }}>
                      <DeliveredIcon name={delivered.icon} />
                      <span>{delivered.title}</span>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </div>
        </div>
        <aside className="project__sidebar project__content" aria-label="Project details">
          <dl className="project-facts">
            <div>
              <dt>Client</dt>
              <dd>{item.client}</dd>
            </div>
            <div>
              <dt>Completion date</dt>
              <dd>{item.completionDate || item.date}</dd>
            </div>
            <div>
              <dt>Categories</dt>
              <dd>
                <ul className="tag-list">
                  {item.displayCategories.map((label) => (
                    <li key={label}>{label}</li>
                  ))}
                </ul>
              </dd>
            </div>
            {technologies.length > 0 && (
              <div>
                <dt>Technologies</dt>
                <dd>
                  <ul className="tag-list">
                    {technologies.map((technology) => (
                      <li key={technology}>{technology}</li>
                    ))}
                  </ul>
                </dd>
              </div>
            )}
          </dl>
          {item.websiteLink && (
            <a className="button project__visit" href={item.websiteLink} rel="noopener noreferrer external" target="_blank">
              Visit website<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          )}
          {item.testimonial && (
            <figure className="project-testimonial">
              <blockquote>
                <p>{item.testimonial.text}</p>
              </blockquote>
              <figcaption>
                <strong>{item.testimonial.author}</strong>
                {item.testimonial.position && <span>{item.testimonial.position}</span>}
              </figcaption>
            </figure>
          )}
          <nav className="project-related" aria-label="Related services">
            <h2>Related services</h2>
            <ul>
              {relatedServices(item, content.services).map((service) => (
                <li key={service.slug}>
                  <a href={`/services/${service.slug}`}>{service.title}</a>
                </li>
              ))}
            </ul>
          </nav>
        </aside>
      </PageSection>
      <CallToAction heading="Want results like these?" />
    </SiteLayout>
  );
}

/** The detail page's failure states: unknown item (404) or the portfolio could not be read (503). */
export function PortfolioDetailError({ kind }: { kind: 'not-found' | 'failed' }) {
  return (
    <SiteLayout>
      <section className="error-page container">
        <p className="error-page__status">{kind === 'not-found' ? 404 : 503}</p>
        <h1>{kind === 'not-found' ? portfolioMessages.notFound : 'Something went wrong'}</h1>
        <p role={kind === 'failed' ? 'alert' : undefined}>
          {kind === 'not-found' ? 'The project you asked for does not exist or has been removed.' : portfolioMessages.detailFailed}
        </p>
        <p className="error-page__actions">
          <a className="button" href="/portfolio">
            Back to Portfolio
          </a>
        </p>
      </section>
    </SiteLayout>
  );
}
