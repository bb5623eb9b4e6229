import type { ContentDocumentDefinition } from '../../shared/content/documents';

// What the content service answers, as the API sends it (docs/api.md, "Content").

export interface ContentListItem {
  key: string;
  title: string;
  group: ContentDocumentDefinition['group'];
  paths: string[];
  /** "retired": taken off the site (kept to be brought back); else whether a draft waits. */
  status: 'published' | 'draft' | 'retired';
  /** Added by staff and not published yet: nothing of it is on the site. */
  neverPublished: boolean;
  updatedAt: string;
  updatedBy: string | null;
  /** When its pending scheduled publish runs (UTC), or null when none is planned. */
  scheduledAt: string | null;
  /** Its page is on the site: published, and not retired. */
  live: boolean;
}

/** What undoing a document's last publish would do: the version it takes off the site and the one it puts back. */
export interface UndoPlanJson {
  key: string;
  title: string;
  /** The publish undone: the version on the site now, when and by whom. */
  undoes: { version: number; publishedAt: string; publishedBy: string | null };
  /** The version whose content goes back on the site (as a new version). */
  backTo: { version: number; publishedAt: string; publishedBy: string | null };
}

export interface ContentDraftJson {
  version: number;
  data: unknown;
  savedAt: string;
  savedBy: string | null;
}

export interface ContentItemJson {
  key: string;
  title: string;
  group: ContentDocumentDefinition['group'];
  paths: string[];
  published: { version: number; data: unknown; publishedAt: string; publishedBy: string | null };
  draft: ContentDraftJson | null;
  /** Others who had the document open in the editor in the last minute. */
  editing: { username: string; since: string }[];
  /** When it was retired and where its visitors go, or null while it is live (or never published). */
  retired: { at: string; redirectTo: string } | null;
}

/** A save made over an older version: whose version it was merged with, and the fields taken from it. */
export interface MergedJson {
  version: number;
  savedBy: string | null;
  fields: string[];
}

export interface SavedDraftJson {
  version: number;
  /** True when this save added the document (`baseVersion` 0): answered 201. */
  created?: boolean;
  /** The draft as stored: what was sent, with the other version's fields merged in. */
  data: unknown;
  merged: MergedJson | null;
}

export interface RevisionJson {
  key: string;
  version: number;
  /** The version as staff count it: the document's first publish is 1, the next 2, … */
  number: number;
  schemaVersion: number;
  publishedAt: string;
  publishedBy: string | null;
  data: unknown;
}
