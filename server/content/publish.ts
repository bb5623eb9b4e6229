import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { AdminRole } from '../../shared/admin-auth';
import { agencyDetailNames, changedAgencyDetails, OWNER_PUBLISHES_AGENCY_DETAILS, type AgencyDetailField } from '../../shared/content/agency-details';
import { CONTENT_SCHEMA_VERSION, contentDocument } from '../../shared/content/documents';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors';
import type { AuditActor, AuditTrail } from '../services/audit';
import type { ContentVersion } from '../services/content-version';
import { checkTogether, type ContentChecker } from './checks';
import { PublishRefusedError } from './errors';
import type { ContentDocumentRow } from './rows';
import { jsonOf } from './rows';

/**
 * What to publish of one document:
 * - `{ key, version }`: the draft saved as `version` (a manual publish);
 * - `{ key, version, data }`: `data` as it was when `version` was scheduled (a scheduled publish
 *   pins its version, so a later draft is not published with it);
 * - `{ key, data, over }`: `data` as a new version over the published version `over` (undo).
 */
export type PublishItem = { key: string; version: number; data?: undefined } | { key: string; version: number; data: unknown } | { key: string; data: unknown; over: number };

/** Why a publish happened, for the audit trail. */
export type PublishReason = 'publish' | 'schedule' | 'undo' | 'import';

/**
 * Who publishes: as the audit trail names them, and their role. Only an owner's publish may change
 * the agency details; a scheduled publish runs with the role of the admin who scheduled it.
 */
export interface ContentActor extends AuditActor {
  role: AdminRole;
}

/**
 * Why an editor's publish (or, `'scheduling'`, plan of one) that would change the agency details
 * `fields` is refused (403).
 */
export function agencyDetailsRefusal(reason: PublishReason | 'scheduling', fields: readonly AgencyDetailField[]): string {
  const what = `It would change the ${agencyDetailNames(fields)} of the agency details.`;
  if (reason === 'scheduling') return `Not scheduled: ${what} ${OWNER_PUBLISHES_AGENCY_DETAILS}`;
  if (reason === 'undo') return `Not undone: ${what} An owner publishes the agency details, so ask an owner to undo this publish.`;
  if (reason === 'schedule') return `Not published: ${what} An owner publishes the agency details, and this publish was scheduled by an editor.`;
  return `Not published: ${what} ${OWNER_PUBLISHES_AGENCY_DETAILS}`;
}

export interface PublishedDocument {
  key: string;
  version: number;
  /** False when that version was already published (a scheduled publish run twice). */
  changed: boolean;
}

export interface PublishResult {
  /** Shared by the revisions of the documents published together (what "undo" undoes). */
  publishId: string;
  documents: PublishedDocument[];
}

export interface PublisherDeps {
  db: Knex;
  audit: AuditTrail;
  contentVersion: Pick<ContentVersion, 'bump'>;
  /** Reloads the published content this instance holds (resolves once pages render with it). */
  reloadContent: () => Promise<void>;
  check: ContentChecker;
  now?: () => Date;
}

const REASON_TEXT: Record<PublishReason, string> = { publish: '', schedule: ' (scheduled)', undo: ' (undo)', import: ' (import)' };

/**
 * The one way content goes live: manual, scheduled, undo and import publishes all come here.
 * In one transaction it locks the documents' rows, checks each item's version, runs the checks on
 * the data (all items together, as the pages will show them), copies it to the published columns,
 * keeps a full revision, records one audit entry per document and bumps the site's content version
 * (which, on PostgreSQL, also notifies every instance). Only when that has committed is the
 * content reloaded here, so this instance serves the new content as soon as the call returns.
 * A publish that would change the agency details is refused (403) unless an owner makes it.
 */
export function createPublisher({ db, audit, contentVersion, reloadContent, check, now = () => new Date() }: PublisherDeps) {
  /** The publish inside `trx` (a scheduled run's claim holds its own transaction); the caller reloads after commit. */
  async function publishIn(trx: Knex.Transaction, items: PublishItem[], actor: ContentActor, reason: PublishReason): Promise<PublishResult> {
    const keys = [...new Set(items.map((item) => item.key))].sort();
    if (keys.length !== items.length) throw new ConflictError('Each document can be published once in a publish.');
    for (const key of keys) if (!contentDocument(key)) throw new NotFoundError(`There is no document "${key}".`);
    // Locked in key order, so two publishes of overlapping documents never wait on each other in a circle.
    const rows = await trx('content_documents').whereIn('key', keys).orderBy('key').forUpdate().select<ContentDocumentRow[]>('*');
    const rowOf = new Map(rows.map((row) => [row.key, row]));

    const planned: { key: string; version: number; data: unknown; row: ContentDocumentRow; clearDraft: boolean; newVersion: boolean }[] = [];
    const unchanged: PublishedDocument[] = [];
    for (const item of items) {
      const row = rowOf.get(item.key);
      if (!row) throw new NotFoundError(`There is no document "${item.key}".`);
      if ('over' in item) {
        if (row.published_version !== item.over) throw new ConflictError(`${item.key} was published again since (now version ${row.published_version}).`);
        planned.push({ key: item.key, version: row.version + 1, data: item.data, row, clearDraft: false, newVersion: true });
      } else if (item.data !== undefined) {
        // A pinned version is done once it, or something newer, is published.
        if (row.published_version >= item.version) unchanged.push({ key: item.key, version: item.version, changed: false });
        else planned.push({ key: item.key, version: item.version, data: item.data, row, clearDraft: row.draft_version === item.version, newVersion: false });
      } else if (row.draft_version === item.version) {
        planned.push({ key: item.key, version: item.version, data: jsonOf(row.draft_data), row, clearDraft: true, newVersion: false });
      } else if (row.draft_version === null && row.published_version === item.version) {
        unchanged.push({ key: item.key, version: item.version, changed: false });
      } else {
        const latest = row.draft_version ?? row.published_version;
        throw new ConflictError(`${item.key}: version ${item.version} is not the latest draft (the latest is version ${latest}); reload and publish again.`);
      }
    }

    if (actor.role !== 'owner') {
      const agencyDetails = planned.flatMap((plan) => changedAgencyDetails(plan.key, jsonOf(plan.row.published_data), plan.data));
      if (agencyDetails.length > 0) throw new ForbiddenError(agencyDetailsRefusal(reason, agencyDetails));
    }

    const { problems, warnings } = await checkTogether(check, planned, trx);
    if (problems.length > 0) {
      const first = problems[0]!;
      throw new PublishRefusedError(`Not published: ${first.key} ${first.field === '_form' ? '' : `${first.field}: `}${first.message}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`, problems, warnings);
    }

    const publishId = randomUUID();
    const at = now();
    for (const plan of planned) {
      const json = JSON.stringify(plan.data);
      await trx('content_documents')
        .where({ key: plan.key })
        .update({
          version: Math.max(plan.row.version, plan.version),
          schema_version: CONTENT_SCHEMA_VERSION,
          published_version: plan.version,
          published_data: json,
          published_at: at,
          published_by: actor.name,
          ...(plan.clearDraft ? { draft_version: null, draft_data: null, draft_saved_at: null, draft_saved_by: null } : {}),
        });
      await trx('content_revisions').insert({ key: plan.key, version: plan.version, schema_version: CONTENT_SCHEMA_VERSION, data: json, published_at: at, published_by: actor.name, publish_id: publishId });
      await audit.record(actor, { action: 'content.publish', target: { type: 'content', id: plan.key }, summary: `published ${plan.key} v${plan.version}${REASON_TEXT[reason]}` }, trx);
    }
    if (planned.length > 0) await contentVersion.bump(trx);
    return { publishId, documents: [...planned.map((plan) => ({ key: plan.key, version: plan.version, changed: true })), ...unchanged] };
  }

  return {
    publishIn,
    /** Publishes `items` together (all or none) and serves them on this instance before returning. */
    async publish(items: PublishItem[], actor: ContentActor, reason: PublishReason = 'publish'): Promise<PublishResult> {
      const result = await db.transaction((trx) => publishIn(trx, items, actor, reason));
      if (result.documents.some((document) => document.changed)) await reloadContent();
      return result;
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;
