/**
 * `npm run bench:client-answer`: how soon a client's answer shows on the lead.
 *
 * Debian's Dovecot holds the agency's mailbox and a loopback SMTP server takes what the site sends.
 * Staff reply to N leads (`BENCH_LEADS`, 20 by default) over HTTP; each reply is taken from the SMTP
 * server, and the client's answer (`In-Reply-To` its `Message-ID`) is appended to the mailbox. Timed:
 * from the APPEND to the answer being in the lead's conversation (`GET /api/leads/:type/:id`, asked
 * every 50 ms). Run on one server on the embedded database, then on two servers sharing one fresh
 * PostgreSQL database; each answer must be filed exactly once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';
import { simpleParser } from 'mailparser';
import { createKeyring, newAppKey, parseAppKeys } from '../../server/app-key';
import { createDb } from '../../server/db/connection';
import { migrateLatest } from '../../server/db/migrate';
import { createLogger } from '../../server/logger';
import { createAdminAuth } from '../../server/auth';
import { createAuditTrail, SYSTEM_ACTOR } from '../../server/services/audit';
import { createSettingsService } from '../../server/services/settings';
import type { ThreadMessageJson } from '../../shared/inbound-mail';
import { startDovecot, type Dovecot } from '../../tests/helpers/dovecot';
import { loopbackMailServers, startSmtp, type Inbox } from '../../tests/helpers/smtp-inbox';
import { startServer, type RunningServer } from '../../tests/e2e/server';
import { freshDatabase } from '../lib/fresh-database';
import { freePort, percentile } from '../lib/net';
import { PRODUCTION_RUNTIME_ENV } from '../lib/production-env';

const LEADS = Number(process.env.BENCH_LEADS ?? 20);
const OWNER = { username: 'answer-bench', password: 'client answer bench passphrase', displayName: 'Maria Lopez' };
const REPLY_ADDRESS = 'team@agency.test';
const POLL_MS = 50;
/** Far beyond the one minute the issue allows: a stuck reader fails the run instead of hanging it. */
const GIVE_UP_MS = 120_000;

interface Lead {
  id: string;
  email: string;
}

interface RunResult {
  name: string;
  delays: number[];
  /** Answers per lead as the site shows them (each must be 1), and the inbound rows stored. */
  filedOnce: boolean;
  inboundRows: number;
}

/** The owner, the leads and the settings (reply address, the Dovecot mailbox), written before any server starts. */
async function prepare(db: Knex, appKey: string, dovecot: Dovecot): Promise<Lead[]> {
  await migrateLatest(db);
  const logger = createLogger('silent');
  await createAdminAuth({ db, logger }).createAdmin(OWNER.username, OWNER.password, 'owner');
  await db('admin_users').where({ username: OWNER.username }).update({ display_name: OWNER.displayName });
  const now = Date.now();
  const leads = Array.from({ length: LEADS }, (_, index) => ({ id: randomUUID(), email: `client-${index}@example.com` }));
  await db('leads').insert(
    leads.map((lead, index) => ({
      id: lead.id,
      type: 'contact',
      name: `Client ${index}`,
      email: lead.email,
      phone: '+1 555 0100',
      subject: 'Bakery website',
      message: 'A site with online orders.',
      submitted_at: new Date(now - 3600_000),
      due_at: new Date(now + 20 * 3600_000),
    })),
  );
  const settings = createSettingsService({ db, config: {}, audit: createAuditTrail({ db }), keyring: createKeyring(parseAppKeys(appKey)), checkMailServer: loopbackMailServers, logger });
  await settings.refresh();
  await settings.update(
    { replyAddress: REPLY_ADDRESS, imap: { host: 'localhost', port: dovecot.tlsPort, security: 'tls', user: dovecot.user, password: dovecot.password, mailbox: 'INBOX' } },
    SYSTEM_ACTOR,
  );
  return leads;
}

async function signIn(base: string): Promise<Record<string, string>> {
  const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: base }, body: JSON.stringify({ username: OWNER.username, password: OWNER.password }) });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  const cookie = login.headers.getSetCookie().find((line) => /^(__Host-)?sid=/.test(line))!.split(';')[0]!;
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  return { cookie, origin: base, 'x-csrf-token': csrfToken, 'content-type': 'application/json' };
}

async function thread(base: string, headers: Record<string, string>, lead: Lead): Promise<ThreadMessageJson[]> {
  const response = await fetch(`${base}/api/leads/contact/${lead.id}`, { headers });
  if (!response.ok) throw new Error(`GET lead answered ${response.status}`);
  return ((await response.json()) as { messages: ThreadMessageJson[] }).messages;
}

/** Waits for the reply to `to` in the SMTP inbox and answers its Message-ID. */
async function sentMessageId(inbox: Inbox, to: string): Promise<string> {
  const deadline = Date.now() + GIVE_UP_MS;
  while (Date.now() < deadline) {
    for (const raw of inbox.messages) {
      const parsed = await simpleParser(raw);
      const recipients = [parsed.to ?? []].flat().flatMap((address) => address.value.map((one) => one.address));
      if (recipients.includes(to) && parsed.messageId) return parsed.messageId;
    }
    await sleep(POLL_MS);
  }
  throw new Error(`the reply to ${to} never reached the SMTP server`);
}

function answer(lead: Lead, inReplyTo: string): string {
  return [
    `From: ${lead.email}`,
    `To: ${REPLY_ADDRESS}`,
    'Subject: Re: Bakery website',
    `Message-ID: <${randomUUID()}@example.com>`,
    `In-Reply-To: ${inReplyTo}`,
    `References: ${inReplyTo}`,
    `Date: ${new Date().toUTCString()}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Thanks, Thursday at ten suits us.',
    '',
  ].join('\r\n');
}

/** Replies to every lead, then answers each one in turn and times how soon the site shows it. */
async function measure(name: string, servers: RunningServer[], leads: Lead[], inbox: Inbox, dovecot: Dovecot, countInbound: () => Promise<number>): Promise<RunResult> {
  const sessions = await Promise.all(servers.map(async (server) => ({ base: server.url, headers: await signIn(server.url) })));
  for (const [index, lead] of leads.entries()) {
    const { base, headers } = sessions[index % sessions.length]!;
    const response = await fetch(`${base}/api/leads/contact/${lead.id}/replies`, { method: 'POST', headers, body: JSON.stringify({ body: 'Hello,\n\nCould we call you on Thursday?' }) });
    if (response.status !== 201) throw new Error(`reply answered ${response.status}: ${await response.text()}`);
  }
  const delays: number[] = [];
  for (const [index, lead] of leads.entries()) {
    const messageId = await sentMessageId(inbox, lead.email);
    // Asked of each instance in turn: on PostgreSQL the one that reads the mailbox may be the other.
    const { base, headers } = sessions[index % sessions.length]!;
    const appended = performance.now();
    await dovecot.append(answer(lead, messageId));
    for (;;) {
      if ((await thread(base, headers, lead)).some((message) => message.direction === 'in')) break;
      if (performance.now() - appended > GIVE_UP_MS) throw new Error(`${name}: the answer of ${lead.email} was not filed within ${GIVE_UP_MS} ms`);
      await sleep(POLL_MS);
    }
    delays.push(performance.now() - appended);
  }
  // A while longer, so a second filing (by the other instance, or a re-read) would show.
  await sleep(5000);
  let filedOnce = true;
  for (const lead of leads) {
    for (const { base, headers } of sessions) {
      const answers = (await thread(base, headers, lead)).filter((message) => message.direction === 'in').length;
      if (answers !== 1) filedOnce = false;
    }
  }
  console.log(`${name}: ${delays.map((delay) => Math.round(delay)).join(', ')} ms`);
  await Promise.all(servers.map((server) => server.stop()));
  return { name, delays, filedOnce, inboundRows: await countInbound() };
}

async function main(): Promise<void> {
  let dovecot = await startDovecot();
  const inbox = await startSmtp();
  const caFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'answer-bench-')), 'ca.pem');
  fs.writeFileSync(caFile, dovecot.ca);
  const appKey = newAppKey();
  const env = { ...PRODUCTION_RUNTIME_ENV, LOG_LEVEL: 'warn', APP_KEY: appKey, SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, SMTP_ALLOW_PRIVATE: 'true', NODE_EXTRA_CA_CERTS: caFile };
  const results: RunResult[] = [];
  try {
    // A: one server on the embedded database (PGlite: one process, so prepared before it starts).
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'answer-bench-data-'));
    try {
      const embedded = createDb({ dataDir });
      const leads = await prepare(embedded, appKey, dovecot).finally(() => embedded.destroy());
      const server = await startServer({ ...env, PORT: String(await freePort()), DATA_DIR: dataDir });
      results.push(
        await measure('embedded, 1 server', [server], leads, inbox, dovecot, async () => {
          const db = createDb({ dataDir });
          try {
            return Number((await db('inbound_messages').count({ n: '*' }).first())?.n);
          } finally {
            await db.destroy();
          }
        }),
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }

    // B: two servers on one fresh PostgreSQL database, a fresh mailbox (Dovecot keeps INBOX: a new
    // server instead, its certificate signed by the same authority), the same key.
    await dovecot.stop();
    dovecot = await startDovecot();
    inbox.messages.length = 0;
    inbox.recipients.length = 0;
    const database = await freshDatabase(undefined, 'answer');
    if (!database) throw new Error('bench:client-answer needs PostgreSQL at postgres://postgres@localhost:5432');
    const db = createDb({ databaseUrl: database.url });
    try {
      const leads = await prepare(db, appKey, dovecot);
      const servers = await Promise.all([0, 1].map(async () => startServer({ ...env, PORT: String(await freePort()), DATABASE_URL: database.url })));
      results.push(await measure('PostgreSQL, 2 servers', servers, leads, inbox, dovecot, async () => Number((await db('inbound_messages').count({ n: '*' }).first())?.n)));
    } finally {
      await db.destroy();
      await database.drop();
    }
  } finally {
    await inbox.close();
    await dovecot.stop();
    fs.rmSync(path.dirname(caFile), { recursive: true, force: true });
  }

  console.log(`\nClient's answer: APPEND to Dovecot → on the lead (${LEADS} leads, asked every ${POLL_MS} ms; ${os.cpus().length} cores, ${new Date().toISOString().slice(0, 10)}):\n`);
  console.log('| Database | median | p95 | max | filed once | inbound rows |');
  console.log('|---|---|---|---|---|---|');
  for (const { name, delays, filedOnce, inboundRows } of results) {
    const ms = (q: number) => `${Math.round(percentile(delays, q))} ms`;
    console.log(`| ${name} | ${ms(0.5)} | ${ms(0.95)} | ${Math.round(Math.max(...delays))} ms | ${filedOnce ? 'yes' : 'NO'} | ${inboundRows} of ${LEADS} |`);
  }
  if (results.some((result) => !result.filedOnce || result.inboundRows !== LEADS)) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error('bench:client-answer failed:', error instanceof Error ? error.stack : error);
  process.exit(1);
});
