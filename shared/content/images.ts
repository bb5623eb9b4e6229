import type { ResponsiveImage } from '../portfolio/item';

/**
 * Images staff upload for the site's content. Content names one as `/media/content/<id>`; the
 * site holds every such image's renditions in memory (the content store) and draws it with
 * `<picture>` at render time. Isomorphic: the schemas, the server, the views and the editor read it.
 */

const ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** Exactly `/media/content/<uuid>` (lower-case, nothing before or after). */
export const CONTENT_IMAGE_SRC = new RegExp(`^/media/content/(${ID})$`);

/** The `src` content uses for the uploaded image `id`. */
export function contentImageSrc(id: string): string {
  return `/media/content/${id}`;
}

/** The id in an uploaded image's `src`, or null for any other `src` (a file shipped under `static/`). */
export function contentImageId(src: string): string | null {
  return CONTENT_IMAGE_SRC.exec(src)?.[1] ?? null;
}

/** The renditions of every uploaded content image, by its `src`. */
export type ContentImages = Readonly<Record<string, ResponsiveImage>>;

/** `POST /api/content/images` answers with this (201): what an image field stores, and its size. */
export interface UploadedContentImage {
  src: string;
  width: number;
  height: number;
}

/** One image of `GET /api/content/images` (newest first), for a picker. */
export interface ContentImageListItem extends UploadedContentImage {
  id: string;
  /** The file's name when it was uploaded. */
  name: string;
  /** A small rendition (WebP, about 480 px wide) to show in a picker. */
  previewUrl: string;
  createdAt: string;
  createdBy: string | null;
}

/** The file field `POST /api/content/images` reads. */
export const CONTENT_IMAGE_FIELD = 'file';
