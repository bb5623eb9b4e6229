import type { Knex } from 'knex';
import type { ContentImageRow, PortfolioImageFileRow } from './tables';
import type { EncodedFile } from '../services/image-renditions';
import { isUuid } from './uuid';

type Db = Knex | Knex.Transaction;

/** A content image with its files' metadata (no bytes): enough to build URLs and `srcset`s. */
export interface StoredContentImage extends ContentImageRow {
  files: Omit<PortfolioImageFileRow, 'data'>[];
}

export interface NewContentImage {
  width: number;
  height: number;
  name: string;
  createdBy: string | null;
  files: EncodedFile[];
}

/** Stores a content image and its files (in the portfolio's file table); returns its id. */
export async function insertContentImage(db: Db, image: NewContentImage): Promise<string> {
  const [row] = await db('content_images')
    .insert({ width: image.width, height: image.height, name: image.name, created_by: image.createdBy })
    .returning<{ id: string }[]>('id');
  const id = row!.id;
  await db('portfolio_image_files').insert(
    image.files.map((file) => ({
      content_image_id: id,
      variant: file.variant,
      format: file.format,
      width: file.width,
      height: file.height,
      byte_size: file.data.length,
      sha256: file.sha256,
      data: file.data,
    })),
  );
  return id;
}

/** Every content image (or the one `id`), newest first, with its files' metadata. */
export async function listContentImages(db: Db, options: { id?: string } = {}): Promise<StoredContentImage[]> {
  const query = db<ContentImageRow>('content_images').select('*').orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }]);
  if (options.id !== undefined) {
    if (!isUuid(options.id)) return [];
    query.where({ id: options.id });
  }
  const images = await query;
  if (images.length === 0) return [];
  const files = await db<PortfolioImageFileRow>('portfolio_image_files')
    .whereIn(
      'content_image_id',
      images.map((image) => image.id),
    )
    .orderBy(['variant', 'width', 'format'])
    .select('id', 'image_id', 'content_image_id', 'variant', 'format', 'width', 'height', 'byte_size', 'sha256');
  const byImage = new Map<string, StoredContentImage['files']>();
  for (const file of files) {
    const key = file.content_image_id!;
    byImage.set(key, [...(byImage.get(key) ?? []), file]);
  }
  return images.map((image) => ({ ...image, files: byImage.get(image.id) ?? [] }));
}
