import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { z } from 'zod';
import { contentDocument, slugKeyOf, slugProblem } from '../../shared/content/documents';
import { pageAddressMessages as say, type PageAddressJson } from '../../shared/page-addresses';
import { ConflictError, NotFoundError, ValidationError, parseInput } from '../errors';
import type { AuditActor, AuditTrail } from '../services/audit';
import type { ContentVersion } from '../services/content-version';
import type { ContentActor, PublishResult } from './publish';
import { isoOf, jsonOf, type ContentDocumentRow, type ContentRevisionRow } from './rows';
import type { UndoPlanJson } from './json';
import { definitionOf, type ContentService } from './service';

/** What the addresses need of the Redirects list (server/redirects), given by the wiring. */
export interface AddressRedirects {
  record(fromPath: string, to: string, actor: AuditActor, options: { automatic: boolean; trx: Knex.Transaction }): Promise<void>;
  release(fromPath: string, actor: AuditActor, options: { trx: Knex.Transaction }): Promise<void>;
  /** `to` as stored (a path of this site or an https URL), or a ValidationError on its field `to`. */
  addressOf(to: unknown): string;
  /** The path of this site `to` leads to, or undefined for another site's URL. */
  sitePathOf(to: string): string | undefined;
}

export interface PageAddressesDeps {
  db: Knex;
  audit: AuditTrail;
  contentVersion: Pick<ContentVersion, 'bump'>;
  reloadContent: () => Promise<void>;
  content: ContentService;
  redirects: AddressRedirects;
  /** Whether a live page of the site answers `path` (a retired page's visitors go to one). */
  isLivePage: (path: string) => Promise<boolean>;
  now?: () => Date;
}

/** What a move, retirement or bringing back did, and an undo of one of them. */
export type UndoJson = UndoPlanJson & { event?: { type: 'move'; to: string } | { type: 'retire' } | { type: 'return'; redirectTo: string } };

const moveSchema = z.strictObject({ to: z.unknown() });
const retireSchema = z.strictObject({ redirectTo: z.unknown() });
const undoSchema = z.strictObject({ version: z.number('Give the version to undo (the one on the site).').int('Give the version to undo (the one on the site).').min(1, 'Give the version to undo (the one on the site).') });

const refuse = (field: 'to' | 'redirectTo', message: string): never => {
  throw new ValidationError(`${field}: ${message}`, { [field]: message });
};

/** A document's page address (its first page). */
const pathOf = (key: string): string => definitionOf(key).paths[0]!;

/** The kind and slug of a document whose address staff choose; 404 for the site's own documents. */
function movable(key: string) {
  definitionOf(key);
  const parts = slugKeyOf(key);
  if (!parts) throw new NotFoundError(say.fixedAddress(key));
  return parts;
}

/**
 * A page's address, changed or taken down, without ever breaking one (issue 41, "Addresses never
 * break"). Each change is published in one transaction, as a publish is: the document's row (and,
 * by `on update cascade`, its history, drafts, preview links and pending schedule) takes its new
 * key, a revision records the event (so History shows and undoes it), the Redirects list gets its
 * automatic 301 (older redirects to the old address re-pointed, never a chain), the audit entry is
 * written and the content version bumped; the content is reloaded here once it has committed.
 *
 * - move: a service or industry gets a new slug; a never-published one is only renamed (it never
 *   had an address to keep).
 * - retire: the page leaves the site (its page, menus, lists, sitemap and forms' options, which
 *   all read the published content) but the document and its history stay; its address sends
 *   visitors to a live page or an https URL staff chose.
 * - bring back: a retired page is on the site again at its address, and its earlier addresses lead
 *   to it again.
 */
export function createPageAddresses({ db, audit, contentVersion, reloadContent, content, redirects, isLivePage, now = () => new Date() }: PageAddressesDeps) {
  const lockedRow = async (trx: Knex.Transaction, key: string): Promise<ContentDocumentRow> => {
    const row = await trx('content_documents').where({ key }).forUpdate().first<ContentDocumentRow | undefined>('*');
    if (!row) throw new NotFoundError(`There is no document "${key}".`);
    return row;
  };

  /** Publishes the document's content as it is, as a new version made by `event`. */
  const eventRevision = async (trx: Knex.Transaction, row: ContentDocumentRow, key: string, actor: AuditActor, event: Pick<ContentRevisionRow, 'event' | 'moved_from' | 'redirect_to'>, columns: Record<string, unknown> = {}): Promise<number> => {
    const version = row.version + 1;
    const at = now();
    await trx('content_documents').where({ key }).update({ version, published_version: version, published_at: at, published_by: actor.name, ...columns });
    await trx('content_revisions').insert({ key, version, schema_version: row.schema_version, data: JSON.stringify(jsonOf(row.published_data)), published_at: at, published_by: actor.name, publish_id: randomUUID(), ...event });
    await contentVersion.bump(trx);
    return version;
  };

  const retiredOf = (row: Pick<ContentDocumentRow, 'retired_at' | 'retired_to'>) => (row.retired_at && row.retired_to ? { at: isoOf(row.retired_at), redirectTo: row.retired_to } : null);

  /** The new key `to` asks for (a key of the same kind, or a slug), refused beside the field `to`. */
  const targetKey = (key: string, to: unknown): string => {
    const { kind } = movable(key);
    const text = typeof to === 'string' ? to.trim() : '';
    if (!text) return refuse('to', say.toMissing);
    let slug = text;
    if (text.includes('/')) {
      const parts = slugKeyOf(text);
      if (parts?.kind !== kind) return refuse('to', say.toOtherKind(kind));
      slug = parts.slug;
    }
    const problem = slugProblem(slug);
    if (problem) return refuse('to', problem);
    const next = `${kind}/${slug}`;
    if (next === key) return refuse('to', say.toSame);
    return next;
  };

  async function move(key: string, body: unknown, actor: AuditActor, reason = ''): Promise<PageAddressJson> {
    const to = targetKey(key, parseInput(moveSchema, body, { unknownField: say.unknownField }).to);
    const [from, next] = [pathOf(key), pathOf(to)];
    const result = await db.transaction(async (trx) => {
      const row = await lockedRow(trx, key);
      if (row.retired_at) throw new ConflictError(say.retiredCannotMove);
      if (await trx('content_documents').where({ key: to }).first('key')) throw new ConflictError(say.toTaken(to));
      // The rows keyed by the document follow (`on update cascade`); a pending schedule's pinned items name it too.
      // A document added under that key since the look above (another request) is refused as that one is.
      await trx('content_documents').where({ key }).update({ key: to }).catch((error: unknown) => {
        throw (error as { code?: string }).code === '23505' ? new ConflictError(say.toTaken(to)) : error;
      });
      const pending = await trx('content_schedules').join('content_schedule_pending', 'content_schedule_pending.schedule_id', 'content_schedules.id').where('content_schedule_pending.key', to).select<{ id: string; items: unknown }[]>('content_schedules.id', 'content_schedules.items');
      for (const schedule of pending) {
        const items = (typeof schedule.items === 'string' ? JSON.parse(schedule.items) : schedule.items) as { key: string }[];
        await trx('content_schedules').where({ id: schedule.id }).update({ items: JSON.stringify(items.map((item) => (item.key === key ? { ...item, key: to } : item))) });
      }
      let version = row.version;
      if (row.published_version > 0) {
        version = await eventRevision(trx, row, to, actor, { event: 'move', moved_from: key, redirect_to: null });
        await redirects.record(from, next, actor, { automatic: true, trx });
      }
      await audit.record(actor, { action: 'content.move', target: { type: 'content', id: to }, summary: `moved ${key} to ${to}${row.published_version > 0 ? `; ${from} → ${next}` : ''}${reason}` }, trx);
      return { key: to, path: next, version, retired: null, published: row.published_version > 0 };
    });
    if (result.published) await reloadContent();
    return { key: result.key, path: result.path, version: result.version, retired: result.retired };
  }

  /** `redirectTo` as stored, if it is a live page of this site (not the one retired) or an https URL. */
  const destinationOf = async (key: string, input: unknown): Promise<string> => {
    if (typeof input !== 'string' || input.trim() === '') return refuse('redirectTo', say.redirectToMissing);
    let to: string;
    try {
      to = redirects.addressOf(input);
    } catch (error) {
      if (error instanceof ValidationError) return refuse('redirectTo', say.redirectToNotAddress);
      throw error;
    }
    const path = redirects.sitePathOf(to);
    if (path === undefined) return to;
    if (path === pathOf(key)) return refuse('redirectTo', say.redirectToSelf);
    if (!(await isLivePage(path))) return refuse('redirectTo', say.redirectToNotLive(path));
    return to;
  };

  async function retire(key: string, body: unknown, actor: AuditActor, reason = ''): Promise<PageAddressJson> {
    movable(key);
    const to = await destinationOf(key, parseInput(retireSchema, body, { unknownField: say.unknownField }).redirectTo);
    const from = pathOf(key);
    const result = await db.transaction(async (trx) => {
      const row = await lockedRow(trx, key);
      if (row.retired_at) throw new ConflictError(say.alreadyRetired);
      if (row.published_version === 0) throw new ConflictError(say.neverPublished);
      const at = now();
      const version = await eventRevision(trx, row, key, actor, { event: 'retire', moved_from: null, redirect_to: to }, { retired_at: at, retired_to: to });
      await redirects.record(from, to, actor, { automatic: true, trx });
      await audit.record(actor, { action: 'content.retire', target: { type: 'content', id: key }, summary: `retired ${key}; ${from} → ${to}${reason}` }, trx);
      return { key, path: from, version, retired: { at: at.toISOString(), redirectTo: to } };
    });
    await reloadContent();
    return result;
  }

  async function bringBack(key: string, actor: AuditActor, reason = ''): Promise<PageAddressJson> {
    movable(key);
    const path = pathOf(key);
    const result = await db.transaction(async (trx) => {
      const row = await lockedRow(trx, key);
      if (!row.retired_at) throw new ConflictError(say.notRetired);
      const version = await eventRevision(trx, row, key, actor, { event: 'return', moved_from: null, redirect_to: row.retired_to ?? null }, { retired_at: null, retired_to: null });
      // Its own address answers again, and the addresses it had before lead to it again (retiring
      // pointed them at where its visitors went), unless another document has taken one since.
      await redirects.release(path, actor, { trx });
      const earlier = await trx('content_revisions').where({ key, event: 'move' }).distinct<{ moved_from: string }[]>('moved_from');
      for (const { moved_from: former } of earlier) {
        if (former === key || !contentDocument(former)) continue;
        if (await trx('content_documents').where({ key: former }).first('key')) continue;
        await redirects.record(pathOf(former), path, actor, { automatic: true, trx });
      }
      await audit.record(actor, { action: 'content.return', target: { type: 'content', id: key }, summary: `brought back ${key} at ${path}${reason}` }, trx);
      return { key, path, version, retired: null };
    });
    await reloadContent();
    return result;
  }

  /** The revision on the site now, with what made it. */
  const currentRevision = async (key: string): Promise<ContentRevisionRow | undefined> => {
    const row = await db('content_documents').where({ key }).first<ContentDocumentRow | undefined>('published_version');
    if (!row) throw new NotFoundError(`There is no document "${key}".`);
    return db('content_revisions').where({ key, version: row.published_version }).first<ContentRevisionRow | undefined>('version', 'event', 'moved_from', 'redirect_to');
  };

  /** Undoes the event `revision` of `key` records; the result as the undo routes answer it. */
  const undoEvent = async (key: string, revision: ContentRevisionRow, actor: AuditActor): Promise<PageAddressJson> => {
    if (revision.event === 'move') return move(key, { to: revision.moved_from }, actor, ' (undo)');
    if (revision.event === 'retire') return bringBack(key, actor, ' (undo)');
    return retire(key, { redirectTo: revision.redirect_to }, actor, ' (undo)');
  };

  return {
    move,
    retire,
    bringBack,
    /** A document's address and whether it is retired. */
    async addressOf(key: string): Promise<PageAddressJson> {
      const row = await db('content_documents').where({ key: definitionOf(key).key }).first<ContentDocumentRow | undefined>('version', 'retired_at', 'retired_to');
      if (!row) throw new NotFoundError(`There is no document "${key}".`);
      return { key, path: pathOf(key), version: row.version, retired: retiredOf(row) };
    },

    /** What undoing `key`'s last publish would do: the content service's plan, with the event it undoes. */
    async undoPlan(key: string): Promise<UndoJson> {
      const plan = await content.undoPlan(key);
      const revision = await currentRevision(key);
      if (revision?.event === 'move') return { ...plan, event: { type: 'move', to: pathOf(revision.moved_from!) } };
      if (revision?.event === 'retire') return { ...plan, event: { type: 'retire' } };
      if (revision?.event === 'return') return { ...plan, event: { type: 'return', redirectTo: revision.redirect_to! } };
      return plan;
    },

    /** Undoes `key`'s last publish if it is still `{ version }`: a move moves back, a retirement brings back, a bringing back retires again. */
    async undoLastPublishOf(key: string, body: unknown, actor: ContentActor): Promise<{ key: string; version: number }> {
      const { version } = parseInput(undoSchema, body);
      const revision = await currentRevision(key);
      if (!revision?.event) {
        const result = await content.undoLastPublishOf(key, body, actor);
        return { key, version: result.documents[0]!.version };
      }
      if (revision.version !== version) throw new ConflictError(`It was published again since (now version ${revision.version}); look at its history and undo again.`);
      const done = await undoEvent(key, revision, actor);
      return { key: done.key, version: done.version };
    },

    /** Undoes the last publish of the site (the move, retirement or bringing back it was, or the content service's undo). */
    async undoLastPublish(actor: ContentActor): Promise<PublishResult['documents']> {
      const last = await db('content_revisions').whereNotNull('publish_id').orderBy([{ column: 'published_at', order: 'desc' }, { column: 'version', order: 'desc' }]).first<ContentRevisionRow | undefined>('key', 'version', 'event', 'moved_from', 'redirect_to');
      if (!last?.event) return (await content.undoLastPublish(actor)).documents;
      const done = await undoEvent(last.key, last, actor);
      return [{ key: done.key, version: done.version, changed: true }];
    },
  };
}

export type PageAddresses = ReturnType<typeof createPageAddresses>;
