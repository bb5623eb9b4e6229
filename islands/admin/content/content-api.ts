import type { ContentGroup } from '../../../shared/content/documents';
import { CONTENT_IMAGE_FIELD, type ContentImageListItem, type UploadedContentImage } from '../../../shared/content/images';
import type { PageAddressJson } from '../../../shared/page-addresses';
import { ApiError, type DashboardApi } from '../api';

/**
 * The content API as the Website section uses it (issue 26's contract: `/api/content…`). Keys
 * with a slash (`services/seo`) are written as they are: the slash is part of the API's path.
 */

/** One document in the Website list. */
export interface ContentListItem {
  key: string;
  title: string;
  group: ContentGroup;
  paths: string[];
  /** "published", or a draft is waiting ("draft"). */
  status: string;
  /** Added by staff and not published yet. */
  neverPublished?: boolean;
  updatedAt: string | null;
  updatedBy: string | null;
  /** When its pending scheduled publish runs (UTC), if one is planned. */
  scheduledAt?: string | null;
  /** Its page is on the site (published and not retired). */
  live?: boolean;
}

/** A planned publish as `GET /api/content/schedules` lists it. */
export interface UpcomingPublish {
  id: string;
  items: { key: string; version: number; title: string }[];
  runAt: string;
  state: 'pending' | 'overdue' | 'failed';
  error: string | null;
  createdBy: string | null;
}

/** What undoing a page's last publish would do (`GET /api/content/{key}/undo`). */
export interface UndoPlan {
  key: string;
  title: string;
  undoes: { version: number; publishedAt: string; publishedBy: string | null };
  backTo: { version: number; publishedAt: string; publishedBy: string | null };
  /** The last publish was a change of address, a retirement or a bringing back, which undo reverses. */
  event?: { type: 'move'; to: string } | { type: 'retire' } | { type: 'return'; redirectTo: string };
}

/** Someone else who has the document open (the "…is editing" notice). */
export type EditingPerson = string | { username?: string; name?: string; since?: string };

/** The document's pending scheduled publish. */
export interface ContentSchedule {
  id: string;
  /** When it publishes (UTC). */
  runAt: string;
  /** The version it will publish (pinned when it was scheduled). */
  version: number;
  /** The draft was saved again after it was scheduled: the later changes are not in it. */
  draftChangedSince: boolean;
}

export interface ContentDocumentJson {
  key: string;
  title?: string;
  paths?: string[];
  published: { version: number; data: unknown; publishedAt: string | null; publishedBy: string | null };
  draft: { version: number; data: unknown; savedAt: string | null; savedBy: string | null } | null;
  editing?: EditingPerson[];
  scheduled?: ContentSchedule | null;
  /** When it was retired and where its visitors go; null while it is live. */
  retired?: { at: string; redirectTo: string } | null;
}

/** A published version in the history list (its data is loaded when it is compared). */
export interface ContentRevision {
  version: number;
  /** The version as staff count it (the document's first publish is 1, the next 2, …). */
  number: number;
  schemaVersion?: number;
  publishedAt: string;
  publishedBy: string | null;
}

export interface RevisionPage {
  items: ContentRevision[];
  nextCursor: string | null;
}

/** A check's finding (422), named by the field's path (`banner.image.alt`; `_form` for the whole document). */
export interface ContentProblem {
  key?: string;
  field?: string;
  message: string;
}

/** Where a document's calls go. */
export const contentPath = (key: string) => `/api/content/${key}`;

/** The version a save must name: the draft's if there is one, else the published one's. */
export function baseVersionOf(document: ContentDocumentJson): number {
  return document.draft?.version ?? document.published.version;
}

/** What the editor starts from: the draft if there is one, else what is published. */
export function currentDataOf(document: ContentDocumentJson): unknown {
  return document.draft ? document.draft.data : document.published.data;
}

/** The names of the people in an `editing` list, without the reader. */
export function editorsOf(editing: readonly EditingPerson[] | undefined, me: string): string[] {
  const names = (editing ?? []).map((person) => (typeof person === 'string' ? person : (person.name ?? person.username ?? ''))).filter((name) => name && name !== me);
  return [...new Set(names)];
}

/**
 * A 409's news: the version now stored (when the answer carries it), the fields both people
 * changed, and (a save) both versions merged everywhere else, theirs at those fields.
 */
export interface StaleAnswer {
  current: { version: number; data: unknown; savedBy?: string | null; savedAt?: string | null } | null;
  fields: string[];
  merged?: unknown;
}

export function staleAnswerOf(failure: unknown): StaleAnswer | null {
  if (!(failure instanceof ApiError) || failure.status !== 409) return null;
  const body = (failure.body ?? {}) as { current?: StaleAnswer['current']; fields?: unknown; merged?: unknown };
  const current = body.current && typeof body.current.version === 'number' ? body.current : null;
  const fields = Array.isArray(body.fields) ? body.fields.filter((field): field is string => typeof field === 'string') : [];
  return { current, fields, merged: body.merged };
}

/** A saved draft: its version and data, and whose version it was merged with (a save over an older one). */
export interface SavedDraft {
  version: number;
  data?: unknown;
  merged?: { version: number; savedBy: string | null; fields: string[] } | null;
}

/** A 422's problems and warnings (publishing refused by the checks). */
export function refusalOf(failure: unknown): { problems: ContentProblem[]; warnings: ContentProblem[] } | null {
  if (!(failure instanceof ApiError) || failure.status !== 422) return null;
  const body = (failure.body ?? {}) as { problems?: unknown; warnings?: unknown };
  const list = (value: unknown) => (Array.isArray(value) ? value.filter((entry): entry is ContentProblem => Boolean(entry) && typeof (entry as ContentProblem).message === 'string') : []);
  return { problems: list(body.problems), warnings: list(body.warnings) };
}

/** A preview link as listed (its address is shown once, when it is made). */
export interface PreviewLinkItem {
  id: string;
  createdBy: string | null;
  createdAt: string;
  expiresAt: string;
  state: 'active' | 'expired' | 'revoked';
}

/** The images uploaded for the site's content, whichever document shows them (`/api/content/images`). */
export function contentImagesApi(api: DashboardApi) {
  return {
    /** Every uploaded image, newest first, each with a small rendition. */
    list: () => api.send<ContentImageListItem[]>('GET', '/api/content/images', 'Failed to load the images.'),
    /**
     * Uploads one image and resolves with what an image field stores (`src`) and its size; rejects
     * with the server's message for a bad file. `onProgress` gets whole percentages of the bytes sent.
     */
    upload: (file: File, onProgress: (percent: number) => void) => {
      const form = new FormData();
      form.append(CONTENT_IMAGE_FIELD, file);
      return api.sendForm<UploadedContentImage>('POST', '/api/content/images', form, onProgress);
    },
  };
}

export function contentApi(api: DashboardApi, key: string) {
  const path = contentPath(key);
  return {
    load: () => api.send<ContentDocumentJson>('GET', path, 'Failed to load the page’s content.'),
    saveDraft: (data: unknown, baseVersion: number) => api.send<SavedDraft>('PUT', `${path}/draft`, 'The draft could not be saved.', { data, baseVersion }),
    publish: (version: number) => api.send<{ version: number }>('POST', `${path}/publish`, 'The page could not be published.', { version }),
    /** Publishes `version` at `at` (UTC); the server pins that version. */
    schedule: (version: number, at: string) => api.send<{ schedule: unknown }>('POST', `${path}/publish`, 'The publish could not be scheduled.', { version, at }),
    cancelSchedule: (id: string) => api.send<null>('DELETE', `/api/content/schedules/${encodeURIComponent(id)}`, 'The scheduled publish could not be cancelled.'),
    discardDraft: () => api.send<null>('DELETE', `${path}/draft`, 'The draft could not be discarded.'),
    presence: () => api.send<null>('POST', `${path}/presence`, 'Failed to say the page is open.'),
    revisions: (cursor: string | null) => api.send<RevisionPage>('GET', `${path}/revisions${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, 'Failed to load the history.'),
    /** The uploaded images, each with a small rendition (a comparison's thumbnails). */
    images: contentImagesApi(api).list,
    revisionData: async (version: number) => (await api.send<{ data: unknown }>('GET', `${path}/revisions/${version}`, 'Failed to load that version.')).data,
    /** A link for someone without an account; its `url` cannot be had again. */
    createPreviewLink: () => api.send<{ id: string; url: string; expiresAt: string }>('POST', `${path}/preview-links`, 'The preview link could not be made.', {}),
    revokePreviewLink: (id: string) => api.send<null>('DELETE', `/api/content/preview-links/${encodeURIComponent(id)}`, 'The preview link could not be revoked.'),
    /** What undoing the page's last publish would do; refused (409) when it has nothing to undo. */
    undoPlan: () => api.send<UndoPlan>('GET', `${path}/undo`, 'Failed to see what undo would do.'),
    /** Undoes the page's last publish, if it is still `version`. */
    undo: (version: number) => api.send<{ version: number; key?: string }>('POST', `${path}/undo`, 'The last publish could not be undone.', { version }),
    /** Gives the page a new address (`to`: its new slug); rejects with the refusal beside `to`. */
    move: (to: string) => api.send<PageAddressJson>('POST', `${path}/move`, 'The address could not be changed.', { to }),
    /** Takes the page off the site, sending its visitors to `redirectTo`; rejects with the refusal beside `redirectTo`. */
    retire: (redirectTo: string) => api.send<PageAddressJson>('POST', `${path}/retire`, 'The page could not be retired.', { redirectTo }),
    bringBack: () => api.send<PageAddressJson>('POST', `${path}/bring-back`, 'The page could not be brought back.', {}),
    /** E-mails a preview link made a moment ago to `to`, with `message`. */
    sendPreviewLink: (url: string, to: string, message: string) => api.send<{ sentTo: string }>('POST', `${path}/preview-links/send`, 'The preview link could not be e-mailed.', { url, to, message }),
    /** Makes `version` the draft; refused (409) when the draft is no longer `baseVersion`. */
    restore: (version: number, baseVersion: number) => api.send<unknown>('POST', `${path}/revisions/${version}/restore`, 'The version could not be restored.', { baseVersion }),
  };
}
