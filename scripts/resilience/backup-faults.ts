/**
 * Backups under fault, through the commands an owner runs (`npm run backup`, `npm run restore`)
 * and the production build:
 *
 * - `kill -9` while `npm run backup` writes: nothing in BACKUP_DIR looks like a finished backup
 *   (only the hidden `.partial` file is left), and the next backup succeeds.
 * - The round trip both ways: an embedded site with leads and notes, the sample portfolio's images,
 *   an owner with two-factor sign-in and an editor, analytics → backup → restore into PostgreSQL →
 *   every table's rows and every image's bytes identical, the restored site serves the same pages
 *   and both accounts sign in; then PostgreSQL → backup → restore into a new embedded folder, the
 *   same again. The tables are taken from the catalogue, so one added later is covered unasked.
 * - A restore of that backup cut short, or with one byte changed: refused with a message saying
 *   so, into a database holding data (`--replace`) and into an empty one, neither touched.
 *
 * 100,000 leads (`BACKUP_DRILL_LEADS` to change); CI's quick run uses 5,000.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import knexFactory, { type Knex } from 'knex';
import { Secret, TOTP } from 'otpauth';
import { createKeyring, newAppKey, parseAppKeys } from '../../server/app-key';
import { backupSigningKeys } from '../../server/backup/archive';
import { listBackups } from '../../server/backup/catalog';
import { verifyBackupFile } from '../../server/backup/restore';
import { createDb } from '../../server/db/connection';
import { createLogger } from '../../server/logger';
import { seedAnalytics } from '../../server/seed/analytics-seed';
import { seedLeads } from '../../server/seed/lead-samples';
import { createAdminAuth } from '../../server/auth';
import { startServer, type RunningServer } from '../../tests/e2e/server';
import { freshDatabase, LOCAL_POSTGRES } from '../lib/fresh-database';
import { freePort } from '../lib/net';
import { differingTables, imageHashes, schemaTables, tableDigests, type TableDigest } from '../lib/site-tables';
import { CheckReport, type CheckResult } from './check';

const ROOT = path.resolve(__dirname, '../..');
const OWNER = { username: 'backup-drill-owner', password: 'restored means proven' };
const EDITOR = { username: 'backup-drill-editor', password: 'an editor comes back too' };
const TOTP_PERIOD_MS = 30_000;
/** One public address for every site, so the pages' absolute links do not differ by port. */
const PUBLIC_URL = 'https://agency.example';

interface CommandResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
  ms: number;
}

/**
 * `npm run backup` / `npm run restore` as one node process (tsx's own launcher would put the work
 * in a second process, which a `kill -9` of the first would leave running).
 */
function command(name: 'backup' | 'restore', args: string[], env: Record<string, string>, { onStart }: { onStart?: (kill: () => void) => void } = {}): Promise<CommandResult> {
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, `server/cli/${name}.ts`), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  onStart?.(() => child.kill('SIGKILL'));
  return new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal, output: output.trim(), ms: Date.now() - started })));
}

/** The files in a folder that look like finished backups (not hidden, named `*.tar.gz`). */
const completeLooking = (dir: string) => fs.readdirSync(dir).filter((name) => !name.startsWith('.') && name.endsWith('.tar.gz'));

async function withDb<T>(options: { databaseUrl?: string; dataDir?: string }, use: (db: Knex) => Promise<T>): Promise<T> {
  const db = options.databaseUrl ? knexFactory({ client: 'pg', connection: options.databaseUrl, pool: { min: 0, max: 1 } }) : createDb({ dataDir: options.dataDir });
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

/** A TOTP code for the first step after `lastStep` the server accepts now (it allows one step either side). */
async function nextCode(secret: string, lastStep: number): Promise<{ step: number; code: string }> {
  const step = Math.max(lastStep + 1, Math.floor(Date.now() / TOTP_PERIOD_MS) - 1);
  while (step > Math.floor(Date.now() / TOTP_PERIOD_MS) + 1) await sleep(500);
  return { step, code: new TOTP({ secret: Secret.fromBase32(secret), period: TOTP_PERIOD_MS / 1000 }).generate({ timestamp: step * TOTP_PERIOD_MS }) };
}

async function login(site: RunningServer, body: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown>; cookie?: string }> {
  const response = await fetch(`${site.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: PUBLIC_URL }, body: JSON.stringify({ remember: false, ...body }) });
  const cookie = response.headers.getSetCookie().find((line) => /^(__Host-)?sid=/.test(line))?.split(';')[0];
  return { status: response.status, body: (await response.json().catch(() => ({}))) as Record<string, unknown>, cookie };
}

/** Turns two-factor sign-in on for the owner through the API, with a code one step back; returns the secret and that step. */
async function enableTwoFactor(site: RunningServer): Promise<{ secret: string; step: number }> {
  const signedIn = await login(site, OWNER);
  if (signedIn.status !== 200 || !signedIn.cookie) throw new Error(`the owner's sign-in answered ${signedIn.status}`);
  const headers = { cookie: signedIn.cookie, 'x-csrf-token': String(signedIn.body.csrfToken), origin: PUBLIC_URL, 'content-type': 'application/json' };
  const setup = await fetch(`${site.url}/api/account/totp/setup`, { method: 'POST', headers });
  if (setup.status !== 200) throw new Error(`two-factor set-up answered ${setup.status}`);
  const { secret } = (await setup.json()) as { secret: string };
  const { step, code } = await nextCode(secret, -Infinity);
  const enabled = await fetch(`${site.url}/api/account/totp/enable`, { method: 'POST', headers, body: JSON.stringify({ code }) });
  if (enabled.status !== 200) throw new Error(`enabling two-factor answered ${enabled.status}: ${await enabled.text()}`);
  return { secret, step };
}

/** Whether the editor (password) and the owner (password, then a code) sign in; returns the step used. */
async function accountsSignIn(site: RunningServer, secret: string, lastStep: number, report: CheckReport, where: string): Promise<number> {
  const editor = await login(site, EDITOR);
  report.expect(editor.status === 200 && Boolean(editor.cookie), `${where}: the editor's sign-in answered ${editor.status}`);
  const first = await login(site, OWNER);
  report.expect(first.status === 200 && first.body.twoFactorRequired === true, `${where}: the owner's password did not lead to the code step (${first.status} ${JSON.stringify(first.body)})`);
  const { step, code } = await nextCode(secret, lastStep);
  const owner = await login(site, { ...OWNER, code });
  report.expect(owner.status === 200 && Boolean(owner.cookie), `${where}: the owner's sign-in with a code answered ${owner.status} ${JSON.stringify(owner.body)}`);
  return step;
}

/**
 * The public pages a visitor sees (home, about, contact, the portfolio and each project) and every
 * image they show, as a hash of each answer's body (the per-answer CSP nonce left out).
 */
async function publicPages(site: RunningServer): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  const fetchBody = async (address: string) => {
    const response = await fetch(site.url + address);
    if (response.status !== 200) throw new Error(`${address} answered ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  };
  const queue = ['/', '/about', '/contact', '/portfolio'];
  for (let index = 0; index < queue.length; index += 1) {
    const address = queue[index]!;
    const body = await fetchBody(address);
    if (address.startsWith('/media/')) {
      pages.set(address, createHash('sha256').update(body).digest('hex'));
      continue;
    }
    const html = body.toString('utf8').replace(/nonce="[^"]*"/g, 'nonce=""');
    pages.set(address, createHash('sha256').update(html).digest('hex'));
    const found = [...html.matchAll(/(?:href|src)="(\/portfolio\/[a-z0-9-]+|\/media\/[^"?#\s]+)"/g), ...html.matchAll(/(\/media\/[^\s",?#]+)\s+\d+w/g)].map((match) => match[1]!);
    for (const link of found) if (!queue.includes(link)) queue.push(link);
  }
  return pages;
}

function comparePages(expected: Map<string, string>, actual: Map<string, string>): string[] {
  const differences: string[] = [];
  for (const [address, hash] of expected) if (actual.get(address) !== hash) differences.push(actual.has(address) ? `${address} differs` : `${address} is missing`);
  for (const address of actual.keys()) if (!expected.has(address)) differences.push(`${address} is new`);
  return differences;
}

/** A copy of `file` cut to 70%, and one with a byte in the middle changed. */
function damagedCopies(file: string, dir: string): { what: string; file: string }[] {
  const whole = fs.readFileSync(file);
  const cut = path.join(dir, 'cut-short.tar.gz');
  fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.7)));
  const changed = Buffer.from(whole);
  const at = Math.floor(changed.length / 2);
  changed[at] = changed[at]! ^ 0x01;
  const flipped = path.join(dir, 'one-byte-changed.tar.gz');
  fs.writeFileSync(flipped, changed);
  return [
    { what: 'cut short', file: cut },
    { what: 'one byte changed', file: flipped },
  ];
}

export async function backupFaults({ quick = false }: { quick?: boolean } = {}): Promise<CheckResult> {
  const report = new CheckReport();
  const leads = Number(process.env.BACKUP_DRILL_LEADS ?? (quick ? 5_000 : 100_000));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-backup-drill-'));
  const folder = (name: string) => {
    fs.mkdirSync(path.join(work, name));
    return path.join(work, name);
  };
  const [embeddedDir, backupDir, movedBackDir, damagedDir] = ['embedded', 'backups', 'moved-back', 'damaged'].map(folder) as [string, string, string, string];
  const appKey = newAppKey();
  const postgres = await freshDatabase(LOCAL_POSTGRES, 'resilience_backup');
  const empty = await freshDatabase(LOCAL_POSTGRES, 'resilience_backup_empty');
  if (!postgres || !empty) throw new Error(`the backup drill needs PostgreSQL at ${LOCAL_POSTGRES}`);
  const embedded = { DATA_DIR: embeddedDir, APP_KEY: appKey };
  const onPostgres = { DATABASE_URL: postgres.url, APP_KEY: appKey };
  const movedBack = { DATA_DIR: movedBackDir, APP_KEY: appKey };
  const sites: RunningServer[] = [];
  const start = async (env: Record<string, string>) => {
    const site = await startServer({ NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(await freePort()), PUBLIC_URL, BACKUP_SCHEDULE: 'off', ...env });
    sites.push(site);
    return site;
  };
  const stop = async (site: RunningServer) => {
    await site.stop();
    sites.splice(sites.indexOf(site), 1);
  };
  try {
    // The source: an embedded site's first start (migrations, the sample portfolio, the owner),
    // the owner's two-factor sign-in turned on through the API; then, stopped, leads with notes,
    // an editor and analytics written into its folder.
    let site = await start({ ...embedded, SEED_SAMPLE_PORTFOLIO: 'true', LOG_LEVEL: 'info', ADMIN_USERNAME: OWNER.username, ADMIN_PASSWORD: OWNER.password });
    // The samples are drawn after the site listens; the backup is to carry all of them.
    await site.waitForLog(/sample portfolio ready/);
    const twoFactor = await enableTwoFactor(site);
    let lastStep = twoFactor.step;
    await stop(site);
    const seeded = Date.now();
    const source = await withDb({ dataDir: embeddedDir }, async (db) => {
      await seedLeads(db, leads);
      await db.raw(
        `insert into lead_notes (lead_id, author, body)
         select id, ?, 'Called back about ' || id || E' — "quotes", émojis 🎉 and a\\nnew line'
           from (select id, row_number() over (order by id) as n from leads) numbered where n % 10 = 0`,
        [OWNER.username],
      );
      await createAdminAuth({ db, logger: createLogger('silent') }).createAdmin(EDITOR.username, EDITOR.password, 'editor');
      await seedAnalytics(db, { today: new Date().toISOString().slice(0, 10), days: 30, pages: 6 });
      return { tables: await schemaTables(db), digests: await tableDigests(db), images: await imageHashes(db) };
    });
    report.figure('source (embedded)', `${leads.toLocaleString('en-US')} leads, ${source.digests.lead_notes?.rows} notes, ${source.images.size} image files, ${source.tables.length} tables (seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s)`);
    const emptyTables = source.tables.filter((name) => source.digests[name]?.rows === 0);
    report.figure('tables without rows in the source', emptyTables.join(', ') || 'none');

    // kill -9 mid-write: poll for the temporary file to have bytes, then kill.
    let killedMidWrite = false;
    const killed = await command('backup', [], { ...embedded, BACKUP_DIR: backupDir }, {
      onStart: (kill) => {
        void (async () => {
          for (;;) {
            const partial = fs.readdirSync(backupDir).find((name) => name.endsWith('.partial'));
            if (partial && fs.statSync(path.join(backupDir, partial), { throwIfNoEntry: false })?.size) {
              killedMidWrite = true;
              return kill();
            }
            if (completeLooking(backupDir).length > 0) return;
            await sleep(5);
          }
        })();
      },
    });
    report.expect(killedMidWrite && killed.signal === 'SIGKILL', `the backup was not killed while writing (exit ${killed.code ?? killed.signal}: ${killed.output})`);
    const leftAfterKill = fs.readdirSync(backupDir);
    report.figure('left in BACKUP_DIR by kill -9', leftAfterKill.join(', ') || 'nothing');
    report.expect(completeLooking(backupDir).length === 0 && listBackups(backupDir).length === 0, `kill -9 left a file that looks like a backup: ${leftAfterKill.join(', ')}`);
    const backedUp = await command('backup', [], { ...embedded, BACKUP_DIR: backupDir });
    report.expect(backedUp.code === 0, `the backup after the kill failed: ${backedUp.output}`);
    const [backupName] = completeLooking(backupDir);
    if (!backupName) throw new Error(`no backup was written after the kill: ${backedUp.output}`);
    const backup = path.join(backupDir, backupName);
    report.figure('backup after the kill (embedded)', `${(fs.statSync(backup).size / 2 ** 20).toFixed(1)} MB in ${(backedUp.ms / 1000).toFixed(1)} s`);
    const manifest = await verifyBackupFile(backup, { signing: backupSigningKeys(createKeyring(parseAppKeys(appKey))) });
    const inFile = manifest.tables.map((table) => table.name).sort();
    report.expect(JSON.stringify(inFile) === JSON.stringify([...source.tables].sort()), `the backup's tables (${inFile.join(', ')}) are not every table of the schema but those a backup leaves out (${source.tables.join(', ')})`);

    // Embedded → PostgreSQL.
    const restored = await command('restore', [backup], onPostgres);
    report.expect(restored.code === 0, `the restore into PostgreSQL failed: ${restored.output}`);
    report.figure('restore into PostgreSQL', `${(restored.ms / 1000).toFixed(1)} s`);
    const onServer = await withDb({ databaseUrl: postgres.url }, async (db) => ({ digests: await tableDigests(db), images: await imageHashes(db) }));
    const differs = differingTables(source.digests, onServer.digests);
    report.expect(differs.length === 0, `after the restore into PostgreSQL these tables differ: ${differs.join(', ')}`);
    report.expect(JSON.stringify([...onServer.images]) === JSON.stringify([...source.images]), 'after the restore into PostgreSQL the image files differ');
    site = await start(embedded);
    const pages = await publicPages(site);
    await stop(site);
    site = await start(onPostgres);
    const pageDifferences = comparePages(pages, await publicPages(site));
    report.figure('pages and images compared', pages.size);
    report.expect(pageDifferences.length === 0, `the site restored on PostgreSQL serves other pages: ${pageDifferences.slice(0, 5).join(', ')}`);
    lastStep = await accountsSignIn(site, twoFactor.secret, lastStep, report, 'restored on PostgreSQL');
    await stop(site);

    // PostgreSQL → a new embedded folder (the sign-ins just made are part of it).
    const serverBackup = path.join(work, 'from-postgres.tar.gz');
    const fromServer = await command('backup', [serverBackup], onPostgres);
    report.expect(fromServer.code === 0, `the backup of PostgreSQL failed: ${fromServer.output}`);
    report.figure('backup of PostgreSQL', `${(fs.statSync(serverBackup).size / 2 ** 20).toFixed(1)} MB in ${(fromServer.ms / 1000).toFixed(1)} s`);
    const back = await command('restore', [serverBackup], movedBack);
    report.expect(back.code === 0, `the restore into a new embedded folder failed: ${back.output}`);
    report.figure('restore into the embedded database', `${(back.ms / 1000).toFixed(1)} s`);
    const serverNow = await withDb({ databaseUrl: postgres.url }, async (db) => ({ digests: await tableDigests(db), images: await imageHashes(db) }));
    const movedBackRows = await withDb({ dataDir: movedBackDir }, async (db) => ({ digests: await tableDigests(db), images: await imageHashes(db) }));
    const differsBack = differingTables(serverNow.digests, movedBackRows.digests);
    report.expect(differsBack.length === 0, `after the restore into the embedded database these tables differ: ${differsBack.join(', ')}`);
    report.expect(JSON.stringify([...movedBackRows.images]) === JSON.stringify([...source.images]), 'after the restore into the embedded database the image files differ');
    site = await start(movedBack);
    const pageDifferencesBack = comparePages(pages, await publicPages(site));
    report.expect(pageDifferencesBack.length === 0, `the site restored on the embedded database serves other pages: ${pageDifferencesBack.slice(0, 5).join(', ')}`);
    await accountsSignIn(site, twoFactor.secret, lastStep, report, 'restored on the embedded database');
    await stop(site);

    // Damaged files: refused before anything changes, into a database with data and into an empty one.
    const before: Record<string, TableDigest> = await withDb({ dataDir: movedBackDir }, tableDigests);
    for (const { what, file } of damagedCopies(backup, damagedDir)) {
      for (const [target, env, args] of [
        ['the embedded database holding data (--replace)', movedBack, [file, '--replace']],
        ['an empty PostgreSQL database', { DATABASE_URL: empty.url, APP_KEY: appKey }, [file]],
      ] as const) {
        const refused = await command('restore', [...args], env);
        const message = refused.output.split('\n').find((line) => line.startsWith('Restore failed')) ?? refused.output;
        report.expect(refused.code === 1 && /is (damaged|incomplete)/.test(message), `a ${what} file into ${target}: ${refused.code === 0 ? 'restored' : 'refused without saying why'} (${refused.output})`);
        if (target.startsWith('an empty')) report.figure(`restore of a file ${what}`, message.replace(file, 'FILE'));
      }
    }
    const after = await withDb({ dataDir: movedBackDir }, tableDigests);
    const touched = differingTables(before, after);
    report.expect(touched.length === 0, `refused restores changed the target: ${touched.join(', ')}`);
    const emptyTablesAfter = await withDb({ databaseUrl: empty.url }, schemaTables);
    report.expect(emptyTablesAfter.length === 0, `refused restores left tables in the empty database: ${emptyTablesAfter.join(', ')}`);
  } finally {
    for (const site of sites) await site.stop();
    await postgres.drop();
    await empty.drop();
    fs.rmSync(work, { recursive: true, force: true });
  }
  return report.result();
}
