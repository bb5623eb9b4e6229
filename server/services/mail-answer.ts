import type { FormNotificationRow } from '../db/tables';
import { messages } from '../messages';

/**
 * What the outbox stored about an e-mail (the mail server's answer once it accepted it, the last
 * error otherwise), said in words for staff. The raw text ("250 2.0.0 Ok: queued as 4BC1…",
 * "connect ECONNREFUSED 10.0.0.5:587") is the mail server's or the network library's, not the
 * agency's: every place that tells staff how an e-mail went shows this instead.
 */

/** Where the e-mail is in the outbox (`form_notifications.status`). */
export type OutboxStatus = 'pending' | 'sent' | 'failed';

export interface StoredMailAnswer {
  status: OutboxStatus;
  /** `smtp_response` once sent, `last_error` otherwise (null when there is none yet). */
  answer: string | null;
  attempts: number;
}

/** Errors of the connection itself: nothing was said about this e-mail, so trying again may help. */
const UNREACHABLE = /\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|EPIPE|ESOCKET|ECONNECTION|EDNS)\b|greeting never received|connection (timeout|closed)|unexpected socket close|socket hang up/i;
const TLS = /\b(ETLS|CERT_[A-Z_]+|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|ERR_(SSL|TLS)_[A-Z_]+)\b|certificate|\btls\b/i;
const LOGIN = /\bEAUTH\b|invalid login|authentication (failed|required|unsuccessful)|\b53[45]\b/i;
const RECIPIENT = /recipients? (were|was )?rejected|RCPT TO|\b55[0-3][ -]5\.1\.\d|\b5\.1\.[0-36]\b|(no such|unknown) (user|mailbox|recipient)|mailbox (unavailable|not found)|user unknown|address rejected/i;
const SENDER = /MAIL FROM|sender (address )?rejected|\b5\.1\.[78]\b|\b5\.7\.1\b.*sender/i;
/** A three-digit SMTP reply code at the start of the text or after "…: " (nodemailer quotes the server). */
const REPLY_CODE = /(?:^|:\s)([245])\d\d[ -]/;

function isOwnWords(text: string): boolean {
  const { notFound, notPublic, notMailPort } = messages.mailServer;
  return text === notFound || text === notPublic || text.startsWith(notMailPort([]).split(':')[0]!);
}

function afterwards(status: OutboxStatus, attempts: number): string {
  if (status === 'failed') return attempts > 1 ? ` Gave up after ${attempts} attempts.` : ' Gave up.';
  return ' Retrying.';
}

/**
 * The stored answer in words: "Accepted by the mail server.", "The mail server refused the
 * address. Gave up after 10 attempts.", "Could not reach the mail server. Retrying." Only the
 * kind of answer is read from the text (its reply code, the error's code); none of its words are
 * repeated, so a server's odd or hostile answer reaches nobody through this.
 */
export function mailAnswerText({ status, answer, attempts }: StoredMailAnswer): string {
  const text = (answer ?? '').trim();
  if (status === 'sent') return 'Accepted by the mail server.';
  if (!text) return status === 'failed' ? 'Could not be sent. Gave up.' : attempts > 0 ? 'Being sent.' : 'Waiting to be sent.';
  const then = afterwards(status, attempts);
  // The site's own refusal of the server set in Settings (MailServerNotAllowed) is already in words.
  if (isOwnWords(text)) return `${text}${then}`;
  if (UNREACHABLE.test(text)) return `Could not reach the mail server.${then}`;
  if (TLS.test(text)) return `The secure connection with the mail server failed.${then}`;
  if (LOGIN.test(text)) return `The mail server refused the user name or password.${then}`;
  if (SENDER.test(text)) return `The mail server refused the sender address.${then}`;
  if (RECIPIENT.test(text)) return `The mail server refused the address.${then}`;
  const code = REPLY_CODE.exec(text)?.[1];
  if (code === '4') return `The mail server asked to try again later.${then}`;
  if (code === '5') return `The mail server refused the message.${then}`;
  return `Could not be sent.${then}`;
}

/** An outbox row's state in words: its stored answer read by `mailAnswerText`. */
export function outboxStateText(row: Pick<FormNotificationRow, 'status' | 'smtp_response' | 'last_error' | 'attempts'>): string {
  return mailAnswerText({ status: row.status, answer: row.status === 'sent' ? row.smtp_response : row.last_error, attempts: row.attempts });
}
