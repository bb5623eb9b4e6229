import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { z } from 'zod';
import { contentDocument, documentTitleOf, type ContentDocumentDefinition } from '../../shared/content/documents';
import { fieldErrorsOf } from '../../shared/zod-errors';
import type { PreviewNotice } from '../../views/render-context';
import { replyWriterOf } from '../db/lead-replies';
import { countHit } from '../db/rate-limit-windows';
import { isUuid } from '../db/uuid';
import { ConflictError, NotFoundError, parseInput, RateLimitedError, UnprocessableError, ValidationError } from '../errors';
import { mailFailureSummary, type Mailer } from '../services/mail-transport';
import { oneLine, type AgencyDetails } from '../../shared/replies';
import { messages } from '../messages';
import type { RenderPage } from '../render/render-page';
import type { AuditActor, createAuditTrail } from '../services/audit';
import type { SiteContentStore } from './store';
import { pageViewAt } from '../site/page-lookup';
import type { PortfolioReader } from '../site/public-pages';

/** How long a preview link works unless staff choose otherwise, and at most. */
export const PREVIEW_LINK_DAYS = { default: 7, max: 30 } as const;

/** Where a preview link leads: `/preview/<token>`. */
export const PREVIEW_LINK_PATH = '/preview';

/**
 * A link's token: 32 random bytes written as 64 lowercase hex digits. Not base64url: every address
 * of the site is lower case, and `canonicalUrl` would send a token with capitals to its lower-case
 * spelling (another, unknown token).
 */
const TOKEN = /^[0-9a-f]{64}$/;

const newToken = () => randomBytes(32).toString('hex');
const digestOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** `POST /api/content/{key}/preview-links`: how many days the link works (1 to 30, 7 if not given). */
export const previewLinkRequestSchema = z.strictObject({
  days: z.number(messages.contentPreview.badDays).int(messages.contentPreview.badDays).min(1, messages.contentPreview.badDays).max(PREVIEW_LINK_DAYS.max, messages.contentPreview.badDays).optional(),
});

/** Preview links one account may e-mail per hour: a client or two a day is far below it; mailing strangers in bulk is not. */
export const PREVIEW_SENDS_PER_HOUR = 20;

/** `POST /api/content/{key}/preview-links/send`: the link made a moment ago, to whom, and the words to go with it. */
export const previewSendSchema = z.strictObject({
  url: z.string(messages.contentPreview.sendUrl).max(500, messages.contentPreview.sendUrl),
  to: z.email(messages.contentPreview.sendTo).max(254, messages.contentPreview.sendTo),
  message: z.string(messages.contentPreview.sendMessage).max(2000, messages.contentPreview.sendMessage).optional(),
});

export interface PreviewLinkJson {
  id: string;
  key: string;
  createdBy: string | null;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  /** Whether opening it shows the draft now. */
  state: 'active' | 'expired' | 'revoked';
}

interface PreviewLinkRow {
  id: string;
  token_sha256: string;
  key: string;
  created_by: string | null;
  created_at: Date | string;
  expires_at: Date | string;
  revoked_at: Date | string | null;
}

type AuditTrail = Pick<ReturnType<typeof createAuditTrail>, 'record'>;

export interface ContentPreviewDeps {
  db: Knex;
  siteContent: Pick<SiteContentStore, 'assemble'>;
  renderPage: RenderPage;
  portfolio: PortfolioReader;
  audit: AuditTrail;
  /** Origin of the links handed out, without a trailing slash. */
  publicUrl: string;
  /** Sends "Send to client" mail through the mail set-up in force. */
  mailer: Pick<Mailer, 'send' | 'source'>;
  /** The agency as its mail shows it (its name; the reply address of Settings, Mail). */
  agency: () => AgencyDetails;
  now?: () => Date;
}


const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Drafts shown on the real pages: to signed-in staff (`/admin/preview/{key}`) and, through a
 * signed, expiring, revocable link, to a client without an account (`/preview/{token}`). Each
 * view reads the draft as it is at that moment and renders the page exactly as the live route does,
 * with that one document replaced; nothing here is ever kept by a cache.
 */
export function createContentPreview({ db, siteContent, renderPage, portfolio, audit, publicUrl, mailer, agency, now = () => new Date() }: ContentPreviewDeps) {
  const definitionOf = (key: string) => {
    const definition = contentDocument(key);
    if (!definition) throw new NotFoundError(messages.contentPreview.unknownDocument);
    return definition;
  };

  /**
   * The draft as saved now, or the published data when there is none, checked against the schema;
   * with the versions, so the bar says whether what it shows is live.
   */
  const draftOf = async (definition: ContentDocumentDefinition) => {
    const row = await db('content_documents')
      .where({ key: definition.key })
      .first<{ draft_data: unknown; draft_version: number | null; published_data: unknown; published_version: number; published_at: Date | string } | undefined>('draft_data', 'draft_version', 'published_data', 'published_version', 'published_at');
    if (!row) throw new NotFoundError(messages.contentPreview.unknownDocument);
    const stored = row.draft_data ?? row.published_data;
    const parsed = definition.schema.safeParse(typeof stored === 'string' ? JSON.parse(stored) : stored);
    if (!parsed.success) throw new ValidationError(messages.contentPreview.draftInvalid, fieldErrorsOf(parsed.error));
    return { data: parsed.data, draftVersion: row.draft_version, published: { version: row.published_version, at: iso(row.published_at) } };
  };

  /** `path` if the document shows on it (any page for site-wide documents), else its first page. */
  const pathFor = (definition: ContentDocumentDefinition, path: string | undefined) => {
    const [first] = definition.paths;
    if (path === undefined) return first!;
    if (definition.paths.includes(path) || definition.paths.includes('*')) return path;
    throw new ValidationError(messages.contentPreview.notOnPath(definition.paths.filter((each) => each !== '*')));
  };

  /** The document a token opens and until when, or undefined for a token that is unknown, expired or revoked. */
  const openLink = async (token: string): Promise<{ key: string; expiresAt: string } | undefined> => {
    if (!TOKEN.test(token)) return undefined;
    const row = await db<PreviewLinkRow>('content_preview_links').where({ token_sha256: digestOf(token) }).whereNull('revoked_at').first('key', 'expires_at');
    if (!row || new Date(row.expires_at).getTime() <= now().getTime()) return undefined;
    return { key: row.key, expiresAt: iso(row.expires_at) };
  };

  return {
    /**
     * The page at `path` (default: the document's first page) rendered with the document's draft in
     * place of its published data. `notice` adds what the bar says beyond the document's title.
     */
    async render(key: string, path?: string, notice: Pick<PreviewNotice, 'expiresAt'> = {}): Promise<string> {
      const definition = definitionOf(key);
      const pagePath = pathFor(definition, path);
      const { data, draftVersion, published } = await draftOf(definition);
      const content = siteContent.assemble({ [definition.key]: data });
      const view = await pageViewAt(pagePath, { content, portfolio, absolute: (page) => `${publicUrl}${page}` });
      if (!view) throw new NotFoundError(messages.contentPreview.noSuchPage);
      return renderPage({ path: pagePath, ...view, content, preview: { ...notice, documentTitle: documentTitleOf(definition, data), draftVersion, published } });
    },

    /** A new preview link for `key`, working for `days` days; the token is in the URL only, never stored. */
    async createLink(key: string, actor: AuditActor, days: number = PREVIEW_LINK_DAYS.default): Promise<{ id: string; url: string; expiresAt: string }> {
      const definition = definitionOf(key);
      const token = newToken();
      const expiresAt = new Date(now().getTime() + days * 86_400_000);
      return db.transaction(async (trx) => {
        const [row] = await trx('content_preview_links')
          .insert({ key: definition.key, token_sha256: digestOf(token), created_by: actor.name, created_at: now(), expires_at: expiresAt })
          .returning<{ id: string }[]>('id');
        await audit.record(actor, { action: 'content.preview-link', target: { type: 'content', id: definition.key }, summary: `Preview link to the draft of ${documentTitleOf(definition, null)}, until ${expiresAt.toISOString()}` }, trx);
        return { id: row!.id, url: `${publicUrl}${PREVIEW_LINK_PATH}/${token}`, expiresAt: expiresAt.toISOString() };
      });
    },

    /** The document's links, newest first (their tokens cannot be shown again). */
    async listLinks(key: string): Promise<PreviewLinkJson[]> {
      const definition = definitionOf(key);
      // Staff know each other by name: the maker's display name while the account has one (the
      // link keeps the username it was made under).
      const rows = await db('content_preview_links as l')
        .leftJoin('admin_users as a', 'a.username', 'l.created_by')
        .where({ 'l.key': definition.key })
        .orderBy('l.created_at', 'desc')
        .orderBy('l.id')
        .select<(PreviewLinkRow & { display_name: string | null })[]>('l.id', 'l.key', 'l.created_by', 'l.created_at', 'l.expires_at', 'l.revoked_at', 'a.display_name');
      const at = now().getTime();
      return rows.map((row) => ({
        id: row.id,
        key: row.key,
        createdBy: row.display_name?.trim() || row.created_by,
        createdAt: iso(row.created_at),
        expiresAt: iso(row.expires_at),
        revokedAt: row.revoked_at ? iso(row.revoked_at) : null,
        state: row.revoked_at ? 'revoked' : new Date(row.expires_at).getTime() <= at ? 'expired' : 'active',
      }));
    },

    /** Stops a link working at once; revoking one already revoked changes nothing. */
    async revokeLink(id: string, actor: AuditActor): Promise<void> {
      if (!isUuid(id)) throw new NotFoundError(messages.contentPreview.unknownLink);
      await db.transaction(async (trx) => {
        const row = await trx<PreviewLinkRow>('content_preview_links').where({ id }).forUpdate().first('key', 'revoked_at');
        if (!row) throw new NotFoundError(messages.contentPreview.unknownLink);
        if (row.revoked_at) return;
        await trx('content_preview_links').where({ id }).update({ revoked_at: now() });
        const definition = contentDocument(row.key);
        await audit.record(actor, { action: 'content.preview-link-revoke', target: { type: 'content', id: row.key }, summary: `Preview link to the draft of ${definition ? documentTitleOf(definition, null) : row.key} revoked` }, trx);
      });
    },

    /**
     * "Send to client": e-mails `url` (a working preview link of `key`, made a moment ago: its token
     * is known only to whoever made it) to one address typed by staff, with their words, from the
     * agency, answers going where a reply's would (the writer's confirmed address, else the agency's
     * reply address). At most 20 an hour per account (it mails any address), audited; refused in
     * words when mail is not set up or nobody would get the answer.
     */
    async sendLink(key: string, input: unknown, actor: AuditActor): Promise<{ sentTo: string }> {
      const definition = definitionOf(key);
      const { url, to, message = '' } = parseInput(previewSendSchema, input);
      const prefix = `${publicUrl}${PREVIEW_LINK_PATH}/`;
      const link = url.startsWith(prefix) ? await openLink(url.slice(prefix.length)) : undefined;
      if (!link || link.key !== definition.key) throw new ValidationError(messages.contentPreview.sendUrl, { url: messages.contentPreview.sendUrl });
      if (mailer.source() === 'off') throw new ConflictError(messages.contentPreview.mailOff);
      const writer = await replyWriterOf(db, actor.id);
      const details = agency();
      const replyTo = writer.confirmedEmail ?? details.replyAddress ?? null;
      if (!replyTo) throw new ConflictError(messages.contentPreview.noReplyAddress);
      const { hits, secondsLeft } = await countHit(db, `preview-send:account:${actor.id ?? actor.name}`, 3600);
      if (hits > PREVIEW_SENDS_PER_HOUR) throw new RateLimitedError(messages.contentPreview.sendLimited(PREVIEW_SENDS_PER_HOUR, Math.ceil(secondsLeft / 60)), secondsLeft);
      const title = documentTitleOf(definition, null);
      const signature = oneLine(`${writer.displayName ?? actor.name}, ${details.name}`);
      const text = [message.trim(), `Preview of “${title}”: ${url}`, `The link works until ${new Date(link.expiresAt).toUTCString()}.`, `— ${signature}`].filter(Boolean).join('\n\n');
      try {
        await mailer.send({ to, replyTo, fromName: oneLine(details.name), subject: oneLine(`Preview: ${title} (${details.name})`), text });
      } catch (error) {
        throw new UnprocessableError(messages.contentPreview.sendFailed(mailFailureSummary(error)));
      }
      await audit.record(actor, { action: 'content.preview-link-send', target: { type: 'content', id: definition.key }, summary: `Preview link to the draft of ${title} e-mailed to ${to}` });
      return { sentTo: to };
    },


    openLink,
  };
}

export type ContentPreview = ReturnType<typeof createContentPreview>;
