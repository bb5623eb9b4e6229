import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { prepareEmbeddedDatabase } from './prepare-database';

/** The cluster npm start's build creates beside the bundling, for the server to open and migrate. */
describe("npm start's embedded database, created while the build runs", () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'prepare-database-')), 'data');
  });
  afterEach(() => fs.rmSync(path.dirname(dataDir), { recursive: true, force: true }));

  it('creates a cluster PGlite opens in a new data folder, once', async () => {
    expect(await prepareEmbeddedDatabase({ DATA_DIR: dataDir })).toBe(true);
    const db = await PGlite.create({ dataDir });
    expect((await db.query<{ answer: number }>('select 6 * 7 as answer')).rows).toEqual([{ answer: 42 }]);
    await db.close();
    expect(await prepareEmbeddedDatabase({ DATA_DIR: dataDir })).toBe(false);
  });

  it('leaves PostgreSQL sites and configurations the server will refuse alone', async () => {
    expect(await prepareEmbeddedDatabase({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://postgres@localhost:5432/postgres' })).toBe(false);
    expect(await prepareEmbeddedDatabase({ DATA_DIR: dataDir, PORT: 'not a port' })).toBe(false);
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
