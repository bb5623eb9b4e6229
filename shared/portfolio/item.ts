/**
 * What a portfolio item is: the data stored for it and its JSON in the API and the pages (the field
 * names the spec gives). Isomorphic (types and constants only).
 */

export interface DeliveredItem {
  title: string;
  /** A name from `DELIVERED_ICONS`; anything else is drawn with the default check mark. */
  icon: string;
}

export const DELIVERED_ICONS = ['palette', 'speed', 'shield', 'pen', 'devices', 'accessibility', 'check'] as const;
export type DeliveredIconName = (typeof DELIVERED_ICONS)[number];

/** What is stored: every one of the spec's validation rules applied. */
export interface PortfolioItemData {
  title: string;
  client: string;
  description: string;
  categories: string[];
  displayCategories: string[];
  date: string;
  completionDate: string;
  technologies: string;
  websiteLink: string;
  challenge: string;
  solution: string;
  results: string;
  bgColor: string;
  testimonial: { text: string; author: string; position: string } | null;
  whatWeDelivered: { description: string; items: DeliveredItem[] };
}

/** One encoded file of an image. */
interface ImageSource {
  url: string;
  width: number;
  height: number;
}

/** An image as `<picture>` needs it: the same picture in AVIF, WebP and JPEG at several widths. */
export interface ResponsiveImage {
  /** Id of the stored image (use it in `keepSliderImages` to keep a slider image on edit). */
  id: string;
  /** Size of the largest rendition, for the `width`/`height` attributes (aspect ratio). */
  width: number;
  height: number;
  avif: ImageSource[];
  webp: ImageSource[];
  jpeg: ImageSource[];
}

/** A portfolio item in the API (the spec's field names) and in the pages. */
export interface PortfolioItemJson extends PortfolioItemData {
  _id: string;
  /** Main image, card size JPEG (null when the item has none). */
  image: string | null;
  /** Slider images, large JPEG, in order (at most 3). */
  images: string[];
  /** Main image at card size (3:2). */
  imageSet: ResponsiveImage | null;
  /** Main image at slider size (4:3), shown when there is no slider list and used for sharing. */
  heroImageSet: ResponsiveImage | null;
  /** Slider images at slider size (4:3). */
  sliderImageSets: ResponsiveImage[];
  /** Slider images as small thumbnails, same order. */
  thumbnailSets: ResponsiveImage[];
  createdAt: string;
  updatedAt: string;
}
