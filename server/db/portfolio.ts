import type { Knex } from 'knex';
import type { PortfolioItemData } from '../../shared/portfolio/item';
import type { PortfolioImageFileRow, PortfolioImageRole, PortfolioImageRow, PortfolioItemRow } from './tables';
import { isUuid } from './uuid';

type Db = Knex | Knex.Transaction;

/** Metadata of a stored file (no bytes), enough to build URLs and `srcset`s. */
export type ImageFileInfo = Omit<PortfolioImageFileRow, 'data' | 'content_image_id'>;

export interface StoredImage extends PortfolioImageRow {
  files: ImageFileInfo[];
}

export interface StoredItem extends PortfolioItemRow {
  images: StoredImage[];
}

function toColumns(data: PortfolioItemData) {
  return {
    title: data.title,
    description: data.description,
    client: data.client,
    date: data.date,
    completion_date: data.completionDate,
    technologies: data.technologies,
    website_link: data.websiteLink,
    challenge: data.challenge,
    solution: data.solution,
    results: data.results,
    bg_color: data.bgColor,
    // jsonb columns take JSON text: an array given as is would be read as a PostgreSQL array.
    testimonial: data.testimonial ? JSON.stringify(data.testimonial) : null,
    what_we_delivered: JSON.stringify(data.whatWeDelivered),
    categories: JSON.stringify(data.categories),
    display_categories: JSON.stringify(data.displayCategories),
  };
}

export async function insertItem(db: Db, data: PortfolioItemData): Promise<string> {
  const [row] = await db('portfolio_items').insert(toColumns(data)).returning<{ id: string }[]>('id');
  return row!.id;
}

/** Updates the fields; false when the item does not exist. */
export async function updateItem(db: Db, id: string, data: PortfolioItemData): Promise<boolean> {
  const count = await db('portfolio_items').where({ id }).update({ ...toColumns(data), updated_at: db.fn.now() });
  return count > 0;
}

/** Deletes the item with its images and files (cascade); false when it did not exist. */
export async function deleteItem(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  // `returning` rather than the affected count: knex-pglite answers delete() with a result object.
  const deleted = await db('portfolio_items').where({ id }).delete().returning<{ id: string }[]>('id');
  return deleted.length > 0;
}

/** Locks the item row for the rest of the transaction; false when it does not exist. */
export async function lockItem(db: Db, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return Boolean(await db('portfolio_items').where({ id }).forUpdate().first('id'));
}

/** Items newest first, with their images' file metadata. */
export async function listItems(db: Db, options: { id?: string } = {}): Promise<StoredItem[]> {
  const query = db<PortfolioItemRow>('portfolio_items').select('*').orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }]);
  if (options.id) query.where({ id: options.id });
  const items = await query;
  if (items.length === 0) return [];
  const ids = items.map((item) => item.id);
  const images = await db<PortfolioImageRow>('portfolio_images').whereIn('item_id', ids).orderBy(['role', 'position']);
  const files = images.length
    ? await db<PortfolioImageFileRow>('portfolio_image_files')
        .whereIn('image_id', images.map((image) => image.id))
        .orderBy(['variant', 'width', 'format'])
        .select('id', 'image_id', 'variant', 'format', 'width', 'height', 'byte_size', 'sha256')
    : [];
  const filesByImage = groupBy(files, (file) => String(file.image_id));
  const imagesByItem = groupBy(
    images.map((image) => ({ ...image, id: String(image.id), files: filesByImage.get(String(image.id)) ?? [] })),
    (image) => image.item_id,
  );
  return items.map((item) => ({ ...item, images: imagesByItem.get(item.id) ?? [] }));
}

export async function findItem(db: Db, id: string): Promise<StoredItem | undefined> {
  if (!isUuid(id)) return undefined;
  return (await listItems(db, { id }))[0];
}

/** Newest change of any item (sitemap `lastmod`). */
export async function itemDates(db: Db): Promise<{ id: string; updated_at: Date }[]> {
  return db('portfolio_items').select('id', 'updated_at').orderBy('created_at', 'desc');
}

export interface NewImage {
  role: PortfolioImageRole;
  position: number;
  sourceWidth: number;
  sourceHeight: number;
  files: { variant: PortfolioImageFileRow['variant']; format: PortfolioImageFileRow['format']; width: number; height: number; sha256: string; data: Buffer }[];
}

/**
 * Bytes of files sent in one insert, each file's bytes as hex text the database decodes: the
 * embedded database's driver turns a bytea parameter into hex through an array of one string per
 * byte, some 30 bytes of JavaScript heap per byte of image, and an import's 30 MB of images in
 * one statement ran the server's 192 MB heap out (`npm run bench:content-import`). As hex, a file
 * takes twice its size on the heap while it is sent, on either database.
 */
const INSERT_BATCH_BYTES = 4 * 1024 * 1024;

/**
 * Stores encoded files in the one file table, each belonging to a portfolio image (`image_id`) or
 * a content image (`content_image_id`), in inserts of at most `INSERT_BATCH_BYTES` each.
 */
export async function insertImageFiles(db: Db, owner: { image_id: string } | { content_image_id: string }, files: NewImage['files']): Promise<void> {
  let batch: NewImage['files'] = [];
  let bytes = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await db('portfolio_image_files').insert(
      batch.map((file) => ({ ...owner, variant: file.variant, format: file.format, width: file.width, height: file.height, byte_size: file.data.length, sha256: file.sha256, data: db.raw("decode(?, 'hex')", [file.data.toString('hex')]) })),
    );
    batch = [];
    bytes = 0;
  };
  for (const file of files) {
    if (batch.length > 0 && bytes + file.data.length > INSERT_BATCH_BYTES) await flush();
    batch.push(file);
    bytes += file.data.length;
  }
  await flush();
}

export async function insertImage(db: Db, itemId: string, image: NewImage): Promise<string> {
  const [row] = await db('portfolio_images')
    .insert({ item_id: itemId, role: image.role, position: image.position, source_width: image.sourceWidth, source_height: image.sourceHeight })
    .returning<{ id: string }[]>('id');
  const imageId = String(row!.id);
  await insertImageFiles(db, { image_id: imageId }, image.files);
  return imageId;
}

export async function deleteImages(db: Db, itemId: string, role: PortfolioImageRole, exceptIds: string[] = []): Promise<void> {
  const query = db('portfolio_images').where({ item_id: itemId, role });
  if (exceptIds.length > 0) query.whereNotIn('id', exceptIds);
  await query.delete();
}

/** Renumbers an item's slider images 0, 1, 2 in the given order of ids. */
export async function orderSliderImages(db: Db, itemId: string, orderedIds: string[]): Promise<void> {
  // The unique (item, role, position) constraint is checked at commit, so positions may swap here.
  for (const [index, id] of orderedIds.entries()) {
    await db('portfolio_images').where({ id, item_id: itemId }).update({ position: index });
  }
}

/** One stored file by its content address. */
export async function findFile(db: Db, sha256: string): Promise<Pick<PortfolioImageFileRow, 'format' | 'data'> | undefined> {
  const row = await db<PortfolioImageFileRow>('portfolio_image_files').where({ sha256 }).first('format', 'data');
  // pg returns bytea as a Buffer, PGlite as a plain Uint8Array: one type for callers.
  return row && { format: row.format, data: Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data) };
}

function groupBy<T>(values: T[], key: (value: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const value of values) {
    const k = key(value);
    const group = groups.get(k);
    if (group) group.push(value);
    else groups.set(k, [value]);
  }
  return groups;
}
