/**
 * The Redirects list: staff's own redirects (an old site's addresses) and those renaming or
 * retiring a page records, each a 301 from an address no page answers any more to where its page
 * is now, counted as it is used. Every change is audited.
 *
 * One step, never a chain: a new redirect may not lead to another redirect's old address (staff
 * are told the final address to give instead), and redirects that led to the new one's old
 * address are pointed past it, at its new address, in the same transaction. A loop (an address
 * sent back where it came from) is refused.
 */
import type { Knex } from 'knex';
import { z } from 'zod';
import { NotFoundError, parseInput, ValidationError } from '../errors';
import type { AuditActor, AuditTrail } from '../services/audit';
import { MOVED_PAGES } from '../site/public-pages';
import { redirectMessages, type RedirectAddedJson, type RedirectJson, type RedirectListJson } from '../../shared/redirects';
import { fromPathOf, sitePathOf, toAddressOf } from './paths';
import { builtInTarget, type TakenBy } from './taken';

export interface RedirectRow {
  id: string;
  from_path: string;
  to_path: string;
  automatic: boolean;
  /** bigint: the driver answers it as text. */
  hits: string | number;
  last_hit_at: Date | null;
  created_by: number | null;
  created_by_name: string;
  /** The account's display name now (joined by `list`). */
  display_name?: string | null;
  created_at: Date;
}

export interface RedirectsDeps {
  db: Knex;
  audit: AuditTrail;
  /** What already answers an address (reserved areas, built-in redirects, live pages). */
  takenBy: TakenBy;
  /** The site's origin: an absolute address on it is kept as its path. */
  publicUrl: string;
  now?: () => Date;
}

/** Each end is read and refused by its own rules (`paths.ts`), so a missing one is told as the field's own message. */
const addSchema = z.strictObject({ from: z.unknown(), to: z.unknown() });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const refuse = (field: 'from' | 'to', message: string): never => {
  throw new ValidationError(`${field}: ${message}`, { [field]: message });
};

function toJson(row: RedirectRow): RedirectJson {
  return {
    id: row.id,
    from: row.from_path,
    to: row.to_path,
    hits: Number(row.hits),
    lastHitAt: row.last_hit_at ? new Date(row.last_hit_at).toISOString() : null,
    // As staff know each other: the display name of the account, while it has one.
    createdBy: row.display_name ?? row.created_by_name,
    createdAt: new Date(row.created_at).toISOString(),
    automatic: row.automatic,
  };
}

/**
 * Holds off other changes of the list until `trx` ends, so two redirects added at once cannot
 * form a chain or a loop neither saw (visitors' hits, single-row updates, only wait for it).
 */
const lockList = (trx: Knex.Transaction) => trx.raw('lock table redirects in share row exclusive mode');

export function createRedirects({ db, audit, takenBy, publicUrl, now = () => new Date() }: RedirectsDeps) {
  /** The redirect from `path`, stored or built in. */
  const targetOf = async (trx: Knex, path: string): Promise<string | undefined> =>
    builtInTarget(path) ?? (await trx('redirects').where({ from_path: path }).first<{ to_path: string } | undefined>('to_path'))?.to_path;

  /**
   * Points the redirects that led to `from` at `to` instead (one step), and drops one from `to`,
   * where a page now answers or which would loop. Returns those pointed past.
   */
  async function repointTo(trx: Knex.Transaction, from: string, to: string): Promise<{ from: string; to: string }[]> {
    const landing = sitePathOf(to);
    if (landing) await trx('redirects').where({ from_path: landing }).delete().returning('id');
    const moved = await trx('redirects').where({ to_path: from }).update({ to_path: to }).returning<{ from_path: string }[]>('from_path');
    return moved.map((row) => ({ from: row.from_path, to }));
  }

  return {
    /** Every stored redirect, newest first, and those built into the code. */
    async list(): Promise<RedirectListJson> {
      const rows = await db('redirects')
        .leftJoin('admin_users', 'admin_users.id', 'redirects.created_by')
        .select<RedirectRow[]>('redirects.*', 'admin_users.display_name')
        .orderBy([{ column: 'redirects.created_at', order: 'desc' }, { column: 'redirects.from_path' }]);
      return { redirects: rows.map(toJson), builtIn: MOVED_PAGES.map(({ from, to }) => ({ from, to })) };
    },

    /** Adds staff's own redirect, `{ from, to }`; see the module's comment for the rules. */
    async add(input: unknown, actor: AuditActor): Promise<RedirectAddedJson> {
      const body = parseInput(addSchema, input, { unknownField: redirectMessages.unknownField });
      const from = fromPathOf(body.from);
      const to = toAddressOf(body.to, publicUrl);
      const landing = sitePathOf(to);
      if (landing === from) refuse('to', redirectMessages.toSame);

      const taken = await takenBy(from);
      if (taken?.by === 'reserved') refuse('from', redirectMessages.fromReserved(from));
      if (taken?.by === 'built-in') refuse('from', redirectMessages.fromBuiltIn(from, taken.to));
      if (taken?.by === 'page') refuse('from', redirectMessages.fromLivePage(from));

      return db.transaction(async (trx) => {
        await lockList(trx);
        const existing = await trx('redirects').where({ from_path: from }).first<{ to_path: string } | undefined>('to_path');
        if (existing) refuse('from', redirectMessages.fromTaken(from, existing.to_path));
        const onward = landing === undefined ? undefined : await targetOf(trx, landing);
        if (onward !== undefined) refuse('to', sitePathOf(onward) === from ? redirectMessages.toLoop(landing!, from) : redirectMessages.toChain(landing!, onward));
        const repointed = await repointTo(trx, from, to);
        const [row] = await trx('redirects')
          .insert({ from_path: from, to_path: to, automatic: false, created_by: actor.id, created_by_name: actor.name, created_at: now() })
          .returning<RedirectRow[]>('*');
        const also = repointed.length > 0 ? `; ${repointed.map((r) => r.from).join(', ')} now lead there too` : '';
        await audit.record(actor, { action: 'redirect.create', target: { type: 'redirect', id: from }, summary: `${from} → ${to}${also}` }, trx);
        const account = actor.id === null ? undefined : await trx('admin_users').where({ id: actor.id }).first<{ display_name: string | null } | undefined>('display_name');
        return { redirect: toJson({ ...row!, display_name: account?.display_name }), repointed };
      });
    },

    /** Deletes a redirect (its old address answers 404 again); audited. */
    async remove(id: string, actor: AuditActor): Promise<void> {
      if (!UUID.test(id)) throw new NotFoundError(redirectMessages.notFound);
      await db.transaction(async (trx) => {
        const [row] = await trx('redirects').where({ id: id.toLowerCase() }).delete().returning<RedirectRow[]>('*');
        if (!row) throw new NotFoundError(redirectMessages.notFound);
        await audit.record(actor, { action: 'redirect.delete', target: { type: 'redirect', id: row.from_path }, summary: `${row.from_path} → ${row.to_path}` }, trx);
      });
    },

    /**
     * Records that the page at `from` is now at `to` (a rename, or a retirement sending its
     * visitors to a page staff chose), inside the caller's transaction when it gives one: a redirect
     * from `from` (replacing any), those that led to `from` pointed at `to`, and one from `to`
     * dropped, since a page answers there. The caller has checked both addresses are the site's
     * pages; nothing here asks the routes.
     */
    async record(fromPath: string, to: string, actor: AuditActor, { automatic = true, trx: given }: { automatic?: boolean; trx?: Knex.Transaction } = {}): Promise<void> {
      const from = fromPathOf(fromPath);
      const target = toAddressOf(to, publicUrl);
      if (sitePathOf(target) === from) refuse('to', redirectMessages.toSame);
      const write = async (trx: Knex.Transaction) => {
        await lockList(trx);
        await repointTo(trx, from, target);
        await trx('redirects')
          .insert({ from_path: from, to_path: target, automatic, created_by: actor.id, created_by_name: actor.name, created_at: now() })
          .onConflict('from_path')
          .merge({ to_path: target, automatic, created_by: actor.id, created_by_name: actor.name, created_at: now() });
        await audit.record(actor, { action: 'redirect.create', target: { type: 'redirect', id: from }, summary: `${from} → ${target}` }, trx);
      };
      await (given ? write(given) : db.transaction(write));
    },

    /**
     * Drops the redirect from `fromPath`, inside the caller's transaction: a page answers there again
     * (a retired page brought back). Audited when there was one.
     */
    async release(fromPath: string, actor: AuditActor, { trx }: { trx: Knex.Transaction }): Promise<void> {
      const from = fromPathOf(fromPath);
      await lockList(trx);
      const [row] = await trx('redirects').where({ from_path: from }).delete().returning<RedirectRow[]>('*');
      if (row) await audit.record(actor, { action: 'redirect.delete', target: { type: 'redirect', id: row.from_path }, summary: `${row.from_path} → ${row.to_path} (its page is back)` }, trx);
    },

    /**
     * Where a request for `path` (a GET of the public site that no page answered) is sent, counting
     * the use in place: one indexed UPDATE, read by every instance, with no cache to go stale.
     */
    async follow(path: string): Promise<string | undefined> {
      const [row] = await db('redirects')
        .where({ from_path: path })
        .update({ hits: db.raw('hits + 1'), last_hit_at: now() })
        .returning<{ to_path: string }[]>('to_path');
      return row?.to_path;
    },
  };
}

export type Redirects = ReturnType<typeof createRedirects>;
