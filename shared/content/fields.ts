import { z } from 'zod';
import { CONTENT_IMAGE_SRC } from './images';
import { PHONE_EXAMPLE, phoneProblem } from './phone';

/**
 * The field types content documents are made of. Each carries, in zod's metadata, how the editor
 * shows it (`widget`) and its label, so the server, the editor and the API read one definition.
 */

export type Widget = 'text' | 'multiline' | 'rich' | 'link' | 'phone' | 'icon' | 'image' | 'rating' | 'hours' | 'number' | 'checkbox';

export interface FieldMeta {
  /** The label the editor shows. */
  title: string;
  widget?: Widget;
  /** A hint under the field. */
  description?: string;
  /** Search engines cut longer titles and descriptions: a warning, never a block. */
  softMax?: number;
}

const needed = (label: string) => `Enter the ${label.toLowerCase()}.`;

/** One line of text (a heading, a name). */
export function text(title: string, { max = 200, optional = false, description }: { max?: number; optional?: boolean; description?: string } = {}) {
  const base = z.string(needed(title)).trim().max(max, `${title} is at most ${max} characters.`);
  return (optional ? base : base.min(1, needed(title))).meta({ title, widget: 'text', description } satisfies FieldMeta);
}

/** A paragraph of plain text. */
export function multiline(title: string, { max = 2000, description }: { max?: number; description?: string } = {}) {
  return z.string(needed(title)).trim().min(1, needed(title)).max(max, `${title} is at most ${max} characters.`).meta({ title, widget: 'multiline', description } satisfies FieldMeta);
}

/**
 * A longer text in the small, safe subset the site renders (`shared/content/rich-text.ts`):
 * paragraphs, **bold**, *italic*, [links](https://…) and bulleted lists; raw HTML is shown as text.
 */
export function rich(title: string, { max = 6000 }: { max?: number } = {}) {
  return z
    .string(needed(title))
    .trim()
    .min(1, needed(title))
    .max(max, `${title} is at most ${max} characters.`)
    .meta({ title, widget: 'rich', description: 'Paragraphs, **bold**, *italic*, [links](https://…) and lists starting with "- ".' } satisfies FieldMeta);
}

/** Schemes a link may use; anything else (`javascript:`, `data:`) is refused. */
export const LINK_SCHEMES = ['https:', 'http:', 'mailto:', 'tel:'] as const;

/** True for an address the site may link to: one of `LINK_SCHEMES`, or a path of this site (`/quote`, `/about#profile`). */
export function isAllowedHref(href: string): boolean {
  if (/^\/(?!\/)/.test(href)) return !/[\s\\]/.test(href);
  const scheme = /^([a-z][a-z0-9+.-]*:)/i.exec(href)?.[1]?.toLowerCase();
  if (!scheme || !(LINK_SCHEMES as readonly string[]).includes(scheme)) return false;
  if (scheme === 'http:' || scheme === 'https:') {
    try {
      return Boolean(new URL(href).hostname);
    } catch {
      return false;
    }
  }
  return href.length > scheme.length && !/\s/.test(href);
}

/** A link: `https:`, `http:`, `mailto:`, `tel:` or a path of this site. */
export function link(title: string, { optional = false }: { optional?: boolean } = {}) {
  const message = `${title}: use an address starting with https://, http://, mailto:, tel: or a page of this site such as /contact.`;
  const base = z.string(needed(title)).trim().max(500, `${title} is at most 500 characters.`);
  const checked = optional
    ? base.refine((value) => value === '' || isAllowedHref(value), message)
    : base.min(1, needed(title)).refine(isAllowedHref, message);
  return checked.meta({ title, widget: 'link' } satisfies FieldMeta);
}

/**
 * A link a menu or a page's navigation may hold: a page of this site (`/about`, `/#industries`) or
 * an absolute https address. No `mailto:`/`tel:` (the agency details hold those) and no plain http.
 */
export function pageLink(title: string, { description }: { description?: string } = {}) {
  const message = `${title}: use a page of this site such as /about, or an address starting with https://.`;
  return z
    .string(needed(title))
    .trim()
    .min(1, needed(title))
    .max(500, `${title} is at most 500 characters.`)
    .refine((value) => isAllowedHref(value) && (value.startsWith('/') || value.toLowerCase().startsWith('https://')), message)
    .meta({ title, widget: 'link', description } satisfies FieldMeta);
}

/**
 * A phone number with its country code (`shared/content/phone.ts`): the one place the number is
 * typed; the site makes how it is shown and every link to it from this.
 */
export function phone(title: string) {
  return z
    .string(needed(title))
    .trim()
    .min(1, needed(title))
    .max(40, `${title} is at most 40 characters.`)
    .superRefine((value, context) => {
      const problem = value === '' ? null : phoneProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .meta({ title, widget: 'phone', description: `With its country code, such as ${PHONE_EXAMPLE}. The site shows it, dials it ("Call Now") and opens WhatsApp with it.` } satisfies FieldMeta);
}

/** A file shipped with the site (`images/icons/seo.svg`), always decorative. */
export function icon(title = 'Icon') {
  return z
    .string(needed(title))
    .regex(/^images\/[a-z0-9/_-]+\.(svg|png|webp|avif|jpe?g)$/, `${title}: choose one of the site's images.`)
    .meta({ title, widget: 'icon' } satisfies FieldMeta);
}

/** A file shipped with the site under `static/images/`, or an uploaded one (exactly `/media/content/<uuid>`). */
const IMAGE_SRC = new RegExp(`^images/[a-z0-9/_-]+\\.(svg|png|webp|avif|jpe?g)$|${CONTENT_IMAGE_SRC.source}`);

/**
 * An image: one shipped with the site (`images/hero.svg`) or one uploaded through the portfolio's
 * image pipeline (`/media/content/<id>`, see `shared/content/images.ts`), with its alternative
 * text. A decorative image has none, and says so.
 */
export function image(title: string) {
  return z
    .strictObject({
      src: z
        .string(`Choose the ${title.toLowerCase()}.`)
        .regex(IMAGE_SRC, `${title}: choose one of the site's images or upload one.`),
      alt: z.string().trim().max(300, 'The alternative text is at most 300 characters.'),
      decorative: z.boolean(),
    })
    .meta({ title, widget: 'image' } satisfies FieldMeta);
}
export type ImageField = z.infer<ReturnType<typeof image>>;

/** Search engines show about 60 characters of a title and 160 of a description. */
export const SEO_TITLE_SHOWN = 60;
export const SEO_DESCRIPTION_SHOWN = 160;

/** A page's title, description and sharing image, as search engines and link previews show them. */
export function seo() {
  return z
    .strictObject({
      title: text('Page title', { max: 120 }).meta({ title: 'Page title', widget: 'text', softMax: SEO_TITLE_SHOWN, description: 'Shown in the browser tab and by search engines (about 60 characters are shown).' } satisfies FieldMeta),
      description: multiline('Page description', { max: 400 }).meta({ title: 'Page description', widget: 'multiline', softMax: SEO_DESCRIPTION_SHOWN, description: 'Shown under the title by search engines (about 160 characters are shown).' } satisfies FieldMeta),
      image: image('Sharing image').nullable(),
    })
    .meta({ title: 'Search and sharing' });
}
export type SeoFields = z.infer<ReturnType<typeof seo>>;

/** A list of items the editor can add to, remove from and reorder. */
export function list<T extends z.ZodType>(title: string, item: T, { min = 0, max = 50, itemTitle }: { min?: number; max?: number; itemTitle?: string } = {}) {
  return z
    .array(item)
    .min(min, min === 1 ? `${title}: keep at least one.` : `${title}: keep at least ${min}.`)
    .max(max, `${title}: at most ${max}.`)
    .meta({ title, description: itemTitle });
}

/** The `alt` an image is shown with: empty for a decorative one. */
export function altOf(image: ImageField): string {
  return image.decorative ? '' : image.alt;
}

/** A whole number between `min` and `max` (a position in a list). */
export function integer(title: string, { min, max, description }: { min: number; max: number; description?: string }) {
  const message = `${title}: give a whole number from ${min} to ${max}.`;
  return z.number(message).int(message).min(min, message).max(max, message).meta({ title, widget: 'number', description } satisfies FieldMeta);
}

/** A yes or no, shown as one checkbox. */
export function checkbox(title: string, { description }: { description?: string } = {}) {
  return z.boolean(`${title}: tick or untick it.`).meta({ title, widget: 'checkbox', description } satisfies FieldMeta);
}
