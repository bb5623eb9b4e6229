import { useState } from 'react';
import { REPLY_LIMITS, REPLY_PLACEHOLDER_HINTS, REPLY_PLACEHOLDERS, type ReplyTemplateJson } from '../../shared/replies';
import { useDashboard } from './context';
import { replyTemplatesApi } from './reply-templates-api';
import { ConfirmDialog, DataTable, errorText, Field, FormCard, FormSubmit, LoadStatus, useData, useSubmit, type Column } from './kit';
import { ViewHeading } from './ViewHeading';
import { ViewLink } from './ViewLink';
import { VisitorConfirmationCard } from './VisitorConfirmationCard';

const PLACEHOLDER_HINT = `Placeholders: ${REPLY_PLACEHOLDERS.map((name) => `{${name}} for ${REPLY_PLACEHOLDER_HINTS[name]}`).join('; ')}.`;

/**
 * Saved replies: the texts staff start a reply from, with placeholders filled in for each lead.
 * Every admin may add, change and delete them; each change is in the audit trail. Owners also
 * choose here which forms send the visitor an acknowledgement.
 */
export function SavedRepliesView({ isOwner }: { isOwner: boolean }) {
  const { api, notify } = useDashboard();
  const templates = useData((client) => replyTemplatesApi(client).list(), 'Failed to load the saved replies.', 'reply-templates');
  const [editing, setEditing] = useState<ReplyTemplateJson | null>(null);
  const [deleting, setDeleting] = useState<ReplyTemplateJson | null>(null);
  const [busy, setBusy] = useState(false);
  const [draft, setDraft] = useState({ name: '', body: '' });

  const form = useSubmit(async () => {
    if (editing) await replyTemplatesApi(api).change(editing.id, draft);
    else await replyTemplatesApi(api).add(draft);
    notify({ tone: 'success', text: editing ? 'Saved reply changed.' : 'Saved reply added.' });
    setEditing(null);
    setDraft({ name: '', body: '' });
    templates.reload();
  }, 'The saved reply could not be saved.');

  const remove = async (template: ReplyTemplateJson) => {
    setBusy(true);
    try {
      await replyTemplatesApi(api).remove(template.id);
      notify({ tone: 'success', text: 'Saved reply deleted.' });
      templates.reload();
    } catch (failure) {
      notify({ tone: 'error', text: errorText(failure, 'The saved reply could not be deleted.') });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  const columns: Column<ReplyTemplateJson>[] = [
    { key: 'name', header: 'Name', cell: (row) => row.name, rowHeader: true },
    { key: 'body', header: 'Text', cell: (row) => <span className="admin-prewrap">{row.body}</span>, className: 'admin-table__long' },
    {
      key: 'actions',
      header: 'Actions',
      phoneLabel: '',
      cell: (row) => (
        <span className="admin-row-actions">
          <button
            type="button"
            className="admin-button admin-button--ghost admin-button--small"
            onClick={() => {
              setEditing(row);
              setDraft({ name: row.name, body: row.body });
              form.reset();
            }}
          >
            Edit<span className="visually-hidden"> {row.name}</span>
          </button>
          <button type="button" className="admin-button admin-button--danger admin-button--small" onClick={() => setDeleting(row)}>
            Delete<span className="visually-hidden"> {row.name}</span>
          </button>
        </span>
      ),
    },
  ];

  return (
    <>
      <ViewHeading title="Saved replies">
        <p className="admin-view__lead">Texts to start a reply from on a lead&apos;s page, with the lead&apos;s details filled in.</p>
      </ViewHeading>
      <p>
        <ViewLink to={{ name: 'messages', filters: {} }}>← All messages</ViewLink>
      </p>
      <LoadStatus of={templates} loadingText="Loading the saved replies…" />
      {templates.data && <DataTable label="Saved replies" columns={columns} rows={templates.data} rowKey={(row) => row.id} empty="No saved replies yet: add the first below." busy={busy} />}

      <FormCard title={editing ? `Change "${editing.name}"` : 'Add a saved reply'} onSubmit={form.onSubmit}>
        <Field label="Name" error={form.fields.name} required>
          <input value={draft.name} maxLength={REPLY_LIMITS.templateName} onChange={(event) => setDraft({ ...draft, name: event.target.value })} />
        </Field>
        <Field label="Text" hint={PLACEHOLDER_HINT} error={form.fields.body} required>
          <textarea rows={6} maxLength={REPLY_LIMITS.body} value={draft.body} onChange={(event) => setDraft({ ...draft, body: event.target.value })} />
        </Field>
        <div className="admin-form__actions">
          <FormSubmit of={form} pendingText="Saving…">
            {editing ? 'Save changes' : 'Add saved reply'}
          </FormSubmit>
          {editing && (
            <button
              type="button"
              className="admin-button admin-button--ghost"
              onClick={() => {
                setEditing(null);
                setDraft({ name: '', body: '' });
                form.reset();
              }}
            >
              Cancel
            </button>
          )}
        </div>
      </FormCard>

      {isOwner && <VisitorConfirmationCard />}

      {deleting && (
        <ConfirmDialog
          title="Delete this saved reply?"
          message={`"${deleting.name}" will be deleted. Replies already sent with it stay as they were.`}
          confirmLabel="Delete"
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  );
}
