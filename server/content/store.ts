import type { Knex } from 'knex';
import type { Logger } from '../logger';
import type { ContentVersion } from '../services/content-version';
import type { Settings } from '../../shared/settings';
import type { ContentImages } from '../../shared/content/images';
import { readContentImages } from '../services/content-images';
import { DEFAULT_DOCUMENTS } from '../../shared/content/defaults';
import { assembleSiteContent, siteFactsOf, type DocumentsByKey, type SiteContent } from '../../shared/content/site-content';

export interface SiteContentStore {
  /** The published content as pages show it; read from memory, never from the database per render. */
  current(): SiteContent;
  /** The published data of every document, by key (what a preview lays a draft over). */
  publishedDocuments(): DocumentsByKey;
  /** When the newest of `documents` (keys) was published (a sitemap entry's `lastmod`); undefined before `load()`. */
  lastPublishedOf(documents: readonly string[]): Date | undefined;
  /** The site's content with some documents replaced (a preview): assembled exactly as the published one. */
  assemble(documents: DocumentsByKey): SiteContent;
  /** Reads the published documents and the uploaded images now; resolves once pages render with them. */
  load(): Promise<void>;
  /**
   * Reads the uploaded images again (one was just stored), without telling the listeners: a new
   * image changes no page until a document naming it is published (which reloads everything).
   */
  loadImages(): Promise<void>;
  /** Called after the content in memory changed (a publish here or elsewhere, or a change of Settings). */
  onChange(listener: () => void): void;
}

export interface SiteContentStoreDeps {
  db: Knex;
  contentVersion: Pick<ContentVersion, 'onChange'>;
  settings: { current(): Pick<Settings, 'replyPromiseHours' | 'workingHoursOnly'>; onChange(listener: () => void): void };
  logger?: Logger;
}

/**
 * The site's published content, held in memory by every instance (some 35 small documents, and
 * the renditions of every uploaded content image: a few URLs each, so a page draws one without
 * reading the database). It
 * starts with the content the site shipped with and holds the database's once `load()` has run
 * (the server loads it before it listens; tools that never query, such as the route table, don't).
 * When the content version changes (a publish or a portfolio change, on any instance) it tells
 * its listeners, the render cache first among them, at once and again once it has read the
 * documents: a page rendered in between with the old documents is not kept after the change.
 */
export function createSiteContentStore({ db, contentVersion, settings, logger }: SiteContentStoreDeps): SiteContentStore {
  let documents: DocumentsByKey = DEFAULT_DOCUMENTS;
  let publishedAt = new Map<string, Date>();
  let images: ContentImages = {};
  const listeners: (() => void)[] = [];

  const assemble = (overrides: DocumentsByKey = {}) => assembleSiteContent({ ...documents, ...overrides }, siteFactsOf(settings.current()), images);
  const changed = () => {
    content = assemble();
    for (const listener of listeners) listener();
  };

  const read = async () => {
    // A document staff added and never published is not on the site, nor one they retired.
    const rows = await db('content_documents').whereNotNull('published_data').whereNull('retired_at').select<{ key: string; published_data: unknown; published_at: Date }[]>('key', 'published_data', 'published_at');
    const readImages = await readContentImages(db);
    documents = Object.fromEntries(rows.map((row) => [row.key, typeof row.published_data === 'string' ? JSON.parse(row.published_data) : row.published_data]));
    publishedAt = new Map(rows.map((row) => [row.key, new Date(row.published_at)]));
    images = readImages;
  };

  // Loads run one after another, each reading what is committed when it starts, so the last one
  // to finish has the newest content.
  let queue: Promise<void> = Promise.resolve();
  const load = () => {
    queue = queue.then(read).then(changed, (error: unknown) => logger?.warn({ err: error }, 'cannot read the site content; pages keep the content they have'));
    return queue;
  };
  const loadImages = () => {
    queue = queue.then(async () => {
      images = await readContentImages(db);
      content = assemble();
    }).catch((error: unknown) => logger?.warn({ err: error }, 'cannot read the content images; pages keep the images they have'));
    return queue;
  };

  let content = assemble();
  // Told at once (a portfolio change shows from the database on the next render) and again once
  // the documents are read: a page rendered in between, with the old documents, is not kept.
  contentVersion.onChange(() => {
    for (const listener of listeners) listener();
    void load();
  });
  settings.onChange(changed);

  return {
    current: () => content,
    publishedDocuments: () => documents,
    lastPublishedOf(documents) {
      let newest: Date | undefined;
      for (const key of documents) {
        const at = publishedAt.get(key);
        if (at && (!newest || at > newest)) newest = at;
      }
      return newest;
    },
    assemble,
    load,
    loadImages,
    onChange(listener) {
      listeners.push(listener);
    },
  };
}
