import { z } from 'zod';
import { portfolioMessages } from './messages';
import { FORBIDDEN_IN_TEXT } from '../text';

/**
 * The zod schema of the portfolio's add and edit form, shared by the API and the admin dashboard.
 * A module of its own so the public islands that only need the portfolio's constants (the detail
 * slider) never download zod.
 */

/** Text PostgreSQL can store as given: no NUL, no lone surrogates, no control characters. */
const storable = (schema: z.ZodString) => schema.refine((value) => !FORBIDDEN_IN_TEXT.test(value), 'contains characters that are not allowed');
const text = (max: number) => storable(z.string().trim().max(max, `must be at most ${max} characters`));
const requiredText = (max: number, message: string) => storable(z.string({ error: message }).trim().min(1, message).max(max, `must be at most ${max} characters`));

/** Parses a field that arrives as JSON text in the multipart form (or already as an object). */
const jsonText = <T extends z.ZodType>(schema: T, message: string) =>
  z.preprocess((value, ctx) => {
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return undefined;
    try {
      return JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
  }, schema.optional());

const testimonialSchema = z.object(
  {
    text: text(2000).default(''),
    author: text(200).default(''),
    position: text(200).default(''),
  },
  { error: portfolioMessages.testimonialJson },
);

const whatWeDeliveredSchema = z.object(
  {
    description: text(2000).default(''),
    items: z
      .array(z.object({ title: requiredText(120, 'Each delivered item needs a title.'), icon: text(40).default('check') }), {
        error: portfolioMessages.whatWeDeliveredJson,
      })
      .max(20, 'At most 20 delivered items.')
      .optional(),
  },
  { error: portfolioMessages.whatWeDeliveredJson },
);

/** A repeated multipart field arrives as a string or an array of strings. */
const repeated = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(text(80)).max(30, 'At most 30 categories.'),
);

const websiteLink = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => {
    if (value === '') return true;
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, portfolioMessages.websiteLink);

/**
 * The text fields of `POST /api/portfolio` and `PUT /api/portfolio/{id}` as they arrive (strings,
 * repeated fields as arrays, testimonial and whatWeDelivered as JSON text). The admin form uses it
 * for the same messages in the browser; `normalizePortfolioFields` then applies the save rules.
 */
export const portfolioFieldsSchema = z.object({
  title: requiredText(200, portfolioMessages.titleRequired),
  client: requiredText(200, portfolioMessages.clientRequired),
  description: requiredText(5000, portfolioMessages.descriptionRequired),
  categories: repeated,
  displayCategories: repeated,
  date: text(100).default(''),
  completionDate: text(100).default(''),
  technologies: text(1000).default(''),
  websiteLink: websiteLink.default(''),
  challenge: text(5000).default(''),
  solution: text(5000).default(''),
  results: text(5000).default(''),
  bgColor: z
    .string()
    .trim()
    .default('')
    .refine((value) => value === '' || /^#[0-9a-fA-F]{6}$/.test(value), portfolioMessages.bgColor),
  testimonial: jsonText(testimonialSchema, portfolioMessages.testimonialJson),
  whatWeDelivered: jsonText(whatWeDeliveredSchema, portfolioMessages.whatWeDeliveredJson),
});

/**
 * The admin form's rules: the fields plus the spec's "at least one category". The API itself stores
 * an item sent without any category as Uncategorized (the spec's save rule), so it uses
 * `portfolioFieldsSchema`.
 */
export const portfolioFormSchema = portfolioFieldsSchema.refine((fields) => fields.categories.length + fields.displayCategories.length > 0, {
  message: portfolioMessages.categoryRequired,
  path: ['categories'],
});

export type PortfolioFields = z.output<typeof portfolioFieldsSchema>;

