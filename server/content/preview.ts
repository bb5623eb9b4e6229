import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { z } from 'zod';
import { contentDocument, type ContentDocumentDefinition } from '../../shared/content/documents';
import { fieldErrorsOf } from '../../shared/zod-errors';
import type { PreviewNotice } from '../../views/render-context';
import { isUuid } from '../db/uuid';
import { NotFoundError, ValidationError } from '../errors';
import { messages } from '../messages';
import type { RenderPage } from '../render/render-page';
import type { AuditActor, createAuditTrail } from '../services/audit';
import type { SiteContentStore } from './store';
import { sitePageView, type PortfolioReader } from './preview-pages';

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
  now?: () => Date;
}

/** The title staff know a document by: services and industries carry their name in the data (their definitions name them by slug). */
export function documentTitleOf(definition: ContentDocumentDefinition, data: unknown): string {
  const { title, label } = (data ?? {}) as { title?: unknown; label?: unknown };
  const own = definition.group === 'Services' ? title : definition.group === 'Industries' ? label : undefined;
  return typeof own === 'string' ? own : definition.title;
}

const iso = (value: Date | string) => new Date(value).toISOString();

/**
 * Drafts shown on the real pages: to signed-in staff (`/admin/preview/{key}`) and, through a
 * signed, expiring, revocable link, to a client without an account (`/preview/{token}`). Each
 * view reads the draft as it is at that moment and renders the page exactly as the live route does,
 * with that one document replaced; nothing here is ever kept by a cache.
 */
export function createContentPreview({ db, siteContent, renderPage, portfolio, audit, publicUrl, now = () => new Date() }: ContentPreviewDeps) {
  const definitionOf = (key: string) => {
    const definition = contentDocument(key);
    if (!definition) throw new NotFoundError(messages.contentPreview.unknownDocument);
    return definition;
  };

  /** The draft as saved now, or the published data when there is none; checked against the schema. */
  const draftOf = async (definition: ContentDocumentDefinition) => {
    const row = await db('content_documents').where({ key: definition.key }).first<{ draft_data: unknown; published_data: unknown } | undefined>('draft_data', 'published_data');
    if (!row) throw new NotFoundError(messages.contentPreview.unknownDocument);
    const stored = row.draft_data ?? row.published_data;
    const parsed = definition.schema.safeParse(typeof stored === 'string' ? JSON.parse(stored) : stored);
    if (!parsed.success) throw new ValidationError(messages.contentPreview.draftInvalid, fieldErrorsOf(parsed.error));
    return parsed.data;
  };

  /** `path` if the document shows on it (any page for site-wide documents), else its first page. */
  const pathFor = (definition: ContentDocumentDefinition, path: string | undefined) => {
    const [first] = definition.paths;
    if (path === undefined) return first!;
    if (definition.paths.includes(path) || definition.paths.includes('*')) return path;
    throw new ValidationError(messages.contentPreview.notOnPath(definition.paths.filter((each) => each !== '*')));
  };

  return {
    /**
     * The page at `path` (default: the document's first page) rendered with the document's draft in
     * place of its published data. `notice` adds what the bar says beyond the document's title.
     */
    async render(key: string, path?: string, notice: Omit<PreviewNotice, 'documentTitle'> = {}): Promise<string> {
      const definition = definitionOf(key);
      const pagePath = pathFor(definition, path);
      const draft = await draftOf(definition);
      const view = await sitePageView(pagePath, portfolio, (page) => `${publicUrl}${page}`);
      if (!view) throw new NotFoundError(messages.contentPreview.noSuchPage);
      const content = siteContent.assemble({ [definition.key]: draft });
      return renderPage({ path: pagePath, ...view, content, preview: { documentTitle: documentTitleOf(definition, draft), ...notice } });
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
      const rows = await db<PreviewLinkRow>('content_preview_links').where({ key: definition.key }).orderBy('created_at', 'desc').orderBy('id').select<PreviewLinkRow[]>('id', 'key', 'created_by', 'created_at', 'expires_at', 'revoked_at');
      const at = now().getTime();
      return rows.map((row) => ({
        id: row.id,
        key: row.key,
        createdBy: row.created_by,
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

    /** The document a token opens and until when, or undefined for a token that is unknown, expired or revoked. */
    async openLink(token: string): Promise<{ key: string; expiresAt: string } | undefined> {
      if (!TOKEN.test(token)) return undefined;
      const row = await db<PreviewLinkRow>('content_preview_links').where({ token_sha256: digestOf(token) }).whereNull('revoked_at').first('key', 'expires_at');
      if (!row || new Date(row.expires_at).getTime() <= now().getTime()) return undefined;
      return { key: row.key, expiresAt: iso(row.expires_at) };
    },
  };
}

export type ContentPreview = ReturnType<typeof createContentPreview>;
