import net from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { ImapFlow } from 'imapflow';
import { z } from 'zod';
import { secretPurpose, type Keyring } from '../app-key';
import type { Knex } from 'knex';
import { countHit } from '../db/rate-limit-windows';
import { DomainError, RateLimitedError, ValidationError } from '../errors';
import { messages } from '../messages';
import { fieldErrorsOf } from '../../shared/zod-errors';
import { IMAP_PORTS, imapSetupSchema, type ImapTestAnswer } from '../../shared/settings';
import { checkTypedMailServer, createMailServerCheck, MailServerNotAllowed, type CheckMailServer } from './mail-destination';
import { UNTRUSTED_CERTIFICATE } from './mail-transport';
import { savedPasswordFor, type StoredImap } from './settings';
import type { AuditActor, AuditTrail } from './audit';
import { counted } from '../../shared/text';

/** How long the connection, the server's greeting and a silent socket may take before the attempt fails. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 5 * 60_000 };

/** A mailbox set-up with its password in clear, about to be used. */
export type OpenImap = Omit<StoredImap, 'password'> & { password: string };

/**
 * An imapflow client for a set-up, not connected yet. TLS always: from the start (`tls`) or by
 * STARTTLS, required (a server that does not offer it fails instead of getting the password in
 * clear). It connects to `address`, the one `CheckMailServer` answered for the host, and verifies
 * the certificate for the host as typed. `tls` adds options such as a certificate authority to
 * trust (tests).
 */
function imapClient({ host, port, security, user, password }: OpenImap, address: string, tls?: ConnectionOptions): ImapFlow {
  const typedName = host.replace(/^\[(.*)\]$/, '$1');
  return new ImapFlow({
    host: address,
    port,
    secure: security === 'tls',
    doSTARTTLS: security === 'starttls' ? true : undefined,
    // An address typed as such is checked against the certificate's addresses instead (no SNI).
    servername: net.isIP(typedName) ? false : typedName,
    auth: { user, pass: password },
    tls: { rejectUnauthorized: true, ...tls },
    logger: false,
    // The server's name for the client: nothing to say about the site.
    clientInfo: { name: 'agency back office' },
    // IDLE (where the server offers it) soon after the last command, not after imapflow's 15 s:
    // new mail is then heard within moments of arriving.
    autoIdleDelay: 500,
    ...TIMEOUTS,
  } as ConstructorParameters<typeof ImapFlow>[0]);
}

/**
 * Why the mailbox could not be read, in plain words drawn from the error's code and flags, never
 * from what the server said: whatever answers on the port typed must not have its words shown to
 * the person who typed it, nor written to the log.
 */
export function imapFailureSummary(error: unknown): string {
  if (error instanceof MailServerNotAllowed) return error.message;
  const { code, authenticationFailed, tlsFailed, serverResponseCode, mailboxMissing } = (error ?? {}) as {
    code?: string;
    authenticationFailed?: boolean;
    tlsFailed?: boolean;
    serverResponseCode?: string;
    mailboxMissing?: boolean;
  };
  if (mailboxMissing) return 'The folder was not found in this mailbox.';
  if (authenticationFailed) return 'The mailbox server refused the user name or password.';
  if (tlsFailed) return 'The mailbox server does not offer STARTTLS, so the connection cannot be secured.';
  if (code === 'ECONNREFUSED') return 'The connection was refused: no mailbox server answers on that port.';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'The mailbox server’s name was not found.';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'The mailbox server cannot be reached from this site.';
  if (code && UNTRUSTED_CERTIFICATE.test(code)) return 'The secure connection failed: the mailbox server’s certificate is not trusted for this name.';
  if (code === 'GREETING_TIMEOUT') return 'Something answered on that port, but not as a mailbox server does (no greeting).';
  if (code === 'CONNECT_TIMEOUT' || code === 'ETIMEOUT' || code === 'ETIMEDOUT' || code === 'UPGRADE_TIMEOUT') return 'The mailbox server did not answer in time.';
  if (code && /^ERR_(SSL|TLS)_|^EPROTO$/.test(code)) return 'The secure connection (TLS) with the mailbox server failed.';
  if (code === 'ClosedAfterConnectTLS' || code === 'ClosedAfterConnectText' || code === 'NoConnection' || code === 'EConnectionClosed' || code === 'ECONNRESET') {
    return 'The mailbox server closed the connection.';
  }
  if (serverResponseCode === 'NONEXISTENT') return 'The folder was not found in this mailbox.';
  if (code?.startsWith('ParserError') || code === 'InvalidResponse' || code === 'UnexpectedTag') return 'Something answered on that port, but not as a mailbox server does.';
  return 'The mailbox could not be read with this set-up.';
}

/** IMAP's one case-insensitive name (RFC 3501): `inbox` is the INBOX. */
const folderKey = (name: string) => (name.toUpperCase() === 'INBOX' ? 'INBOX' : name);

/**
 * Opens the set-up's folder read-only (nothing is marked read) and answers every folder's name. A
 * folder the account does not have says so in words rather than as whatever the server answers.
 */
export async function openFolder(client: ImapFlow, mailbox: string): Promise<string[]> {
  const folders = (await client.list()).map((folder) => folder.path);
  if (!folders.some((folder) => folderKey(folder) === folderKey(mailbox))) throw Object.assign(new Error('folder not found'), { mailboxMissing: true });
  await client.mailboxOpen(mailbox, { readOnly: true });
  return folders;
}

/** `POST /api/settings/imap-test`: `{ imap }` as typed in Settings, saved or not. */
const imapTestSchema = z.strictObject({ imap: imapSetupSchema });

/** Why "Test connection" failed once connecting: in words, beside the field to fix. */
export interface ImapTestFailure {
  failed: string;
  field: 'imap.host' | 'imap.password' | 'imap.mailbox';
}

export interface MailboxConnection {
  /** A client for the saved set-up, connected, its folder not opened yet; throws what `imapFailureSummary` puts in words. */
  connect(saved: StoredImap): Promise<ImapFlow>;
  /**
   * "Test connection": signs in with the set-up typed (an empty password stands for the saved one,
   * with the host, port and user it was saved with only) and answers the folders and the message
   * count of the chosen one, or what failed in words and the field to fix. A set-up that cannot be
   * tried (a field wrong, the password to type again, a server the site may not reach) is a
   * `ValidationError`, before any connection.
   */
  trial(input: unknown): Promise<ImapTestAnswer | ImapTestFailure>;
}

export interface MailboxConnectionDeps {
  keyring: Keyring;
  /** The saved set-up (its password sealed), for a test with the password left empty. */
  saved: () => StoredImap | null;
  /** Where the mailbox server may be: public ones on IMAP's ports only unless given (`SMTP_ALLOW_PRIVATE`). */
  checkMailServer?: CheckMailServer;
  /** Tests only: extra TLS options, such as the loopback server's certificate authority. */
  tls?: ConnectionOptions;
}

/** The one way to the agency's mailbox, for the reader and for "Test connection": the same policy, TLS and words for failures. */
export function createMailboxConnection({ keyring, saved, checkMailServer = createMailServerCheck({ allowPrivate: false }), tls }: MailboxConnectionDeps): MailboxConnection {
  /** A connected client; the password never leaves this function but to the server it was saved for. */
  const connected = async (setup: OpenImap, address: string) => {
    const client = imapClient(setup, address, tls);
    // A failure after connecting (the socket dropped) is an 'error' event as well: without a
    // listener it would end the process. The caller hears of it through the failed command.
    client.on('error', () => undefined);
    try {
      await client.connect();
      return client;
    } catch (error) {
      client.close();
      throw error;
    }
  };

  return {
    async connect(stored) {
      // Checked at every connection: the name may point elsewhere now, or SMTP_ALLOW_PRIVATE be gone.
      const address = await checkMailServer(stored.host, stored.port, IMAP_PORTS);
      return connected({ ...stored, password: keyring.open(stored.password, secretPurpose.imapPassword) }, address);
    },

    async trial(input) {
      const parsed = imapTestSchema.safeParse(input ?? {});
      if (!parsed.success) throw new ValidationError(messages.settings.invalid, fieldErrorsOf(parsed.error, { unknownField: messages.settings.unknown }));
      const { password, ...fields } = parsed.data.imap;
      // Both checks come before any connection: the saved password, then where it would go.
      const usable = password || keyring.open(savedPasswordFor(fields, saved(), 'imap'), secretPurpose.imapPassword);
      const address = await checkTypedMailServer(checkMailServer, fields, 'imap');
      let client: ImapFlow | undefined;
      try {
        client = await connected({ ...fields, password: usable }, address);
        const folders = await openFolder(client, fields.mailbox);
        const messages = typeof client.mailbox === 'object' ? client.mailbox.exists : 0;
        return { folders, mailbox: fields.mailbox, messages };
      } catch (error) {
        if (error instanceof DomainError) throw error;
        const { mailboxMissing, authenticationFailed } = error as { mailboxMissing?: boolean; authenticationFailed?: boolean };
        return { failed: imapFailureSummary(error), field: mailboxMissing ? 'imap.mailbox' : authenticationFailed ? 'imap.password' : 'imap.host' };
      } finally {
        if (client) await client.logout().catch(() => client?.close());
      }
    },
  };
}

/**
 * Mailbox tests one account may run per minute: enough to fix a field and try again, too few to
 * make the button a way of guessing a mailbox's password.
 */
export const IMAP_TEST_LIMIT = { perWindow: 10, windowSeconds: 60 } as const;

/**
 * "Test connection" as the route runs it: counted per account, and each try that connected audited
 * with what it found or why it failed; a failure is a 400 naming the field to fix.
 */
export function createImapTest({ db, connection, audit }: { db: Knex; connection: MailboxConnection; audit: AuditTrail }) {
  return async function testMailbox(actor: AuditActor, input: unknown): Promise<ImapTestAnswer> {
    const { hits, secondsLeft } = await countHit(db, `imap-test:account:${actor.id}`, IMAP_TEST_LIMIT.windowSeconds);
    if (hits > IMAP_TEST_LIMIT.perWindow) throw new RateLimitedError(messages.settings.imapTestLimited(secondsLeft), secondsLeft);
    const result = await connection.trial(input);
    const summary = 'failed' in result ? `failed: ${result.failed}` : `found ${counted(result.messages, 'message')} in ${result.mailbox}`;
    await audit.record(actor, { action: 'settings.imap-test', target: { type: 'settings', id: 'back-office' }, summary: summary.slice(0, 300) });
    if ('failed' in result) throw new ValidationError(result.failed, { [result.field]: result.failed });
    return result;
  };
}

export type TestMailbox = ReturnType<typeof createImapTest>;
