import type { Db } from '../db/connection';
import * as contentImagesDb from '../db/content-images';
import { contentImageSrc, type ContentImageListItem, type ContentImages, type UploadedContentImage } from '../../shared/content/images';
import type { ResponsiveImage } from '../../shared/portfolio/item';
import { encodeImagesInChildProcess, type EncodeImages } from './image-encoder';
import { CONTENT_IMAGE_VARIANTS, responsiveSet, type UploadedImage } from './image-renditions';

export interface ContentImageServiceDeps {
  db: Db;
  /** Checks and re-encodes uploads; by default in a child process (see image-encoder.ts). */
  encodeImages?: EncodeImages;
  /** Told once a new image is stored (the content store reads the images again). */
  onStored?: () => Promise<void> | void;
}

export interface ContentImageService {
  /** Checks, encodes and stores one upload; rejects with the portfolio's domain errors for a bad file. */
  upload(upload: UploadedImage, actor: { name: string | null; fileName: string }): Promise<UploadedContentImage>;
  /** Every content image, newest first, for a picker. */
  list(): Promise<ContentImageListItem[]>;
  /** The renditions of one image (from `held`, the images in memory, else the database), or undefined when there is no such image. */
  find(id: string, held?: ContentImages): Promise<ResponsiveImage | undefined>;
}

/**
 * Images uploaded for the site's content go through the portfolio's pipeline: checked by their
 * content (no SVG, no disguised files, the same size limits), re-encoded in the encoder's child
 * process into AVIF, WebP and JPEG at a few widths (the `content` variant: the upload's own
 * shape, never enlarged), and stored in the same file table. Storing one changes no page: the
 * content version is left alone, so no cache empties; a page shows the image once a document
 * naming it is published, and that publish makes every instance read the images again.
 */
export function createContentImageService({ db, encodeImages = encodeImagesInChildProcess, onStored }: ContentImageServiceDeps): ContentImageService {
  return {
    async upload(upload, { name, fileName }) {
      const [encoded] = await encodeImages([{ upload, variants: CONTENT_IMAGE_VARIANTS }]);
      const largest = largestRendition(encoded!.files);
      const id = await db.transaction((trx) =>
        contentImagesDb.insertContentImage(trx, { width: largest.width, height: largest.height, name: fileName.slice(0, 200), createdBy: name, files: encoded!.files }),
      );
      await onStored?.();
      return { src: contentImageSrc(id), width: largest.width, height: largest.height };
    },

    async list() {
      return (await contentImagesDb.listContentImages(db)).flatMap((image) => {
        const set = responsiveSet(image.id, image.files, 'content');
        if (!set) return [];
        const preview = set.webp[0] ?? set.jpeg[0]!;
        return [
          {
            id: image.id,
            src: contentImageSrc(image.id),
            width: image.width,
            height: image.height,
            name: image.name,
            previewUrl: preview.url,
            createdAt: new Date(image.created_at).toISOString(),
            createdBy: image.created_by,
          },
        ];
      });
    },

    async find(id, held = {}) {
      const inMemory = held[contentImageSrc(id)];
      if (inMemory) return inMemory;
      const [image] = await contentImagesDb.listContentImages(db, { id });
      return (image && responsiveSet(image.id, image.files, 'content')) ?? undefined;
    },
  };
}

/** Every content image's renditions by its `src` (what the content store holds in memory). */
export async function readContentImages(db: Db): Promise<ContentImages> {
  const sets: Record<string, ResponsiveImage> = {};
  for (const image of await contentImagesDb.listContentImages(db)) {
    const set = responsiveSet(image.id, image.files, 'content');
    if (set) sets[contentImageSrc(image.id)] = set;
  }
  return sets;
}

function largestRendition(files: { width: number; height: number }[]): { width: number; height: number } {
  return files.reduce((largest, file) => (file.width > largest.width ? file : largest));
}
