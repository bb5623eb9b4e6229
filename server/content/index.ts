import type { Knex } from 'knex';
import type { Logger } from '../logger';
import type { RenderPage } from '../render/render-page';
import type { AuditTrail } from '../services/audit';
import type { ContentVersion } from '../services/content-version';
import { createContentChecker } from './checks';
import { createPublisher } from './publish';
import { createContentScheduler } from './schedules';
import { createContentService } from './service';
import type { SiteContentStore } from './store';

export interface ContentEditingDeps {
  db: Knex;
  audit: AuditTrail;
  contentVersion: Pick<ContentVersion, 'bump' | 'announceSchedules' | 'onSchedulesChanged'>;
  siteContent: Pick<SiteContentStore, 'assemble' | 'load'>;
  /** Renders a page with given content (the checks render a document's pages with its draft). */
  renderPage: RenderPage;
  /** The agency's zone (Settings), for scheduled publishes. */
  timeZone: () => string;
  logger?: Logger;
  now?: () => Date;
}

/** The content editing side of the back office: the documents, the one publish path, the checks and the schedule. */
export function createContentEditing({ db, audit, contentVersion, siteContent, renderPage, timeZone, logger, now }: ContentEditingDeps) {
  const check = createContentChecker({ renderPage, assemble: siteContent.assemble });
  const reloadContent = () => siteContent.load();
  const publisher = createPublisher({ db, audit, contentVersion, reloadContent, check, now });
  const content = createContentService({ db, audit, publisher, check, now });
  const scheduler = createContentScheduler({ db, audit, publisher, check, reloadContent, otherInstances: contentVersion, timeZone, logger, now });
  return { check, publisher, content, scheduler };
}

export type ContentEditing = ReturnType<typeof createContentEditing>;

// What the rest of the app uses of the content feature: its routes, the wiring, the command line.
export { createPageAddresses, type AddressRedirects, type PageAddresses } from './addresses';
export { PublishRefusedError, StaleDraftError } from './errors';
export { readContentFile } from './import-file';
export { createContentPreview, previewLinkRequestSchema, PREVIEW_LINK_PATH, type ContentPreview } from './preview';
export type { ContentActor, Publisher } from './publish';
export { scheduleAtSchema, scheduleItemsSchema, type ContentScheduler } from './schedules';
export { definitionOf, type ContentService } from './service';
export { createSiteContentStore, type SiteContentStore } from './store';
export { createContentTransfer, type ContentTransfer, type ImportPlan } from './transfer';
