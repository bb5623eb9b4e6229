import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { createKeyring, parseAppKeys } from '../app-key';
import { createDb, type Db } from '../db/connection';
import { createAuditTrail, SYSTEM_ACTOR } from './audit';
import { createMailboxReader, MAX_MESSAGE_BYTES, type FileInboundMail, type InboundPlace, type InboundSource, type MailboxReader } from './mailbox-reader';
import { createSettingsService, type SettingsService } from './settings';
import { startDovecot, type Dovecot } from '../../tests/helpers/dovecot';
import { loopbackMailServers, waitFor } from '../../tests/helpers/smtp-inbox';
import { createTestDb, type TestDb } from '../../tests/helpers/test-db';

/** A client's message, its Message-ID and subject telling which one it is. */
const message = (name: string, body = 'Thanks for the quote.') =>
  `From: Client <client@example.com>\r\nTo: hello@agency.test\r\nSubject: ${name}\r\nMessage-ID: <${name}@example.com>\r\nDate: Sat, 28 Nov 2026 10:00:00 +0000\r\n\r\n${body}\r\n`;

/** How long a wait for mail may last before the test fails: long, as the tests share a busy machine (no duration is asserted). */
const PATIENCE_MS = 30_000;

/** What a filing function was given, in call order, with when (to measure how fast IDLE brings mail). */
interface Filed {
  place: InboundPlace;
  source: InboundSource;
  subject: string;
  at: number;
}

/**
 * A recording `file`: stands for filing (server/leads/inbound-mail.ts), which stores each
 * message once by its place and Message-ID, and answers 'duplicate' for one it has.
 */
function recorder() {
  const calls: Filed[] = [];
  const stored = new Set<string>();
  const outcomes: string[] = [];
  const file: FileInboundMail = async (place, source) => {
    const subject = /^Subject: (.*)$/m.exec(source.raw.toString('latin1'))?.[1]?.trim() ?? '';
    calls.push({ place, source, subject, at: Date.now() });
    const key = `${place.mailbox} ${place.uidValidity} ${place.uid}`;
    outcomes.push(stored.has(key) ? 'duplicate' : 'filed');
    stored.add(key);
    return { outcome: outcomes.at(-1) };
  };
  return { calls, outcomes, file, subjects: () => calls.map((call) => call.subject) };
}

describe('the mailbox reader (against Dovecot)', () => {
  let testDb: TestDb;
  let dovecot: Dovecot;
  let settings: SettingsService;
  const keyring = createKeyring(parseAppKeys(randomBytes(32).toString('base64')));
  const readers: MailboxReader[] = [];
  const logged: string[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(line) });
  let folder = 0;

  /** A new folder of its own for a test, set up in Settings as the one to read. */
  const useNewFolder = async (prefix = 'Test') => {
    const name = `${prefix}${(folder += 1)}`;
    await dovecot.createFolder(name);
    await settings.update({ imap: { host: 'localhost', port: dovecot.tlsPort, security: 'tls', user: dovecot.user, password: dovecot.password, mailbox: name } }, SYSTEM_ACTOR);
    return name;
  };
  /** A reader with a poll far longer than any test: whatever it reads came through IDLE or `readNow()`. */
  const reader = (file: FileInboundMail, db: Db = testDb.db) => {
    const made = createMailboxReader({ db, settings, keyring, file, logger, pollMs: 10 * 60_000, checkMailServer: loopbackMailServers, tls: { ca: dovecot.ca }, retryMs: { first: 50, longest: 200 } });
    readers.push(made);
    return made;
  };

  beforeAll(async () => {
    [dovecot, testDb] = await Promise.all([startDovecot(), createTestDb()]);
    settings = createSettingsService({ db: testDb.db, config: { notifyTo: undefined }, audit: createAuditTrail({ db: testDb.db }), keyring, checkMailServer: loopbackMailServers });
  }, 60_000);
  afterEach(async () => {
    await Promise.all(readers.splice(0).map((made) => made.stop()));
  });
  afterAll(async () => {
    await testDb.destroy();
    await dovecot.stop();
  });

  it('passes each message to file once, in UID order, and a restart does not pass them again', async () => {
    const name = await useNewFolder();
    const uids = [];
    for (const subject of ['one', 'two', 'three']) uids.push(await dovecot.append(message(subject), name));
    const filing = recorder();
    const first = reader(filing.file);
    first.start();
    await first.readNow();
    expect(filing.subjects()).toEqual(['one', 'two', 'three']);
    expect(filing.calls.map((call) => call.place.uid)).toEqual(uids);
    expect(filing.calls[0]!.place).toEqual({ mailbox: `${dovecot.user}@localhost:${dovecot.tlsPort}/${name}`, uidValidity: expect.stringMatching(/^\d+$/), uid: uids[0] });
    expect(filing.calls[0]!.source.raw.toString()).toBe(message('one'));
    expect(filing.calls[0]!.source.truncatedFrom).toBeUndefined();
    await first.stop();

    const second = reader(filing.file);
    second.start();
    await second.readNow();
    expect(filing.calls).toHaveLength(3);
    await dovecot.append(message('four'), name);
    await second.readNow();
    expect(filing.subjects()).toEqual(['one', 'two', 'three', 'four']);
    expect(filing.outcomes).toEqual(['filed', 'filed', 'filed', 'filed']);
  });

  it('reads a folder the first time from the last two weeks only (not the years of mail before), then every new message, whatever its date', async () => {
    const name = await useNewFolder();
    const days = (count: number) => new Date(Date.now() - count * 86_400_000);
    await dovecot.append(message('last year'), name, days(365));
    await dovecot.append(message('last week'), name, days(7));
    const filing = recorder();
    const first = reader(filing.file);
    first.start();
    await first.readNow();
    expect(filing.subjects()).toEqual(['last week']);
    // Moved into the folder later, though written long ago: new to the reader all the same.
    await dovecot.append(message('old, moved in now'), name, days(90));
    await first.readNow();
    expect(filing.subjects()).toEqual(['last week', 'old, moved in now']);
  });

  it('starts an empty first read after the folder\'s last message, so mail filed under an old date later is still read', async () => {
    const name = await useNewFolder();
    await dovecot.append(message('two years ago'), name, new Date(Date.now() - 730 * 86_400_000));
    const filing = recorder();
    const first = reader(filing.file);
    first.start();
    await first.readNow();
    expect(filing.calls).toHaveLength(0);
    await dovecot.append(message('forwarded from an old thread'), name, new Date(Date.now() - 400 * 86_400_000));
    await first.readNow();
    expect(filing.subjects()).toEqual(['forwarded from an old thread']);
  });

  it('files again the message whose cursor was not moved (a crash after filing), which filing answers as a duplicate; nothing is lost', async () => {
    const name = await useNewFolder();
    for (const subject of ['before', 'crash', 'after']) await dovecot.append(message(subject), name);
    const filing = recorder();
    let crashed = false;
    const crashOnce: FileInboundMail = async (place, source) => {
      const outcome = await filing.file(place, source);
      if (!crashed && filing.subjects().at(-1) === 'crash') {
        crashed = true;
        throw new Error('the process died before the cursor moved');
      }
      return outcome;
    };
    const made = reader(crashOnce);
    made.start();
    await waitFor(() => filing.calls.length === 4, PATIENCE_MS);
    expect(filing.subjects()).toEqual(['before', 'crash', 'crash', 'after']);
    expect(filing.outcomes).toEqual(['filed', 'filed', 'duplicate', 'filed']);
    // The failure is logged in a short line of our own, with no password.
    expect(logged.some((line) => line.includes('mailbox not read'))).toBe(true);
    expect(logged.join('\n')).not.toContain(dovecot.password);
  });

  it('hears new mail through IDLE without waiting for the poll', async () => {
    const name = await useNewFolder();
    const filing = recorder();
    const made = reader(filing.file);
    made.start();
    await made.readNow();
    const delays: number[] = [];
    for (const subject of ['idle-1', 'idle-2', 'idle-3']) {
      await dovecot.append(message(subject), name);
      // From the moment the message is in the folder (APPEND answered).
      const appended = Date.now();
      await waitFor(() => filing.subjects().includes(subject), PATIENCE_MS);
      delays.push(filing.calls.at(-1)!.at - appended);
    }
    expect(filing.subjects()).toEqual(['idle-1', 'idle-2', 'idle-3']);
    if (process.env.MAILBOX_TIMINGS) process.stdout.write(`IDLE append → file (${process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded'}): ${delays.join(', ')} ms\n`);
  });

  it('passes a message over 40 MB as its headers only, with its size', async () => {
    const name = await useNewFolder();
    const big = message('huge', `${'x'.repeat(998)}\r\n`.repeat(Math.ceil((41 * 1024 * 1024) / 1000)));
    expect(big.length).toBeGreaterThan(MAX_MESSAGE_BYTES);
    await dovecot.append(big, name);
    await dovecot.append(message('small after it'), name);
    const filing = recorder();
    const made = reader(filing.file);
    made.start();
    await made.readNow();
    expect(filing.subjects()).toEqual(['huge', 'small after it']);
    const [huge] = filing.calls;
    expect(huge!.source.truncatedFrom).toBe(Buffer.byteLength(big));
    expect(huge!.source.raw.toString()).toBe(big.slice(0, big.indexOf('\r\n\r\n') + 4));
  }, 60_000);

  it('follows a change of the mailbox in Settings without a restart, and starts again when the folder is renumbered (new UIDVALIDITY)', async () => {
    const first = await useNewFolder();
    await dovecot.append(message('in the first folder'), first);
    const filing = recorder();
    const made = reader(filing.file);
    made.start();
    await made.readNow();
    const second = await useNewFolder();
    await dovecot.append(message('in the second folder'), second);
    await waitFor(() => filing.calls.length === 2, PATIENCE_MS);
    expect(filing.subjects()).toEqual(['in the first folder', 'in the second folder']);
    const was = filing.calls[1]!.place;

    // The folder deleted and made again: the same UID numbers under a new validity.
    await made.stop();
    await dovecot.recreateFolder(second);
    await dovecot.append(message('renumbered'), second);
    const again = reader(filing.file);
    again.start();
    await again.readNow();
    expect(filing.subjects()).toEqual(['in the first folder', 'in the second folder', 'renumbered']);
    expect(filing.calls[2]!.place.uid).toBe(was.uid);
    expect(filing.calls[2]!.place.uidValidity).not.toBe(was.uidValidity);
  });

  it('reads with one reader at a time when two instances run: each message passed once', async () => {
    const name = await useNewFolder();
    // A second instance has a database connection of its own (on the embedded database there is only one instance, its process).
    const otherDb = testDb.databaseUrl ? createDb({ databaseUrl: testDb.databaseUrl }) : testDb.db;
    try {
      const [filingA, filingB] = [recorder(), recorder()];
      const [a, b] = [reader(filingA.file), reader(filingB.file, otherDb)];
      a.start();
      b.start();
      for (const subject of ['shared-1', 'shared-2', 'shared-3']) await dovecot.append(message(subject), name);
      await Promise.all([a.readNow(), b.readNow()]);
      await waitFor(() => filingA.calls.length + filingB.calls.length >= 3, PATIENCE_MS);
      await Promise.all([a.readNow(), b.readNow()]);
      const [reading, waiting] = filingA.calls.length > 0 ? [a, b] : [b, a];
      const readingCalls = filingA.calls.length > 0 ? filingA : filingB;
      const waitingCalls = readingCalls === filingA ? filingB : filingA;
      expect(readingCalls.subjects()).toEqual(['shared-1', 'shared-2', 'shared-3']);
      expect(waitingCalls.calls).toHaveLength(0);

      // The reading instance stops: the other takes the mailbox over from where it got to.
      await reading.stop();
      await dovecot.append(message('shared-4'), name);
      await waiting.readNow();
      expect(waitingCalls.subjects()).toEqual(['shared-4']);
      expect(readingCalls.calls).toHaveLength(3);
      await waiting.stop();
    } finally {
      if (otherDb !== testDb.db) await otherDb.destroy();
    }
  });

  it('does nothing while no mailbox is set up, and starts reading once one is', async () => {
    await settings.update({ imap: null }, SYSTEM_ACTOR);
    const filing = recorder();
    const made = reader(filing.file);
    made.start();
    await made.readNow();
    expect(filing.calls).toHaveLength(0);
    const name = await useNewFolder();
    await dovecot.append(message('once set up'), name);
    await waitFor(() => filing.calls.length === 1, PATIENCE_MS);
    expect(filing.subjects()).toEqual(['once set up']);
  });
});
