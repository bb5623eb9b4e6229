import { useEffect, useState } from 'react';
import { SMTP_SECURITY, SMTP_SECURITY_LABELS, type MailSource, type SettingsAnswer, type SmtpSecurity, type SmtpSetupInput, type SmtpSetupView } from '../../../shared/settings';
import { accountApi } from '../account-api';
import { useDashboard } from '../context';
import { Field, FormError, FormSubmit, Options, useData, useSubmit } from '../kit';
import { ViewLink } from '../ViewLink';
import { passwordHint, portOf } from './mail-server-fields';
import { settingsApi, type TestEmailResult, type TypedSmtpSetup } from './settings-api';

type MailDraft = Omit<SmtpSetupInput, 'port' | 'password'> & { port: string; password: string };

const draftOf = (smtp: SmtpSetupView | null): MailDraft => ({
  host: smtp?.host ?? '',
  port: String(smtp?.port ?? 587),
  security: smtp?.security ?? 'starttls',
  user: smtp?.user ?? '',
  password: '',
  fromName: smtp?.fromName ?? '',
  fromAddress: smtp?.fromAddress ?? '',
});

/** The set-up as the API takes it: the port a number (or null, for the server to name), an empty password keeping the saved one. */
const inputOf = (draft: MailDraft): TypedSmtpSetup => ({ ...draft, port: portOf(draft.port) });

const MAIL_SOURCE_TEXT: Record<MailSource, string> = {
  environment: 'SMTP_URL is set in the server’s environment: mail goes through it, whatever is saved here. Remove it (and restart) to use these settings.',
  settings: 'Mail goes through the server saved here.',
  off: 'Mail is off: no mail server is set up yet. Nobody is e-mailed about new leads until one is.',
};

/**
 * The mail server (owners): host, port, security, sign-in and sender, saved with the other
 * settings' call; "Send a test" (to me, or to the notification recipients) tries what is typed before it is saved. The saved password
 * never comes back: the field stays empty, and empty keeps it (for the same server and user).
 */
export function MailSetup({ answer, onSaved }: { answer: SettingsAnswer; onSaved: (answer: SettingsAnswer) => void }) {
  const { api, notify, mailChanged } = useDashboard();
  const settings = settingsApi(api);
  const [draft, setDraft] = useState<MailDraft>(() => draftOf(answer.smtp));
  const [test, setTest] = useState<TestEmailResult | null>(null);
  useEffect(() => setDraft(draftOf(answer.smtp)), [answer.smtp]);
  const set = <K extends keyof MailDraft>(name: K, value: MailDraft[K]) => setDraft((previous) => ({ ...previous, [name]: value }));

  const save = useSubmit(async () => {
    const saved = await settings.saveMail(inputOf(draft));
    onSaved(saved);
    mailChanged();
    notify({ tone: 'success', text: 'Mail set-up saved.' });
  }, 'Failed to save the mail set-up.');
  // Where "to me" goes: the account's confirmed address (the server refuses without one, in words).
  const account = useData((client) => accountApi(client).load(), 'Failed to load your account.', 'account');
  const own = account.data?.emailVerified ? account.data.email : null;
  const testTo = (to: 'me' | 'recipients') => async () => {
    setTest(null);
    setTest(await settings.testMail(inputOf(draft), to));
  };
  const sendToMe = useSubmit(testTo('me'), 'Failed to send the test e-mail.');
  const send = useSubmit(testTo('recipients'), 'Failed to send the test e-mail.');
  const error = (name: keyof MailDraft) => save.fields[`smtp.${name}`] ?? send.fields[`smtp.${name}`] ?? sendToMe.fields[`smtp.${name}`];

  return (
    <form className="admin-card admin-form" onSubmit={save.onSubmit} aria-labelledby="mail-title" noValidate>
      <h2 id="mail-title" className="admin-card__title">
        Mail
      </h2>
      <p className={answer.mail === 'environment' ? 'admin-notice admin-notice--warning' : 'admin-muted'}>{MAIL_SOURCE_TEXT[answer.mail]}</p>
      <div className="admin-form__row">
        <Field label="Mail server (SMTP host)" error={error('host')} required>
          <input id="smtp-host" value={draft.host} autoComplete="off" spellCheck={false} placeholder="smtp.example.com" onChange={(event) => set('host', event.target.value)} />
        </Field>
        <Field label="Port" error={error('port')} required>
          <input id="smtp-port" type="number" inputMode="numeric" min={1} max={65535} value={draft.port} onChange={(event) => set('port', event.target.value)} />
        </Field>
        <Field label="Security" error={error('security')}>
          <select id="smtp-security" className="admin-select" value={draft.security} onChange={(event) => set('security', event.target.value as SmtpSecurity)}>
            <Options values={SMTP_SECURITY} label={(value) => SMTP_SECURITY_LABELS[value]} />
          </select>
        </Field>
      </div>
      <div className="admin-form__row">
        <Field label="User" hint="Empty: send without signing in." error={error('user')}>
          <input id="smtp-user" value={draft.user} autoComplete="off" spellCheck={false} onChange={(event) => set('user', event.target.value)} />
        </Field>
        <Field label="Password" hint={passwordHint(answer.smtp, draft)} error={error('password')}>
          <input id="smtp-password" type="password" value={draft.password} autoComplete="new-password" onChange={(event) => set('password', event.target.value)} />
        </Field>
      </div>
      <div className="admin-form__row">
        <Field label="Sender name" error={error('fromName')} required>
          <input id="smtp-fromName" value={draft.fromName} placeholder="Your agency" onChange={(event) => set('fromName', event.target.value)} />
        </Field>
        <Field label="Sender address" error={error('fromAddress')} required>
          <input id="smtp-fromAddress" type="email" value={draft.fromAddress} autoComplete="off" placeholder="hello@example.com" onChange={(event) => set('fromAddress', event.target.value)} />
        </Field>
      </div>
      <div className="admin-mail-test">
        <button type="button" className="admin-button admin-button--ghost" disabled={sendToMe.pending || send.pending} onClick={() => sendToMe.onSubmit()}>
          {sendToMe.pending ? 'Sending…' : 'Send a test to me'}
        </button>
        <button type="button" className="admin-button admin-button--ghost" disabled={sendToMe.pending || send.pending} onClick={() => send.onSubmit()}>
          {send.pending ? 'Sending…' : 'Send a test to the notification recipients'}
        </button>
        <p className="admin-muted">
          Through what is typed above, saved or not.{' '}
          {own ? (
            <>
              “To me” goes to <strong>{own}</strong>.
            </>
          ) : account.data ? (
            <>
              “To me” needs a confirmed address in <ViewLink to={{ name: 'admin', section: 'account' }}>Your account</ViewLink>.
            </>
          ) : null}
        </p>
      </div>
      {/* A refusal of "to me" (no confirmed address) names no field of the form: said here, beside the buttons. */}
      <FormError error={sendToMe.fields.to || sendToMe.error || send.fields.to || send.error} />
      <div role="status">
        {test && (
          <p className={test.sent ? 'admin-notice admin-notice--success' : 'admin-notice admin-notice--error'}>
            {test.sent ? `Sent to ${test.recipients.join(', ')}. The server answered: ${test.response}` : `Not sent: ${test.error}`}
          </p>
        )}
      </div>
      <FormSubmit of={save} pendingText="Saving…">
        Save mail set-up
      </FormSubmit>
    </form>
  );
}
