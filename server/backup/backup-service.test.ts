import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seedLeads } from '../seed/lead-samples';
import type { Logger } from '../logger';
import { clusterTemplate, createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { loadConfig } from '../config';
import { addDays, localDate } from '../../shared/local-date';
import { zonedInstant } from '../../shared/reply-clock';
import { backupFileName } from './backup';
import { listBackups, markVerified } from './catalog';
import { createBackupService, type BackupServiceDeps } from './backup-service';
import type { SiteBackupOptions, SiteBackupResult } from './site-backup';

const ZONE = 'Europe/London';

/** Stands in for a real backup (seconds each): a small file, marked verified as a real one would be. */
async function fakeBackup({ backupDir, now }: SiteBackupOptions): Promise<SiteBackupResult> {
  const file = path.join(backupDir, backupFileName(now));
  fs.mkdirSync(backupDir, { recursive: true });
  fs.writeFileSync(file, 'backup');
  markVerified(file, { verifiedAt: now.toISOString(), rows: 1, tables: 1, images: 0, bytes: 6, ms: 1, heldMs: 0 });
  return { file, manifest: {} as SiteBackupResult['manifest'], bytes: 6, heldMs: 0, ms: 1 };
}

function recordingLogger(): Logger & { errors: unknown[][] } {
  const errors: unknown[][] = [];
  const ignore = () => undefined;
  return { errors, error: (...args: unknown[]) => errors.push(args), warn: ignore, info: ignore, debug: ignore } as unknown as Logger & { errors: unknown[][] };
}

describe('the nightly backup', () => {
  let testDb: TestDb;
  let backupDir: string;
  let clock: Date;

  function service(deps: Partial<BackupServiceDeps> = {}, env: Record<string, string> = {}) {
    const config = loadConfig({ NODE_ENV: 'test', BACKUP_DIR: backupDir, BACKUP_SCHEDULE: 'always', DATABASE_URL: testDb.databaseUrl ?? '', DATA_DIR: testDb.dataDir ?? '', ...env });
    return createBackupService({ db: testDb.db, config, timeZone: () => ZONE, now: () => clock, makeBackup: fakeBackup, ...deps });
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

  it('makes a real backup of the running site, verified by a scratch restore, and other queries are answered meanwhile', async () => {
    await seedLeads(testDb.db, 200, { days: 10 });
    clock = new Date();
    const backups = service({ makeBackup: undefined, clusterTemplate: clusterTemplate() });
    backups.backUpNow();
    const steps = new Set<string>();
    const waits: number[] = [];
    while (backups.running()) {
      steps.add(backups.status().running?.step ?? '');
      const asked = Date.now();
      await testDb.db('leads').count({ count: '*' });
      waits.push(Date.now() - asked);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const [entry] = listBackups(backupDir);
    expect(entry).toMatchObject({ state: 'verified', error: null, beforeMigration: false });
    expect(entry!.rows).toBeGreaterThan(200);
    expect(backups.status().last).toMatchObject({ ok: true, name: entry!.name });
    expect([...steps].some((step) => step.startsWith('Verifying'))).toBe(true);
    // The database is held only while its folder is copied (embedded), never for the whole backup.
    expect(Math.max(...waits)).toBeLessThan(2000);
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
