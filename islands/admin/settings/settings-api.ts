import type { FormType } from '../../../shared/form-types';
import type { ImapSetupInput, ImapTestAnswer, RetentionPreview, Settings, SettingsAnswer, SettingsPatch, SmtpSetupInput } from '../../../shared/settings';
import type { DashboardApi } from '../api';

/**
 * The settings API as Settings' cards and the acknowledgements card use it (`/api/settings…`,
 * owners). Every change is a `PATCH` of the settings it names and answers with all of them.
 */

/** A mail server's set-up as typed: an empty port is null (the server names it), an empty password keeps the saved one. */
export type TypedSmtpSetup = Omit<SmtpSetupInput, 'port'> & { port: number | null };
export type TypedImapSetup = Omit<ImapSetupInput, 'port'> & { port: number | null };

/** What "Send a test" answers: sent (with the server's words) or not (with why). */
export interface TestEmailResult {
  sent: boolean;
  recipients: string[];
  response?: string;
  error?: string;
}

export function settingsApi(api: DashboardApi) {
  const change = (patch: { [Name in keyof SettingsPatch]?: unknown }, fallback: string) => api.send<SettingsAnswer>('PATCH', '/api/settings', fallback, patch);
  return {
    load: () => api.send<SettingsAnswer>('GET', '/api/settings', 'Failed to load the settings.'),
    /** The back office's own settings (the Back office card). */
    save: (settings: Partial<Settings>) => change(settings, 'Failed to save the settings.'),
    saveMail: (smtp: TypedSmtpSetup) => change({ smtp }, 'Failed to save the mail set-up.'),
    /** Sends a test e-mail through `smtp`, saved or not, to the account's own address or the notification recipients. */
    testMail: (smtp: TypedSmtpSetup, to: 'me' | 'recipients') => api.send<TestEmailResult>('POST', '/api/settings/test-email', 'Failed to send the test e-mail.', { smtp, to }),
    saveMailbox: (imap: TypedImapSetup) => change({ imap }, 'Failed to save the mailbox.'),
    removeMailbox: () => change({ imap: null }, 'Failed to remove the mailbox.'),
    /** Signs in to the mailbox with `imap`, saved or not, and says what it found. */
    testMailbox: (imap: TypedImapSetup) => api.send<ImapTestAnswer>('POST', '/api/settings/imap-test', 'Failed to test the mailbox.', { imap }),
    /** null removes it. */
    saveReplyAddress: (replyAddress: string | null) => change({ replyAddress }, 'Failed to save the reply address.'),
    saveReplyAddressTags: (on: boolean) => change({ replyAddressTags: on }, 'Failed to save the reply address tag.'),
    /** `text` null goes back to the standard words. */
    saveVisitorConfirmation: (forms: Settings['visitorConfirmation'], text: string | null) =>
      change({ visitorConfirmation: forms, visitorConfirmationText: text }, 'The acknowledgements could not be saved.'),
    /** How many of a form's leads the next purge would delete, were its retention `days`. */
    retentionPreview: (type: FormType, days: number) =>
      api.send<RetentionPreview>('GET', `/api/settings/retention-preview?${new URLSearchParams({ type, days: String(days) })}`, 'Failed to count the leads.'),
  };
}
