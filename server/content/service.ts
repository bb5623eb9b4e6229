import type { Knex } from 'knex';
import { z } from 'zod';
import { CONTENT_DOCUMENTS, CONTENT_SCHEMA_VERSION, contentDocument, documentTitleOf, slugKeyOf, slugProblem, type ContentDocumentDefinition } from '../../shared/content/documents';
import { differingFields } from '../../shared/content/diff';
import { mergeVersions, UNKNOWN_BASE } from '../../shared/content/merge';
import { fieldPathErrorsOf, WHOLE_VALUE } from '../../shared/zod-errors';
import { ConflictError, NotFoundError, ValidationError, parseInput } from '../errors';
import type { AuditActor, AuditTrail } from '../services/audit';
import type { ContentChecker, ContentChecks } from './checks';
import { addressTakenProblem } from './page-addresses';
import { StaleDraftError } from './errors';
import type { ContentActor, Publisher, PublishResult } from './publish';
import type { ContentDraftJson, ContentItemJson, ContentListItem, MergedJson, RevisionJson, SavedDraftJson, UndoPlanJson } from './json';
import { isoOf, jsonOf, type ContentDocumentRow, type ContentRevisionRow } from './rows';

/** How long after their last heartbeat someone still counts as editing a document. */
export const PRESENCE_WINDOW_MS = 60_000;
/** Revisions per page of a document's history. */
export const REVISIONS_PAGE = 20;
/** How long a saved draft's data is kept as the base of a later merge (a tab left open longer is asked about every field). */
export const DRAFT_VERSIONS_KEPT_MS = 30 * 24 * 3600_000;

const saveSchema = z.strictObject({
  data: z.unknown(),
  // 0: a new document (a service or industry staff add), which must not exist yet.
  baseVersion: z.number('Give the version the draft was started from.').int('Give the version the draft was started from.').min(0, 'Give the version the draft was started from.'),
});
const restoreSchema = z.strictObject({ baseVersion: z.number().int().min(1).optional() });
const undoSchema = z.strictObject({ version: z.number('Give the version to undo (the one on the site).').int('Give the version to undo (the one on the site).').min(1, 'Give the version to undo (the one on the site).') });
const versionParam = z.coerce.number('Give a version number.').int('Give a version number.').min(1, 'Give a version number.').max(2_147_483_647, 'Give a version number.');

/** The definition of `key`, or a 404 saying why there is none (a slug a kind staff add to cannot take, in words). */
export function definitionOf(key: string): ContentDocumentDefinition {
  const definition = contentDocument(key);
  if (definition) return definition;
  const parts = slugKeyOf(key);
  const problem = parts && slugProblem(parts.slug);
  throw new NotFoundError(problem ? `There is no document "${key}", and there can be none: ${problem}` : `There is no document "${key}".`);
}

/** The definition of `key` when documents of its kind may be added (services, industries), else a 404 saying so. */
function addableDefinitionOf(key: string): ContentDocumentDefinition {
  const definition = definitionOf(key);
  if (!slugKeyOf(key)) throw new NotFoundError(`"${key}" is one of the site's own documents: it cannot be added. Staff add services (services/{slug}), industries (industries/{slug}) and pages (pages/{slug}).`);
  return definition;
}

export interface ContentServiceDeps {
  db: Knex;
  audit: AuditTrail;
  publisher: Publisher;
  check: ContentChecker;
  now?: () => Date;
}

/**
 * The content documents as staff edit them: the list, one document with its draft, saving and
 * discarding drafts (an integer version per document refuses a stale save), history and restore,
 * undo, checks, and who else is editing. Publishing itself is `publish.ts`.
 */
export function createContentService({ db, audit, publisher, check, now = () => new Date() }: ContentServiceDeps) {
  const rowOf = async (key: string, trx: Knex = db, lock = false): Promise<ContentDocumentRow> => {
    definitionOf(key);
    const query = trx('content_documents').where({ key }).first<ContentDocumentRow | undefined>('*');
    const row = await (lock ? query.forUpdate() : query);
    if (!row) throw new NotFoundError(`There is no document "${key}".`);
    return row;
  };

  const draftOf = (row: ContentDocumentRow): ContentDraftJson | null =>
    row.draft_version === null ? null : { version: row.draft_version, data: jsonOf(row.draft_data), savedAt: isoOf(row.draft_saved_at ?? row.published_at), savedBy: row.draft_saved_by };

  const revisionJson = (row: ContentRevisionRow & { number: number | string }): RevisionJson => ({
    key: row.key,
    version: row.version,
    number: Number(row.number),
    schemaVersion: row.schema_version,
    publishedAt: isoOf(row.published_at),
    publishedBy: row.published_by,
    data: jsonOf(row.data),
  });

  /**
   * Writes `data` as the document's new draft over `row` (locked), returning it. Its data is kept
   * by version too, as the base a later save started on it is merged from.
   */
  const writeDraft = async (trx: Knex, row: ContentDocumentRow, data: unknown, actor: AuditActor): Promise<ContentDraftJson> => {
    const version = row.version + 1;
    const savedAt = now();
    const json = JSON.stringify(data);
    await trx('content_documents').where({ key: row.key }).update({ version, draft_version: version, draft_data: json, draft_saved_at: savedAt, draft_saved_by: actor.name });
    await trx('content_draft_versions').insert({ key: row.key, version, data: json, saved_at: savedAt });
    await trx('content_draft_versions').where('saved_at', '<', new Date(savedAt.getTime() - DRAFT_VERSIONS_KEPT_MS)).delete();
    return { version, data, savedAt: savedAt.toISOString(), savedBy: actor.name };
  };

  /**
   * Adds the document `key` with `data` as its first draft (version 1); nothing is on the site
   * until it is published. 409 when the key exists (published or not).
   */
  const create = (key: string, data: unknown, actor: AuditActor): Promise<SavedDraftJson> =>
    db.transaction(async (trx) => {
      const taken = await addressTakenProblem(trx, key);
      if (taken) throw new ConflictError(taken);
      const savedAt = now();
      const json = JSON.stringify(data);
      const inserted = await trx('content_documents')
        .insert({ key, version: 1, schema_version: CONTENT_SCHEMA_VERSION, published_version: 0, published_data: null, published_at: savedAt, draft_version: 1, draft_data: json, draft_saved_at: savedAt, draft_saved_by: actor.name })
        .onConflict('key')
        .ignore()
        .returning('key');
      if (inserted.length === 0) throw new ConflictError(`"${key}" exists already: open it from the list, or choose another address.`);
      await trx('content_draft_versions').insert({ key, version: 1, data: json, saved_at: savedAt });
      await audit.record(actor, { action: 'content.create', target: { type: 'content', id: key }, summary: `added ${key} as a draft` }, trx);
      return { version: 1, data, merged: null };
    });

  /** The version stored now: the draft, else the published one. */
  const latestOf = (row: ContentDocumentRow) =>
    draftOf(row) ?? { version: row.published_version, data: jsonOf(row.published_data), savedAt: isoOf(row.published_at), savedBy: row.published_by };

  const staleError = (row: ContentDocumentRow, sent: unknown) => {
    const current = latestOf(row);
    return new StaleDraftError(
      `Someone else saved this document first (${current.savedBy ?? 'unknown'}, version ${current.version}); your changes are kept: compare and save again.`,
      current,
      differingFields(sent, current.data),
    );
  };

  /** The data of `version` of a document (published or draft), or UNKNOWN_BASE when it is not kept. */
  const versionData = async (trx: Knex, key: string, version: number): Promise<unknown> => {
    const kept =
      (await trx('content_revisions').where({ key, version }).first<{ data: unknown } | undefined>('data')) ??
      (await trx('content_draft_versions').where({ key, version }).first<{ data: unknown } | undefined>('data'));
    return kept ? jsonOf(kept.data) : UNKNOWN_BASE;
  };

  /**
   * `sent`, typed over `baseVersion`, merged with what was saved since (`row`, locked): the fields
   * only one side changed come from that side; fields both changed differently refuse the save
   * (409 naming them, with the merge so far). The merge must still be a valid document.
   */
  const mergeOver = async (trx: Knex, definition: ContentDocumentDefinition, row: ContentDocumentRow, baseVersion: number, sent: unknown): Promise<{ data: unknown; merged: MergedJson }> => {
    const current = latestOf(row);
    const base = baseVersion < current.version ? await versionData(trx, row.key, baseVersion) : UNKNOWN_BASE;
    const merge = mergeVersions(base, sent, current.data);
    const valid = merge.conflicts.length === 0 ? definition.schema.safeParse(merge.data) : null;
    if (!valid?.success) {
      // Two valid halves that do not make a valid whole: the person chooses field by field.
      const conflicts = valid ? mergeVersions(UNKNOWN_BASE, sent, current.data) : merge;
      throw new StaleDraftError(
        `${current.savedBy ?? 'Someone else'} saved this document first (version ${current.version}) and changed the same fields as you: ${conflicts.conflicts.join(', ')}. Choose whose to keep for each, then save again.`,
        current,
        conflicts.conflicts,
        conflicts.data,
      );
    }
    return { data: valid.data, merged: { version: current.version, savedBy: current.savedBy, fields: merge.theirs } };
  };

  /**
   * The document's published versions, each with its number as staff count them (1, 2, 3, …):
   * `version` counts every save and publish, so the published ones skip numbers.
   */
  const numbered = (key: string) =>
    db.queryBuilder().from(db('content_revisions').where({ key }).select('*', db.raw('row_number() over (order by version) as number')).as('numbered'));

  /** What undoing `key`'s last publish would do (see `undoPlan` below). */
  const undoPlan = async (key: string): Promise<UndoPlanJson> => {
    const definition = definitionOf(key);
    const row = await rowOf(key);
    const title = documentTitleOf(definition, jsonOf(row.published_data));
    const meta = (revision: Pick<ContentRevisionRow, 'version' | 'published_at' | 'published_by'>) => ({ version: revision.version, publishedAt: isoOf(revision.published_at), publishedBy: revision.published_by });
    const [current, previous] = await db('content_revisions')
      .where({ key })
      .where('version', '<=', row.published_version)
      .orderBy('version', 'desc')
      .limit(2)
      .select<Pick<ContentRevisionRow, 'version' | 'published_at' | 'published_by'>[]>('version', 'published_at', 'published_by');
    if (!current || !previous) throw new ConflictError(`${title} has nothing to undo: version ${row.published_version} is the only version ever published.`);
    return { key, title, undoes: meta(current), backTo: meta(previous) };
  };

  /** One published version in full. */
  const revision = async (key: string, version: unknown): Promise<RevisionJson> => {
    definitionOf(key);
    const number = parseInput(z.object({ version: versionParam }), { version }).version;
    const row = await numbered(key).where({ version: number }).first<(ContentRevisionRow & { number: number }) | undefined>('*');
    if (!row) throw new NotFoundError(`${key} has no published version ${number}.`);
    return revisionJson(row);
  };

  return {
    async list(): Promise<ContentListItem[]> {
      const rows = await db('content_documents').select<ContentDocumentRow[]>('*');
      const byKey = new Map(rows.map((row) => [row.key, row]));
      const pending = await db('content_schedule_pending').join('content_schedules', 'content_schedules.id', 'content_schedule_pending.schedule_id').select<{ key: string; run_at: Date | string }[]>('content_schedule_pending.key', 'content_schedules.run_at');
      const scheduledAt = new Map(pending.map((row) => [row.key, isoOf(row.run_at)]));
      // The documents the site ships with in their order, then those staff added, by key.
      const added = rows.filter((row) => !CONTENT_DOCUMENTS.some((definition) => definition.key === row.key)).sort((a, b) => (a.key < b.key ? -1 : 1));
      const definitions = [...CONTENT_DOCUMENTS, ...added.flatMap((row) => contentDocument(row.key) ?? [])];
      return definitions.flatMap((definition) => {
        const row = byKey.get(definition.key);
        if (!row) return [];
        const draft = row.draft_version !== null;
        return [
          {
            key: definition.key,
            title: documentTitleOf(definition, jsonOf(draft ? row.draft_data : row.published_data)),
            group: definition.group,
            paths: definition.paths,
            status: row.retired_at ? 'retired' : draft ? 'draft' : 'published',
            neverPublished: row.published_version === 0,
            updatedAt: isoOf(draft ? (row.draft_saved_at ?? row.published_at) : row.published_at),
            updatedBy: draft ? row.draft_saved_by : row.published_by,
            scheduledAt: scheduledAt.get(definition.key) ?? null,
            live: row.published_version > 0 && !row.retired_at,
          } satisfies ContentListItem,
        ];
      });
    },

    async get(key: string, viewer: string): Promise<ContentItemJson> {
      const row = await rowOf(key);
      const definition = definitionOf(key);
      const published = jsonOf(row.published_data);
      const editing = await db('content_presence')
        .where({ key })
        .whereNot({ username: viewer })
        .where('seen_at', '>', new Date(now().getTime() - PRESENCE_WINDOW_MS))
        .orderBy('since')
        .select<{ username: string; since: Date | string }[]>('username', 'since');
      return {
        key,
        title: documentTitleOf(definition, row.draft_version === null ? published : jsonOf(row.draft_data)),
        group: definition.group,
        paths: definition.paths,
        // Version 0, data null: added and never published (`publishedAt` is when it was added).
        published: { version: row.published_version, data: published, publishedAt: isoOf(row.published_at), publishedBy: row.published_by },
        draft: draftOf(row),
        editing: editing.map((person) => ({ username: person.username, since: isoOf(person.since) })),
        retired: row.retired_at && row.retired_to ? { at: isoOf(row.retired_at), redirectTo: row.retired_to } : null,
      };
    },

    /**
     * Saves `{ data, baseVersion }` as the draft: 400 naming each bad field. Over an older version
     * it is merged with what was saved since; 409 naming the fields both changed.
     */
    async saveDraft(key: string, body: unknown, actor: AuditActor): Promise<SavedDraftJson> {
      const definition = definitionOf(key);
      const { data, baseVersion } = parseInput(saveSchema, body);
      if (baseVersion === 0) addableDefinitionOf(key);
      const parsed = definition.schema.safeParse(data);
      if (!parsed.success) {
        const fields = fieldPathErrorsOf(parsed.error);
        const [field, message] = Object.entries(fields)[0]!;
        throw new ValidationError(field === WHOLE_VALUE ? message : `${field}: ${message}`, fields);
      }
      if (baseVersion === 0) return { ...(await create(key, parsed.data, actor)), created: true };
      // The row stays locked from the version check to the write: a save racing this one waits,
      // then finds this one's version newer than its base and merges over it.
      return db.transaction(async (trx) => {
        const row = await rowOf(key, trx, true);
        const stale = (row.draft_version ?? row.published_version) !== baseVersion;
        const { data: saved, merged } = stale ? await mergeOver(trx, definition, row, baseVersion, parsed.data) : { data: parsed.data, merged: null };
        const draft = await writeDraft(trx, row, saved, actor);
        return { version: draft.version, data: draft.data, merged };
      });
    },

    /** Drops the draft; the published content is what the editor shows again (a document never published goes with it). */
    async discardDraft(key: string, actor: AuditActor): Promise<{ version: number }> {
      return db.transaction(async (trx) => {
        const row = await rowOf(key, trx, true);
        if (row.published_version === 0) {
          await trx('content_documents').where({ key }).delete();
          await audit.record(actor, { action: 'content.draft-discard', target: { type: 'content', id: key }, summary: `discarded ${key}, never published` }, trx);
          return { version: 0 };
        }
        if (row.draft_version !== null) {
          await trx('content_documents').where({ key }).update({ draft_version: null, draft_data: null, draft_saved_at: null, draft_saved_by: null });
          await audit.record(actor, { action: 'content.draft-discard', target: { type: 'content', id: key }, summary: `discarded the draft of ${key} v${row.draft_version}` }, trx);
        }
        return { version: row.published_version };
      });
    },

    /** One page of the document's published versions, newest first (keyset on the version). */
    async revisions(key: string, cursor: unknown): Promise<{ items: Omit<RevisionJson, 'data' | 'key'>[]; nextCursor: string | null }> {
      definitionOf(key);
      const before = cursor === undefined || cursor === '' ? undefined : parseInput(z.object({ cursor: versionParam }), { cursor }).cursor;
      const rows = await numbered(key)
        .modify((query) => {
          if (before !== undefined) query.where('version', '<', before);
        })
        .orderBy('version', 'desc')
        .limit(REVISIONS_PAGE + 1)
        .select<(Omit<ContentRevisionRow, 'data'> & { number: number | string })[]>('key', 'version', 'number', 'schema_version', 'published_at', 'published_by');
      const page = rows.slice(0, REVISIONS_PAGE);
      return {
        items: page.map((row) => ({ version: row.version, number: Number(row.number), schemaVersion: row.schema_version, publishedAt: isoOf(row.published_at), publishedBy: row.published_by })),
        nextCursor: rows.length > REVISIONS_PAGE ? String(page[page.length - 1]!.version) : null,
      };
    },

    revision,

    /** Makes a published version the document's draft again (to review, then publish). */
    async restore(key: string, version: unknown, body: unknown, actor: AuditActor): Promise<ContentDraftJson> {
      const { data } = await revision(key, version);
      const { baseVersion } = parseInput(restoreSchema, body);
      return db.transaction(async (trx) => {
        const row = await rowOf(key, trx, true);
        if (baseVersion !== undefined && (row.draft_version ?? row.published_version) !== baseVersion) throw staleError(row, data);
        const draft = await writeDraft(trx, row, data, actor);
        await audit.record(actor, { action: 'content.restore', target: { type: 'content', id: key }, summary: `restored ${key} v${String(version)} as draft v${draft.version}` }, trx);
        return draft;
      });
    },

    /**
     * What undoing the document's last publish would do, for the question asked before it; a 409
     * in words when there is nothing to undo (only one version was ever published).
     */
    undoPlan,

    /**
     * Undoes the document's last publish, if it is still `{ version }` (the one the person was
     * shown): the version before it is published again as a new version through the publish path
     * (the draft in progress is kept), which refuses an editor's undo of the agency details. Other
     * documents are left as they are.
     */
    async undoLastPublishOf(key: string, body: unknown, actor: ContentActor): Promise<PublishResult> {
      const { version } = parseInput(undoSchema, body);
      const plan = await undoPlan(key);
      if (plan.undoes.version !== version) throw new ConflictError(`${plan.title} was published again since (now version ${plan.undoes.version}, by ${plan.undoes.publishedBy ?? 'unknown'}); look at its history and undo again.`);
      const before = await db('content_revisions').where({ key, version: plan.backTo.version }).first<ContentRevisionRow>('data');
      return publisher.publish([{ key, data: jsonOf(before!.data), over: version }], actor, 'undo');
    },

    /**
     * Undoes the last publish: every document it changed gets its version from before, published
     * as a new version through the publish path (drafts in progress are kept), which refuses an
     * editor's undo that would change the agency details.
     */
    async undoLastPublish(actor: ContentActor): Promise<PublishResult> {
      const last = await db('content_revisions').whereNotNull('publish_id').orderBy([{ column: 'published_at', order: 'desc' }, { column: 'version', order: 'desc' }]).first<ContentRevisionRow | undefined>('publish_id');
      if (!last?.publish_id) throw new NotFoundError('Nothing has been published here yet, so there is nothing to undo.');
      const changed = await db('content_revisions').where({ publish_id: last.publish_id }).select<ContentRevisionRow[]>('key', 'version');
      const items = [];
      for (const revision of changed) {
        const before = await db('content_revisions').where({ key: revision.key }).where('version', '<', revision.version).orderBy('version', 'desc').first<ContentRevisionRow | undefined>('data');
        if (!before) throw new NotFoundError(`${revision.key} has no earlier version to go back to.`);
        items.push({ key: revision.key, data: jsonOf(before.data), over: revision.version });
      }
      return publisher.publish(items, actor, 'undo');
    },

    /** The checks of the draft (or of `version`: the draft, the published version or a revision). */
    async checks(key: string, version: unknown): Promise<ContentChecks> {
      const row = await rowOf(key);
      let data: unknown;
      if (version === undefined || version === '') data = jsonOf(row.draft_data ?? row.published_data);
      else {
        const number = parseInput(z.object({ version: versionParam }), { version }).version;
        if (number === row.draft_version) data = jsonOf(row.draft_data);
        else if (number === row.published_version) data = jsonOf(row.published_data);
        else data = (await revision(key, number)).data;
      }
      return check(key, data, { db });
    },

    /** "I have this document open": a heartbeat the editor sends every 20 seconds or so. */
    async present(key: string, username: string): Promise<void> {
      definitionOf(key);
      const at = now();
      // A stretch of editing begins again after a gap longer than the window.
      await db('content_presence')
        .insert({ key, username, since: at, seen_at: at })
        .onConflict(['key', 'username'])
        .merge({ since: db.raw('case when content_presence.seen_at > ? then content_presence.since else excluded.since end', [new Date(at.getTime() - PRESENCE_WINDOW_MS)]), seen_at: at });
      // Rows of people long gone are of no use to anyone (the table stays a few rows long).
      await db('content_presence').where('seen_at', '<', new Date(at.getTime() - 24 * 3600_000)).delete();
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
