import type { ImageFormat, ImageVariant } from '../db/tables';
import type { ResponsiveImage } from '../../shared/portfolio/item';

/**
 * What the site knows of images without decoding any: uploads as received, the renditions the
 * encoder makes (`portfolio-images.ts`, in its child process) and the URLs they are served at.
 * Nothing here loads sharp, so the site's own process never does.
 */

/** One uploaded file, as received. */
export interface UploadedImage {
  /** What the visitor would call it in a message, for example "Main image (photo.png)". */
  label: string;
  data: Buffer;
}

/** One encoded rendition, ready to store. */
export interface EncodedFile {
  variant: ImageVariant;
  format: ImageFormat;
  width: number;
  height: number;
  sha256: string;
  data: Buffer;
}

export interface EncodedImage {
  sourceWidth: number;
  sourceHeight: number;
  files: EncodedFile[];
}

/**
 * The sizes the pages use, at 1× and 2×: cards are the spec's 300×200 slots, the detail slider
 * 800×600, the slider's thumbnails about 100 px wide. Content images (a banner, a map, a logo)
 * go in slots of any shape, so they keep the upload's own aspect ratio (`aspect: null`, no crop)
 * and are never enlarged: a phone, a laptop and a wide or 2× screen each get a width near theirs.
 */
export const VARIANTS: Record<ImageVariant, { aspect: number | null; widths: number[]; keepsTransparency?: boolean }> = {
  card: { aspect: 3 / 2, widths: [300, 600] },
  slider: { aspect: 4 / 3, widths: [800, 1600] },
  thumb: { aspect: 4 / 3, widths: [200] },
  // A logo or a cut-out drawing sits on coloured sections: AVIF and WebP keep its transparency
  // (JPEG, which has none, gets white, like every portfolio rendition).
  content: { aspect: null, widths: [480, 960, 1600], keepsTransparency: true },
};

/** The longest side of any rendition: an upload is decoded shrunk to fit a square of this size. */
export const RENDITION_MAX_SIDE = 1600;

export const MAIN_IMAGE_VARIANTS: ImageVariant[] = ['card', 'slider'];
export const SLIDER_IMAGE_VARIANTS: ImageVariant[] = ['slider', 'thumb'];
export const CONTENT_IMAGE_VARIANTS: ImageVariant[] = ['content'];

export const MEDIA_TYPES: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };
export const FILE_EXTENSIONS: Record<ImageFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

/** The content-addressed URL of a stored file. */
export function mediaUrl(file: { sha256: string; format: ImageFormat }): string {
  return `/media/${file.sha256}.${FILE_EXTENSIONS[file.format]}`;
}

/**
 * An image's stored files of one variant as `<picture>` needs them: each format narrowest first;
 * its size is the largest JPEG's. Null when the image has no file of that variant.
 */
export function responsiveSet(id: string, files: { variant: ImageVariant; format: ImageFormat; width: number; height: number; sha256: string }[], variant: ImageVariant): ResponsiveImage | null {
  const ofVariant = files.filter((file) => file.variant === variant);
  if (ofVariant.length === 0) return null;
  const sources = (format: ImageFormat) =>
    ofVariant
      .filter((file) => file.format === format)
      .sort((a, b) => a.width - b.width)
      .map((file) => ({ url: mediaUrl(file), width: file.width, height: file.height }));
  const jpeg = sources('jpeg');
  const largest = jpeg[jpeg.length - 1]!;
  return { id, width: largest.width, height: largest.height, avif: sources('avif'), webp: sources('webp'), jpeg };
}
