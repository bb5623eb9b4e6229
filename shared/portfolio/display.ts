import type { PortfolioItemJson } from './item';
import { PORTFOLIO_LIMITS } from './limits';

/** How the pages show items: card excerpts and the filter's categories. Isomorphic. */

/** The spec's card excerpt: first ten words of a description plus an ellipsis (shorter ones unchanged). */
export function cardExcerpt(description: string, words: number = PORTFOLIO_LIMITS.cardDescriptionWords): string {
  const all = description.trim().split(/\s+/).filter(Boolean);
  return all.length > words ? `${all.slice(0, words).join(' ')}...` : all.join(' ');
}

/** The distinct display categories of a list, in first-seen order (the filter buttons). */
export function distinctDisplayCategories(items: readonly Pick<PortfolioItemJson, 'displayCategories'>[]): string[] {
  return [...new Set(items.flatMap((item) => item.displayCategories))];
}
