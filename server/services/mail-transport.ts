import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import nodemailer, { type SendMailOptions, type SentMessageInfo, type Transporter } from 'nodemailer';
import { secretPurpose, type Keyring } from '../app-key';
import type { MailSource, SmtpSetupInput } from '../../shared/settings';
import { checkTypedMailServer, createMailServerCheck, MailServerNotAllowed, type CheckMailServer } from './mail-destination';
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

type SettingsSetup = Extract<MailSetup, { source: 'settings' }>;

/**
 * A nodemailer transport for a set-up. STARTTLS is required, never optional: a server that does
 * not offer it fails the send instead of getting the password in clear. `tls` adds options such as
 * a certificate authority to trust (tests). The set-up of Settings connects to `address`, the one
 * `CheckMailServer` answered for its host, so nodemailer never resolves the name again; the TLS
 * server name stays the host as typed, so the certificate is still verified for that name.
 */
export function createTransport(setup: Extract<MailSetup, { source: 'environment' }> | (SettingsSetup & { address: string }), tls?: ConnectionOptions): Transporter {
  if (setup.source === 'environment') return nodemailer.createTransport({ url: setup.url, ...TIMEOUTS, ...(tls ? { tls } : {}) } as Parameters<typeof nodemailer.createTransport>[0]);
  const { host, port, security, user, password } = setup.smtp;
  const typedName = host.replace(/^\[(.*)\]$/, '$1');
  return nodemailer.createTransport({
    host: setup.address,
    // An address typed as such is checked against the certificate's addresses instead (no SNI).
    ...(net.isIP(typedName) ? {} : { servername: typedName }),
    port,
    secure: security === 'tls',
    requireTLS: security === 'starttls',
    auth: user ? { user, pass: password } : undefined,
    ...TIMEOUTS,
    ...(tls ? { tls } : {}),
  });
}

/** Codes Node gives a certificate that is not trusted, or not for the name connected to. */
export const UNTRUSTED_CERTIFICATE = /^(ERR_TLS_CERT_ALTNAME_INVALID|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT(_LOCALLY)?|CERT_[A-Z_]+)$/;

/**
 * Why sending failed, in plain words drawn from the error's code and the step it failed at, never
 * from what the remote server said: whatever answers on the port typed (another service on the
 * site's network, a hostile server) must not have its words shown to the person who typed it nor
 * written to the audit trail.
 */
export function mailFailureSummary(error: unknown): string {
  if (error instanceof MailServerNotAllowed) return error.message;
  const { code, originalCode, command, response, timeoutType } = (error ?? {}) as { code?: string; originalCode?: string; command?: string; response?: string; timeoutType?: string };
  const cause = originalCode ?? code ?? '';
  if (cause === 'ECONNREFUSED') return 'The connection was refused: no mail server answers on that port.';
  if (code === 'EDNS' || cause === 'ENOTFOUND' || cause === 'EAI_AGAIN') return 'The mail server’s name was not found.';
  if (cause === 'EHOSTUNREACH' || cause === 'ENETUNREACH') return 'The mail server cannot be reached from this site.';
  if (code === 'ETIMEDOUT' || cause === 'ETIMEDOUT') {
    return timeoutType === 'GREETING_TIMEOUT' ? 'Something answered on that port, but not as a mail server does (no greeting).' : 'The mail server did not answer in time.';
  }
  if (UNTRUSTED_CERTIFICATE.test(cause)) return 'The secure connection failed: the mail server’s certificate is not trusted for this name.';
  if (code === 'ETLS' && command === 'STARTTLS' && response) return 'The mail server does not offer STARTTLS, so the connection cannot be secured.';
  if (code === 'ETLS' || /^ERR_(SSL|TLS)_/.test(cause)) return 'The secure connection (TLS) with the mail server failed.';
  if (code === 'EPROTOCOL' && command === 'CONN') return 'Something answered on that port, but not as a mail server does (unexpected greeting).';
  if (code === 'EAUTH') return 'The mail server refused the user name or password.';
  if (code === 'EENVELOPE' && command === 'MAIL FROM') return 'The mail server refused the sender address.';
  if (code === 'EENVELOPE' && command === 'RCPT TO') return 'The mail server refused the recipients.';
  if (code === 'EENVELOPE' || code === 'EMESSAGE') return 'The mail server refused the message.';
  if (code === 'ECONNECTION' || code === 'ESOCKET') return 'The mail server closed the connection.';
  if (code === 'EPROTOCOL') return 'The mail server answered in a way that is not understood.';
  return 'The message could not be sent through this mail server.';
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

/**
 * A new `Message-ID` for mail from `sender` (`"Name" <address>` or an address), on the sender's
 * domain as every other message from it: mail given its id before it is sent (replies, which
 * later replies thread under, and acknowledgements) looks like the rest of the agency's mail.
 */
export function messageIdFrom(sender: string): string {
  const address = addressOf(sender);
  const domain = address.includes('@') ? address.slice(address.lastIndexOf('@') + 1).toLowerCase() : '';
  return `<${randomUUID()}@${domain || 'localhost'}>`;
}

export interface Mailer {
  /** Where mail goes now (read at every call: a change in Settings applies to the next e-mail). */
  source(): MailSource;
  /** Who mail goes out from now: the Settings sender, or `SMTP_URL`'s (also while mail is off). */
  sender(): string;
  /**
   * Sends through the set-up in force, from its sender; throws when mail is off, when the server of
   * Settings is not one the site may connect to (`MailServerNotAllowed`) or when the server refuses.
   */
  send(message: OutgoingMail): Promise<SentMessageInfo>;
  /**
   * Sends one message through a set-up typed in Settings and not saved yet (the test e-mail); an
   * empty password stands for the saved one, only with the host, port and user it was saved with.
   * `SMTP_URL` does not matter here: this tries the fields. Throws a `ValidationError` naming the
   * field before connecting anywhere when the password must be typed again or the server is not
   * one the site may connect to.
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
  /** Where the set-up of Settings may connect: public mail servers only unless given (`SMTP_ALLOW_PRIVATE`). */
  checkMailServer?: CheckMailServer;
  /** Tests only: extra TLS options, such as the loopback server's certificate authority. */
  tls?: ConnectionOptions;
}

/**
 * What every sender sends through. It follows `chooseMailSetup` at each send: when Settings change
 * (polled from the database by every instance), the next e-mail goes through the new set-up, no
 * restart needed. `SMTP_URL` keeps one transport; the set-up of Settings is checked (its name
 * resolved again) at every send and connects to the address checked.
 */
export function createMailer({ smtpUrl, envFrom, saved, keyring, checkMailServer = createMailServerCheck({ allowPrivate: false }), tls }: MailerDeps): Mailer {
  let cached: { saved: StoredSmtp | null; setup: MailSetup; transport?: Transporter } | undefined;
  const current = () => {
    const savedNow = saved();
    if (cached?.saved !== savedNow || !cached) {
      cached?.transport?.close();
      const setup = chooseMailSetup({ smtpUrl, envFrom, saved: savedNow, keyring });
      cached = { saved: savedNow, setup, transport: setup.source === 'environment' ? createTransport(setup, tls) : undefined };
    }
    return cached;
  };
  /** One message through the server of Settings, at an address already checked. */
  const sendOnce = async (setup: SettingsSetup, address: string, message: SendMailOptions) => {
    const transport = createTransport({ ...setup, address }, tls);
    try {
      return await transport.sendMail(message);
    } finally {
      transport.close();
    }
  };
  return {
    source: () => current().setup.source,
    sender() {
      const { setup } = current();
      return setup.source === 'off' ? envFrom : setup.from;
    },
    async send({ fromName, ...message }) {
      const { setup, transport } = current();
      if (setup.source === 'off') throw new Error('Mail is off: no mail server is set up.');
      const from = fromName ? { name: fromName, address: addressOf(setup.from) } : setup.from;
      if (setup.source === 'environment') return transport!.sendMail({ ...message, from });
      return sendOnce(setup, await checkMailServer(setup.smtp.host, setup.smtp.port), { ...message, from });
    },
    async trial({ password, ...fields }, message) {
      // Both checks come before any connection: the saved password, then where it would go.
      const usable = password || (fields.user ? keyring.open(savedPasswordFor(fields, saved()), secretPurpose.smtpPassword) : '');
      const address = await checkTypedMailServer(checkMailServer, fields);
      const setup: SettingsSetup = { source: 'settings', ...settingsSetup(fields, usable) };
      return sendOnce(setup, address, { ...message, from: setup.from });
    },
    close() {
      cached?.transport?.close();
      cached = undefined;
    },
  };
}
