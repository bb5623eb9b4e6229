import { useEffect, useMemo, useRef, useState } from 'react';
import type { AdminRole } from '../../../shared/admin-auth';
import { changedAgencyDetails } from '../../../shared/content/agency-details';
import { contentDocument, slugKeyOf } from '../../../shared/content/documents';
import { useDashboard } from '../context';
import { ConfirmDialog, FormCard, LoadStatus, useData, useDates } from '../kit';
import { createUploads, UploadsContext } from '../kit/uploads';
import { ViewHeading } from '../ViewHeading';
import { ViewLink } from '../ViewLink';
import { contentApi, currentDataOf, editorsOf, type ContentDocumentJson } from './content-api';
import { showsUploads, ThumbnailContext, useThumbnails } from './ChangeList';
import { ConflictChoices } from './ConflictChoices';
import { pathOfKey, WHOLE, type SaveState } from './document-draft';
import { HistoryPanel } from './HistoryPanel';
import { SchemaForm } from './SchemaForm';
import { fieldId } from './schema-form-context';
import { fieldLabel, fieldTree, iconValues, type FieldPath } from './schema-fields';
import { SchedulePanel } from './SchedulePanel';
import { PreviewLinksPanel } from './PreviewLinksPanel';
import { AddressPanel } from './AddressPanel';
import { AgencyDetailsNote, ownerPublishesAgencyDetails, ownerPublishesText } from './AgencyDetailsNote';
import { useDocumentDraft } from './use-document-draft';

/** How often the editor tells the server it is open (the others' "…is editing" notice). */
export const PRESENCE_INTERVAL_MS = 20_000;

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
  const uploads = useMemo(createUploads, []);
  const draft = useDocumentDraft({ documentKey, schema: definition.schema, tree, calls, loaded, uploads, notify });
  const { form, summary, conflict, pending, outcome, refusal, focus } = draft.state;
  const editors = useEditors(calls, doc, username);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const conflictRef = useRef<HTMLElement>(null);

  /** Where the details of an outcome are: the list of what to fix, or the choices of a conflict. */
  const detailsOf = (target: 'summary' | 'conflict') => (target === 'summary' ? summaryRef.current : conflictRef.current);
  const showDetails = (target: 'summary' | 'conflict') => {
    detailsOf(target)?.focus();
    detailsOf(target)?.scrollIntoView({ block: 'start' });
  };
  // Focus goes to the details the draft asks for once they are on screen.
  useEffect(() => {
    if (focus) detailsOf(focus.on)?.focus();
  }, [focus]);

  const thumbnailOf = useThumbnails(calls.images, showsUploads(conflict?.fields));
  const errors = { ...(refusal?.problems ?? {}), ...draft.state.serverErrors, ...draft.state.clientErrors };
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
              void draft.save();
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
            {draft.state.restoredTyping && form.dirty && (
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
                          {fieldLabel(tree, entry.path, form.data)}
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
                        {key === WHOLE ? 'The whole page' : fieldLabel(tree, pathOfKey(key)!, form.data)}: {message}
                      </li>
                    ))}
                  </ul>
                </div>
              </div>
            )}
            <UploadsContext.Provider value={uploads}>
              <SchemaForm tree={tree} value={form.data} onChange={draft.change} errors={errors} warnings={warnings} icons={icons} />
            </UploadsContext.Provider>
            {conflict && (
              <ThumbnailContext.Provider value={thumbnailOf}>
                <ConflictChoices ref={conflictRef} conflict={conflict} busy={pending !== ''} onChoose={draft.choose} onSave={() => void draft.saveChoices()} />
              </ThumbnailContext.Provider>
            )}
            <div className="admin-content-actions" ref={padForActions}>
              {draft.state.waitingForUpload && (
                <p className="admin-content-actions__note" role="status">
                  Waiting for the image to finish uploading, then {pending === 'publish' ? 'publishing' : 'saving'}…
                </p>
              )}
              <SaveStateLine state={outcome} onShow={showDetails} />
              <button type="submit" className="admin-button" disabled={pending !== ''}>
                {pending === 'save' ? 'Saving…' : 'Save draft'}
              </button>
              {forOwner.length === 0 && (
                <button type="button" className="admin-button" disabled={pending !== '' || (!form.dirty && !hasDraft)} onClick={() => void draft.publish()}>
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

          <SchedulePanel documentKey={documentKey} doc={doc} dirty={form.dirty} forOwner={forOwner.length > 0} saveFirst={draft.saveDraft} onScheduled={loaded.reload} />
          {slugKeyOf(documentKey) && <AddressPanel documentKey={documentKey} doc={doc} dirty={form.dirty} onChanged={loaded.reload} />}
          <PreviewLinksPanel documentKey={documentKey} />
          <HistoryPanel documentKey={documentKey} tree={tree} doc={doc} round={draft.state.historyRound} hasTyping={form.dirty} baseVersion={form.base} onRestored={draft.restored} onUndone={draft.restored} />

          {confirmDiscard && (
            <ConfirmDialog
              title="Discard the draft?"
              message="Your changes that are not published are thrown away, and the editor shows what the site shows. This cannot be undone."
              confirmLabel="Discard draft"
              busyLabel="Discarding…"
              busy={pending === 'discard'}
              onConfirm={() => void draft.discard().then(() => setConfirmDiscard(false))}
              onCancel={() => setConfirmDiscard(false)}
            />
          )}
        </div>
      )}
    </>
  );
}

/**
 * "…is editing": the others who have the document open, as the loaded document names them and as
 * the server says every 20 s after being told this page is open.
 */
function useEditors(calls: ReturnType<typeof contentApi>, doc: ContentDocumentJson | null, username: string): string[] {
  const [editors, setEditors] = useState<string[]>([]);
  useEffect(() => {
    if (doc) setEditors(editorsOf(doc.editing, username));
  }, [doc, username]);
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
  return editors;
}

/** Where the document stands: what is published, whether a draft waits, whether there is unsaved typing. */
function DocumentState({ doc, dirty, formatDateTime }: { doc: ContentDocumentJson; dirty: boolean; formatDateTime: (iso: string | null | undefined) => string }) {
  const neverPublished = doc.published.version === 0;
  return (
    <div className="admin-card admin-content-state">
      <p>
        <strong>{neverPublished ? 'Draft, never published' : doc.draft ? 'Draft waiting' : 'Published'}</strong>
        {dirty && <span className="admin-content-state__unsaved"> · Unsaved changes</span>}
      </p>
      <p className="admin-muted">
        {/* Version 0: added by staff, not on the site yet (`publishedAt` is when it was added). */}
        {neverPublished ? `Added ${formatDateTime(doc.published.publishedAt)}; not on the site yet.` : `Published ${formatDateTime(doc.published.publishedAt)}${doc.published.publishedBy ? ` by ${doc.published.publishedBy}` : ''}.`}
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
