/**
 * What the dashboard takes from the portfolio's shared rules (`shared/portfolio.ts`), under
 * the names its parts use.
 */
import { PORTFOLIO_LIMITS } from '../../shared/portfolio';
export { portfolioFormSchema } from '../../shared/portfolio-schema';

export {
  CATEGORY_LABELS,
  CATEGORY_LABEL_TO_SLUG,
  DEFAULT_BG_COLOR,
  DEFAULT_DELIVERED_ITEMS,
  DELIVERED_ICONS,
  categorySlugForLabel,
  formatPortfolioDate,
  portfolioMessages,
  type DeliveredItem,
  type PortfolioItemJson,
  type ResponsiveImage,
} from '../../shared/portfolio';

export const MAX_SLIDER_IMAGES = PORTFOLIO_LIMITS.maxSliderImages;
