import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Knex } from 'knex';
import { Secret, TOTP } from 'otpauth';
import request from 'supertest';
import { createLogger } from '../logger';
import { seedAnalytics } from '../seed/analytics-seed';
import { seedLeads } from '../seed/lead-samples';
import { createAdminAuth } from '../auth';
import { seedSamplePortfolio } from '../services/portfolio-seed';
import { signInAsAdmin, TEST_ADMIN } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { picture } from '../../tests/helpers/portfolio-fixtures';
import { gunzipSync } from 'node:zlib';
import { createAnalytics } from '../services/analytics';
import { portfolioItemIdOf } from '../site/public-pages';
import { rewriteBackup } from '../../tests/helpers/backup-archive';
import { BackupFileError, backupSigningKeys, readArchive, writeArchive, type BackupManifest } from './archive';
import { createBackup } from './backup';
import { restoreBackup, RestoreRefused } from './restore';
import { listTables, tableLines, useCanonicalText } from './tables';
import { createKeyring, newAppKey, parseAppKeys } from '../app-key';

/** The site's application key, which a restored site is given too (its secrets are sealed with it). */
const SITE_KEY = newAppKey();
/** What signs the site's backups and checks them on restore. */
const signing = backupSigningKeys(createKeyring(parseAppKeys(SITE_KEY)));
/** A visitor of the source site, counted by the analytics with the day's salt. */
const VISITOR = { ip: '198.51.100.23', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' };
const visitOf = (visitor: typeof VISITOR) => ({ path: '/about', referrerHost: '', utmSource: '', utmMedium: '', utmCampaign: '', visitor });

/**
 * The round trip goes from the database this run uses to the other kind: PostgreSQL runs restore
 * into an embedded database, embedded runs into a database on `TEST_POSTGRES_URL` (by default the
 * local server CI starts).
 */
const otherServerUrl = process.env.DATABASE_URL ? '' : (process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@localhost:5432/postgres');
const thisSource: BackupManifest['source'] = process.env.DATABASE_URL ? 'postgresql' : 'embedded';
const createOtherDb = () => createTestDb({ migrate: false, serverUrl: otherServerUrl });

const EDITOR = { username: 'restored-editor', password: 'editor password 12345' };
const STEP_MS = 30_000;

/** Every backed-up table's rows, as the backup reads them. */
async function dumpTables(db: Knex): Promise<Record<string, string[]>> {
  return db.transaction(async (trx) => {
    await useCanonicalText(trx);
    const dump: Record<string, string[]> = {};
    for (const table of await listTables(trx)) {
      dump[table.name] = [];
      for await (const lines of tableLines(trx, table)) dump[table.name]!.push(...lines);
    }
    return dump;
  });
}

async function imageFiles(db: Knex): Promise<{ id: string; sha256: string; data: Buffer }[]> {
  const rows = (await db('portfolio_image_files').select('id', 'sha256', 'data').orderBy('id')) as { id: string; sha256: string; data: Uint8Array }[];
  // PGlite answers a bytea as a Uint8Array, pg as a Buffer.
  return rows.map((row) => ({ ...row, data: Buffer.from(row.data) }));
}

/** Every index of the schema as it would be created, the schema's name left out. */
async function indexDefinitions(db: Knex): Promise<string[]> {
  const { rows } = (await db.raw(`select indexdef from pg_indexes where schemaname = current_schema() order by indexname`)) as { rows: { indexdef: string }[] };
  return rows.map((row) => row.indexdef.replace(/ ON \S+\./, ' ON '));
}

async function tableNames(db: Knex): Promise<string[]> {
  const { rows } = (await db.raw(`select tablename from pg_tables where schemaname = current_schema() order by 1`)) as { rows: { tablename: string }[] };
  return rows.map((row) => row.tablename);
}

describe('backup and restore', () => {
  let source: TestApp;
  let other: TestDb;
  let totpSecret: string;
  let dir: string;
  let file: string;
  let manifest: BackupManifest;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
    file = path.join(dir, 'site.tar.gz');
    source = await createTestApp({ APP_KEY: SITE_KEY });
    // An owner with two-factor (secret, recovery codes, a known device, audit entries) and an editor.
    const owner = await signInAsAdmin(source);
    const api = () => request(source.app.callback());
    const setup = await api().post('/api/account/totp/setup').set(owner.headers).expect(200);
    totpSecret = setup.body.secret as string;
    await api().post('/api/account/totp/enable').set(owner.headers).send({ code: new TOTP({ secret: Secret.fromBase32(totpSecret) }).generate() }).expect(200);
    await createAdminAuth({ db: source.db, logger: createLogger('silent') }).createAdmin(EDITOR.username, EDITOR.password, 'editor');
    await api().patch('/api/settings').set(owner.headers).send({ replyPromiseHours: 8 }).expect(200);
    // Leads with their arrival counts and notes, the sample portfolio with its image files, analytics.
    await seedLeads(source.db, 300, { days: 30 });
    const leads = await source.db('leads').select('id').orderBy('id').limit(3);
    for (const lead of leads) await source.db('lead_notes').insert({ lead_id: lead.id, author: TEST_ADMIN.username, body: `Called back — "quotes", émojis 🎉 and a\nnew line` });
    await seedSamplePortfolio({ db: source.db, contentVersion: source.contentVersion });
    // An image uploaded for the site's content: its files live with the portfolio's.
    await api().post('/api/content/images').set(owner.headers).attach('file', await picture('png', 600, 300), 'banner.png').expect(201);
    await seedAnalytics(source.db, { today: '2026-11-20', days: 5, pages: 4 });
    // Today's view: the day's salt, and the visitor's and network's pseudonyms made with it.
    const analytics = createAnalytics({ db: source.db, timeZone: () => 'UTC', portfolioItemIdOf });
    analytics.record(visitOf(VISITOR));
    await analytics.flush();
    manifest = await createBackup(source.db, file, { source: thisSource, signing });
  }, 120_000);

  afterAll(async () => {
    await source?.destroy();
    await other?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('writes a manifest with the schema version, every table but the sessions with its count and checksum, and every image file', async () => {
    expect(manifest).toMatchObject({ format: 'agency-site-backup', formatVersion: 2, appVersion: expect.any(String), source: thisSource });
    const [last] = (await source.db('knex_migrations').max({ name: 'name' })) as [{ name: string }];
    expect(manifest.schemaVersion).toBe(last.name);
    const names = manifest.tables.map((table) => table.name);
    expect(names).not.toContain('admin_sessions');
    // Loaded before the tables that point at them.
    expect(names.indexOf('leads')).toBeLessThan(names.indexOf('lead_notes'));
    expect(names.indexOf('portfolio_images')).toBeLessThan(names.indexOf('portfolio_image_files'));
    expect(names.indexOf('content_images')).toBeLessThan(names.indexOf('portfolio_image_files'));
    const rows = Object.fromEntries(manifest.tables.map((table) => [table.name, table.rows]));
    for (const table of ['leads', 'lead_notes', 'lead_arrival_counts', 'portfolio_items', 'portfolio_images', 'portfolio_image_files', 'content_images', 'admin_users', 'admin_recovery_codes', 'admin_devices', 'app_settings', 'analytics_page_days', 'audit_log', 'knex_migrations']) {
      expect([table, rows[table]! > 0]).toEqual([table, true]);
    }
    const files = await imageFiles(source.db);
    expect(manifest.images).toEqual(files.map((image) => ({ id: String(image.id), bytes: image.data.length, sha256: createHash('sha256').update(image.data).digest('hex') })));
  });

  it(`restores into the other database with every row and every image's bytes identical, and the accounts sign in there`, async () => {
    other = await createOtherDb();
    const result = await restoreBackup(other.db, file, { signing });
    expect(result.migrated).toEqual([]);
    expect(await dumpTables(other.db)).toEqual(await dumpTables(source.db));
    // The indexes dropped for the load are all built again, as the migrations made them.
    expect(await indexDefinitions(other.db)).toEqual(await indexDefinitions(source.db));
    const restoredImages = await imageFiles(other.db);
    const sourceImages = await imageFiles(source.db);
    expect(restoredImages.length).toBe(sourceImages.length);
    restoredImages.forEach((image, index) => expect(image.data.equals(sourceImages[index]!.data)).toBe(true));
    // And back: the restored database backs up to the same rows and checksums.
    const again = await createBackup(other.db, path.join(dir, 'again.tar.gz'), { source: thisSource === 'embedded' ? 'postgresql' : 'embedded', signing });
    expect(again.tables).toEqual(manifest.tables);
    expect(again.images).toEqual(manifest.images);
    expect(Number((await other.db('admin_sessions').count({ count: '*' }))[0]!.count)).toBe(0);

    // The restored site: the editor signs in with a password, the owner with password and a code
    // (a later step than the one used at set-up, which the restored account remembers).
    const later = () => new Date(Date.now() + 2 * STEP_MS);
    const restored = await createTestApp({ APP_KEY: SITE_KEY }, { testDb: { db: other.db, destroy: async () => undefined }, adminAuthOptions: { now: later, failureDelayMs: 0 } });
    const login = (body: object) => request(restored.app.callback()).post('/api/auth/login').set('Origin', 'https://agency.test').send(body);
    await login({ ...EDITOR, remember: false }).expect(200);
    expect((await login({ ...TEST_ADMIN, remember: false }).expect(200)).body).toEqual({ twoFactorRequired: true });
    const code = new TOTP({ secret: Secret.fromBase32(totpSecret) }).generate({ timestamp: later().getTime() });
    await login({ ...TEST_ADMIN, remember: false, code }).expect(200);

  }, 120_000);

  it('leaves the analytics salts out, so the day\'s pseudonyms cannot be tried against addresses; the restored site makes a new salt', async () => {
    const [salt] = (await source.db('analytics_salts').pluck('salt')) as string[];
    expect(salt).toEqual(expect.any(String));
    expect(await source.db('analytics_day_networks').pluck('network')).toHaveLength(1);
    expect(manifest.tables.map((table) => table.name)).not.toContain('analytics_salts');
    const names: string[] = [];
    for await (const entry of readArchive(file)) names.push(entry.name);
    expect(names.filter((name) => name.startsWith('tables/analytics_salts/'))).toEqual([]);
    expect(names).toContain('tables/analytics_day_networks/000000.jsonl');
    expect(gunzipSync(fs.readFileSync(file)).includes(salt!)).toBe(false);

    // Restored (the test before), the site has no salt until a view comes, then one of its own.
    expect((await other.db('analytics_salts').pluck('salt')).length).toBe(0);
    const analytics = createAnalytics({ db: other.db, timeZone: () => 'UTC', portfolioItemIdOf });
    analytics.record(visitOf(VISITOR));
    await analytics.flush();
    const salts = (await other.db('analytics_salts').pluck('salt')) as string[];
    expect(salts).toHaveLength(1);
    expect(salts[0]).not.toBe(salt);
    // The same visitor is a new pseudonym: nothing in the backup links them to the restored site's.
    expect(Number((await other.db('analytics_day_visitors').count({ count: '*' }))[0]!.count)).toBe(2);
  });

  it('refuses a target that holds data unless told to replace it, and replaces it whole when told', async () => {
    const [lead] = await other.db('leads').select('id').limit(1);
    await other.db('lead_notes').insert({ lead_id: lead.id, author: 'someone', body: 'Written after the backup' });
    await expect(restoreBackup(other.db, file, { signing })).rejects.toThrow(RestoreRefused);
    await expect(restoreBackup(other.db, file, { signing })).rejects.toThrow(/already holds data \(.*lead_notes: 4.*leads: 300.*\).*--replace/);
    expect(await other.db('lead_notes').where({ body: 'Written after the backup' })).toHaveLength(1);
    await restoreBackup(other.db, file, { replace: true, signing });
    expect(await other.db('lead_notes').where({ body: 'Written after the backup' })).toHaveLength(0);
    // The sign-ins of the test before are gone with the rest: the target is the backup again.
    expect(await dumpTables(other.db)).toEqual(await dumpTables(source.db));
  }, 120_000);

  it('refuses a cut-short file and a file with one byte changed before touching the target', async () => {
    const whole = fs.readFileSync(file);
    const cut = path.join(dir, 'cut.tar.gz');
    fs.writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.7)));
    // One byte changed near the start, in the middle (image rows) and near the end (the manifest).
    const changed = [0.1, 0.5, 0.999].map((share, index) => {
      const copy = Buffer.from(whole);
      const at = Math.floor(copy.length * share);
      copy.writeUInt8(copy.readUInt8(at) ^ 0x01, at);
      const name = path.join(dir, `changed-${index}.tar.gz`);
      fs.writeFileSync(name, copy);
      return name;
    });
    const before = await dumpTables(other.db);
    for (const damaged of [cut, ...changed]) {
      const error = (await restoreBackup(other.db, damaged, { replace: true, signing }).catch((caught: unknown) => caught)) as Error;
      expect(error).toBeInstanceOf(BackupFileError);
      expect(error.message).toMatch(new RegExp(`^${damaged.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is (damaged|incomplete)`));
    }
    expect(await dumpTables(other.db)).toEqual(before);
    // An empty target stays empty.
    const empty = await createOtherDb();
    try {
      await expect(restoreBackup(empty.db, cut, { signing })).rejects.toThrow(/incomplete|damaged/);
      expect(await tableNames(empty.db)).toEqual([]);
    } finally {
      await empty.destroy();
    }
  }, 120_000);

  it('refuses a backup made by a newer version of the site', async () => {
    const newer = path.join(dir, 'newer.tar.gz');
    // As the newer site would have signed it.
    await rewriteBackup(file, newer, { manifest: (read) => ({ ...read, schemaVersion: '29991231000000_future' }), signature: signing });
    await expect(restoreBackup(other.db, newer, { replace: true, signing })).rejects.toThrow(/newer version of the site \(its last migration, 29991231000000_future/);
  });
});

describe('writing a backup file', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-write-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('leaves no file by the final name, and no temporary file, when writing fails', async () => {
    const file = path.join(dir, 'site.tar.gz');
    await expect(
      writeArchive(file, async (archive) => {
        await archive.add('tables/leads/000000.jsonl', Buffer.from('{}\n'));
        throw new Error('database went away');
      }),
    ).rejects.toThrow('database went away');
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it('killed while writing (kill -9), leaves only a temporary file, never one by the final name', async () => {
    const file = path.join(dir, 'site.tar.gz');
    const script = `
      const { writeArchive } = require(${JSON.stringify(path.resolve(__dirname, 'archive.ts'))});
      writeArchive(${JSON.stringify(file)}, async (archive) => {
        await archive.add('tables/leads/000000.jsonl', Buffer.alloc(8 * 1024 * 1024, 'x'));
        // The file is opened asynchronously: say "written" once it is on disk.
        const fs = require('node:fs');
        while (!fs.readdirSync(${JSON.stringify(dir)}).some((name) => name.endsWith('.partial'))) await new Promise((resolve) => setTimeout(resolve, 10));
        process.stdout.write('written\\n');
        await new Promise(() => {}); // a backup still reading the database
      });`;
    const child = spawn(path.resolve(__dirname, '../../node_modules/.bin/tsx'), ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve) => child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('written') && resolve()));
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    const left = fs.readdirSync(dir);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatch(/^\.site\.tar\.gz\.[0-9a-f]{8}\.partial$/);
    // What is there is no backup: reading it fails.
    await expect(async () => {
      for await (const _entry of readArchive(path.join(dir, left[0]!))) void _entry;
    }).rejects.toThrow(BackupFileError);
  }, 60_000);
});
