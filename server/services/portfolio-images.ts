/**
 * Checking and encoding images with sharp (libvips). Only the image encoder's child process runs
 * this (`server/image-encoder-child.ts`): the site's own process never loads sharp, whose library
 * alone adds some 20 MB, and whose work leaves hundreds more behind (docs/performance.md, "Memory").
 */
import { createHash } from 'node:crypto';
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { ImageFormat, ImageVariant } from '../db/tables';
import { RENDITION_MAX_SIDE, VARIANTS, type EncodedFile, type EncodedImage, type UploadedImage } from './image-renditions';
import { TooLargeError, UnprocessableError, UnsupportedTypeError, ValidationError } from '../errors';
import { PORTFOLIO_LIMITS } from '../../shared/portfolio/limits';
import { portfolioMessages } from '../../shared/portfolio/messages';

/** Formats accepted as uploads, by their magic bytes. */
type SourceFormat = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

function sniff(data: Buffer): SourceFormat | 'svg' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const head = data.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  if (head.slice(4, 8) === 'ftyp' && ['avif', 'avis'].includes(head.slice(8, 12))) return 'avif';
  // Named only to give a precise message: an SVG can carry script and is never accepted.
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<(svg|!doctype svg)/i.test(data.subarray(0, 1024).toString('utf8'))) return 'svg';
  return null;
}

/** sharp's own name for each accepted format, to check the decoder agrees with the magic bytes. */
const SHARP_FORMATS: Record<SourceFormat, string[]> = {
  jpeg: ['jpeg'],
  png: ['png'],
  gif: ['gif'],
  webp: ['webp'],
  avif: ['heif', 'avif'],
};

/**
 * Checks one upload by its content, never by its name or declared type: known image magic bytes,
 * a header sharp can read, at most `PORTFOLIO_LIMITS.maxPixels` (read from the header, before any
 * decoding). Throws a domain error naming the file.
 */
export async function inspectImage({ label, data }: UploadedImage): Promise<{ format: SourceFormat; width: number; height: number }> {
  if (data.length === 0) throw new ValidationError(`${label} ${portfolioMessages.emptyFile}`);
  if (data.length > PORTFOLIO_LIMITS.maxFileBytes) throw new TooLargeError(`${label} ${portfolioMessages.tooLarge}`);
  const format = sniff(data);
  if (format === 'svg') throw new UnsupportedTypeError(`${label}: ${portfolioMessages.svgRejected}`);
  if (!format) throw new UnsupportedTypeError(`${label} ${portfolioMessages.notAnImage}`);
  let metadata: Metadata;
  try {
    // limitInputPixels: false here; the pixel limit is checked below with a clear message.
    metadata = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw new UnsupportedTypeError(`${label} ${portfolioMessages.notAnImage}`);
  }
  if (!SHARP_FORMATS[format].includes(metadata.format ?? '') || !metadata.width || !metadata.height) {
    throw new UnsupportedTypeError(`${label} ${portfolioMessages.notAnImage}`);
  }
  if (metadata.width * metadata.height > PORTFOLIO_LIMITS.maxPixels) throw new UnprocessableError(`${label} ${portfolioMessages.tooManyPixels}`);
  return { format, width: metadata.width, height: metadata.height };
}

/**
 * One rendition as another site's content file carries it (`npm run content -- import`, the
 * admin's import), before it is stored and served as it is: checked as an upload is
 * (`inspectImage`), then decoded whole, and held to what the file says it is and to what the
 * encoder makes (one of its formats, no side over `RENDITION_MAX_SIDE`). Throws a domain error
 * naming `label`.
 */
export async function inspectRendition(rendition: UploadedImage, declared: { format: ImageFormat; width: number; height: number }): Promise<void> {
  const { label, data } = rendition;
  const { format, width, height } = await inspectImage(rendition);
  if (format !== declared.format) throw new UnsupportedTypeError(`${label} is ${FORMAT_NAMES[format]}, though declared as ${FORMAT_NAMES[declared.format]}.`);
  if (width > RENDITION_MAX_SIDE || height > RENDITION_MAX_SIDE) throw new UnprocessableError(`${label} is ${width}×${height} pixels: no rendition of an upload is larger than ${RENDITION_MAX_SIDE}×${RENDITION_MAX_SIDE}.`);
  if (width !== declared.width || height !== declared.height) throw new ValidationError(`${label} is ${width}×${height} pixels, though declared as ${declared.width}×${declared.height}.`);
  try {
    await sharp(data, { limitInputPixels: PORTFOLIO_LIMITS.maxPixels, failOn: 'error' }).raw().toBuffer();
  } catch {
    throw new UnsupportedTypeError(`${label} does not decode as ${FORMAT_NAMES[format]}.`);
  }
}

const FORMAT_NAMES: Record<SourceFormat, string> = { jpeg: 'a JPEG image', png: 'a PNG image', gif: 'a GIF image', webp: 'a WebP image', avif: 'an AVIF image' };

/**
 * One of the site's own SVG drawings (the sample portfolio's pictures) as a PNG, to be encoded
 * like an upload. Only for drawings the site made: SVG uploads are refused by `inspectImage`.
 */
export async function rasterizeDrawing(svg: Buffer): Promise<Buffer> {
  return sharp(svg).png().toBuffer();
}

/** Moderate settings: AVIF encoding is the CPU-heavy part, effort 2 keeps it to a fraction of a second. */
const ENCODERS: Record<ImageFormat, (image: Sharp) => Sharp> = {
  avif: (image) => image.avif({ quality: 50, effort: 2 }),
  webp: (image) => image.webp({ quality: 74, effort: 4 }),
  jpeg: (image) => image.jpeg({ quality: 78, mozjpeg: true, progressive: true }),
};

/**
 * The renditions of one variant for a decoded image of `decodedWidth` × `decodedHeight` (the
 * upload turned upright and shrunk to fit 1600 px): none wider than the source. A cropped variant
 * always has at least its smallest width; one keeping the aspect ratio is never enlarged, so a
 * source narrower than its smallest width is kept at its own size (a 120 px logo stays 120 px).
 */
function renditionsFor(variant: ImageVariant, sourceWidth: number, decodedWidth: number, decodedHeight: number): { width: number; height: number }[] {
  const { widths, aspect } = VARIANTS[variant];
  if (aspect === null) {
    const fitting = widths.filter((width) => width <= decodedWidth);
    // The source's own width too when it is clearly wider than the last step (a 1200 px banner is
    // not cut down to 960), so the largest rendition loses nothing of the upload.
    const last = fitting[fitting.length - 1];
    if (last === undefined || decodedWidth > last * 1.1) fitting.push(decodedWidth);
    return fitting.map((width) => ({ width, height: Math.max(1, Math.round((width * decodedHeight) / decodedWidth)) }));
  }
  const fitting = widths.filter((width) => width <= sourceWidth);
  return (fitting.length > 0 ? fitting : [widths[0]!]).map((width) => ({ width, height: Math.round(width / aspect) }));
}

/**
 * Decodes an inspected upload once (orientation applied, first frame of an animation) and
 * re-encodes it into every rendition of `variants` in AVIF, WebP and JPEG. sharp writes no
 * metadata unless asked, so EXIF, GPS, ICC comments and XMP are all left behind.
 */
export async function encodeImage(upload: UploadedImage, variants: ImageVariant[]): Promise<EncodedImage> {
  const { width: sourceWidth, height: sourceHeight } = await inspectImage(upload);
  let decoded: Sharp;
  let decodedSize: { width: number; height: number };
  try {
    const { data, info } = await sharp(upload.data, { limitInputPixels: PORTFOLIO_LIMITS.maxPixels, failOn: 'error' })
      .rotate()
      // One decode, shrunk to the largest size any rendition needs, keeps memory small.
      .resize(RENDITION_MAX_SIDE, RENDITION_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      // 8 bits per channel whatever the source (a 16-bit PNG would otherwise come out as ushort).
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    decoded = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    decodedSize = { width: info.width, height: info.height };
  } catch {
    throw new UnsupportedTypeError(`${upload.label} ${portfolioMessages.notAnImage}`);
  }
  // One rendition at a time: each encoder already uses every thread libvips has, and encoding in
  // parallel only raised the peak memory (measured: 418 MB against 331 MB for 36 uploads).
  const files: EncodedFile[] = [];
  for (const variant of variants) {
    for (const { width, height } of renditionsFor(variant, sourceWidth, decodedSize.width, decodedSize.height)) {
      // Cover with attention: a cropped variant keeps the interesting part; an uncropped one has the source's shape already.
      const resized = decoded.clone().resize(width, height, { fit: 'cover', position: 'attention' });
      for (const format of ['avif', 'webp', 'jpeg'] as const) {
        const opaque = format === 'jpeg' || !VARIANTS[variant].keepsTransparency;
        const data = await ENCODERS[format](opaque ? resized.clone().flatten({ background: '#ffffff' }) : resized.clone()).toBuffer();
        files.push({ variant, format, width, height, data, sha256: createHash('sha256').update(data).digest('hex') });
      }
    }
  }
  return { sourceWidth, sourceHeight, files };
}
