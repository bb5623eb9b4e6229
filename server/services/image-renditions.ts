import type { ImageFormat, ImageVariant } from '../db/tables';

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
 * 800×600, the slider's thumbnails about 100 px wide.
 */
export const VARIANTS: Record<ImageVariant, { aspect: number; widths: number[] }> = {
  card: { aspect: 3 / 2, widths: [300, 600] },
  slider: { aspect: 4 / 3, widths: [800, 1600] },
  thumb: { aspect: 4 / 3, widths: [200] },
};

export const MAIN_IMAGE_VARIANTS: ImageVariant[] = ['card', 'slider'];
export const SLIDER_IMAGE_VARIANTS: ImageVariant[] = ['slider', 'thumb'];

export const MEDIA_TYPES: Record<ImageFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };
export const FILE_EXTENSIONS: Record<ImageFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };

/** The content-addressed URL of a stored file. */
export function mediaUrl(file: { sha256: string; format: ImageFormat }): string {
  return `/media/${file.sha256}.${FILE_EXTENSIONS[file.format]}`;
}
