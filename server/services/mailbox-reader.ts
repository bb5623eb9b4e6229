import type { ConnectionOptions } from 'node:tls';
import type { ImapFlow } from 'imapflow';
import type { Knex } from 'knex';
import type { Keyring } from '../app-key';
import type { Logger } from '../logger';
import type { CheckMailServer } from './mail-destination';
import { createMailboxConnection, imapFailureSummary, openFolder, type MailboxConnection } from './mailbox-connection';
import type { SettingsService, StoredImap } from './settings';

/** A message's place in the agency's mailbox: the folder, its UIDVALIDITY and the message's UID. */
export interface InboundPlace {
  mailbox: string;
  uidValidity: string;
  uid: number;
}

/** What the reader hands to filing for one message. */
export interface InboundSource {
  /** The whole message (RFC 822), or only its headers when `truncatedFrom` is set. */
  raw: Buffer;
  /** The message's size in bytes when the reader did not download it (over 40 MB). */
  truncatedFrom?: number;
}

/**
 * Filing's `file` (`createInboundMail(...).file`): stores the message once, whatever it answers.
 * It must be idempotent by place and Message-ID: the reader calls it again for a message whose
 * cursor was not advanced (a crash in between).
 */
export type FileInboundMail = (place: InboundPlace, source: InboundSource) => Promise<unknown>;

/** Larger messages are not downloaded: filing gets their headers and size, and lists them as too large. */
export const MAX_MESSAGE_BYTES = 40 * 1024 * 1024;
/**
 * How far back a folder is read the first time (no cursor for it yet): a mailbox connected for the
 * first time holds years of the agency's mail, which would all land in Unmatched mail; answers to
 * the replies of the last two weeks are what staff wait for.
 */
export const FIRST_READ_DAYS = 14;

/** How often the folder is read when nothing says new mail arrived (the server lacks IDLE, or IDLE missed it). */
export const DEFAULT_POLL_MS = 60_000;

/** The waits after a failure: doubling from the first to the longest, so a mailbox that is down is not hammered. */
const DEFAULT_RETRY_MS = { first: 1000, longest: 5 * 60_000 };

export interface MailboxReader {
  /** Reads the mailbox from now on: at once, on each new-mail signal, and every `pollMs`. */
  start(): void;
  /** Stops reading (a message being filed is finished first) and lets the folder go for another instance. */
  stop(): Promise<void>;
  /** Reads the folder now instead of waiting; resolves once that round is over (or the reader cannot read). */
  readNow(): Promise<void>;
}

export interface MailboxReaderDeps {
  db: Knex;
  settings: Pick<SettingsService, 'imap' | 'onChange'>;
  keyring: Keyring;
  file: FileInboundMail;
  logger: Logger;
  pollMs?: number;
  /** Where the mailbox server may be (`SMTP_ALLOW_PRIVATE`): as for Settings' "Test connection". */
  checkMailServer?: CheckMailServer;
  /** Tests only: extra TLS options, such as the loopback server's certificate authority. */
  tls?: ConnectionOptions;
  /** Tests only: shorter waits after a failure. */
  retryMs?: { first: number; longest: number };
}

/** The folder's name for filing and the cursor: the account and the folder, so another mailbox set up later starts its own count. */
export function mailboxName({ user, host, port, mailbox }: Pick<StoredImap, 'user' | 'host' | 'port' | 'mailbox'>): string {
  return `${user}@${host.toLowerCase()}:${port}/${mailbox}`;
}

/** The same mailbox set-up (the settings document is read again whole at each change, so the objects differ). */
const sameSetup = (a: StoredImap | null, b: StoredImap | null) => JSON.stringify(a) === JSON.stringify(b);

/** The lock every instance's reader takes before reading: one reader at a time, whichever instance. */
interface ReaderLock {
  /** Throws when the lock may have been lost (its database connection broke). */
  check(): Promise<void>;
  release(): Promise<void>;
}

/** The readers of embedded databases in this process: PGlite lives inside one process, so the lock is this set. */
const embeddedReaders = new WeakSet<Knex>();

/**
 * One reader at a time. On PostgreSQL a session-level advisory lock on a connection of its own,
 * held while reading: if the instance dies, its connection ends and the lock goes with it, so
 * another instance takes over at its next try. The embedded database has one instance (its
 * process), so a lock in memory is enough.
 */
async function takeReaderLock(db: Knex): Promise<ReaderLock | null> {
  if (db.client.config.client !== 'pg') {
    if (embeddedReaders.has(db)) return null;
    embeddedReaders.add(db);
    return { check: async () => undefined, release: async () => void embeddedReaders.delete(db) };
  }
  type PgConnection = { query(text: string): Promise<{ rows: { locked?: boolean }[] }> };
  const connection = (await db.client.acquireConnection()) as PgConnection;
  try {
    const { rows } = await connection.query("select pg_try_advisory_lock(hashtext('mailbox reader')) as locked");
    if (!rows[0]?.locked) {
      db.client.releaseConnection(connection);
      return null;
    }
  } catch (error) {
    db.client.releaseConnection(connection);
    throw error;
  }
  return {
    async check() {
      await connection.query('select 1');
    },
    async release() {
      // A broken connection has lost the lock already; the pool drops it.
      await connection.query("select pg_advisory_unlock(hashtext('mailbox reader'))").catch(() => undefined);
      db.client.releaseConnection(connection);
    },
  };
}

/**
 * The reader of the agency's mailbox (Settings > Mail): each message that arrives in the folder is
 * passed to filing once, in UID order. Where it got to is stored per folder and UIDVALIDITY
 * (`mailbox_cursors`), advanced after each message is filed, so a restart carries on where it
 * stopped and a crash between filing and the cursor only files that message again (filing answers
 * "duplicate"). It stays connected, hears new mail through IMAP IDLE where the server offers it
 * (imapflow idles by itself and reports `exists`), and also reads every `pollMs`. After a failure
 * it connects again after a wait that doubles; a change of the mailbox in Settings starts it again
 * with the new one.
 */
export function createMailboxReader({ db, settings, keyring, file, logger, pollMs = DEFAULT_POLL_MS, checkMailServer, tls, retryMs = DEFAULT_RETRY_MS }: MailboxReaderDeps): MailboxReader {
  const connection: MailboxConnection = createMailboxConnection({ keyring, saved: settings.imap, checkMailServer, tls });
  let running: Promise<void> | undefined;
  let stopping = false;
  let client: ImapFlow | undefined;
  /** Set by anything the loop should act on (new mail, a change of settings, stop): a pause ends at once. */
  let signalled = false;
  let endPause: (() => void) | undefined;
  let readWaiters: (() => void)[] = [];

  const signal = () => {
    signalled = true;
    endPause?.();
  };
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (signalled) return resolve();
      const timer = setTimeout(resolve, ms);
      endPause = () => {
        clearTimeout(timer);
        resolve();
      };
    }).then(() => {
      signalled = false;
      endPause = undefined;
    });
  /** `readNow()` callers waiting for a round that started after they asked. */
  const readDone = (waiters = readWaiters) => {
    if (waiters === readWaiters) readWaiters = [];
    for (const resolve of waiters) resolve();
  };

  /** Each message above the cursor, in UID order: filed, then the cursor moved past it. */
  const readNew = async (imap: ImapFlow, mailbox: string) => {
    // The server tells of messages that arrived since the last command in its answer to this one.
    await imap.noop();
    if (typeof imap.mailbox !== 'object') throw new Error('no folder open');
    const uidValidity = String(imap.mailbox.uidValidity);
    const cursor = await db('mailbox_cursors').where({ mailbox, uid_validity: uidValidity }).first<{ last_uid: string | number } | undefined>('last_uid');
    const after = Number(cursor?.last_uid ?? 0);
    // `n:*` always holds the folder's last message, even below n: hence the filter.
    const query = cursor ? { uid: `${after + 1}:*` } : { since: new Date(Date.now() - FIRST_READ_DAYS * 86_400_000) };
    // Read before the search: whatever arrives from now on has a UID at least this.
    const firstUnseen = imap.mailbox.uidNext;
    const uids = ((await imap.search(query, { uid: true })) || []).filter((uid) => uid > after).sort((a, b) => a - b);
    const moveCursor = (uid: number) => {
      const at = new Date();
      return db('mailbox_cursors').insert({ mailbox, uid_validity: uidValidity, last_uid: uid, updated_at: at }).onConflict(['mailbox', 'uid_validity']).merge({ last_uid: uid, updated_at: at });
    };
    for (const uid of uids) {
      if (stopping) return;
      const { size = 0 } = (await imap.fetchOne(String(uid), { size: true }, { uid: true })) || {};
      const source: InboundSource =
        size > MAX_MESSAGE_BYTES
          ? { raw: ((await imap.fetchOne(String(uid), { headers: true }, { uid: true })) || {}).headers ?? Buffer.alloc(0), truncatedFrom: size }
          : { raw: ((await imap.fetchOne(String(uid), { source: true }, { uid: true })) || {}).source ?? Buffer.alloc(0) };
      await file({ mailbox, uidValidity, uid }, source);
      await moveCursor(uid);
    }
    // A first read leaves the older mail behind for good: from now on, every UID after it counts.
    if (!cursor && !stopping) await moveCursor(Math.max(uids.at(-1) ?? 0, firstUnseen - 1));
  };

  /** One connection's life: holds the lock, reads at once, then at each signal or `pollMs`, until stopped, changed or broken. */
  const session = async (setup: StoredImap) => {
    const lock = await takeReaderLock(db);
    if (!lock) {
      // Another instance reads the mailbox; try again later, in case it stops.
      readDone();
      await pause(pollMs);
      return;
    }
    const mailbox = mailboxName(setup);
    let imap: ImapFlow | undefined;
    try {
      imap = client = await connection.connect(setup);
      let closed = false;
      imap.on('exists', signal);
      imap.on('close', () => {
        closed = true;
        signal();
      });
      await openFolder(imap, setup.mailbox);
      logger.info({ mailbox }, 'reading the mailbox');
      while (!stopping && sameSetup(settings.imap(), setup)) {
        await lock.check();
        if (closed) throw new Error('connection closed');
        const waiters = readWaiters;
        readWaiters = [];
        await readNew(imap, mailbox);
        readDone(waiters);
        await pause(pollMs);
      }
    } finally {
      client = undefined;
      imap?.close();
      await lock.release();
    }
  };

  const run = async () => {
    let failures = 0;
    while (!stopping) {
      const setup = settings.imap();
      if (!setup) {
        readDone();
        await pause(pollMs);
        continue;
      }
      try {
        await session(setup);
        failures = 0;
      } catch (error) {
        if (stopping) break;
        failures += 1;
        const waitMs = Math.min(retryMs.first * 2 ** (failures - 1), retryMs.longest);
        // Our words only: no password, no server text.
        logger.warn({ mailbox: mailboxName(setup), retryInSeconds: Math.round(waitMs / 1000) }, `mailbox not read: ${imapFailureSummary(error)}`);
        readDone();
        await pause(waitMs);
      }
    }
    readDone();
  };

  // A change of the mailbox (on this instance or another) ends the session at its next pause, the
  // loop then starts with the new one.
  let setupNow = settings.imap();
  settings.onChange(() => {
    if (sameSetup(settings.imap(), setupNow)) return;
    setupNow = settings.imap();
    signal();
  });

  return {
    start() {
      if (running) return;
      stopping = false;
      running = run();
    },
    async stop() {
      stopping = true;
      // Ends a download or a connection attempt at once; nothing is lost, the cursor was not moved.
      client?.close();
      signal();
      const done = running;
      running = undefined;
      await done;
    },
    readNow() {
      if (!running) return Promise.resolve();
      return new Promise((resolve) => {
        readWaiters.push(resolve);
        signal();
      });
    },
  };
}

/** The server's reader of the agency's mailbox, started: each new message goes to filing's `file` (server/leads/inbound-mail.ts). */
export function readAgencyMailbox(deps: MailboxReaderDeps): MailboxReader {
  const reader = createMailboxReader(deps);
  reader.start();
  return reader;
}
