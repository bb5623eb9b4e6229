import { useCallback, useEffect, useMemo, useRef, useState, type Ref } from 'react';
import type { AdminRole } from '../../../shared/admin-auth';
import { changedAgencyDetails } from '../../../shared/content/agency-details';
import { contentDocument } from '../../../shared/content/documents';
import { useDashboard } from '../context';
import { ConfirmDialog, errorText, fieldErrorsOf, FormCard, LoadStatus, useData, useDates } from '../kit';
import { createUploads, UploadsContext } from '../kit/uploads';
import { ViewHeading } from '../ViewHeading';
import { ViewLink } from '../ViewLink';
import { baseVersionOf, contentApi, currentDataOf, editorsOf, refusalOf, staleAnswerOf, type ContentDocumentJson, type ContentProblem, type StaleAnswer } from './content-api';
import { forgetTyped, keepTyped, readTyped } from './draft-storage';
import { ImageThumbnail, showsUploads, ThumbnailContext, useThumbnails } from './ChangeList';
import { HistoryPanel } from './HistoryPanel';
import { fieldId, SchemaForm } from './SchemaForm';
import { fieldLabel, fieldTree, iconValues, normalizeFieldKey, setIn, validate, type FieldNode, type FieldPath, type ImageValue } from './schema-fields';
import { choose, conflictOf, pathOf, resolvedData, unchosen, type Choice, type Conflict } from './conflict';
import { SchedulePanel } from './SchedulePanel';
import { PreviewLinksPanel } from './PreviewLinksPanel';
import { AgencyDetailsNote, ownerPublishesAgencyDetails, ownerPublishesText } from './AgencyDetailsNote';

/** How often the editor tells the server it is open (the others' "…is editing" notice). */
export const PRESENCE_INTERVAL_MS = 20_000;

/** What is in the form: the data, the version it was typed over, and whether it differs from that version. */
interface FormState {
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
interface SummaryEntry {
  path: FieldPath | null;
  message: string;
}

const WHOLE = '_form';

/** Problems by field path (the whole document's under `_form`). */
function byField(problems: readonly ContentProblem[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const problem of problems) fields[problem.field ? normalizeFieldKey(problem.field) || WHOLE : WHOLE] ??= problem.message;
  return fields;
}

const pathOfKey = (key: string): FieldPath | null => (key === WHOLE ? null : pathOf(key));

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
  return `Not saved yet: ${who} also changed ${count === 1 ? fieldNames(tree, conflict.fields.map((field) => field.path)) : `${count} of the fields you changed`}. Choose whose to keep, then save.`;
}

/** The heading of a document: a service's or industry's own name (it is in the data), else the list's title. */
function titleOf(definitionTitle: string, data: unknown): string {
  const record = (data ?? {}) as { title?: unknown; label?: unknown };
  const own = typeof record.title === 'string' ? record.title : typeof record.label === 'string' ? record.label : '';
  return own.trim() || definitionTitle;
}

/**
 * Keeps a field given focus clear of the sticky action bar (WCAG 2.2, focus not obscured): the
 * page's bottom scroll padding is the bar's height (it grows with the outcome line), for scrolls
 * that honour it, and a field the browser still left under the bar once focused is scrolled above it.
 */
function padForActions(bar: HTMLDivElement | null) {
  if (!bar || typeof ResizeObserver === 'undefined') return;
  const root = document.documentElement;
  const observer = new ResizeObserver(() => root.style.setProperty('--content-actions-height', `${bar.offsetHeight}px`));
  observer.observe(bar);
  const clear = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLElement) || bar.contains(target)) return;
    // After the browser's own scroll to the focused field.
    requestAnimationFrame(() => {
      const overlap = target.getBoundingClientRect().bottom - bar.getBoundingClientRect().top;
      if (overlap > 0 && bar.getBoundingClientRect().bottom >= window.innerHeight - 1) window.scrollBy({ top: overlap + 16, behavior: 'instant' });
    });
  };
  document.addEventListener('focusin', clear);
  return () => {
    observer.disconnect();
    document.removeEventListener('focusin', clear);
    root.style.removeProperty('--content-actions-height');
  };
}

/** Moves focus to a field named in a summary (its input, an image's file, or a list's group). */
function focusField(path: FieldPath) {
  const id = fieldId(path);
  const target = document.getElementById(id) ?? document.getElementById(`${id}-src`);
  target?.focus();
  target?.scrollIntoView({ block: 'center' });
}

/**
 * One document's editor: its schema's fields (SchemaForm), saved as a draft over the version it
 * was typed on, published (the server's checks named beside each field), scheduled, discarded;
 * a stale save keeps the typing and shows what differs; the typing survives a reload; the others
 * who have it open are named; its history is below. An editor's draft that changes the agency
 * details is published by an owner: the editor says so and offers no Publish or Schedule for it.
 */
export function ContentEditor({ documentKey, username, role }: { documentKey: string; username: string; role: AdminRole }) {
  const { api, notify } = useDashboard();
  const { formatDateTime } = useDates();
  const definition = contentDocument(documentKey)!;
  const tree = useMemo(() => fieldTree(definition.schema), [definition]);
  const calls = useMemo(() => contentApi(api, documentKey), [api, documentKey]);
  const loaded = useData<ContentDocumentJson>(() => calls.load(), 'Failed to load the page’s content.', `content:${documentKey}`);
  const doc = loaded.data;

  const [form, setForm] = useState<FormState | null>(null);
  const formRef = useRef(form);
  formRef.current = form;
  const [restoredTyping, setRestoredTyping] = useState(false);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<{ problems: Record<string, string>; warnings: Record<string, string> } | null>(null);
  const [summary, setSummary] = useState<{ title: string; entries: SummaryEntry[] } | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [pending, setPending] = useState<'' | 'save' | 'publish' | 'discard'>('');
  const [state, setState] = useState<SaveState | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [editors, setEditors] = useState<string[]>([]);
  const [historyRound, setHistoryRound] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const uploads = useMemo(createUploads, []);
  const [waitingForUpload, setWaitingForUpload] = useState(false);
  const conflictRef = useRef<HTMLElement>(null);

  // The form follows the stored document unless the person has typed over it; on the first load,
  // typing kept from before a reload (over this very version) comes back.
  useEffect(() => {
    if (!doc) return;
    setEditors(editorsOf(doc.editing, username));
    const base = baseVersionOf(doc);
    const stored = currentDataOf(doc);
    if (formRef.current === null) {
      const typed = readTyped(documentKey, base);
      const kept = typed !== undefined && JSON.stringify(typed) !== JSON.stringify(stored);
      setRestoredTyping(kept);
      setForm({ data: kept ? typed : stored, base, dirty: kept });
    } else if (!formRef.current.dirty) setForm({ data: stored, base, dirty: false });
  }, [doc, documentKey, username]);

  // "…is editing": say every 20 s that this page is open, then hear who else has it open.
  useEffect(() => {
    let stopped = false;
    const tell = () =>
      calls
        .presence()
        .then(() => calls.load())
        .then(
          (fresh) => !stopped && setEditors(editorsOf(fresh.editing, username)),
          () => undefined,
        );
    void tell();
    const timer = setInterval(() => void tell(), PRESENCE_INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [calls, username]);

  const change = useCallback(
    (path: FieldPath, value: unknown) => {
      setForm((current) => {
        if (!current) return current;
        const data = setIn(current.data, path, value);
        keepTyped(documentKey, current.base, data);
        return { ...current, data, dirty: true };
      });
    },
    [documentKey],
  );

  // Once the person has been told what to fix, the list follows their corrections as they type.
  useEffect(() => {
    if (form && Object.keys(clientErrors).length > 0) setClientErrors(validate(definition.schema, form.data));
    // Only a change of the data re-checks.
  }, [form?.data]);

  const showSummary = (title: string, fields: Record<string, string>) => {
    setSummary({ title, entries: Object.entries(fields).map(([key, message]) => ({ path: pathOfKey(key), message })) });
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  /**
   * A new action begins: no outcome of an earlier one stays on screen (here or, unless the action
   * itself just said its outcome there, in the shared notice area).
   */
  const clearMessages = ({ keepNotice = false } = {}) => {
    setServerErrors({});
    setRefusal(null);
    setSummary(null);
    setState(null);
    if (!keepNotice) notify(null);
  };

  const showDetails = (target: 'summary' | 'conflict') => {
    const element = target === 'summary' ? summaryRef.current : conflictRef.current;
    element?.focus();
    element?.scrollIntoView({ block: 'start' });
  };

  /**
   * Saves the form as a draft over `base` (by default the version it was typed on). Resolves with
   * the new version, or null when it was not saved (a field to fix, a stale version: both shown).
   */
  const saveDraft = async (base?: number): Promise<number | null> => {
    // An image still uploading is part of what the person means to save: wait for it, and save
    // nothing while a chosen file is not in the form (the old image would be saved in its place).
    setWaitingForUpload(uploads.busy());
    const notUploaded = await uploads.settled();
    setWaitingForUpload(false);
    if (notUploaded) {
      setState({ tone: 'error', text: notUploaded });
      return null;
    }
    const current = formRef.current;
    if (!current) return null;
    const problems = validate(definition.schema, current.data);
    setClientErrors(problems);
    if (Object.keys(problems).length > 0) {
      showSummary('Fix these fields first', problems);
      return null;
    }
    const sent = current.data;
    const baseVersion = base ?? current.base;
    try {
      const saved = await calls.saveDraft(sent, baseVersion);
      forgetTyped(documentKey);
      setConflict(null);
      // Merged with someone else's save: the form shows both (unless typing went on during the
      // save, which stays, unsaved, and is merged at the next save).
      setForm((now) => (now ? { data: now.data === sent && saved.data !== undefined ? saved.data : now.data, base: saved.version, dirty: now.data !== sent } : now));
      setState({ tone: 'success', text: saved.merged ? mergedText(tree, saved.merged) : 'Draft saved. The public site has not changed.' });
      loaded.reload();
      return saved.version;
    } catch (failure) {
      const stale = staleAnswerOf(failure);
      if (stale) {
        await showConflict(stale, sent);
        return null;
      }
      const fields = fieldErrorsOf(failure);
      if (Object.keys(fields).length > 0) {
        const normalized = Object.fromEntries(Object.entries(fields).map(([key, message]) => [normalizeFieldKey(key) || WHOLE, message]));
        setServerErrors(normalized);
        showSummary('The server refused these fields', normalized);
        setState({ tone: 'error', text: 'Not saved: the server refused some fields.', show: { label: 'Show them', target: 'summary' } });
      } else setState({ tone: 'error', text: errorText(failure, 'The draft could not be saved.') });
      return null;
    }
  };

  /** Asks, field by field, about the fields both people changed (the rest is merged already). */
  const showConflict = async (stale: StaleAnswer, mine: unknown) => {
    let theirs = stale.current;
    if (!theirs) {
      const fresh = await calls.load().catch(() => null);
      theirs = fresh ? { version: baseVersionOf(fresh), data: currentDataOf(fresh), savedBy: fresh.draft?.savedBy ?? fresh.published.publishedBy } : null;
    }
    if (!theirs) {
      setState({ tone: 'error', text: 'Someone else saved this page first, and their version could not be loaded. Your changes are still here: try again.' });
      return;
    }
    const fields = stale.fields.length > 0 ? stale.fields.map(normalizeFieldKey) : [WHOLE];
    const next = conflictOf(tree, { version: theirs.version, data: theirs.data, savedBy: theirs.savedBy ?? null, merged: stale.merged, fields }, mine);
    setConflict(next);
    setState({ tone: 'conflict', text: conflictText(tree, next), show: { label: 'Show the choices', target: 'conflict' } });
    requestAnimationFrame(() => conflictRef.current?.focus());
  };

  const save = async () => {
    if (pending) return;
    clearMessages();
    setPending('save');
    await saveDraft();
    setPending('');
  };

  /** Publishes the draft (saving the typing first): the site changes at once, or the checks say what to fix. */
  const publish = async () => {
    if (pending || !form) return;
    clearMessages();
    setPending('publish');
    try {
      // Without typing, the version the form shows: if someone saved since, the publish is refused
      // (409) rather than publishing a version the person has not seen.
      const version = form.dirty ? await saveDraft() : form.base;
      if (version === null) return;
      await calls.publish(version);
      setState({ tone: 'success', text: 'Published: the site shows it now.' });
      forgetTyped(documentKey);
      setForm((now) => (now ? { ...now, dirty: false } : now));
      setHistoryRound((round) => round + 1);
      loaded.reload();
    } catch (failure) {
      const refused = refusalOf(failure);
      if (refused) {
        const problems = byField(refused.problems.filter((problem) => !problem.key || problem.key === documentKey));
        setRefusal({ problems, warnings: byField(refused.warnings) });
        showSummary('Publishing was refused: fix these first', problems);
        setState({ tone: 'error', text: 'Not published: fix the fields listed at the top first.', show: { label: 'Show them', target: 'summary' } });
      } else setState({ tone: 'error', text: errorText(failure, 'The page could not be published.') });
      // A draft saved before the refusal is now the version to fix.
      loaded.reload();
    } finally {
      setPending('');
    }
  };

  const discard = async () => {
    clearMessages();
    setPending('discard');
    try {
      if (doc?.draft) await calls.discardDraft();
      forgetTyped(documentKey);
      clearMessages();
      setClientErrors({});
      setConflict(null);
      setRestoredTyping(false);
      setForm((now) => (now && doc ? { data: doc.published.data, base: doc.published.version, dirty: false } : now));
      setState({ tone: 'success', text: 'Draft discarded: the editor shows what is published.' });
      loaded.reload();
    } catch (failure) {
      setState({ tone: 'error', text: errorText(failure, 'The draft could not be discarded.') });
    } finally {
      setPending('');
      setConfirmDiscard(false);
    }
  };

  /** Saves the merge with a choice made for every field both people changed, over their version. */
  const saveChoices = async () => {
    if (!conflict || pending) return;
    if (unchosen(conflict).length > 0) return;
    clearMessages();
    const data = resolvedData(conflict);
    const over = conflict.version;
    setPending('save');
    setForm({ data, base: over, dirty: true });
    formRef.current = { data, base: over, dirty: true };
    await saveDraft(over);
    setPending('');
  };

  /** The history restored a version as the draft (or undid a publish): the form shows it, and the history's notice says so. */
  const restored = () => {
    forgetTyped(documentKey);
    setConflict(null);
    clearMessages({ keepNotice: true });
    setClientErrors({});
    setForm((now) => (now ? { ...now, dirty: false } : now));
    loaded.reload();
  };

  const thumbnailOf = useThumbnails(calls.images, showsUploads(conflict?.fields));
  const errors = { ...(refusal?.problems ?? {}), ...serverErrors, ...clientErrors };
  const warnings = refusal?.warnings ?? {};
  const icons = useMemo(() => (doc ? iconValues(tree, doc.published.data) : []), [doc, tree]);
  const title = titleOf(definition.title, form?.data ?? (doc ? currentDataOf(doc) : null));
  const sitePath = definition.paths.find((path) => path !== '*');
  const hasDraft = Boolean(doc?.draft);
  const ownerPublishes = ownerPublishesAgencyDetails(role, documentKey);
  // What the form (typing or saved draft) would change of the agency details that are live.
  const forOwner = useMemo(() => (ownerPublishes && doc && form ? changedAgencyDetails(documentKey, doc.published.data, form.data) : []), [ownerPublishes, doc, form?.data, documentKey]);

  return (
    <>
      <ViewHeading
        title={title}
        actions={
          <>
            <a className="admin-button admin-button--ghost" href={`/admin/preview/${documentKey}`} target="_blank" rel="noopener">
              Preview<span className="visually-hidden"> the draft (opens in a new tab)</span>
            </a>
            {sitePath && (
              <a className="admin-button admin-button--ghost" href={sitePath} target="_blank" rel="noopener">
                View on site<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            )}
          </>
        }
      >
        <p className="admin-view__lead">{definition.group}</p>
      </ViewHeading>
      <p>
        <ViewLink to={{ name: 'website' }}>← All pages</ViewLink>
      </p>
      <LoadStatus of={loaded} loadingText="Loading the page’s content…" />
      {doc && form && (
        <div className="admin-content-editor">
          <FormCard
            title="Content"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            {/* Inside the form, so the action bar (sticky at its foot) is on the first screen of a phone whatever notices there are. */}
            <DocumentState doc={doc} dirty={form.dirty} formatDateTime={formatDateTime} />
            {ownerPublishes && <AgencyDetailsNote />}
            {editors.length > 0 && (
              <p className="admin-notice admin-notice--warning" role="status">
                {editors.join(', ')} {editors.length === 1 ? 'is' : 'are'} editing this page too. Whoever saves second is shown what differs, and nothing is lost.
              </p>
            )}
            {restoredTyping && form.dirty && (
              <p className="admin-notice admin-notice--warning">
                <span>Your unsaved changes from before the page was reloaded are back. Save the draft to keep them.</span>
              </p>
            )}
            {summary && summary.entries.length > 0 && (
              <div ref={summaryRef} className="admin-error admin-content-summary" role="alert" tabIndex={-1}>
                <p className="admin-content-summary__title">{summary.title}</p>
                <ul>
                  {summary.entries.map((entry) => (
                    <li key={`${entry.path?.join('.') ?? WHOLE}`}>
                      {entry.path ? (
                        <a
                          href={`#${fieldId(entry.path)}`}
                          onClick={(event) => {
                            event.preventDefault();
                            focusField(entry.path!);
                          }}
                        >
                          {fieldLabel(tree, entry.path)}
                        </a>
                      ) : (
                        'The whole page'
                      )}
                      : {entry.message}
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {Object.keys(warnings).length > 0 && (
              <div className="admin-notice admin-notice--warning admin-content-summary">
                <div>
                  <p className="admin-content-summary__title">Worth a look (publishing is not blocked)</p>
                  <ul>
                    {Object.entries(warnings).map(([key, message]) => (
                      <li key={key}>
                        {key === WHOLE ? 'The whole page' : fieldLabel(tree, pathOfKey(key)!)}: {message}
                      </li>
                    ))}
                  </ul>
                </div>
              </div>
            )}
            <UploadsContext.Provider value={uploads}>
              <SchemaForm tree={tree} value={form.data} onChange={change} errors={errors} warnings={warnings} icons={icons} />
            </UploadsContext.Provider>
            {conflict && (
              <ThumbnailContext.Provider value={thumbnailOf}>
                <ConflictChoices ref={conflictRef} conflict={conflict} busy={pending !== ''} onChoose={(path, choice) => setConflict((now) => (now ? choose(now, path, choice) : now))} onSave={() => void saveChoices()} />
              </ThumbnailContext.Provider>
            )}
            <div className="admin-content-actions" ref={padForActions}>
              {waitingForUpload && (
                <p className="admin-content-actions__note" role="status">
                  Waiting for the image to finish uploading, then {pending === 'publish' ? 'publishing' : 'saving'}…
                </p>
              )}
              <SaveStateLine state={state} onShow={showDetails} />
              <button type="submit" className="admin-button" disabled={pending !== ''}>
                {pending === 'save' ? 'Saving…' : 'Save draft'}
              </button>
              {forOwner.length === 0 && (
                <button type="button" className="admin-button" disabled={pending !== '' || (!form.dirty && !hasDraft)} onClick={() => void publish()}>
                  {pending === 'publish' ? 'Publishing…' : 'Publish'}
                </button>
              )}
              <button type="button" className="admin-button admin-button--danger" disabled={pending !== '' || (!form.dirty && !hasDraft)} onClick={() => setConfirmDiscard(true)}>
                Discard draft
              </button>
              {ownerPublishes && (
                <p className="admin-content-actions__note" role="status">
                  {ownerPublishesText(forOwner)}
                </p>
              )}
            </div>
          </FormCard>

          <SchedulePanel documentKey={documentKey} doc={doc} dirty={form.dirty} forOwner={forOwner.length > 0} saveFirst={saveDraft} onScheduled={loaded.reload} />
          <PreviewLinksPanel documentKey={documentKey} />
          <HistoryPanel documentKey={documentKey} tree={tree} doc={doc} round={historyRound} hasTyping={form.dirty} baseVersion={form.base} onRestored={restored} onUndone={restored} />

          {confirmDiscard && (
            <ConfirmDialog
              title="Discard the draft?"
              message="Your changes that are not published are thrown away, and the editor shows what the site shows. This cannot be undone."
              confirmLabel="Discard draft"
              busyLabel="Discarding…"
              busy={pending === 'discard'}
              onConfirm={() => void discard()}
              onCancel={() => setConfirmDiscard(false)}
            />
          )}
        </div>
      )}
    </>
  );
}

/** Where the document stands: what is published, whether a draft waits, whether there is unsaved typing. */
function DocumentState({ doc, dirty, formatDateTime }: { doc: ContentDocumentJson; dirty: boolean; formatDateTime: (iso: string | null | undefined) => string }) {
  return (
    <div className="admin-card admin-content-state">
      <p>
        <strong>{doc.draft ? 'Draft waiting' : 'Published'}</strong>
        {dirty && <span className="admin-content-state__unsaved"> · Unsaved changes</span>}
      </p>
      <p className="admin-muted">
        Published {formatDateTime(doc.published.publishedAt)}
        {doc.published.publishedBy ? ` by ${doc.published.publishedBy}` : ''}.
        {doc.draft && ` Draft saved ${formatDateTime(doc.draft.savedAt)}${doc.draft.savedBy ? ` by ${doc.draft.savedBy}` : ''}; the site does not show it until it is published.`}
      </p>
    </div>
  );
}

/** The outcome of the last action, in the action bar: a live region that is always there, so each change is read out. */
export function SaveStateLine({ state, onShow }: { state: SaveState | null; onShow: (target: 'summary' | 'conflict') => void }) {
  return (
    <div className="admin-content-actions__state">
      <p role="status" className={state && state.tone !== 'error' ? `admin-content-state-line admin-content-state-line--${state.tone}` : 'admin-content-state-line'}>
        {state && state.tone !== 'error' && state.text}
        {state?.tone === 'conflict' && state.show && <ShowButton show={state.show} onShow={onShow} />}
      </p>
      <p role="alert" className={state?.tone === 'error' ? 'admin-content-state-line admin-content-state-line--error' : 'admin-content-state-line'}>
        {state?.tone === 'error' && state.text}
        {state?.tone === 'error' && state.show && <ShowButton show={state.show} onShow={onShow} />}
      </p>
    </div>
  );
}

function ShowButton({ show, onShow }: { show: NonNullable<SaveState['show']>; onShow: (target: 'summary' | 'conflict') => void }) {
  return (
    <>
      {' '}
      <button type="button" className="admin-button admin-button--ghost admin-button--small" onClick={() => onShow(show.target)}>
        {show.label}
      </button>
    </>
  );
}

interface ConflictChoicesProps {
  conflict: Conflict;
  busy: boolean;
  onChoose: (path: string, choice: Choice) => void;
  onSave: () => void;
  ref?: Ref<HTMLElement>;
}

/**
 * The fields both people changed, each with both values and a choice: keep mine or take theirs.
 * Everything else each of them changed is merged already. Saving waits for a choice per field.
 */
export function ConflictChoices({ conflict, busy, onChoose, onSave, ref }: ConflictChoicesProps) {
  const who = conflict.by ?? 'Someone else';
  const left = unchosen(conflict).length;
  return (
    <section ref={ref} className="admin-content-conflict" aria-labelledby="content-conflict-title" tabIndex={-1}>
      <h2 id="content-conflict-title" className="admin-content-conflict__title">
        {who} saved this page while you were editing
      </h2>
      <p>Everything else you and {conflict.by ?? 'they'} changed is kept. {conflict.fields.length === 1 ? 'You both changed one field: choose whose to keep.' : `You both changed ${conflict.fields.length} fields: choose whose to keep for each.`}</p>
      {conflict.fields.map((field, index) => (
        <fieldset key={field.path} className="admin-content-conflict__field">
          <legend>{field.label}</legend>
          <ChoiceOption name={`conflict-${index}`} checked={conflict.choices[field.path] === 'mine'} onChange={() => onChoose(field.path, 'mine')} label="Keep mine" text={field.after} image={field.images?.after} />
          <ChoiceOption name={`conflict-${index}`} checked={conflict.choices[field.path] === 'theirs'} onChange={() => onChoose(field.path, 'theirs')} label={`Take ${conflict.by ? `${conflict.by}’s` : 'theirs'}`} text={field.before} image={field.images?.before} />
        </fieldset>
      ))}
      <div className="admin-content-conflict__actions">
        <button type="button" className="admin-button" disabled={busy || left > 0} aria-describedby={left > 0 ? 'content-conflict-left' : undefined} onClick={onSave}>
          Save with these choices
        </button>
        {left > 0 && (
          <span id="content-conflict-left" className="admin-muted">
            {left === 1 ? 'Choose for 1 more field.' : `Choose for ${left} more fields.`}
          </span>
        )}
      </div>
    </section>
  );
}

function ChoiceOption({ name, checked, onChange, label, text, image }: { name: string; checked: boolean; onChange: () => void; label: string; text: string; image: ImageValue | null | undefined }) {
  return (
    <label className="admin-content-conflict__option">
      <input type="radio" name={name} checked={checked} onChange={onChange} />
      <span>
        <strong>{label}:</strong> {image && <ImageThumbnail image={image} />}
        <span className="admin-prewrap">{text}</span>
      </span>
    </label>
  );
}
