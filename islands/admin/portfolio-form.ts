import { CATEGORY_LABELS, CATEGORY_LABEL_TO_SLUG, categorySlugForLabel } from '../../shared/portfolio/categories';
import type { DeliveredItem, PortfolioItemJson } from '../../shared/portfolio/item';
import { PORTFOLIO_LIMITS } from '../../shared/portfolio/limits';
import { DEFAULT_BG_COLOR, DEFAULT_DELIVERED_ITEMS, formatPortfolioDate } from '../../shared/portfolio/save-rules';
import { portfolioFormSchema } from '../../shared/portfolio/schema';
import { fieldErrorsOf } from '../../shared/zod-errors';

const MAX_SLIDER_IMAGES = PORTFOLIO_LIMITS.maxSliderImages;

export type PortfolioItem = PortfolioItemJson;

/** What the add/edit panel holds while the admin types (all text, as the inputs give it). */
export interface PortfolioFormValues {
  title: string;
  client: string;
  description: string;
  /** Chosen category labels (the checkboxes); slugs are derived on save. */
  categoryLabels: string[];
  completionDate: string;
  technologies: string;
  websiteLink: string;
  challenge: string;
  solution: string;
  results: string;
  bgColor: string;
  testimonial: { author: string; position: string; text: string };
  whatWeDelivered: { description: string; items: DeliveredItem[] };
}

export interface PortfolioFiles {
  image: File | null;
  sliderImages: File[];
}

/** The panel's fields in their order on screen (the first with an error gets focus). */
export const PORTFOLIO_FORM_FIELDS = [
  'title',
  'categories',
  'client',
  'description',
  'completionDate',
  'technologies',
  'websiteLink',
  'challenge',
  'solution',
  'results',
  'image',
  'sliderImages',
  'testimonial',
  'whatWeDelivered',
  'bgColor',
] as const;
export type PortfolioFormField = (typeof PORTFOLIO_FORM_FIELDS)[number];
export type PortfolioFormErrors = Partial<Record<PortfolioFormField, string>>;

/** Upload sizes the spec recommends, shown beside the file inputs. */
export const RECOMMENDED_SIZES = { image: '300 × 200 px', slider: '800 × 600 px' } as const;

export function emptyPortfolioValues(): PortfolioFormValues {
  return {
    title: '',
    client: '',
    description: '',
    categoryLabels: [],
    completionDate: '',
    technologies: '',
    websiteLink: '',
    challenge: '',
    solution: '',
    results: '',
    bgColor: DEFAULT_BG_COLOR,
    testimonial: { author: '', position: '', text: '' },
    whatWeDelivered: { description: '', items: DEFAULT_DELIVERED_ITEMS.map((item) => ({ ...item })) },
  };
}

const SLUG_TO_LABEL = new Map(Object.entries(CATEGORY_LABEL_TO_SLUG).map(([label, slug]) => [slug, label]));

/** The panel prefilled from a stored item (edit mode). */
export function portfolioValuesFromItem(item: PortfolioItem): PortfolioFormValues {
  const labels = item.displayCategories.length > 0 ? item.displayCategories : item.categories.map((slug) => SLUG_TO_LABEL.get(slug) ?? slug);
  return {
    title: item.title,
    client: item.client,
    description: item.description,
    categoryLabels: [...new Set(labels.filter((label) => label && label !== 'Uncategorized'))],
    completionDate: item.completionDate ?? '',
    technologies: item.technologies ?? '',
    websiteLink: item.websiteLink ?? '',
    challenge: item.challenge ?? '',
    solution: item.solution ?? '',
    results: item.results ?? '',
    bgColor: item.bgColor || DEFAULT_BG_COLOR,
    testimonial: { author: item.testimonial?.author ?? '', position: item.testimonial?.position ?? '', text: item.testimonial?.text ?? '' },
    whatWeDelivered: {
      description: item.whatWeDelivered?.description ?? '',
      items: (item.whatWeDelivered?.items ?? []).map((entry) => ({ ...entry })),
    },
  };
}

/** The checkboxes to offer: the standard labels, plus any other label an edited item already has. */
export function categoryOptions(chosen: readonly string[]): string[] {
  return [...CATEGORY_LABELS, ...chosen.filter((label) => !CATEGORY_LABELS.includes(label))];
}

/**
 * The spec's validation rules, checked before anything is sent with the same schema the server applies
 * (`portfolioFormSchema`), plus the file checks only the browser can make. Empty object: valid.
 */
export function validatePortfolioValues(values: PortfolioFormValues, files: PortfolioFiles): PortfolioFormErrors {
  const errors: PortfolioFormErrors = {};
  const result = portfolioFormSchema.safeParse(portfolioTextFields(values));
  if (!result.success) {
    for (const [field, message] of Object.entries(fieldErrorsOf(result.error))) {
      const key = (PORTFOLIO_FORM_FIELDS as readonly string[]).includes(field) ? (field as PortfolioFormField) : field === 'displayCategories' ? 'categories' : field === 'date' ? 'completionDate' : 'title';
      errors[key] ??= message;
    }
  }
  if (files.image && !isImageFile(files.image)) errors.image = 'The main image must be an image file.';
  if (files.sliderImages.some((file) => !isImageFile(file))) errors.sliderImages = 'Slider images must be image files.';
  return errors;
}

export function isImageFile(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('image/');
}

/** Slider files as kept: images only, at most three (the spec drops extras). */
export function keptSliderImages<T extends Pick<File, 'type'>>(files: readonly T[]): { kept: T[]; dropped: number } {
  const images = files.filter(isImageFile);
  return { kept: images.slice(0, MAX_SLIDER_IMAGES), dropped: files.length - Math.min(images.length, MAX_SLIDER_IMAGES) };
}

/**
 * The text fields of `POST /api/portfolio` and `PUT /api/portfolio/{id}` (the spec's fields): category labels
 * as repeated slugs and labels, testimonial and what-we-delivered as JSON text. An empty completion
 * date sends today as `date` ("15 Mar 2025"); on edit the stored date stays.
 */
export function portfolioTextFields(values: PortfolioFormValues, { today = new Date(), existingDate = '' } = {}) {
  const completionDate = values.completionDate.trim();
  return {
    title: values.title.trim(),
    categories: values.categoryLabels.map(categorySlugForLabel),
    displayCategories: [...values.categoryLabels],
    client: values.client.trim(),
    date: completionDate || existingDate || formatPortfolioDate(today),
    description: values.description.trim(),
    challenge: values.challenge.trim(),
    solution: values.solution.trim(),
    results: values.results.trim(),
    completionDate,
    technologies: values.technologies.trim(),
    websiteLink: values.websiteLink.trim(),
    testimonial: JSON.stringify({ author: values.testimonial.author.trim(), position: values.testimonial.position.trim(), text: values.testimonial.text.trim() }),
    bgColor: values.bgColor || DEFAULT_BG_COLOR,
    whatWeDelivered: JSON.stringify({
      description: values.whatWeDelivered.description.trim(),
      items: values.whatWeDelivered.items.filter((item) => item.title.trim()).map((item) => ({ title: item.title.trim(), icon: item.icon })),
    }),
  };
}

/** The multipart body: the files (at most three slider images; on edit an omitted file keeps the stored one) and the text fields. */
export function buildPortfolioFormData(values: PortfolioFormValues, files: PortfolioFiles, options: { today?: Date; existingDate?: string } = {}): FormData {
  const form = new FormData();
  if (files.image) form.append('image', files.image);
  for (const file of files.sliderImages.slice(0, MAX_SLIDER_IMAGES)) form.append('sliderImages', file);
  for (const [name, value] of Object.entries(portfolioTextFields(values, options))) {
    for (const entry of Array.isArray(value) ? value : [value]) form.append(name, entry);
  }
  return form;
}
