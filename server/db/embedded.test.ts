import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb, type Db } from './connection';
import { EMBEDDED_SETTINGS } from './embedded';

/** The embedded database itself, whichever database the other tests run on. */
describe('the embedded database', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-db-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  async function withDb<T>(use: (db: Db) => Promise<T>): Promise<T> {
    const db = createDb({ dataDir });
    try {
      return await use(db);
    } finally {
      await db.destroy();
    }
  }

  it('creates its cluster in an empty folder, and finds its data there after a restart', async () => {
    await withDb(async (db) => {
      expect(fs.existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
      await db.raw('create table kept (note text)');
      await db('kept').insert({ note: 'written before the restart' });
    });
    expect(await withDb((db) => db('kept').pluck('note'))).toEqual(['written before the restart']);
  }, 120_000);

  it('runs PostgreSQL with the settings chosen for a small server, whatever the folder says', async () => {
    // A folder made before these settings carries PostgreSQL's defaults in its own configuration.
    fs.appendFileSync(path.join(dataDir, 'postgresql.conf'), '\nshared_buffers = 128MB\nwork_mem = 4MB\nmax_connections = 100\nsynchronous_commit = off\n');
    const names = Object.keys(EMBEDDED_SETTINGS);
    const settings = await withDb((db) => Promise.all(names.map(async (name) => [name, (await db.raw<{ rows: { value: string }[] }>('select current_setting(?) as value', [name])).rows[0]!.value])));
    expect(Object.fromEntries(settings)).toEqual(EMBEDDED_SETTINGS);
  }, 60_000);
});
