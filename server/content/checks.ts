import type { Knex } from 'knex';
import { z } from 'zod';
import { contentDocument } from '../../shared/content/documents';
import { isAllowedHref, type FieldMeta } from '../../shared/content/fields';
import { richTextLinks } from '../../shared/content/rich-text';
import { fieldPathErrorsOf, WHOLE_VALUE } from '../../shared/zod-errors';
import type { DocumentsByKey, SiteContent } from '../../shared/content/site-content';
import type { RenderPage } from '../render/render-page';
import { pageSpelling } from '../middleware/canonical-url';
import { isSitePage, PAGE_ADDRESSES, pageViewAt } from '../site/page-lookup';
import { MOVED_PAGES, portfolioItemIdOf, type PortfolioReader } from '../site/public-pages';
import { htmlNestingProblems } from './html-nesting';

/**
 * Pages are checked without the portfolio: industry pages then show their sample cards, which is
 * every field of their document.
 */
const NO_PORTFOLIO: PortfolioReader = { list: async () => [], get: async () => undefined };

/** One thing wrong with a document, named by the field's path (`banner.image.alt`; `_form` for the whole). */
export interface ContentProblem {
  field: string;
  message: string;
}

/** A content problem with the document it is about (several are published together). */
export interface DocumentProblem extends ContentProblem {
  key: string;
}

/** What publishing a document's data would meet: problems block it, warnings do not. */
export interface ContentChecks {
  problems: ContentProblem[];
  warnings: ContentProblem[];
}

export interface ContentCheckerDeps {
  renderPage: RenderPage;
  /** The site's content with some documents replaced, assembled as the published one is. */
  assemble(documents: DocumentsByKey): SiteContent;
}

/** Where a check reads what exists (the portfolio items links may point to): the publish's transaction. */
export interface CheckOptions {
  db: Knex;
  /** Documents published together with this one. */
  others?: DocumentsByKey;
}

type Visit = (path: string[], value: unknown, meta: FieldMeta | undefined) => void;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Walks `value` along its schema, calling `visit` with each field's path, value and editor metadata. */
function walk(schema: z.ZodType, value: unknown, path: string[], visit: Visit): void {
  visit(path, value, schema.meta() as FieldMeta | undefined);
  if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional) {
    if (value !== null && value !== undefined) walk(schema.unwrap() as z.ZodType, value, path, visit);
  } else if (schema instanceof z.ZodObject && isRecord(value)) {
    for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) walk(field, value[name], [...path, name], visit);
  } else if (schema instanceof z.ZodArray && Array.isArray(value)) {
    value.forEach((item, index) => walk(schema.element as z.ZodType, item, [...path, String(index)], visit));
  } else if (schema instanceof z.ZodDiscriminatedUnion && isRecord(value)) {
    // An item of one of several kinds (a page's section, a menu's item): the fields of its kind.
    const discriminator = schema.def.discriminator;
    const option = (schema.options as z.ZodType[]).find((candidate) => candidate instanceof z.ZodObject && (candidate.shape as Record<string, z.ZodType>)[discriminator]?.safeParse(value[discriminator]).success);
    if (option) walk(option, value, path, visit);
  }
}

/**
 * The pages a document is checked on: those it names, and for a document shown on every page
 * (`*`: the agency's details, the menus) the contact page too, which shows the most of them.
 */
const pagesToRender = (paths: string[]) => [...new Set(paths.flatMap((path) => (path === '*' ? ['/contact'] : [path])))];

const fieldName = (path: string[]) => (path.length > 0 ? path.join('.') : WHOLE_VALUE);

/**
 * The checks a document passes before it is published (and that the editor shows as it goes):
 * - the schema (a missing required field, a value too long), each error named by its field;
 * - an image without alternative text unless it is marked decorative;
 * - every link, in link fields and inside longer texts: a scheme we do not allow (`javascript:`),
 *   or a page of this site that does not exist (`/nowhere`; a `#fragment` or `?query` is ignored);
 * - every public page showing the document rendered with it: a view that cannot render it, or
 *   markup a browser would have to repair (`html-nesting.ts`);
 * - page titles and descriptions longer than search engines show: warnings only.
 * `others` are documents published together with this one, so the pages render as they will be.
 */
export function createContentChecker({ renderPage, assemble }: ContentCheckerDeps) {
  /**
   * Whether `href` leads somewhere: a page the site ships, a service, industry or page of `content`
   * (as it will be published), a stored portfolio item, or an old address a redirect answers (a
   * built-in one, or one of the Redirects list: a retired page's, an old site's), which visitors
   * follow to its page.
   */
  const pageExists = async (db: Knex, href: string, content: SiteContent | undefined): Promise<boolean> => {
    const path = href.replace(/[?#].*$/, '') || '/';
    if (PAGE_ADDRESSES.has(path) || (content && isSitePage(path, content))) return true;
    const itemId = portfolioItemIdOf(path);
    if (itemId !== undefined && (await db('portfolio_items').where({ id: itemId }).first('id')) !== undefined) return true;
    // The Redirects list's table, read here as `page-addresses.ts` does; stored in its one spelling.
    const spelled = pageSpelling(path);
    return MOVED_PAGES.some((moved) => moved.from === spelled) || (await db('redirects').where({ from_path: spelled }).first('id')) !== undefined;
  };

  return async function check(key: string, data: unknown, { db, others = {} }: CheckOptions): Promise<ContentChecks> {
    const definition = contentDocument(key);
    if (!definition) return { problems: [{ field: WHOLE_VALUE, message: `There is no document "${key}".` }], warnings: [] };
    const problems: ContentProblem[] = [];
    const warnings: ContentProblem[] = [];

    const parsed = definition.schema.safeParse(data);
    if (!parsed.success) {
      for (const [field, message] of Object.entries(fieldPathErrorsOf(parsed.error))) problems.push({ field, message });
    }

    const links: { field: string; href: string }[] = [];
    walk(definition.schema, data, [], (path, value, meta) => {
      const field = fieldName(path);
      if (meta?.widget === 'image' && isRecord(value) && value.decorative === false && (typeof value.alt !== 'string' || value.alt.trim() === '')) {
        problems.push({ field: `${field}.alt`, message: `${meta.title}: describe the image for people who cannot see it, or mark it decorative.` });
      }
      if (typeof value !== 'string') return;
      if (meta?.widget === 'link' && value.trim() !== '') links.push({ field, href: value.trim() });
      if (meta?.widget === 'rich') for (const href of richTextLinks(value)) links.push({ field, href });
      if (meta?.softMax !== undefined && value.length > meta.softMax) {
        warnings.push({ field, message: `${meta.title} is ${value.length} characters; search engines show about ${meta.softMax}.` });
      }
    });
    // The site as it would be with this document, for the links to its pages and to render them.
    let content: SiteContent | undefined;
    let assembleError: unknown;
    if (parsed.success) {
      try {
        content = assemble({ ...others, [key]: parsed.data });
      } catch (error) {
        assembleError = error;
      }
    }
    for (const { field, href } of links) {
      if (!isAllowedHref(href)) problems.push({ field, message: `The link "${href}" is not allowed: use https://, http://, mailto:, tel: or a page of this site.` });
      else if (href.startsWith('/') && !(await pageExists(db, href, content))) problems.push({ field, message: `The link "${href}" goes to a page that does not exist.` });
    }

    // The pages are rendered only with data the views can read (a schema error is reported above).
    if (parsed.success) {
      if (assembleError !== undefined) problems.push({ field: WHOLE_VALUE, message: `The site cannot be put together with this content (${(assembleError as Error).message}).` });
      for (const path of content ? pagesToRender(definition.paths) : []) {
        const page = await pageViewAt(path, { content: content!, portfolio: NO_PORTFOLIO, absolute: (page) => page });
        if (!page) continue;
        try {
          const nesting = htmlNestingProblems(renderPage({ path, ...page, content }));
          if (nesting.length > 0) problems.push({ field: WHOLE_VALUE, message: `The page ${path} would not be valid HTML with this content: ${nesting.slice(0, 3).join('; ')}.` });
        } catch (error) {
          problems.push({ field: WHOLE_VALUE, message: `The page ${path} cannot be shown with this content (${(error as Error).message}).` });
        }
      }
    }
    return { problems, warnings };
  };
}

export type ContentChecker = ReturnType<typeof createContentChecker>;

/**
 * Checks documents that go live together (a publish, or the plan of one), each with all the others
 * as the pages will show them, in the order given; their problems and warnings, each named by its
 * document. `db` is the publish's transaction.
 */
export async function checkTogether(check: ContentChecker, documents: readonly { key: string; data: unknown }[], db: Knex): Promise<{ problems: DocumentProblem[]; warnings: DocumentProblem[] }> {
  const others = Object.fromEntries(documents.map((document) => [document.key, document.data]));
  const problems: DocumentProblem[] = [];
  const warnings: DocumentProblem[] = [];
  for (const { key, data } of documents) {
    const result = await check(key, data, { db, others });
    problems.push(...result.problems.map((problem) => ({ key, ...problem })));
    warnings.push(...result.warnings.map((warning) => ({ key, ...warning })));
  }
  return { problems, warnings };
}
