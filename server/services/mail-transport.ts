import type { ConnectionOptions } from 'node:tls';
import nodemailer, { type SendMailOptions, type SentMessageInfo, type Transporter } from 'nodemailer';
import { secretPurpose, type Keyring } from '../app-key';
import type { MailSource, SmtpSetupInput } from '../../shared/settings';
import { savedPasswordFor, type StoredSmtp } from './settings';

/** Where mail goes and from whom: the answer of `chooseMailSetup`. */
export type MailSetup =
  | { source: 'environment'; url: string; from: string }
  | { source: 'settings'; smtp: Required<Omit<SmtpSetupInput, 'fromName' | 'fromAddress'>>; from: string }
  | { source: 'off' };

export interface MailSetupInputs {
  /** `SMTP_URL`: when set it wins, whatever Settings say. */
  smtpUrl?: string;
  /** The sender with `SMTP_URL` (no-reply at the site's host). */
  envFrom: string;
  /** The mail set-up saved in Settings (its password sealed), or null. */
  saved: StoredSmtp | null;
  keyring: Keyring;
}

/** `"Name" <address>`, the quotes escaped so a name with quotes stays one display name. */
function mailbox(name: string, address: string): string {
  return `"${name.replace(/["\\]/g, '\\$&')}" <${address}>`;
}

/**
 * The one rule for where mail goes, for everything that sends (staff notifications, the morning
 * digest, the test e-mail, replies): `SMTP_URL` when set, else the set-up saved in Settings, else
 * off.
 */
export function chooseMailSetup({ smtpUrl, envFrom, saved, keyring }: MailSetupInputs): MailSetup {
  if (smtpUrl) return { source: 'environment', url: smtpUrl, from: envFrom };
  if (!saved) return { source: 'off' };
  return { source: 'settings', ...settingsSetup(saved, saved.password ? keyring.open(saved.password, secretPurpose.smtpPassword) : '') };
}

/** A set-up from Settings' fields, the password in clear (the test e-mail's, before anything is saved). */
export function settingsSetup(fields: Omit<SmtpSetupInput, 'password'>, password: string): Omit<Extract<MailSetup, { source: 'settings' }>, 'source'> {
  const { host, port, security, user, fromName, fromAddress } = fields;
  return { smtp: { host, port, security, user, password: user ? password : '' }, from: mailbox(fromName, fromAddress) };
}

/** How long a connection, the server's greeting and a silent socket may take before the attempt fails (and is retried). */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * A nodemailer transport for a set-up. STARTTLS is required, never optional: a server that does
 * not offer it fails the send instead of getting the password in clear. `tls` adds options such as
 * a certificate authority to trust (tests).
 */
export function createTransport(setup: Exclude<MailSetup, { source: 'off' }>, tls?: ConnectionOptions): Transporter {
  if (setup.source === 'environment') return nodemailer.createTransport({ url: setup.url, ...TIMEOUTS, ...(tls ? { tls } : {}) } as Parameters<typeof nodemailer.createTransport>[0]);
  const { host, port, security, user, password } = setup.smtp;
  return nodemailer.createTransport({
    host,
    port,
    secure: security === 'tls',
    requireTLS: security === 'starttls',
    auth: user ? { user, pass: password } : undefined,
    ...TIMEOUTS,
    ...(tls ? { tls } : {}),
  });
}

/**
 * One e-mail to send, from the set-up's sender; `fromName` puts another name before its address
 * (a reply goes out under the staff member's name).
 */
export type OutgoingMail = Omit<SendMailOptions, 'from'> & { fromName?: string };

/** The address of a `"Name" <address>` sender (or the sender itself when it is a bare address). */
function addressOf(from: string): string {
  return /<([^>]+)>\s*$/.exec(from)?.[1] ?? from;
}

export interface Mailer {
  /** Where mail goes now (read at every call: a change in Settings applies to the next e-mail). */
  source(): MailSource;
  /** Sends through the set-up in force, from its sender; throws when mail is off or the server refuses. */
  send(message: OutgoingMail): Promise<SentMessageInfo>;
  /**
   * Sends one message through a set-up typed in Settings and not saved yet (the test e-mail); an
   * empty password stands for the saved one, only with the host, port and user it was saved with.
   * `SMTP_URL` does not matter here: this tries the fields. Throws a `ValidationError` naming the
   * password field, before connecting anywhere, when it must be typed again.
   */
  trial(entered: SmtpSetupInput, message: Omit<SendMailOptions, 'from'>): Promise<SentMessageInfo>;
  close(): void;
}

export interface MailerDeps {
  smtpUrl?: string;
  envFrom: string;
  /** The saved set-up, read at every send; the same object until Settings change (on any instance). */
  saved: () => StoredSmtp | null;
  keyring: Keyring;
  /** Tests only: extra TLS options, such as the loopback server's certificate authority. */
  tls?: ConnectionOptions;
}

/**
 * What every sender sends through. It follows `chooseMailSetup` at each send, keeping one
 * connection pool per set-up: when Settings change (polled from the database by every instance),
 * the next e-mail goes through the new set-up, no restart needed.
 */
export function createMailer({ smtpUrl, envFrom, saved, keyring, tls }: MailerDeps): Mailer {
  let cached: { saved: StoredSmtp | null; setup: MailSetup; transport?: Transporter } | undefined;
  const current = () => {
    const savedNow = saved();
    if (cached?.saved !== savedNow || !cached) {
      cached?.transport?.close();
      const setup = chooseMailSetup({ smtpUrl, envFrom, saved: savedNow, keyring });
      cached = { saved: savedNow, setup, transport: setup.source === 'off' ? undefined : createTransport(setup, tls) };
    }
    return cached;
  };
  return {
    source: () => current().setup.source,
    async send({ fromName, ...message }) {
      const { setup, transport } = current();
      if (setup.source === 'off' || !transport) throw new Error('Mail is off: no mail server is set up.');
      return transport.sendMail({ ...message, from: fromName ? { name: fromName, address: addressOf(setup.from) } : setup.from });
    },
    async trial({ password, ...fields }, message) {
      const usable = password || (fields.user ? keyring.open(savedPasswordFor(fields, saved()), secretPurpose.smtpPassword) : '');
      const setup: MailSetup = { source: 'settings', ...settingsSetup(fields, usable) };
      const transport = createTransport(setup, tls);
      try {
        return await transport.sendMail({ ...message, from: setup.from });
      } finally {
        transport.close();
      }
    },
    close() {
      cached?.transport?.close();
      cached = undefined;
    },
  };
}
