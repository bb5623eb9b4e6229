import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { AdminRole } from '../../../shared/admin-auth';
import { changedAgencyDetails } from '../../../shared/content/agency-details';
import { contentDocument } from '../../../shared/content/documents';
import { useDashboard } from '../context';
import { ConfirmDialog, errorText, fieldErrorsOf, FormCard, LoadStatus, useData, useDates } from '../kit';
import { createUploads, UploadsContext } from '../kit/uploads';
import { ViewHeading } from '../ViewHeading';
import { ViewLink } from '../ViewLink';
import { baseVersionOf, contentApi, currentDataOf, editorsOf, refusalOf, staleAnswerOf, type ContentDocumentJson, type ContentProblem } from './content-api';
import { forgetTyped, keepTyped, readTyped } from './draft-storage';
import { ChangeList } from './ChangeList';
import { HistoryPanel } from './HistoryPanel';
import { fieldId, SchemaForm } from './SchemaForm';
import { changedFields, fieldLabel, fieldTree, iconValues, normalizeFieldKey, setIn, validate, type FieldChange, type FieldPath } from './schema-fields';
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

/** A save refused because someone else saved first (409): their version, and where it differs from the typing. */
interface Conflict {
  version: number;
  data: unknown;
  by: string | null;
  changes: FieldChange[];
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

const pathOfKey = (key: string): FieldPath | null => (key === WHOLE ? null : key.split('.').map((step) => (/^\d+$/.test(step) ? Number(step) : step)));

/** The heading of a document: a service's or industry's own name (it is in the data), else the list's title. */
function titleOf(definitionTitle: string, data: unknown): string {
  const record = (data ?? {}) as { title?: unknown; label?: unknown };
  const own = typeof record.title === 'string' ? record.title : typeof record.label === 'string' ? record.label : '';
  return own.trim() || definitionTitle;
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
  const [formError, setFormError] = useState('');
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [editors, setEditors] = useState<string[]>([]);
  const [historyRound, setHistoryRound] = useState(0);
  const summaryRef = useRef<HTMLDivElement>(null);
  const uploads = useMemo(createUploads, []);
  const [waitingForUpload, setWaitingForUpload] = useState(false);

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

  const clearMessages = () => {
    setServerErrors({});
    setRefusal(null);
    setSummary(null);
    setFormError('');
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
      setFormError(notUploaded);
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
      const { version } = await calls.saveDraft(sent, baseVersion);
      forgetTyped(documentKey);
      setConflict(null);
      // Typing during the save stays, and stays unsaved.
      setForm((now) => (now ? { data: now.data, base: version, dirty: now.data !== sent } : now));
      loaded.reload();
      return version;
    } catch (failure) {
      const stale = staleAnswerOf(failure);
      if (stale) {
        await showConflict(stale.current, stale.fields, sent);
        return null;
      }
      const fields = fieldErrorsOf(failure);
      if (Object.keys(fields).length > 0) {
        const normalized = Object.fromEntries(Object.entries(fields).map(([key, message]) => [normalizeFieldKey(key) || WHOLE, message]));
        setServerErrors(normalized);
        showSummary('The server refused these fields', normalized);
      } else setFormError(errorText(failure, 'The draft could not be saved.'));
      return null;
    }
  };

  /** Names what differs between the typing and the version someone else saved. */
  const showConflict = async (current: { version: number; data: unknown; savedBy?: string | null } | null, named: string[], mine: unknown) => {
    let theirs = current;
    if (!theirs) {
      const fresh = await calls.load().catch(() => null);
      theirs = fresh ? { version: baseVersionOf(fresh), data: currentDataOf(fresh), savedBy: fresh.draft?.savedBy ?? fresh.published.publishedBy } : null;
    }
    if (!theirs) {
      setFormError('Someone else saved this page first, and their version could not be loaded. Your changes are still here: try again.');
      return;
    }
    const all = changedFields(tree, theirs.data, mine);
    // The server names the fields; each is shown with both values (nested fields of a named one too).
    const named_ = all.filter((entry) => named.some((field) => entry.path === normalizeFieldKey(field) || entry.path.startsWith(`${normalizeFieldKey(field)}.`)));
    setConflict({ version: theirs.version, data: theirs.data, by: theirs.savedBy ?? null, changes: named_.length > 0 ? named_ : all });
  };

  const save = async () => {
    if (pending) return;
    clearMessages();
    setPending('save');
    const version = await saveDraft();
    setPending('');
    if (version !== null) notify({ tone: 'success', text: 'Draft saved. The public site has not changed.' });
  };

  /** Publishes the draft (saving the typing first): the site changes at once, or the checks say what to fix. */
  const publish = async () => {
    if (pending || !form) return;
    clearMessages();
    setPending('publish');
    try {
      const version = form.dirty ? await saveDraft() : (doc?.draft?.version ?? null);
      if (version === null) return;
      await calls.publish(version);
      notify({ tone: 'success', text: 'Published: the site shows it now.' });
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
      } else setFormError(errorText(failure, 'The page could not be published.'));
      // A draft saved before the refusal is now the version to fix.
      loaded.reload();
    } finally {
      setPending('');
    }
  };

  const discard = async () => {
    setPending('discard');
    try {
      if (doc?.draft) await calls.discardDraft();
      forgetTyped(documentKey);
      clearMessages();
      setClientErrors({});
      setConflict(null);
      setRestoredTyping(false);
      setForm((now) => (now && doc ? { data: doc.published.data, base: doc.published.version, dirty: false } : now));
      notify({ tone: 'success', text: 'Draft discarded: the editor shows what is published.' });
      loaded.reload();
    } catch (failure) {
      notify({ tone: 'error', text: errorText(failure, 'The draft could not be discarded.') });
    } finally {
      setPending('');
      setConfirmDiscard(false);
    }
  };

  const takeTheirs = () => {
    if (!conflict) return;
    forgetTyped(documentKey);
    setForm({ data: conflict.data, base: conflict.version, dirty: false });
    setConflict(null);
    setClientErrors({});
    clearMessages();
    loaded.reload();
  };

  const keepMine = async () => {
    if (!conflict || pending) return;
    const over = conflict.version;
    setPending('save');
    setForm((now) => (now ? { ...now, base: over } : now));
    const version = await saveDraft(over);
    setPending('');
    if (version !== null) notify({ tone: 'success', text: 'Your version was saved as the draft.' });
  };

  /** The history restored a version as the draft: the form shows it. */
  const restored = () => {
    forgetTyped(documentKey);
    clearMessages();
    setClientErrors({});
    setForm((now) => (now ? { ...now, dirty: false } : now));
    loaded.reload();
  };

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
          {conflict && <ConflictNotice conflict={conflict} busy={pending !== ''} onKeepMine={() => void keepMine()} onTakeTheirs={takeTheirs} />}
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

          <FormCard
            title="Content"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
          >
            <UploadsContext.Provider value={uploads}>
              <SchemaForm tree={tree} value={form.data} onChange={change} errors={errors} warnings={warnings} icons={icons} />
            </UploadsContext.Provider>
            <div className="admin-content-actions">
              {waitingForUpload && (
                <p className="admin-content-actions__note" role="status">
                  Waiting for the image to finish uploading, then {pending === 'publish' ? 'publishing' : 'saving'}…
                </p>
              )}
              {formError && (
                <p className="admin-field__error" role="alert">
                  {formError}
                </p>
              )}
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

function ConflictNotice({ conflict, busy, onKeepMine, onTakeTheirs }: { conflict: Conflict; busy: boolean; onKeepMine: () => void; onTakeTheirs: () => void }) {
  return (
    <section className="admin-card admin-content-conflict" role="alert" aria-labelledby="content-conflict-title">
      <h2 id="content-conflict-title" className="admin-card__title">
        {conflict.by ? `${conflict.by} saved this page while you were editing` : 'Someone else saved this page while you were editing'}
      </h2>
      <p>Your changes are still in the form and were not saved. {conflict.changes.length > 0 ? 'Where the two versions differ:' : 'The two versions say the same.'}</p>
      {conflict.changes.length > 0 && <ChangeList changes={conflict.changes} beforeLabel="Theirs" afterLabel="Yours" />}
      <div className="admin-form__actions">
        <button type="button" className="admin-button" disabled={busy} onClick={onKeepMine}>
          Keep mine and save over
        </button>
        <button type="button" className="admin-button admin-button--ghost" disabled={busy} onClick={onTakeTheirs}>
          Take theirs
        </button>
      </div>
    </section>
  );
}
