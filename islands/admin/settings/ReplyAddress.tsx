import { useEffect, useState } from 'react';
import type { Settings, SettingsAnswer } from '../../../shared/settings';
import { useDashboard } from '../context';
import { Field, FormCard, FormError, FormSubmit, useSubmit } from '../kit';
import { settingsApi } from './settings-api';

/**
 * The agency's reply address (owners): the shared inbox clients' answers go to when a reply's
 * writer has no confirmed address of their own, and of every acknowledgement. While none is set,
 * the published agency e-mail is offered as a one-click choice, never used without one.
 */
export function ReplyAddress({ answer, onSaved }: { answer: SettingsAnswer; onSaved: (settings: Settings) => void }) {
  const { api, notify } = useDashboard();
  const saved = answer.settings.replyAddress;
  const [draft, setDraft] = useState(saved ?? '');
  useEffect(() => setDraft(saved ?? ''), [saved]);

  const store = (replyAddress: string | null) => async () => {
    const next = await settingsApi(api).saveReplyAddress(replyAddress);
    onSaved(next.settings);
    notify({ tone: 'success', text: replyAddress ? `Answers now come back to ${replyAddress}.` : 'Reply address removed.' });
  };
  const form = useSubmit(store(draft.trim() || null), 'Failed to save the reply address.');
  const proposed = useSubmit(store(answer.agencyEmail), 'Failed to save the reply address.');
  const remove = useSubmit(store(null), 'Failed to remove the reply address.');

  return (
    <FormCard title="Reply address" onSubmit={form.onSubmit} noValidate>
      <p className="admin-muted">
        A shared inbox the agency reads. Clients’ answers come back to it when a reply is sent from an account without a confirmed e-mail address, and when they answer an acknowledgement.
        {saved ? '' : ' While none is set, only accounts with a confirmed address can reply.'}
      </p>
      <Field label="Reply address" error={form.fields.replyAddress ?? proposed.fields.replyAddress}>
        <input id="setting-replyAddress" type="email" value={draft} autoComplete="off" spellCheck={false} placeholder="hello@example.com" onChange={(event) => setDraft(event.target.value)} />
      </Field>
      <ReplyAddressTags on={answer.settings.replyAddressTags} onSaved={onSaved} />
      {!saved && answer.agencyEmail && (
        <p className="admin-reply-address__proposal">
          <span className="admin-muted">The agency’s e-mail, from Website, Agency details:</span>
          <button type="button" className="admin-button admin-button--ghost admin-button--small" disabled={proposed.pending} onClick={() => proposed.onSubmit()}>
            Use {answer.agencyEmail}
          </button>
        </p>
      )}
      <FormError error={proposed.error || remove.error} />
      <div className="admin-form__actions">
        <FormSubmit of={form} pendingText="Saving…">
          Save reply address
        </FormSubmit>
        {saved && (
          <button type="button" className="admin-button admin-button--ghost" disabled={remove.pending} onClick={() => remove.onSubmit()}>
            {remove.pending ? 'Removing…' : 'Remove'}
          </button>
        )}
      </div>
    </FormCard>
  );
}

/**
 * The lead's `+tag` on the reply address: saved as soon as it is ticked, as it changes only where
 * answers are addressed. Off by default: a mailbox without plus-addressing would bounce the answers.
 */
function ReplyAddressTags({ on, onSaved }: { on: boolean; onSaved: (settings: Settings) => void }) {
  const { api, notify } = useDashboard();
  const [pending, setPending] = useState(false);
  const toggle = async (next: boolean) => {
    setPending(true);
    try {
      const answer = await settingsApi(api).saveReplyAddressTags(next);
      onSaved(answer.settings);
      notify({ tone: 'success', text: next ? 'Mail about a lead now carries its tag on the reply address.' : 'The reply address no longer carries a tag.' });
    } catch (error) {
      notify({ tone: 'error', text: error instanceof Error ? error.message : 'Failed to save the reply address tag.' });
    } finally {
      setPending(false);
    }
  };
  return (
    <label className="admin-checkbox">
      <input id="setting-replyAddressTags" type="checkbox" checked={on} disabled={pending} onChange={(event) => void toggle(event.target.checked)} /> Add the lead’s tag to the reply address (hello+tag@…), so an answer
      finds its lead even without its thread. Only for a mailbox that accepts “+” addresses.
    </label>
  );
}
