import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedLeads } from '../seed/lead-samples';
import type { Logger } from '../logger';
import { clusterTemplate, createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { createKeyring, newAppKey, parseAppKeys } from '../app-key';
import { loadConfig } from '../config';
import { addDays, localDate } from '../../shared/local-date';
import { zonedInstant } from '../../shared/reply-clock';
import { backupFileName } from './backup';
import { listBackups, markVerified, removeBackup } from './catalog';
import { createBackupService, type BackupServiceDeps } from './backup-service';
import type { SiteBackupOptions, SiteBackupResult } from './site-backup';

const ZONE = 'Europe/London';

const keyring = createKeyring(parseAppKeys(newAppKey()));

/** Stands in for a real backup (seconds each): a small file, marked verified as a real one would be. */
async function fakeBackup({ backupDir, now, kind }: SiteBackupOptions): Promise<SiteBackupResult> {
  const file = path.join(backupDir, backupFileName(now, kind));
  fs.mkdirSync(backupDir, { recursive: true });
  fs.writeFileSync(file, 'backup');
  markVerified(file, { verifiedAt: now.toISOString(), rows: 1, tables: 1, images: 0, bytes: 6, ms: 1, heldMs: 0 });
  const manifest = { createdAt: now.toISOString(), schemaVersion: '20261204000000_test', tables: [] } as unknown as SiteBackupResult['manifest'];
  return { file, manifest, bytes: 6, heldMs: 0, ms: 1 };
}

function recordingLogger(): Logger & { errors: unknown[][]; warnings: unknown[][] } {
  const errors: unknown[][] = [];
  const warnings: unknown[][] = [];
  const ignore = () => undefined;
  return { errors, warnings, error: (...args: unknown[]) => errors.push(args), warn: (...args: unknown[]) => warnings.push(args), info: ignore, debug: ignore } as unknown as Logger & { errors: unknown[][]; warnings: unknown[][] };
}

describe('the nightly backup', () => {
  let testDb: TestDb;
  let backupDir: string;
  let clock: Date;

  function service(deps: Partial<BackupServiceDeps> = {}, env: Record<string, string> = {}) {
    const config = loadConfig({ NODE_ENV: 'test', BACKUP_DIR: backupDir, BACKUP_SCHEDULE: 'always', DATABASE_URL: testDb.databaseUrl ?? '', DATA_DIR: testDb.dataDir ?? '', ...env });
    return createBackupService({ db: testDb.db, config, keyring, timeZone: () => ZONE, now: () => clock, makeBackup: fakeBackup, ...deps });
  }

  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb.destroy());
  beforeEach(async () => {
    backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backups-'));
    await testDb.db('daily_runs').delete();
  });
  afterEach(() => fs.rmSync(backupDir, { recursive: true, force: true }));

  it('runs once a day at its time in the agency’s zone, however many instances tick', async () => {
    let made = 0;
    const counting: BackupServiceDeps['makeBackup'] = (options) => {
      made += 1;
      return fakeBackup(options);
    };
    clock = new Date('2026-07-01T01:29:00.000Z'); // 02:29 in London (summer time)
    const [one, two] = [service({ makeBackup: counting }), service({ makeBackup: counting })];
    expect(await one.tick()).toBe('not-yet');
    clock = new Date('2026-07-01T01:31:00.000Z');
    expect((await Promise.all([one.tick(), two.tick()])).sort()).toEqual(['done-already', 'verified']);
    clock = new Date('2026-07-01T22:00:00.000Z');
    expect(await two.tick()).toBe('done-already');
    expect(made).toBe(1);
    clock = new Date('2026-07-02T01:30:00.000Z');
    expect((await Promise.all([two.tick(), one.tick()])).sort()).toEqual(['done-already', 'verified']);
    expect(made).toBe(2);
  });

  it('is off on PostgreSQL unless asked for, and always when told off', async () => {
    clock = new Date('2026-07-01T03:00:00.000Z');
    expect(await service({}, { BACKUP_SCHEDULE: 'off' }).tick()).toBe('off');
    const embeddedOnly = service({}, { BACKUP_SCHEDULE: 'embedded' });
    expect(embeddedOnly.schedule.nightly).toBe(!process.env.DATABASE_URL);
  });

  it('keeps 7 daily and 4 weekly backups over 40 nights', async () => {
    const backups = service();
    const first = '2026-10-01'; // across the end of summer time (25 October)
    for (let night = 0; night < 40; night += 1) {
      const day = addDays(first, night);
      clock = new Date(zonedInstant(day, 2.5, ZONE) + 60_000);
      expect(await backups.tick()).toBe('verified');
    }
    const kept = listBackups(backupDir).map((entry) => localDate(new Date(entry.createdAt), ZONE));
    // The last 7 nights (Tuesday 3 to Monday 9 November), then the newest of each of the 4 weeks
    // before: the week of Monday 2 November already has daily ones, so the weeks are those ending
    // Sunday 1 November, 25, 18 and 11 October.
    expect(kept).toEqual(['2026-11-09', '2026-11-08', '2026-11-07', '2026-11-06', '2026-11-05', '2026-11-04', '2026-11-03', '2026-11-01', '2026-10-25', '2026-10-18', '2026-10-11']);
    expect(fs.readdirSync(backupDir).filter((name) => name.endsWith('.verified'))).toHaveLength(11);
  });

  it('keeps backups made by hand apart from the nightly rotation: two the same day both stay, and the last few of them', async () => {
    const backups = service({}, { BACKUP_KEEP_DAILY: '2', BACKUP_KEEP_WEEKLY: '0', BACKUP_KEEP_MANUAL: '3' });
    const byHand = async (at: string) => {
      clock = new Date(at);
      backups.backUpNow();
      await backups.running();
    };
    await byHand('2026-07-01T09:00:00.000Z');
    await byHand('2026-07-01T15:00:00.000Z');
    expect(listBackups(backupDir).map((entry) => [entry.createdAt, entry.kind])).toEqual([
      ['2026-07-01T15:00:00.000Z', 'manual'],
      ['2026-07-01T09:00:00.000Z', 'manual'],
    ]);
    // Five nights: the nightly rotation keeps its two days and leaves the backups made by hand alone.
    for (let night = 1; night <= 5; night += 1) {
      clock = new Date(zonedInstant(addDays('2026-07-01', night), 2.5, ZONE) + 60_000);
      expect(await backups.tick()).toBe('verified');
    }
    const kinds = (kind: string) => listBackups(backupDir).filter((entry) => entry.kind === kind).map((entry) => entry.createdAt);
    expect(kinds('nightly')).toEqual(['2026-07-06T01:31:00.000Z', '2026-07-05T01:31:00.000Z']);
    expect(kinds('manual')).toEqual(['2026-07-01T15:00:00.000Z', '2026-07-01T09:00:00.000Z']);
    // Of those made by hand, the last three are kept.
    await byHand('2026-07-06T10:00:00.000Z');
    await byHand('2026-07-06T11:00:00.000Z');
    expect(kinds('manual')).toEqual(['2026-07-06T11:00:00.000Z', '2026-07-06T10:00:00.000Z', '2026-07-01T15:00:00.000Z']);
    expect(kinds('nightly')).toHaveLength(2);
    expect(backups.list().schedule).toMatchObject({ keepManual: 3 });
  });

  it('never removes the newest backup that reached S3 while a newer one has not', async () => {
    // Each upload answers as the next of these says: a location, or a failure.
    const answers: (string | Error)[] = [];
    const upload: BackupServiceDeps['upload'] = async (file) => {
      const answer = answers.shift()!;
      if (answer instanceof Error) throw answer;
      return { location: `${answer}/${path.basename(file)}`, bytes: 6, ms: 1 };
    };
    const backups = service({ upload }, { BACKUP_KEEP_DAILY: '1', BACKUP_KEEP_WEEKLY: '0', BACKUP_KEEP_MANUAL: '1' });
    const night = async (day: string, answer: string | Error) => {
      answers.push(answer);
      clock = new Date(zonedInstant(day, 2.5, ZONE) + 60_000);
      expect(await backups.tick()).toBe('verified');
    };
    const kept = () => listBackups(backupDir).map((entry) => [entry.createdAt.slice(0, 16), entry.kind, entry.uploadedTo ? 'uploaded' : 'not uploaded']);
    await night('2026-07-01', 's3://b');
    await night('2026-07-02', new Error('Access Denied'));
    await night('2026-07-03', new Error('Access Denied'));
    // One day is kept, but the copy off the machine stays until another gets there.
    expect(kept()).toEqual([
      ['2026-07-03T01:31', 'nightly', 'not uploaded'],
      ['2026-07-01T01:31', 'nightly', 'uploaded'],
    ]);
    // "Back up now", uploaded; then again, not uploaded: one made by hand is kept, and the uploaded one too.
    answers.push('s3://b', new Error('Access Denied'));
    clock = new Date('2026-07-03T09:00:00.000Z');
    backups.backUpNow();
    await backups.running();
    clock = new Date('2026-07-03T10:00:00.000Z');
    backups.backUpNow();
    await backups.running();
    expect(kept()).toEqual([
      ['2026-07-03T10:00', 'manual', 'not uploaded'],
      ['2026-07-03T09:00', 'manual', 'uploaded'],
      ['2026-07-03T01:31', 'nightly', 'not uploaded'],
    ]);
    // The next upload that succeeds lets the rotation have its way again.
    await night('2026-07-04', 's3://b');
    expect(kept()).toEqual([
      ['2026-07-04T01:31', 'nightly', 'uploaded'],
      ['2026-07-03T10:00', 'manual', 'not uploaded'],
    ]);
  });

  // Only root can hand a folder to another user.
  (process.getuid?.() === 0 ? it : it.skip)('warns of a backup folder open to others that belongs to another user, and still writes the backup for its owner only', async () => {
    const shared = path.join(backupDir, 'shared');
    fs.mkdirSync(shared, { mode: 0o755 });
    fs.chmodSync(shared, 0o755);
    fs.chownSync(shared, 65534, 65534);
    const logger = recordingLogger();
    clock = new Date('2026-07-01T09:00:00.000Z');
    const backups = service({ logger, makeBackup: undefined, clusterTemplate: clusterTemplate() }, { BACKUP_DIR: shared });
    backups.backUpNow();
    await backups.running();
    expect(logger.warnings).toEqual([[{ dir: shared }, `The backup folder ${shared} is open to other users (mode 755) and belongs to another user, so the site cannot close it: run chmod 700 ${shared} as its owner.`]]);
    expect((fs.statSync(shared).mode & 0o777).toString(8)).toBe('755');
    const [entry] = listBackups(shared);
    expect(entry).toMatchObject({ state: 'verified', kind: 'manual' });
    expect((fs.statSync(path.join(shared, entry!.name)).mode & 0o777).toString(8)).toBe('600');
  }, 120_000);

  it('makes a real backup of the running site, verified by a scratch restore, and other queries are answered meanwhile', async () => {
    await seedLeads(testDb.db, 200, { days: 10 });
    // A folder left open to other users, with an older backup in it readable by all: both are closed.
    fs.chmodSync(backupDir, 0o755);
    const older = path.join(backupDir, 'backup-20260101-023000.tar.gz');
    for (const [name, text] of [[older, 'an older backup'], [`${older}.verified`, JSON.stringify({ verifiedAt: '2026-01-01T02:40:00.000Z', rows: 1, tables: 1, images: 0, bytes: 15, ms: 1, heldMs: 0 })]] as const) {
      fs.writeFileSync(name, text);
      fs.chmodSync(name, 0o644);
    }
    clock = new Date();
    const backups = service({ makeBackup: undefined, clusterTemplate: clusterTemplate() });
    backups.backUpNow();
    const steps = new Set<string>();
    /** The backup's step each time a query of the site came back while it ran. */
    const answeredDuring = new Set<string>();
    while (backups.running()) {
      steps.add(backups.status().running?.step ?? '');
      await testDb.db('leads').count({ count: '*' });
      answeredDuring.add(backups.status().running?.step ?? 'done');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [entry] = listBackups(backupDir);
    expect(entry).toMatchObject({ state: 'verified', error: null, kind: 'manual' });
    expect(entry!.rows).toBeGreaterThan(200);
    expect(backups.status().last).toMatchObject({ ok: true, name: entry!.name });
    expect([...steps].some((step) => step.startsWith('Verifying'))).toBe(true);
    // It holds password hashes and every lead: its owner's alone, as are its marks and the folder.
    const modeOf = (target: string) => (fs.statSync(target).mode & 0o777).toString(8);
    expect(modeOf(backupDir)).toBe('700');
    expect(modeOf(path.join(backupDir, entry!.name))).toBe('600');
    expect(modeOf(path.join(backupDir, `${entry!.name}.verified`))).toBe('600');
    expect(modeOf(older)).toBe('600');
    expect(modeOf(`${older}.verified`)).toBe('600');
    removeBackup(backupDir, path.basename(older));
    // The database is held only while its folder is copied (embedded), never for the whole backup:
    // the site's queries are answered while the copy is being verified.
    expect([...answeredDuring].some((step) => step.startsWith('Verifying'))).toBe(true);
    expect(fs.readdirSync(backupDir).filter((name) => name.startsWith('.'))).toEqual([]);
    expect(backups.list().warning).toBeNull();
  }, 120_000);

  it('reports a backup that does not verify, and never counts it as good', async () => {
    clock = new Date('2026-07-01T01:31:00.000Z');
    await service().tick(); // a good backup the night before
    const logger = recordingLogger();
    clock = new Date('2026-07-02T01:31:00.000Z');
    const damaging = service({
      makeBackup: undefined,
      clusterTemplate: clusterTemplate(),
      logger,
      afterWrite: (file) => {
        const bytes = fs.readFileSync(file);
        bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
        fs.writeFileSync(file, bytes);
      },
    });
    expect(await damaging.tick()).toBe('failed');
    const [bad, good] = listBackups(backupDir);
    expect(bad).toMatchObject({ state: 'failed', createdAt: '2026-07-02T01:31:00.000Z' });
    expect(bad!.error).toMatch(/damaged|incomplete/);
    expect(good).toMatchObject({ state: 'verified', createdAt: '2026-07-01T01:31:00.000Z' });
    expect(logger.errors).toHaveLength(1);
    const { warning, last } = damaging.list();
    expect(warning).toMatchObject({ kind: 'failed', at: bad!.createdAt });
    expect(last).toMatchObject({ ok: false });
    // The next good backup supersedes the bad one, and the warning goes.
    clock = new Date('2026-07-03T01:31:00.000Z');
    const next = service();
    expect(await next.tick()).toBe('verified');
    expect(listBackups(backupDir).map((entry) => entry.state)).toEqual(['verified', 'verified']);
    expect(next.list().warning).toBeNull();
  }, 120_000);
});
