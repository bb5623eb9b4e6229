import { useState } from 'react';
import { SLUG_LENGTH, slugKeyOf } from '../../../shared/content/documents';
import { useDashboard } from '../context';
import { ConfirmDialog, errorText, Field, FormSubmit, useData, useDates, useSubmit } from '../kit';
import { contentApi, type ContentDocumentJson, type ContentListItem } from './content-api';

/** The select's value for "a path I type". */
const TYPED = 'typed';

/**
 * A service's or industry's "Address" panel in its editor: where its page is, "Change address" (a
 * new slug; an automatic redirect keeps the old address working) and "Retire this page" (asking
 * where its visitors should go: a live page of the site, or an address typed, then confirmed).
 * A retired page says where its visitors go, with "Bring back". Each change is published at once
 * and can be undone from History.
 */
export function AddressPanel({ documentKey, doc, dirty, onChanged }: { documentKey: string; doc: ContentDocumentJson; dirty: boolean; onChanged: () => void }) {
  const { api, notify, navigate } = useDashboard();
  const { formatDateTime } = useDates();
  const calls = contentApi(api, documentKey);
  const parts = slugKeyOf(documentKey)!;
  const path = doc.paths?.[0] ?? `/${documentKey}`;
  const published = doc.published.version > 0;
  const retired = doc.retired ?? null;

  const [slug, setSlug] = useState('');
  const move = useSubmit(async () => {
    const moved = await calls.move(slug.trim());
    setSlug('');
    // Navigating clears notices, so it goes first.
    navigate({ name: 'website-document', key: moved.key });
    notify({ tone: 'success', text: published ? `The page is now at ${moved.path}; ${path} sends visitors there.` : `Its address will be ${moved.path}.` });
  }, 'The address could not be changed.');

  const pages = useData<ContentListItem[]>('/api/content', 'Failed to load the pages.');
  const choices = (pages.data ?? []).filter((item) => item.live && item.key !== documentKey).map((item) => ({ path: item.paths[0]!, title: item.title }));
  // The list pages no document owns (the services' index, the portfolio).
  const destinations = [...choices, { path: '/services', title: 'All services' }, { path: '/portfolio', title: 'Portfolio' }]
    .filter((choice, index, all) => all.findIndex((other) => other.path === choice.path) === index)
    .sort((a, b) => (a.path < b.path ? -1 : 1));
  const [chosen, setChosen] = useState('/services');
  const [typed, setTyped] = useState('');
  const [confirming, setConfirming] = useState(false);
  const redirectTo = chosen === TYPED ? typed.trim() : chosen;
  const retire = useSubmit(async () => {
    setConfirming(false);
    await calls.retire(redirectTo);
    notify({ tone: 'success', text: `The page is retired: ${path} sends visitors to ${redirectTo}.` });
    onChanged();
  }, 'The page could not be retired.');

  const [bringing, setBringing] = useState(false);
  const bringBack = async () => {
    setBringing(true);
    try {
      await calls.bringBack();
      notify({ tone: 'success', text: `The page is back on the site at ${path}.` });
      onChanged();
    } catch (failure) {
      notify({ tone: 'error', text: errorText(failure, 'The page could not be brought back.') });
    } finally {
      setBringing(false);
    }
  };

  return (
    <section className="admin-card admin-content-address" aria-labelledby="content-address-title">
      <h2 id="content-address-title" className="admin-card__title">
        Address
      </h2>
      <p>
        {retired ? 'Was at ' : published ? 'On the site at ' : 'Will be at '}
        <code className="admin-break">{path}</code>
        {published && !retired && (
          <>
            {' '}
            (
            <a href={path} target="_blank" rel="noopener">
              open<span className="visually-hidden"> the page in a new tab</span>
            </a>
            )
          </>
        )}
      </p>

      {retired ? (
        <>
          <p role="status">
            Retired on {formatDateTime(retired.at)}: visitors to {path} are sent to <code className="admin-break">{retired.redirectTo}</code>. The page and its history are kept.
          </p>
          <button type="button" className="admin-button" disabled={bringing} onClick={() => void bringBack()}>
            {bringing ? 'Bringing it back…' : 'Bring back'}
          </button>
        </>
      ) : (
        <>
          <form className="admin-content-address__form" onSubmit={move.onSubmit} noValidate aria-labelledby="content-address-change">
            <h3 id="content-address-change" className="admin-content-address__title">
              Change address
            </h3>
            <Field
              label="New address"
              hint={`Lower-case letters, digits and hyphens, ${SLUG_LENGTH.min} to ${SLUG_LENGTH.max} characters: the page will be at /${parts.kind}/<this>.${published ? ` An automatic redirect keeps ${path} working.` : ''}`}
              error={move.fields.to}
              required
            >
              <input value={slug} autoComplete="off" spellCheck={false} maxLength={SLUG_LENGTH.max} onChange={(event) => setSlug(event.target.value)} />
            </Field>
            {/* Typing kept in this browser is kept by key: it would not follow the page to its new one. */}
            {dirty && (
              <p id="content-address-save-first" className="admin-field__hint">
                Save your draft first: changes not saved stay behind at the old address.
              </p>
            )}
            <FormSubmit of={move} pendingText="Changing…" disabled={dirty} describedBy={dirty ? 'content-address-save-first' : undefined}>
              Change address
            </FormSubmit>
          </form>

          {published && (
            <form
              className="admin-content-address__form"
              onSubmit={(event) => {
                event.preventDefault();
                retire.reset();
                setConfirming(true);
              }}
              noValidate
              aria-labelledby="content-address-retire"
            >
              <h3 id="content-address-retire" className="admin-content-address__title">
                Retire this page
              </h3>
              <p className="admin-field__hint">It leaves the site, its menus, lists and sitemap; the page and its history are kept, to bring back.</p>
              <Field label="Where should its visitors go?" error={chosen === TYPED ? undefined : retire.fields.redirectTo} required>
                <select className="admin-select" value={chosen} onChange={(event) => setChosen(event.target.value)}>
                  {destinations.map((choice) => (
                    <option key={choice.path} value={choice.path}>
                      {choice.title} ({choice.path})
                    </option>
                  ))}
                  <option value={TYPED}>Another address…</option>
                </select>
              </Field>
              {chosen === TYPED && (
                <Field label="Address" hint="A page of this site, such as /contact, or a full address starting with https://." error={retire.fields.redirectTo} required>
                  <input value={typed} autoComplete="off" spellCheck={false} inputMode="url" onChange={(event) => setTyped(event.target.value)} />
                </Field>
              )}
              <FormSubmit of={retire} pendingText="Retiring…" className="admin-button admin-button--danger">
                Retire this page
              </FormSubmit>
            </form>
          )}
        </>
      )}

      {confirming && (
        <ConfirmDialog
          title="Retire this page?"
          message={`${path} leaves the site and sends its visitors to ${redirectTo || '(no address given)'}. You can bring it back, or undo this from History.`}
          confirmLabel="Retire the page"
          busyLabel="Retiring…"
          busy={retire.pending}
          onConfirm={() => retire.onSubmit()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
