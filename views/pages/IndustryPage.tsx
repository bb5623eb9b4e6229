import { metaFromSeo, type PageMeta } from '../page-meta';
import { useContent } from '../render-context';
import { ContentImage } from '../components/ContentImage';
import { RichText } from '../components/RichText';
import type { SiteContent } from '../../shared/content/site-content';
import { cardExcerpt } from '../../shared/portfolio/display';
import { INDUSTRIES_WITHOUT_SAMPLES, INDUSTRY_KEYWORDS } from '../../shared/portfolio/industries';
import type { PortfolioItemJson } from '../../shared/portfolio/item';
import { matchesKeywords } from '../../shared/portfolio/keywords';
import { CallToAction } from '../components/CallToAction';
import { PageBanner } from '../components/PageBanner';
import { PageSection } from '../components/PageSection';
import { CARD_SIZES, ImagePlaceholder } from '../components/PortfolioCard';
import { ResponsivePicture } from '../../islands/lib/responsive-picture';
import type { Industry } from '../../shared/content/site-types';
import { SiteLayout } from '../layout/SiteLayout';
import type { Loaded } from './PortfolioPage';

/** The industry of `slug` in `content` (routes only pass slugs of the site's industries). */
export function industryOf(content: SiteContent, slug: string): Industry {
  const industry = content.industries.find((candidate) => candidate.slug === slug);
  if (!industry) throw new Error(`No industry "${slug}" in the content`);
  return industry;
}

export function industryMeta(content: SiteContent, slug: string): PageMeta {
  const industry = industryOf(content, slug);
  return metaFromSeo(industry.seo, {
    breadcrumbs: [
      { label: 'Home', href: '/' },
      { label: 'Core Industries', href: '/#industries' },
      { label: industry.label, href: `/industries/${industry.slug}` },
    ],
  });
}

/** The portfolio items shown on an industry page: those matching its keyword list (an industry staff added: its slug and name). */
export function industryItems(industry: Industry, items: PortfolioItemJson[]): PortfolioItemJson[] {
  const keywords: readonly string[] = Object.hasOwn(INDUSTRY_KEYWORDS, industry.slug) ? INDUSTRY_KEYWORDS[industry.slug as keyof typeof INDUSTRY_KEYWORDS] : [industry.slug, industry.label];
  return items.filter((item) => matchesKeywords(item, keywords));
}

interface IndustryCardProps {
  badge: string;
  title: string;
  description: string;
  href: string;
  linkLabel: string;
  picture: React.ReactNode;
}

/** Badge, title, and an overlay with the ten-word excerpt and the link: the spec's industry card. */
function IndustryCard({ badge, title, description, href, linkLabel, picture }: IndustryCardProps) {
  return (
    <li className="industry-card">
      <div className="industry-card__media">
        {picture}
        <div className="industry-card__overlay">
          <p className="industry-card__excerpt">{cardExcerpt(description)}</p>
          <a className="button button--light industry-card__link" href={href}>
            {linkLabel}
            <span className="visually-hidden">: {title}</span>
          </a>
        </div>
      </div>
      <div className="industry-card__body">
        <span className="industry-card__badge">{badge}</span>
        <h3 className="industry-card__title">{title}</h3>
      </div>
    </li>
  );
}

/**
 * `/industries/{slug}`: breadcrumb, intro and the matching portfolio items. With no match (or
 * when the portfolio cannot be read) the industry's four sample cards stand in, except for IT
 * and jewellery, which show none.
 */
export function IndustryPage({ slug, loaded }: { slug: string; loaded: Loaded<PortfolioItemJson[]> }) {
  const content = useContent();
  const industry = industryOf(content, slug);
  const items = loaded.ok ? industryItems(industry, loaded.value) : [];
  const showSamples = items.length === 0 && !INDUSTRIES_WITHOUT_SAMPLES.includes(industry.slug);
  return (
    <SiteLayout>
      <PageBanner heading={`${industry.label} Industry`} lead={industry.summary} breadcrumbs={industryMeta(content, slug).breadcrumbs} />
      <PageSection label={`${industry.label} work`}>
        <RichText className="industry-intro" text={industry.intro} />
        {(items.length > 0 || showSamples) && (
          <h2 id="industry-work-heading" className="industry-work-heading">
            {industry.label} projects
          </h2>
        )}
        {items.length > 0 && (
          <ul className="industry-grid-cards" data-source="portfolio">
            {items.map((item, index) => (
              <IndustryCard
                key={item._id}
                badge={industry.label}
                title={item.title}
                description={item.description}
                href={`/portfolio/${item._id}`}
                linkLabel="View Details"
                picture={
                  item.imageSet ? (
                    <ResponsivePicture image={item.imageSet} alt="" sizes={CARD_SIZES} loading={index < 3 ? 'eager' : 'lazy'} />
                  ) : (
                    <ImagePlaceholder item={item} />
                  )
                }
              />
            ))}
          </ul>
        )}
        {showSamples && (
          <ul className="industry-grid-cards" data-source="samples">
            {industry.sampleCards.map((card) => (
              <IndustryCard
                key={card.title}
                badge={industry.label}
                title={card.title}
                description={card.description}
                href="/portfolio"
                linkLabel="View Details"
                picture={<ContentImage image={card.image} width={600} height={400} sizes={CARD_SIZES} loading="lazy" />}
              />
            ))}
          </ul>
        )}
      </PageSection>
      <CallToAction heading={`Grow your ${industry.label.toLowerCase()} business online`} />
    </SiteLayout>
  );
}
