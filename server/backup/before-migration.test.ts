import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createKeyring, newAppKey, parseAppKeys } from '../app-key';
import type { Logger } from '../logger';
import { migrationConfig } from '../db/migrate';
import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { backupSigningKeys } from './archive';
import { backupBeforeMigrating } from './before-migration';
import { createBackup } from './backup';
import { restoreBackup } from './restore';

const embedded = !process.env.DATABASE_URL;
const keyring = createKeyring(parseAppKeys(newAppKey()));
const signing = backupSigningKeys(keyring);

describe('a backup older than the site', () => {
  let old: TestDb;
  let target: TestDb | undefined;
  let backupDir: string;
  let lastMigration: string;
  beforeAll(async () => {
    backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-before-'));
    old = await createTestDb();
    // The database as the previous version of the site left it: one migration still to run.
    const [, reverted] = (await old.db.migrate.down(migrationConfig())) as [number, string[]];
    lastMigration = reverted[0]!;
    await old.db('app_settings').insert({ key: 'replyPromiseHours', value: '12' });
  });
  afterAll(async () => {
    await old.destroy();
    await target?.destroy();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  (embedded ? it : it.skip)('is taken by the start on the embedded database before it migrates, and named in the log', async () => {
    const info = jest.fn();
    const logger = { info } as unknown as Logger;
    const now = new Date('2026-11-29T03:15:00Z');
    const file = await backupBeforeMigrating({ db: old.db, config: { databaseUrl: undefined, backupDir }, keyring, logger, now });
    expect(file).toBe(path.join(backupDir, 'backup-20261129-031500-before-migration.tar.gz'));
    expect(fs.readdirSync(backupDir)).toEqual([path.basename(file!)]);
    expect(info).toHaveBeenCalledWith(expect.objectContaining({ file, pending: [lastMigration] }), expect.stringContaining(`npm run restore -- ${file} --replace`));
  });

  it('is not taken when nothing is to be migrated, nor on PostgreSQL', async () => {
    const logger = { info: jest.fn() } as unknown as Logger;
    const current = await createTestDb();
    try {
      expect(await backupBeforeMigrating({ db: current.db, config: { databaseUrl: undefined, backupDir: path.join(backupDir, 'none') }, keyring, logger })).toBeNull();
      expect(await backupBeforeMigrating({ db: old.db, config: { databaseUrl: 'postgres://elsewhere/site', backupDir: path.join(backupDir, 'none') }, keyring, logger })).toBeNull();
      expect(fs.existsSync(path.join(backupDir, 'none'))).toBe(false);
    } finally {
      await current.destroy();
    }
  });

  it('restores with the migrations it predates run afterwards', async () => {
    const file = path.join(backupDir, 'old.tar.gz');
    const manifest = await createBackup(old.db, file, { source: embedded ? 'embedded' : 'postgresql', signing });
    expect(manifest.schemaVersion < lastMigration).toBe(true);
    target = await createTestDb({ migrate: false });
    const { migrated } = await restoreBackup(target.db, file, { signing });
    expect(migrated).toEqual([lastMigration]);
    expect(await target.db('app_settings').where({ key: 'replyPromiseHours' }).first()).toMatchObject({ value: '12' });
    const [{ name }] = (await target.db('knex_migrations').max({ name: 'name' })) as [{ name: string }];
    expect(name).toBe(lastMigration);
  });
});
