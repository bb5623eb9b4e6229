import { cardExcerpt } from '../../shared/portfolio/display';
import type { PortfolioItemJson } from '../../shared/portfolio/item';
import { ResponsivePicture } from '../../islands/lib/responsive-picture';

/** Cards are at most ~380 px wide in the grid; one column (full width less margins) on phones. */
export const CARD_SIZES = '(min-width: 1024px) 360px, (min-width: 640px) 45vw, calc(100vw - 2.5rem)';

/** Placeholder in the item's colour when it has no image yet. */
export function ImagePlaceholder({ item, className }: { item: Pick<PortfolioItemJson, 'title' | 'bgColor'>; className?: string }) {
  return (
    <div className={`portfolio-placeholder ${className ?? ''}`} style={{ backgroundColor: item.bgColor }} aria-hidden="true">
      <span>{item.title.slice(0, 1)}</span>
    </div>
  );
}

interface PortfolioCardProps {
  item: PortfolioItemJson;
  /** The first cards of a page are above the fold: no lazy loading for them. */
  eager?: boolean;
  hidden?: boolean;
}

/** A portfolio card: image, categories, title and a ten-word excerpt, linking to the detail page. */
export function PortfolioCard({ item, eager = false, hidden = false }: PortfolioCardProps) {
  return (
    <li className="portfolio-card" data-categories={JSON.stringify(item.displayCategories)} hidden={hidden}>
      {item.imageSet ? (
        <ResponsivePicture className="portfolio-card__image" image={item.imageSet} alt="" sizes={CARD_SIZES} loading={eager ? 'eager' : 'lazy'} />
      ) : (
        <ImagePlaceholder item={item} className="portfolio-card__image" />
      )}
      <div className="portfolio-card__body">
        <p className="portfolio-card__categories">{item.displayCategories.join(' · ')}</p>
        <h3 className="portfolio-card__title">
          <a href={`/portfolio/${item._id}`}>{item.title}</a>
        </h3>
        <p className="portfolio-card__excerpt">{cardExcerpt(item.description)}</p>
      </div>
    </li>
  );
}

/** The spec's list states that replace the grid: a failure or an empty list. */
export function PortfolioNotice({ kind, message }: { kind: 'error' | 'empty'; message: string }) {
  return (
    <p className={`portfolio-notice portfolio-notice--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {message}
    </p>
  );
}
