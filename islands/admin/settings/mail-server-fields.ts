import { retypePasswordMessage, savedPasswordFits, type ImapSetupView, type SmtpSetupView } from '../../../shared/settings';

/** What the mail server's card and the mailbox's card type alike: the server, its port as typed, who signs in. */
export interface TypedServer {
  host: string;
  port: string;
  user: string;
  password: string;
}

/** The port as the API takes it: a number, or null (empty) for the server to name. */
export const portOf = (typed: string): number | null => (typed.trim() === '' ? null : Number(typed));

/**
 * What the password field says: empty keeps the saved password, but only for the server and user
 * it was saved with (the server's own rule, `savedPasswordFits`), so once the host, port or user
 * typed differ, it says the password must be typed again, and why.
 */
export function passwordHint(saved: SmtpSetupView | ImapSetupView | null, draft: TypedServer): string {
  if (!saved?.passwordSet || draft.password) return 'Stored encrypted; never shown again.';
  if (draft.user && !savedPasswordFits(saved, { host: draft.host.trim(), port: Number(draft.port), user: draft.user.trim() })) return retypePasswordMessage(saved);
  return 'A password is saved; leave empty to keep it.';
}
