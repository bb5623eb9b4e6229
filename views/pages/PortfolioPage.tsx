import type { PageMeta } from '../page-meta';
import type { PortfolioCategoryPage } from '../../shared/portfolio/category-pages';
import { distinctDisplayCategories } from '../../shared/portfolio/display';
import type { PortfolioItemJson } from '../../shared/portfolio/item';
import { matchesKeywords } from '../../shared/portfolio/keywords';
import { portfolioMessages } from '../../shared/portfolio/messages';
import { CallToAction } from '../components/CallToAction';
import { Island } from '../components/Island';
import { PageBanner } from '../components/PageBanner';
import { PageSection } from '../components/PageSection';
import { PortfolioCard, PortfolioNotice } from '../components/PortfolioCard';
import { SiteLayout } from '../layout/SiteLayout';

/** Items loaded for a page, or the failure the page reports (the spec's states: error, empty or loaded). */
export type Loaded<T> = { ok: true; value: T } | { ok: false };

const GRID_ID = 'portfolio-grid';

function CardGrid({ items, hiddenIds = new Set<string>() }: { items: PortfolioItemJson[]; hiddenIds?: Set<string> }) {
  return (
    <ul className="portfolio-grid" id={GRID_ID}>
      {items.map((item, index) => (
        <PortfolioCard key={item._id} item={item} eager={index < 3} hidden={hiddenIds.has(item._id)} />
      ))}
    </ul>
  );
}

export const portfolioMeta: PageMeta = {
  title: 'Portfolio',
  description: 'Websites, apps, brands and campaigns we have delivered for clients across industries. Browse our recent work by category.',
  breadcrumbs: [
    { label: 'Home', href: '/' },
    { label: 'Portfolio', href: '/portfolio' },
  ],
};

/** `/portfolio`: every item, with All plus one filter per distinct display category. */
export function PortfolioPage({ loaded, category }: { loaded: Loaded<PortfolioItemJson[]>; category: string | null }) {
  const items = loaded.ok ? loaded.value : [];
  const categories = distinctDisplayCategories(items);
  const active = category !== null && categories.includes(category) ? category : null;
  const hiddenIds = new Set(items.filter((item) => active !== null && !item.displayCategories.includes(active)).map((item) => item._id));
  return (
    <SiteLayout>
      <PageBanner
        heading="Our Portfolio"
        lead="A selection of websites, apps, brands and campaigns we have delivered. Filter by category or open a project to see the challenge, our solution and the results."
        breadcrumbs={portfolioMeta.breadcrumbs}
      />
      <PageSection labelledBy="projects-heading">
        {/* Cards carry h3 titles: this keeps the outline h1 → h2 → h3 for screen readers. */}
        <h2 id="projects-heading" className="visually-hidden">Projects</h2>
        {!loaded.ok ? (
          <PortfolioNotice kind="error" message={portfolioMessages.listFailed} />
        ) : items.length === 0 ? (
          <PortfolioNotice kind="empty" message={portfolioMessages.listEmpty} />
        ) : (
          <>
            <Island name="PortfolioFilter" props={{ categories, active, gridId: GRID_ID, basePath: '/portfolio' }} hydrate="interaction" />
            <CardGrid items={items} hiddenIds={hiddenIds} />
          </>
        )}
      </PageSection>
      <CallToAction />
    </SiteLayout>
  );
}

export function portfolioCategoryMeta(page: PortfolioCategoryPage): PageMeta {
  return {
    title: `${page.label} Portfolio`,
    description: `${page.intro} Browse our ${page.label.toLowerCase()} projects.`.slice(0, 160),
    breadcrumbs: [
      { label: 'Home', href: '/' },
      { label: 'Portfolio', href: '/portfolio' },
      { label: page.label, href: `/portfolio/${page.slug}` },
    ],
  };
}

/** One of the five category pages: the items whose categories match the page's keyword list. */
export function PortfolioCategoryView({ page, loaded }: { page: PortfolioCategoryPage; loaded: Loaded<PortfolioItemJson[]> }) {
  const items = loaded.ok ? loaded.value.filter((item) => matchesKeywords(item, page.keywords)) : [];
  return (
    <SiteLayout>
      <PageBanner heading={`${page.label} Portfolio`} lead={page.intro} breadcrumbs={portfolioCategoryMeta(page).breadcrumbs} />
      <PageSection labelledBy="projects-heading">
        <h2 id="projects-heading" className="visually-hidden">{`${page.label} projects`}</h2>
        {!loaded.ok ? (
          <PortfolioNotice kind="error" message={portfolioMessages.listFailed} />
        ) : items.length === 0 ? (
          <PortfolioNotice kind="empty" message={page.emptyMessage} />
        ) : (
          <CardGrid items={items} />
        )}
      </PageSection>
      <CallToAction heading={`Planning a ${page.label.toLowerCase()} project?`} />
    </SiteLayout>
  );
}
