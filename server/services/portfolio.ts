import type { Db } from '../db/connection';
import * as portfolioDb from '../db/portfolio';
import type { ImageVariant } from '../db/tables';
import { NotFoundError, ValidationError } from '../errors';
import { messages } from '../messages';
import type { PortfolioItemJson, ResponsiveImage } from '../../shared/portfolio/item';
import { PORTFOLIO_LIMITS } from '../../shared/portfolio/limits';
import { portfolioMessages } from '../../shared/portfolio/messages';
import { normalizePortfolioFields } from '../../shared/portfolio/save-rules';
import type { FieldErrors } from '../../shared/forms';
import type { ContentVersion } from './content-version';
import { encodeImagesInChildProcess, type EncodeImages } from './image-encoder';
import { MAIN_IMAGE_VARIANTS, responsiveSet, SLIDER_IMAGE_VARIANTS, type UploadedImage } from './image-renditions';
import { portfolioFieldsSchema } from '../../shared/portfolio/schema';
import { fieldErrorsOf } from '../../shared/zod-errors';

/** A portfolio form as received: text fields (repeated ones as arrays) and the uploaded files. */
export interface PortfolioSubmission {
  fields: Record<string, string | string[]>;
  mainImage?: UploadedImage;
  sliderImages: UploadedImage[];
}

export interface PortfolioServiceDeps {
  db: Db;
  contentVersion: Pick<ContentVersion, 'bump'>;
  /** Today, for the default completion date; a parameter so tests can fix it. */
  now?: () => Date;
  /** Checks and re-encodes uploads; by default in a child process (see image-encoder.ts). */
  encodeImages?: EncodeImages;
}

export interface PortfolioService {
  list(): Promise<PortfolioItemJson[]>;
  /** The item, or undefined when the id is unknown (or not an id at all). */
  get(id: string): Promise<PortfolioItemJson | undefined>;
  create(submission: PortfolioSubmission): Promise<PortfolioItemJson>;
  update(id: string, submission: PortfolioSubmission): Promise<PortfolioItemJson>;
  remove(id: string): Promise<void>;
  /** Ids and last changes, for the sitemap. */
  dates(): Promise<{ id: string; updatedAt: Date }[]>;
}

/**
 * The portfolio: validation (the spec's rules), image encoding and storage. Every change is one transaction
 * that also bumps the content version, so cached pages on every instance follow it. Images are
 * checked and encoded before the transaction opens: when any file or field is invalid nothing
 * is stored.
 */
export function createPortfolioService({ db, contentVersion, now = () => new Date(), encodeImages = encodeImagesInChildProcess }: PortfolioServiceDeps): PortfolioService {
  const validate = (fields: PortfolioSubmission['fields']) => {
    const parsed = portfolioFieldsSchema.safeParse(fields);
    if (!parsed.success) throw invalidFields(fieldErrorsOf(parsed.error));
    return normalizePortfolioFields(parsed.data, now());
  };

  const encodeAll = async (submission: PortfolioSubmission) => {
    const sliderUploads = submission.sliderImages.slice(0, PORTFOLIO_LIMITS.maxSliderImages);
    const encoded = await encodeImages([
      ...(submission.mainImage ? [{ upload: submission.mainImage, variants: MAIN_IMAGE_VARIANTS }] : []),
      ...sliderUploads.map((upload) => ({ upload, variants: SLIDER_IMAGE_VARIANTS })),
    ]);
    const main = submission.mainImage ? encoded.shift() : undefined;
    return { main, sliders: encoded };
  };

  const get = async (id: string) => {
    const item = await portfolioDb.findItem(db, id);
    return item && toJson(item);
  };

  return {
    async list() {
      return (await portfolioDb.listItems(db)).map(toJson);
    },
    get,

    async create(submission) {
      const data = validate(submission.fields);
      const { main, sliders } = await encodeAll(submission);
      const id = await db.transaction(async (trx) => {
        const itemId = await portfolioDb.insertItem(trx, data);
        if (main) await portfolioDb.insertImage(trx, itemId, { role: 'main', position: 0, ...main });
        for (const [position, slider] of sliders.entries()) await portfolioDb.insertImage(trx, itemId, { role: 'slider', position, ...slider });
        await contentVersion.bump(trx);
        return itemId;
      });
      return (await get(id))!;
    },

    async update(id, submission) {
      const existing = await portfolioDb.findItem(db, id);
      if (!existing) throw new NotFoundError(portfolioMessages.notFound);
      const data = validate(submission.fields);
      const keep = keptSliderIds(submission.fields.keepSliderImages, existing);
      const { main, sliders } = await encodeAll(submission);
      await db.transaction(async (trx) => {
        if (!(await portfolioDb.lockItem(trx, id))) throw new NotFoundError(portfolioMessages.notFound);
        await portfolioDb.updateItem(trx, id, data);
        if (main) {
          await portfolioDb.deleteImages(trx, id, 'main');
          await portfolioDb.insertImage(trx, id, { role: 'main', position: 0, ...main });
        }
        // The slider set changes when new slider images come or the kept list is given.
        if (sliders.length > 0 || keep !== undefined) {
          const kept = (keep ?? []).slice(0, PORTFOLIO_LIMITS.maxSliderImages);
          await portfolioDb.deleteImages(trx, id, 'slider', kept);
          await portfolioDb.orderSliderImages(trx, id, kept);
          const room = PORTFOLIO_LIMITS.maxSliderImages - kept.length;
          for (const [index, slider] of sliders.slice(0, room).entries()) {
            await portfolioDb.insertImage(trx, id, { role: 'slider', position: kept.length + index, ...slider });
          }
        }
        await contentVersion.bump(trx);
      });
      return (await get(id))!;
    },

    async remove(id) {
      await db.transaction(async (trx) => {
        if (!(await portfolioDb.deleteItem(trx, id))) throw new NotFoundError(portfolioMessages.notFound);
        await contentVersion.bump(trx);
      });
    },

    async dates() {
      return (await portfolioDb.itemDates(db)).map((row) => ({ id: row.id, updatedAt: new Date(row.updated_at) }));
    },
  };
}

/**
 * `keepSliderImages` on edit: the ids of current slider images to keep, in their new order.
 * Absent: the slider set stays unless new slider images come. Present but empty: none kept.
 */
function keptSliderIds(value: string | string[] | undefined, item: portfolioDb.StoredItem): string[] | undefined {
  if (value === undefined) return undefined;
  const ids = [...new Set((Array.isArray(value) ? value : [value]).map((id) => id.trim()).filter(Boolean))];
  const current = new Set(item.images.filter((image) => image.role === 'slider').map((image) => image.id));
  const unknown = ids.filter((id) => !current.has(id));
  if (unknown.length > 0) throw new ValidationError(messages.portfolio.notASliderImage(unknown));
  return ids;
}

/** The rejected fields, summed up by the first one ("Title is required.", "technologies must be at most …"). */
function invalidFields(fields: FieldErrors): ValidationError {
  const [first] = Object.entries(fields);
  const message = first ? (/^[A-Z]/.test(first[1]) ? first[1] : `${first[0]} ${first[1]}`) : messages.portfolio.invalidForm;
  return new ValidationError(message, fields);
}

function responsive(image: portfolioDb.StoredImage | undefined, variant: ImageVariant): ResponsiveImage | null {
  return image ? responsiveSet(image.id, image.files, variant) : null;
}

const largestJpeg = (set: ResponsiveImage | null) => set?.jpeg[set.jpeg.length - 1]?.url ?? null;

/** Database rows to the spec's JSON names, converted in this one place. */
export function toJson(item: portfolioDb.StoredItem): PortfolioItemJson {
  const main = item.images.find((image) => image.role === 'main');
  const sliders = item.images.filter((image) => image.role === 'slider').sort((a, b) => a.position - b.position);
  const imageSet = responsive(main, 'card');
  const sliderImageSets = sliders.map((image) => responsive(image, 'slider')).filter((set): set is ResponsiveImage => set !== null);
  return {
    _id: item.id,
    title: item.title,
    description: item.description,
    client: item.client,
    date: item.date,
    completionDate: item.completion_date,
    technologies: item.technologies,
    websiteLink: item.website_link,
    challenge: item.challenge,
    solution: item.solution,
    results: item.results,
    bgColor: item.bg_color,
    testimonial: item.testimonial,
    whatWeDelivered: item.what_we_delivered,
    categories: item.categories,
    displayCategories: item.display_categories,
    image: largestJpeg(imageSet),
    images: sliderImageSets.map((set) => largestJpeg(set)!),
    imageSet,
    heroImageSet: responsive(main, 'slider'),
    sliderImageSets,
    thumbnailSets: sliders.map((image) => responsive(image, 'thumb')).filter((set): set is ResponsiveImage => set !== null),
    createdAt: new Date(item.created_at).toISOString(),
    updatedAt: new Date(item.updated_at).toISOString(),
  };
}
