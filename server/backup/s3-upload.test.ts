import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { Logger } from '../logger';
import { createKeyring, newAppKey, parseAppKeys } from '../app-key';
import { loadConfig } from '../config';
import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { backupFileName } from './backup';
import { createBackupService } from './backup-service';
import { listBackups, markVerified } from './catalog';
import { s3ClientConfig } from './s3-upload';
import { parseS3Url } from './s3-target';
import type { SiteBackupOptions, SiteBackupResult } from './site-backup';

describe('BACKUP_S3_URL', () => {
  it('reads a bucket and an optional prefix, and nothing else', () => {
    expect(parseS3Url('s3://site-backups')).toEqual({ bucket: 'site-backups', prefix: '' });
    expect(parseS3Url('s3://site-backups/agency/nightly/')).toEqual({ bucket: 'site-backups', prefix: 'agency/nightly/' });
    expect(parseS3Url('s3://site-backups/agency')).toEqual({ bucket: 'site-backups', prefix: 'agency/' });
    for (const wrong of ['https://site-backups.s3.amazonaws.com', 's3://', 's3://key:secret@bucket/x', 's3://bucket/x?region=eu', 'bucket/prefix']) expect(parseS3Url(wrong)).toBeNull();
  });

  it('is checked at start-up with the variable named', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', BACKUP_S3_URL: 'https://bucket.example' })).toThrow(/BACKUP_S3_URL.*s3:\/\/bucket/);
    const config = loadConfig({ NODE_ENV: 'test', BACKUP_S3_URL: 's3://b/p', AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:9000' });
    expect(config.backupS3).toEqual({ bucket: 'b', prefix: 'p/', region: 'us-east-1', endpoint: 'http://127.0.0.1:9000' });
    expect(loadConfig({ NODE_ENV: 'test' }).backupS3).toBeUndefined();
  });
});

/** Stands in for a real backup: a file of random bytes (a backup does not compress), marked verified. */
async function fakeBackup({ backupDir, now, kind }: SiteBackupOptions): Promise<SiteBackupResult> {
  const file = path.join(backupDir, backupFileName(now, kind));
  fs.mkdirSync(backupDir, { recursive: true });
  const bytes = Buffer.alloc(3 * 1024 * 1024 + 17);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = (i * 2654435761) >>> 24;
  fs.writeFileSync(file, bytes);
  markVerified(file, { verifiedAt: now.toISOString(), rows: 1, tables: 1, images: 0, bytes: bytes.length, ms: 1, heldMs: 0 });
  const manifest = { createdAt: now.toISOString(), schemaVersion: '20261204000000_test', tables: [{ name: 'leads', rows: 1, sha256: '' }] } as unknown as SiteBackupResult['manifest'];
  return { file, manifest, bytes: bytes.length, heldMs: 0, ms: 1 };
}

function recordingLogger(): Logger & { errors: unknown[][] } {
  const errors: unknown[][] = [];
  const ignore = () => undefined;
  return { errors, error: (...args: unknown[]) => errors.push(args), warn: ignore, info: ignore, debug: ignore } as unknown as Logger & { errors: unknown[][] };
}

describe('uploading verified backups to an S3-compatible store (s3rver)', () => {
  const BUCKET = 'site-backups';
  let s3rver: S3rver;
  let endpoint: string;
  let storeDir: string;
  let backupDir: string;
  let testDb: TestDb;
  const savedEnv = { ...process.env };

  beforeAll(async () => {
    storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));
    s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: storeDir, configureBuckets: [{ name: BUCKET, configs: [] }] });
    const { port } = (await s3rver.run()) as { port: number };
    endpoint = `http://127.0.0.1:${port}`;
    // s3rver's fixed credentials, given as a deployment gives them: the SDK's standard variables.
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
    testDb = await createTestDb();
  }, 60_000);

  afterAll(async () => {
    process.env = savedEnv;
    await s3rver?.close();
    await testDb?.destroy();
    fs.rmSync(storeDir, { recursive: true, force: true });
  });

  beforeEach(() => {
    backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backups-s3-'));
  });
  afterEach(() => fs.rmSync(backupDir, { recursive: true, force: true }));

  function service(s3Url: string, logger?: Logger) {
    const config = loadConfig({ NODE_ENV: 'test', BACKUP_DIR: backupDir, BACKUP_SCHEDULE: 'off', BACKUP_S3_URL: s3Url, AWS_ENDPOINT_URL_S3: endpoint, DATABASE_URL: testDb.databaseUrl ?? '', DATA_DIR: testDb.dataDir ?? '' });
    return { config, backups: createBackupService({ db: testDb.db, config, keyring: createKeyring(parseAppKeys(newAppKey())), timeZone: () => 'Europe/London', makeBackup: fakeBackup, logger }) };
  }

  it('uploads each verified backup under the prefix, byte for byte, and notes where beside it', async () => {
    const { config, backups } = service(`s3://${BUCKET}/agency/nightly`);
    backups.backUpNow();
    const result = await backups.running();
    expect(backups.status().last).toMatchObject({ ok: true, error: null });
    const name = path.basename(result!.file);
    const client = new S3Client({ ...s3ClientConfig(config.backupS3!) });
    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: `agency/nightly/${name}` }));
    const uploaded = Buffer.from(await object.Body!.transformToByteArray());
    expect(uploaded.equals(fs.readFileSync(result!.file))).toBe(true);
    expect(object.Metadata).toMatchObject({ 'schema-version': '20261204000000_test', verified: 'true' });
    const mark = JSON.parse(fs.readFileSync(`${result!.file}.verified`, 'utf8')) as { uploadedTo: string };
    expect(mark.uploadedTo).toBe(`s3://${BUCKET}/agency/nightly/${name}`);
  }, 60_000);

  it('keeps a backup that verified but could not be uploaded, and says why in the log, the outcome and the owners\' banner until one is uploaded', async () => {
    const logger = recordingLogger();
    const { backups } = service('s3://no-such-bucket', logger);
    backups.backUpNow();
    await backups.running();
    expect(backups.status().last).toMatchObject({ ok: true, error: expect.stringMatching(/^The backup was made and verified, but its upload to S3 failed: /) });
    expect(logger.errors).toHaveLength(1);
    expect(listBackups(backupDir).map((entry) => entry.state)).toEqual(['verified']);
    const listed = backups.list();
    expect(listed.backups[0]!.uploadError).toEqual(expect.any(String));
    expect(listed.warning).toMatchObject({ kind: 'upload-failed', message: expect.stringMatching(/^The last backup was verified here, but its upload to S3 failed: ./) });

    // The next backup, uploaded, ends the warning (and, made the same day, rotates the other away).
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const { backups: fixed } = service(`s3://${BUCKET}`);
    fixed.backUpNow();
    await fixed.running();
    const after = fixed.list();
    expect(after.backups[0]).toMatchObject({ state: 'verified', uploadError: null });
    expect(after.warning).toBeNull();
  }, 60_000);
});
