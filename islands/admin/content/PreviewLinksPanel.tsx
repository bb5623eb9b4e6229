import { useId, useState } from 'react';
import { useDashboard } from '../context';
import { errorText, Field, FormSubmit, useData, useDates, useSubmit } from '../kit';
import { contentApi, contentPath, type PreviewLinkItem } from './content-api';

/**
 * "Share preview link": a link to the draft for a client without an account (it works for 7 days
 * and shows the draft as it is when opened). Its address is shown once, with Copy and "Send to
 * client" (e-mailed from the agency with the words typed here); the links still working are
 * listed with Revoke.
 */
export function PreviewLinksPanel({ documentKey }: { documentKey: string }) {
  const { api, notify } = useDashboard();
  const { formatDateTime } = useDates();
  const urlId = useId();
  const links = useData<PreviewLinkItem[]>(`${contentPath(documentKey)}/preview-links`, 'Failed to load the preview links.');
  const [made, setMade] = useState<{ url: string; expiresAt: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState('');
  const [sending, setSending] = useState(false);
  const [to, setTo] = useState('');
  const [message, setMessage] = useState('');
  const [sentTo, setSentTo] = useState('');

  const send = useSubmit(async () => {
    if (!made) return;
    const { sentTo: address } = await contentApi(api, documentKey).sendPreviewLink(made.url, to.trim(), message);
    setSentTo(`Sent to ${address}.`);
    setSending(false);
    setTo('');
    setMessage('');
  }, 'The preview link could not be e-mailed.');

  const share = async () => {
    setBusy(true);
    setCopied('');
    setSentTo('');
    try {
      setMade(await contentApi(api, documentKey).createPreviewLink());
      links.reload();
    } catch (failure) {
      notify({ tone: 'error', text: errorText(failure, 'The preview link could not be made.') });
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.url);
      setCopied('Copied.');
    } catch {
      // No clipboard (an insecure origin, a refusal): the address is selected to copy by hand.
      (document.getElementById(urlId) as HTMLInputElement | null)?.select();
      setCopied('Press Ctrl+C (⌘C) to copy it.');
    }
  };

  const revoke = async (id: string) => {
    try {
      await contentApi(api, documentKey).revokePreviewLink(id);
      notify({ tone: 'success', text: 'The preview link no longer works.' });
      setMade(null);
      links.reload();
    } catch (failure) {
      notify({ tone: 'error', text: errorText(failure, 'The preview link could not be revoked.') });
    }
  };

  const active = (links.data ?? []).filter((link) => link.state === 'active');
  return (
    <section className="admin-card admin-content-share" aria-labelledby="content-share-title">
      <h2 id="content-share-title" className="admin-card__title">
        Preview links
      </h2>
      <p className="admin-field__hint">For someone without an account: the link shows the saved draft for 7 days, or until it is revoked.</p>
      <button type="button" className="admin-button admin-button--ghost" disabled={busy} onClick={() => void share()}>
        {busy ? 'Making the link…' : 'Share preview link'}
      </button>
      {made && (
        <div className="admin-field admin-content-share__made">
          <label htmlFor={urlId}>New link (shown only now), until {formatDateTime(made.expiresAt)}</label>
          <div className="admin-content-share__copy">
            <input id={urlId} type="text" readOnly value={made.url} onFocus={(event) => event.target.select()} />
            <button type="button" className="admin-button admin-button--small" onClick={() => void copy()}>
              Copy<span className="visually-hidden"> the preview link</span>
            </button>
            <button type="button" className="admin-button admin-button--small admin-button--ghost" aria-expanded={sending} onClick={() => setSending(!sending)}>
              Send to client
            </button>
          </div>
          <p className="admin-field__hint" role="status">
            {copied || sentTo}
          </p>
          {sending && (
            <form className="admin-content-share__send" onSubmit={send.onSubmit} noValidate aria-label="Send the preview link by e-mail">
              <Field label="Client’s e-mail address" error={send.fields.to} required>
                <input type="email" autoComplete="off" value={to} maxLength={254} onChange={(event) => setTo(event.target.value)} />
              </Field>
              <Field label="Message" hint="Sent above the link, from the agency; the client’s answer comes back to you." error={send.fields.message}>
                <textarea rows={4} value={message} maxLength={2000} onChange={(event) => setMessage(event.target.value)} />
              </Field>
              <FormSubmit of={send} pendingText="Sending…">
                Send the link
              </FormSubmit>
            </form>
          )}
        </div>
      )}
      {active.length > 0 && (
        <ul className="admin-content-share__links">
          {active.map((link) => (
            <li key={link.id}>
              <span>
                Made by {link.createdBy ?? 'someone'} on {formatDateTime(link.createdAt)}, until {formatDateTime(link.expiresAt)}
              </span>
              <button type="button" className="admin-button admin-button--small admin-button--danger" onClick={() => void revoke(link.id)}>
                Revoke<span className="visually-hidden"> the link made on {formatDateTime(link.createdAt)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
