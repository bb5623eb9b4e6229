import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { signInAsAdmin, TEST_ADMIN, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import type { BackupsJson } from '../../shared/backups';

/** Settings > Backups' API: back up now with progress, the list, and a download behind the password. */
describe('backups API', () => {
  let t: TestApp;
  let owner: AdminTestSession;
  let backupDir: string;
  const api = () => request(t.app.callback());

  beforeAll(async () => {
    backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'backups-api-'));
    t = await createTestApp({ BACKUP_DIR: backupDir });
    owner = await signInAsAdmin(t);
  });
  afterAll(async () => {
    await t.destroy();
    fs.rmSync(backupDir, { recursive: true, force: true });
  });

  it('lists nothing before the first backup, with the schedule', async () => {
    const { body } = await api().get('/api/backups').set(owner.headers).expect(200);
    expect(body).toEqual({
      backups: [],
      running: null,
      last: null,
      warning: null,
      schedule: { nightly: !process.env.DATABASE_URL, time: '02:30', keepDaily: 7, keepWeekly: 4, keepManual: 5 },
      storage: {
        folder: backupDir,
        bucket: null,
        key: t.config.appKey ? { source: 'environment' } : { source: 'file', file: path.join(t.config.dataDir, 'app-key') },
        database: process.env.DATABASE_URL ? { kind: 'postgres' } : { kind: 'embedded', dataDir: t.config.dataDir },
      },
    });
  });

  it('backs up now, one at a time, with progress to poll, and lists the verified file', async () => {
    const started = await api().post('/api/backups').set(owner.headers).expect(202);
    expect(started.body.running).toMatchObject({ trigger: 'manual' });
    const again = await api().post('/api/backups').set(owner.headers).expect(409);
    expect(again.body).toEqual({ error: 'A backup is already running.' });
    const steps = new Set<string>();
    for (;;) {
      const { body } = await api().get('/api/backups/status').set(owner.headers).expect(200);
      if (!body.running) break;
      steps.add(body.running.step);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(steps.size).toBeGreaterThan(1);
    const { body } = (await api().get('/api/backups').set(owner.headers).expect(200)) as { body: BackupsJson };
    expect(body.backups).toHaveLength(1);
    expect(body.backups[0]).toMatchObject({ state: 'verified', kind: 'manual' });
    expect(body.last).toMatchObject({ ok: true, name: body.backups[0]!.name });
    const audit = await t.db('audit_log').where({ action: 'backup.create' }).first();
    expect(audit).toMatchObject({ actor_name: TEST_ADMIN.username });
    // A whole backup and its scratch restore: well over a minute on two busy cores.
  }, 300_000);

  it('downloads a backup only after the password, once, and records it', async () => {
    const [backup] = ((await api().get('/api/backups').set(owner.headers).expect(200)).body as BackupsJson).backups;
    const wrong = await api().post(`/api/backups/${backup!.name}/download`).set(owner.headers).send({ password: 'not it' }).expect(400);
    expect(wrong.body.error).toBeTruthy();
    await api().post(`/api/backups/${backup!.name}/download`).set(owner.headers).send({}).expect(400);
    await api().post('/api/backups/backup-20200101-000000.tar.gz/download').set(owner.headers).send({ password: TEST_ADMIN.password }).expect(404);
    await api().post('/api/backups/..%2F..%2Fetc%2Fpasswd/download').set(owner.headers).send({ password: TEST_ADMIN.password }).expect(404);
    const { body } = await api().post(`/api/backups/${backup!.name}/download`).set(owner.headers).send({ password: TEST_ADMIN.password }).expect(200);
    expect(body.url).toMatch(/^\/api\/backups\/download\/[\w-]+$/);
    const file = await api()
      .get(body.url)
      .set(owner.headers)
      .buffer(true)
      .parse((response, done) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () => done(null, Buffer.concat(parts)));
      })
      .expect(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${backup!.name}"`);
    expect(Buffer.compare(file.body as Buffer, fs.readFileSync(path.join(backupDir, backup!.name)))).toBe(0);
    const reused = await api().get(body.url).set(owner.headers).expect(404);
    expect(reused.body.error).toMatch(/expired or was used/);
    const audit = await t.db('audit_log').where({ action: 'backup.download' }).select('target_id', 'actor_name');
    expect(audit).toEqual([{ target_id: backup!.name, actor_name: TEST_ADMIN.username }]);
  });

  it('says where the application key is, never the key itself', async () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const withKey = await createTestApp({ BACKUP_DIR: backupDir, APP_KEY: key, BACKUP_S3_URL: 's3://agency-backups/site' });
    try {
      const session = await signInAsAdmin(withKey);
      const response = await request(withKey.app.callback()).get('/api/backups').set(session.headers).expect(200);
      expect(response.body.storage).toMatchObject({ folder: backupDir, bucket: 's3://agency-backups/site/', key: { source: 'environment' } });
      expect(response.text).not.toContain(key);
    } finally {
      await withKey.destroy();
    }
  });
});
