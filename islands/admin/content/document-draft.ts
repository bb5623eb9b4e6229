import { choose, pathOf, resolvedData, type Choice, type Conflict } from './conflict';
import type { ContentProblem } from './content-api';
import { fieldLabel, normalizeFieldKey, setIn, type FieldNode, type FieldPath } from './schema-fields';

/**
 * The state of one document's draft in the editor, kept apart from React so its rules can be
 * tested on their own: what is in the form and over which version, what the checks and the server
 * said, a conflict to resolve, the action under way and its outcome. The editor's actions (save,
 * publish, discard, …) are `useDocumentDraft`'s; each step of one is an event here.
 */

/** What is in the form: the data, the version it was typed over, and whether it differs from that version. */
export interface FormState {
  data: unknown;
  base: number;
  dirty: boolean;
}

/**
 * The outcome of the person's last action, shown in the action bar beside Save and Publish (where
 * they are, however long the page): saved, refused (the fields are listed above), or a conflict
 * to resolve. Each new action replaces it.
 */
export interface SaveState {
  tone: 'success' | 'error' | 'conflict';
  text: string;
  /** Where the details are (the summary of fields, or the choices of a conflict), to move to. */
  show?: { label: string; target: 'summary' | 'conflict' };
}

/** A message of the summary at the top of the form, with the field it is about (if one). */
export interface SummaryEntry {
  path: FieldPath | null;
  message: string;
}

export type Pending = '' | 'save' | 'publish' | 'discard';

export interface DraftState {
  /** Null until the document has loaded. */
  form: FormState | null;
  /** The form holds typing kept from before the page was reloaded. */
  restoredTyping: boolean;
  /** The browser's own checks, by field path; once shown, they follow the typing. */
  clientErrors: Record<string, string>;
  /** The fields the server refused on the last save. */
  serverErrors: Record<string, string>;
  /** What the publishing checks refused, and what they only warned about. */
  refusal: { problems: Record<string, string>; warnings: Record<string, string> } | null;
  /** The list of what to fix at the top of the form. */
  summary: { title: string; entries: SummaryEntry[] } | null;
  /** Someone else saved first and changed the same fields: a choice per field. */
  conflict: Conflict | null;
  pending: Pending;
  outcome: SaveState | null;
  /** A save waits for an image still uploading. */
  waitingForUpload: boolean;
  /** Counts publishes made here, so the history loads again after each. */
  historyRound: number;
  /** Where focus goes once shown (a new object each time it is asked for). */
  focus: { on: 'summary' | 'conflict' } | null;
}

export type DraftEvent =
  /** The stored document arrived; `typed` is what this browser kept over that version before a reload. */
  | { type: 'loaded'; stored: unknown; base: number; typed?: unknown }
  | { type: 'typed'; path: FieldPath; value: unknown }
  /** The browser's checks of the data as it is now (followed once the person was told what to fix). */
  | { type: 'rechecked'; errors: Record<string, string> }
  /** An action begins: no outcome of an earlier one stays on screen. */
  | { type: 'started'; action: Exclude<Pending, ''> }
  | { type: 'finished' }
  | { type: 'waiting-for-upload'; waiting: boolean }
  /** The browser's checks before a save: when any fails, the summary lists them and nothing is sent. */
  | { type: 'checked'; errors: Record<string, string> }
  /** The server stored `sent` as `version`; `data` is the server's merge with someone else's save. */
  | { type: 'saved'; sent: unknown; version: number; data?: unknown; outcome: SaveState }
  /** The server refused fields of a save (400). */
  | { type: 'fields-refused'; errors: Record<string, string> }
  | { type: 'conflict'; conflict: Conflict; outcome: SaveState }
  | { type: 'chose'; path: string; choice: Choice }
  /** Every field of the conflict is chosen: the form takes the result, over their version. */
  | { type: 'resolved' }
  | { type: 'published' }
  | { type: 'publish-refused'; problems: Record<string, string>; warnings: Record<string, string> }
  /** The draft was thrown away: the form shows what is published. */
  | { type: 'discarded'; published: { data: unknown; version: number } }
  /** The history made another version the draft: the form follows the stored document again. */
  | { type: 'restored' }
  | { type: 'failed'; text: string };

export const initialDraft: DraftState = {
  form: null,
  restoredTyping: false,
  clientErrors: {},
  serverErrors: {},
  refusal: null,
  summary: null,
  conflict: null,
  pending: '',
  outcome: null,
  waitingForUpload: false,
  historyRound: 0,
  focus: null,
};

/** The key of the whole document's problems (no one field). */
export const WHOLE = '_form';

export const pathOfKey = (key: string): FieldPath | null => (key === WHOLE ? null : pathOf(key));

/** Problems by field path (the whole document's under `_form`). */
export function byField(problems: readonly ContentProblem[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const problem of problems) fields[problem.field ? normalizeFieldKey(problem.field) || WHOLE : WHOLE] ??= problem.message;
  return fields;
}

/** "Heading and Introduction": the fields of `paths` as the form names them. */
function fieldNames(tree: FieldNode, paths: readonly string[]): string {
  const names = paths.map((path) => fieldLabel(tree, pathOf(path)));
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]!}`;
}

/** What the bar says after a save that was merged with someone else's: whose fields came in. */
export function mergedText(tree: FieldNode, merged: { savedBy: string | null; fields: readonly string[] }): string {
  if (merged.fields.length === 0) return 'Draft saved. The public site has not changed.';
  return `Draft saved, with ${merged.savedBy ?? 'someone else'}’s changes to ${fieldNames(tree, merged.fields)} kept too. The public site has not changed.`;
}

/** What the bar says when a save is refused because both people changed the same fields. */
export function conflictText(tree: FieldNode, conflict: Pick<Conflict, 'by' | 'fields'>): string {
  const who = conflict.by ?? 'Someone else';
  const count = conflict.fields.length;
  return `Not saved yet: ${who} also changed ${count === 1 ? conflict.fields[0]!.label : `${count} of the fields you changed`}. Choose whose to keep, then save.`;
}

/** What an earlier action said, gone. */
const cleared = { serverErrors: {}, refusal: null, summary: null, outcome: null } satisfies Partial<DraftState>;

/** The summary listing `fields` under `title`, with focus sent to it. */
const summarized = (title: string, fields: Record<string, string>) => ({
  summary: { title, entries: Object.entries(fields).map(([key, message]) => ({ path: pathOfKey(key), message })) },
  focus: { on: 'summary' as const },
});

const showThem = { label: 'Show them', target: 'summary' } as const;

export function draftReducer(state: DraftState, event: DraftEvent): DraftState {
  const { form } = state;
  switch (event.type) {
    case 'loaded': {
      // The form follows the stored document unless the person has typed over it; on the first
      // load, typing kept from before a reload (over this very version) comes back.
      if (form === null) {
        const kept = event.typed !== undefined && JSON.stringify(event.typed) !== JSON.stringify(event.stored);
        return { ...state, restoredTyping: kept, form: { data: kept ? event.typed : event.stored, base: event.base, dirty: kept } };
      }
      return form.dirty ? state : { ...state, form: { data: event.stored, base: event.base, dirty: false } };
    }
    case 'typed':
      return form ? { ...state, form: { ...form, data: setIn(form.data, event.path, event.value), dirty: true } } : state;
    case 'rechecked':
      return { ...state, clientErrors: event.errors };
    case 'started':
      return { ...state, ...cleared, pending: event.action };
    case 'finished':
      return { ...state, pending: '' };
    case 'waiting-for-upload':
      return { ...state, waitingForUpload: event.waiting };
    case 'checked':
      return Object.keys(event.errors).length > 0 ? { ...state, clientErrors: event.errors, ...summarized('Fix these fields first', event.errors) } : { ...state, clientErrors: {} };
    case 'saved': {
      // Merged with someone else's save: the form shows both (unless typing went on during the
      // save, which stays, unsaved, and is merged at the next save).
      const next = form && { data: form.data === event.sent && event.data !== undefined ? event.data : form.data, base: event.version, dirty: form.data !== event.sent };
      return { ...state, form: next, conflict: null, outcome: event.outcome };
    }
    case 'fields-refused':
      return {
        ...state,
        serverErrors: event.errors,
        ...summarized('The server refused these fields', event.errors),
        outcome: { tone: 'error', text: 'Not saved: the server refused some fields.', show: showThem },
      };
    case 'conflict':
      return { ...state, conflict: event.conflict, outcome: event.outcome, focus: { on: 'conflict' } };
    case 'chose':
      return state.conflict ? { ...state, conflict: choose(state.conflict, event.path, event.choice) } : state;
    case 'resolved':
      return state.conflict ? { ...state, form: { data: resolvedData(state.conflict), base: state.conflict.version, dirty: true } } : state;
    case 'published':
      return { ...state, outcome: { tone: 'success', text: 'Published: the site shows it now.' }, form: form && { ...form, dirty: false }, historyRound: state.historyRound + 1 };
    case 'publish-refused':
      return {
        ...state,
        refusal: { problems: event.problems, warnings: event.warnings },
        ...summarized('Publishing was refused: fix these first', event.problems),
        outcome: { tone: 'error', text: 'Not published: fix the fields listed at the top first.', show: showThem },
      };
    case 'discarded':
      return {
        ...state,
        ...cleared,
        clientErrors: {},
        conflict: null,
        restoredTyping: false,
        form: form && { data: event.published.data, base: event.published.version, dirty: false },
        outcome: { tone: 'success', text: 'Draft discarded: the editor shows what is published.' },
      };
    case 'restored':
      return { ...state, ...cleared, clientErrors: {}, conflict: null, form: form && { ...form, dirty: false } };
    case 'failed':
      return { ...state, outcome: { tone: 'error', text: event.text } };
  }
}
