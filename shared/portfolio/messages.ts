import { PORTFOLIO_LIMITS } from './limits';

/**
 * Every text the portfolio shows or answers with: the spec's states and error texts, the save rules'
 * field messages and the upload checks (whose numbers come from `PORTFOLIO_LIMITS`). Isomorphic:
 * the server, the pages and the admin dashboard read the same texts.
 */
const maxMegabytes = PORTFOLIO_LIMITS.maxFileBytes / (1024 * 1024);
const maxMegapixels = PORTFOLIO_LIMITS.maxPixels / 1_000_000;

export const portfolioMessages = {
  listFailed: 'Failed to load portfolio items. Please try again later.',
  listEmpty: 'No portfolio items found. Please check back later.',
  detailFailed: 'Failed to load portfolio details. Please try again later.',
  notFound: 'Portfolio not found',
  /** The admin's list failing (the spec's text), shown with Retry. */
  adminListFailed: 'Failed to load portfolio items',
  added: 'Portfolio item added successfully!',
  updated: 'Portfolio item updated successfully!',
  deleted: 'Portfolio item deleted successfully!',
  deleteFailed: 'Failed to delete portfolio item',
  titleRequired: 'Title is required.',
  clientRequired: 'Client is required.',
  descriptionRequired: 'Description is required.',
  categoryRequired: 'Choose at least one category.',
  websiteLink: 'Website link must be a full URL starting with http:// or https://.',
  bgColor: 'Background colour must be a hex colour like #045e63.',
  testimonialJson: 'Testimonial must be JSON with text, author and position.',
  whatWeDeliveredJson: 'What we delivered must be JSON with a description and items (title and icon).',
  notAnImage: 'must be a JPEG, PNG, WebP, AVIF or GIF image.',
  svgRejected: 'SVG files are not accepted; upload a JPEG, PNG, WebP, AVIF or GIF image.',
  emptyFile: 'is empty.',
  tooLarge: `is larger than ${maxMegabytes} MB.`,
  /** A file cut off while it streamed in, before its name is known. */
  fileTooLarge: `Each image must be at most ${maxMegabytes} MB.`,
  tooManyPixels: `has more than ${maxMegapixels} megapixels.`,
  tooManyFiles: `Too many files: send one main image and at most ${PORTFOLIO_LIMITS.maxSliderImages} slider images.`,
  unknownFileField: 'Unexpected file field: only image and sliderImages take files.',
} as const;
