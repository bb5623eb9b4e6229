import { useState } from 'react';
import type { BuiltInRedirectJson, RedirectJson } from '../../shared/redirects';
import { useDashboard } from './context';
import { ConfirmDialog, DataTable, errorText, Field, FormCard, FormSubmit, LoadStatus, useData, useDates, useSubmit, type Column } from './kit';
import { redirectsApi } from './redirects-api';
import { ViewHeading } from './ViewHeading';
import { ViewLink } from './ViewLink';

/**
 * Website > Redirects: old addresses that send visitors on (301) to where their page is now, with
 * how often each was used. Staff add their own (an old site's addresses) and delete them; those
 * made by renaming or retiring a page are listed with them, those built into the site below.
 */
export function RedirectsView() {
  const { api, notify } = useDashboard();
  const calls = redirectsApi(api);
  const { formatDateTime } = useDates();
  const list = useData((dashboardApi) => redirectsApi(dashboardApi).list(), 'Failed to load the redirects.');
  const [draft, setDraft] = useState({ from: '', to: '' });
  const [deleting, setDeleting] = useState<RedirectJson | null>(null);
  const [busy, setBusy] = useState(false);

  const form = useSubmit(async () => {
    const { redirect, repointed } = await calls.add(draft.from, draft.to);
    const also = repointed.length > 0 ? ` ${repointed.map((moved) => moved.from).join(', ')} now lead${repointed.length === 1 ? 's' : ''} there too.` : '';
    notify({ tone: 'success', text: `Redirect added: ${redirect.from} now sends visitors to ${redirect.to}.${also}` });
    setDraft({ from: '', to: '' });
    list.reload();
  }, 'The redirect could not be added. Try again.');

  const remove = async (redirect: RedirectJson) => {
    setBusy(true);
    try {
      await calls.remove(redirect.id);
      notify({ tone: 'success', text: `Redirect deleted: ${redirect.from} is not found again.` });
      list.reload();
    } catch (failure) {
      notify({ tone: 'error', text: errorText(failure, 'The redirect could not be deleted. Try again.') });
    } finally {
      setBusy(false);
      setDeleting(null);
    }
  };

  const columns: Column<RedirectJson>[] = [
    { key: 'from', header: 'Old address', cell: (row) => <code className="admin-break">{row.from}</code>, rowHeader: true },
    { key: 'to', header: 'Sends to', cell: (row) => <code className="admin-break">{row.to}</code> },
    { key: 'hits', header: 'Used', cell: (row) => `${row.hits.toLocaleString('en-GB')} ${row.hits === 1 ? 'time' : 'times'}`, numeric: true },
    { key: 'last', header: 'Last used', cell: (row) => (row.lastHitAt ? formatDateTime(row.lastHitAt) : 'Never') },
    { key: 'made', header: 'Made by', cell: (row) => `${row.automatic ? 'Page moved' : row.createdBy}, ${formatDateTime(row.createdAt)}` },
    {
      key: 'actions',
      header: 'Actions',
      phoneLabel: '',
      cell: (row) => (
        <button type="button" className="admin-button admin-button--danger admin-button--small" onClick={() => setDeleting(row)}>
          Delete<span className="visually-hidden"> the redirect from {row.from}</span>
        </button>
      ),
    },
  ];

  const builtInColumns: Column<BuiltInRedirectJson>[] = [
    { key: 'from', header: 'Old address', cell: (row) => <code className="admin-break">{row.from}</code>, rowHeader: true },
    { key: 'to', header: 'Sends to', cell: (row) => <code className="admin-break">{row.to}</code> },
  ];

  return (
    <>
      <ViewHeading title="Redirects">
        <p className="admin-view__lead">Old addresses that send visitors and search engines on to the page they are looking for, so links to them keep working.</p>
      </ViewHeading>
      <p>
        <ViewLink to={{ name: 'website' }}>← Website</ViewLink>
      </p>

      <FormCard title="Add a redirect" onSubmit={form.onSubmit}>
        <Field label="Old address" hint="A path on this site, such as /old-page (from a previous site, say). Letter case and a final / do not matter." error={form.fields.from} required>
          <input value={draft.from} autoComplete="off" spellCheck={false} inputMode="url" onChange={(event) => setDraft({ ...draft, from: event.target.value })} />
        </Field>
        <Field label="Sends to" hint="A page of this site, such as /services, or a full address starting with https://." error={form.fields.to} required>
          <input value={draft.to} autoComplete="off" spellCheck={false} inputMode="url" onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
        </Field>
        <div className="admin-form__actions">
          <FormSubmit of={form} pendingText="Adding…">
            Add redirect
          </FormSubmit>
        </div>
      </FormCard>

      <LoadStatus of={list} loadingText="Loading the redirects…" />
      {list.data && (
        <section className="admin-card" aria-labelledby="redirects-list">
          <h2 id="redirects-list" className="admin-card__title">
            Redirects in use
          </h2>
          <DataTable label="Redirects" columns={columns} rows={list.data.redirects} rowKey={(row) => row.id} empty="No redirects yet: add the first above." busy={busy} />
        </section>
      )}
      {list.data && list.data.builtIn.length > 0 && (
        <section className="admin-card" aria-labelledby="redirects-built-in">
          <h2 id="redirects-built-in" className="admin-card__title">
            Built into the site
          </h2>
          <p>Addresses of the original site, kept in the site itself: they cannot be changed here.</p>
          <DataTable label="Redirects built into the site" columns={builtInColumns} rows={list.data.builtIn} rowKey={(row) => row.from} empty="None." />
        </section>
      )}

      {deleting && (
        <ConfirmDialog
          title="Delete this redirect?"
          message={`${deleting.from} will no longer send visitors to ${deleting.to}: anyone following an old link to it will find "Page not found".`}
          confirmLabel="Delete"
          busy={busy}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  );
}
