import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { z } from 'zod';
import type { Notice } from '../context';
import { errorText, fieldErrorsOf, type Loaded } from '../kit';
import type { Uploads } from '../kit/uploads';
import { conflictOf, unchosen, type Choice } from './conflict';
import { baseVersionOf, currentDataOf, refusalOf, staleAnswerOf, type contentApi, type ContentDocumentJson, type StaleAnswer } from './content-api';
import { byField, conflictText, draftReducer, initialDraft, mergedText, WHOLE, type DraftEvent, type DraftState } from './document-draft';
import { forgetTyped, keepTyped, readTyped } from './draft-storage';
import { normalizeFieldKey, validate, type FieldNode, type FieldPath } from './schema-fields';

export interface DocumentDraftOptions {
  documentKey: string;
  schema: z.ZodType;
  tree: FieldNode;
  calls: ReturnType<typeof contentApi>;
  /** The stored document, loaded (and reloaded after each change) by the editor. */
  loaded: Loaded<ContentDocumentJson>;
  /** Tells whether the image uploads in the form are done (a save waits for them). */
  uploads: Uploads;
  notify: (notice: Notice | null) => void;
}

/**
 * One document's draft in the editor (the state in `document-draft.ts`): the form follows the
 * stored document until typed over; the typing is kept in the tab (a reload loses nothing); saving
 * waits for uploads, checks the fields, and shows what the server refused or a conflict to resolve
 * field by field; publishing saves the typing first; discarding goes back to what is published.
 */
export function useDocumentDraft({ documentKey, schema, tree, calls, loaded, uploads, notify }: DocumentDraftOptions) {
  const { state, dispatch, current } = useDraftStore();
  const doc = loaded.data;

  useEffect(() => {
    if (!doc) return;
    const base = baseVersionOf(doc);
    dispatch({ type: 'loaded', stored: currentDataOf(doc), base, typed: current().form === null ? readTyped(documentKey, base) : undefined });
  }, [doc, documentKey, dispatch, current]);

  const change = useCallback(
    (path: FieldPath, value: unknown) => {
      dispatch({ type: 'typed', path, value });
      const { form } = current();
      if (form) keepTyped(documentKey, form.base, form.data);
    },
    [documentKey, dispatch, current],
  );

  // Once the person has been told what to fix, the list follows their corrections as they type.
  const data = state.form?.data;
  useEffect(() => {
    if (data !== undefined && Object.keys(current().clientErrors).length > 0) dispatch({ type: 'rechecked', errors: validate(schema, data) });
  }, [data, schema, dispatch, current]);

  /** A new action begins: no outcome of an earlier one stays, in the editor or the shared notice area. */
  const start = (action: 'save' | 'publish' | 'discard') => {
    dispatch({ type: 'started', action });
    notify(null);
  };

  /** Asks, field by field, about the fields both people changed (the rest is merged already). */
  const showConflict = async (stale: StaleAnswer, mine: unknown) => {
    let theirs = stale.current;
    if (!theirs) {
      const fresh = await calls.load().catch(() => null);
      theirs = fresh ? { version: baseVersionOf(fresh), data: currentDataOf(fresh), savedBy: fresh.draft?.savedBy ?? fresh.published.publishedBy } : null;
    }
    if (!theirs) {
      dispatch({ type: 'failed', text: 'Someone else saved this page first, and their version could not be loaded. Your changes are still here: try again.' });
      return;
    }
    const fields = stale.fields.length > 0 ? stale.fields.map(normalizeFieldKey) : [WHOLE];
    const conflict = conflictOf(tree, { version: theirs.version, data: theirs.data, savedBy: theirs.savedBy ?? null, merged: stale.merged, fields }, mine);
    dispatch({ type: 'conflict', conflict, outcome: { tone: 'conflict', text: conflictText(tree, conflict), show: { label: 'Show the choices', target: 'conflict' } } });
  };

  /**
   * Saves the form as a draft over `base` (by default the version it was typed on). Resolves with
   * the new version, or null when it was not saved (a field to fix, a stale version: both shown).
   */
  const saveDraft = async (base?: number): Promise<number | null> => {
    // An image still uploading is part of what the person means to save: wait for it, and save
    // nothing while a chosen file is not in the form (the old image would be saved in its place).
    dispatch({ type: 'waiting-for-upload', waiting: uploads.busy() });
    const notUploaded = await uploads.settled();
    dispatch({ type: 'waiting-for-upload', waiting: false });
    if (notUploaded) {
      dispatch({ type: 'failed', text: notUploaded });
      return null;
    }
    const form = current().form;
    if (!form) return null;
    const problems = validate(schema, form.data);
    dispatch({ type: 'checked', errors: problems });
    if (Object.keys(problems).length > 0) return null;
    const sent = form.data;
    try {
      const saved = await calls.saveDraft(sent, base ?? form.base);
      forgetTyped(documentKey);
      dispatch({ type: 'saved', sent, version: saved.version, data: saved.data, outcome: { tone: 'success', text: saved.merged ? mergedText(tree, saved.merged) : 'Draft saved. The public site has not changed.' } });
      loaded.reload();
      return saved.version;
    } catch (failure) {
      const stale = staleAnswerOf(failure);
      if (stale) {
        await showConflict(stale, sent);
        return null;
      }
      const fields = fieldErrorsOf(failure);
      if (Object.keys(fields).length > 0) dispatch({ type: 'fields-refused', errors: Object.fromEntries(Object.entries(fields).map(([key, message]) => [normalizeFieldKey(key) || WHOLE, message])) });
      else dispatch({ type: 'failed', text: errorText(failure, 'The draft could not be saved.') });
      return null;
    }
  };

  const save = async () => {
    if (current().pending) return;
    start('save');
    await saveDraft();
    dispatch({ type: 'finished' });
  };

  /** Publishes the draft (saving the typing first): the site changes at once, or the checks say what to fix. */
  const publish = async () => {
    const { pending, form } = current();
    if (pending || !form) return;
    start('publish');
    try {
      // Without typing, the version the form shows: if someone saved since, the publish is refused
      // (409) rather than publishing a version the person has not seen.
      const version = form.dirty ? await saveDraft() : form.base;
      if (version === null) return;
      await calls.publish(version);
      forgetTyped(documentKey);
      dispatch({ type: 'published' });
      loaded.reload();
    } catch (failure) {
      const refused = refusalOf(failure);
      if (refused) dispatch({ type: 'publish-refused', problems: byField(refused.problems.filter((problem) => !problem.key || problem.key === documentKey)), warnings: byField(refused.warnings) });
      else dispatch({ type: 'failed', text: errorText(failure, 'The page could not be published.') });
      // A draft saved before the refusal is now the version to fix.
      loaded.reload();
    } finally {
      dispatch({ type: 'finished' });
    }
  };

  /** Throws the draft away (and the typing): the form shows what is published. */
  const discard = async () => {
    if (!doc) return;
    start('discard');
    try {
      if (doc.draft) await calls.discardDraft();
      forgetTyped(documentKey);
      dispatch({ type: 'discarded', published: doc.published });
      loaded.reload();
    } catch (failure) {
      dispatch({ type: 'failed', text: errorText(failure, 'The draft could not be discarded.') });
    } finally {
      dispatch({ type: 'finished' });
    }
  };

  const choose = (path: string, choice: Choice) => dispatch({ type: 'chose', path, choice });

  /** Saves the merge with a choice made for every field both people changed, over their version. */
  const saveChoices = async () => {
    const { conflict, pending } = current();
    if (!conflict || pending) return;
    if (unchosen(conflict).length > 0) return;
    start('save');
    dispatch({ type: 'resolved' });
    await saveDraft(conflict.version);
    dispatch({ type: 'finished' });
  };

  /** The history restored a version as the draft (or undid a publish): the form shows it, and the history's notice says so. */
  const restored = () => {
    forgetTyped(documentKey);
    dispatch({ type: 'restored' });
    loaded.reload();
  };

  return { state, change, saveDraft, save, publish, discard, choose, saveChoices, restored };
}

/**
 * The draft's state, held outside React and rendered through `useSyncExternalStore`: the actions
 * read it after an await (the image an upload just put in the form, the choices just resolved)
 * as of the last event, before React has rendered again.
 */
function useDraftStore() {
  const [store] = useState(() => {
    let state = initialDraft;
    const listeners = new Set<() => void>();
    return {
      current: () => state,
      dispatch: (event: DraftEvent) => {
        state = draftReducer(state, event);
        for (const listener of listeners) listener();
      },
      subscribe: (listener: () => void) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
    };
  });
  const state: DraftState = useSyncExternalStore(store.subscribe, store.current, store.current);
  return { state, dispatch: store.dispatch, current: store.current };
}
