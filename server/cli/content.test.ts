import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '../db/connection';
import { CONTENT_DOCUMENTS } from '../../shared/content/documents';
import { createTestDb, type TestDb } from '../../tests/helpers/test-db';

const root = path.resolve(__dirname, '../..');

/**
 * Runs the real CLI against an embedded database in a temporary folder, or with `DATABASE_URL`
 * set, against a new database on that server (with the application key it then needs).
 */
function runCli(where: NodeJS.ProcessEnv, args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, NODE_ENV: 'test', ...where };
  return new Promise((resolve) => {
    execFile(path.join(root, 'node_modules/.bin/tsx'), ['server/cli/content.ts', ...args], { cwd: root, env, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ status: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

describe('npm run content', () => {
  let dataDir: string;
  let file: string;
  let server: TestDb | undefined;
  let where: NodeJS.ProcessEnv;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-cli-'));
    file = path.join(dataDir, 'content.json');
    if (process.env.DATABASE_URL) server = await createTestDb({ migrate: false });
    where = server ? { DATABASE_URL: server.databaseUrl, APP_KEY: randomBytes(32).toString('base64') } : { DATA_DIR: dataDir };
  });
  afterAll(async () => {
    await server?.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const draftOf = async (key: string) => {
    const db = server ? server.db : createDb({ dataDir });
    try {
      return (await db('content_documents').where({ key }).first('version', 'draft_version', 'draft_data', 'draft_saved_by')) as { version: number; draft_version: number | null; draft_data: { phone?: string } | null; draft_saved_by: string | null };
    } finally {
      if (!server) await db.destroy();
    }
  };

  it('exports the content, lists the changes of an edited file, and imports it as drafts', async () => {
    const exported = await runCli(where, ['export', file]);
    expect(exported.stderr).toBe('');
    expect(exported.stdout).toMatch(new RegExp(`^Exported ${CONTENT_DOCUMENTS.length} documents and 0 images to .*content\\.json\\.$`, 'm'));
    const content = JSON.parse(fs.readFileSync(file, 'utf8')) as { documents: Record<string, { phone?: string }> };

    expect((await runCli(where, ['import', file, '--dry-run'])).stdout).toContain(`Dry run: 0 document(s) would become drafts, ${CONTENT_DOCUMENTS.length} unchanged.`);

    content.documents.business!.phone = '+1 (555) 444-5555';
    fs.writeFileSync(file, JSON.stringify(content));
    const dryRun = await runCli(where, ['import', file, '--dry-run']);
    expect(dryRun.stdout).toContain('changed   business: phone');
    expect(dryRun.stdout).toContain(`Dry run: 1 document(s) would become drafts, ${CONTENT_DOCUMENTS.length - 1} unchanged.`);
    expect((await draftOf('business')).draft_data).toBeNull();

    const imported = await runCli(where, ['import', file]);
    expect(imported.status).toBe(0);
    expect(imported.stdout).toContain(`1 document(s) saved as drafts (nothing published), ${CONTENT_DOCUMENTS.length - 1} unchanged.`);
    expect(await draftOf('business')).toMatchObject({ version: 2, draft_version: 2, draft_data: expect.objectContaining({ phone: '+1 (555) 444-5555' }), draft_saved_by: 'command line' });
  }, 120_000);

  it('refuses an invalid file, naming the document and field, and imports nothing', async () => {
    const content = JSON.parse(fs.readFileSync(file, 'utf8')) as { documents: Record<string, { phone?: string; email?: string }> };
    content.documents.business!.email = 'not an address';
    fs.writeFileSync(file, JSON.stringify(content));
    const before = await draftOf('business');
    const refused = await runCli(where, ['import', file]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('business, email: Enter an e-mail address');
    expect(refused.stderr).toContain('Nothing was imported.');
    expect(await draftOf('business')).toEqual(before);
    expect((await runCli(where, ['import'])).stderr).toContain('Usage: npm run content');
  }, 120_000);

  it('reads a file within the same limits as an import through the admin', async () => {
    const flood = path.join(dataDir, 'flood.json');
    const keys = Array.from({ length: 700_000 }, (_, n) => `"k${n}":0`).join(',');
    fs.writeFileSync(flood, `{"format":"brightpath-content","schemaVersion":1,"documents":{${keys}}}`);
    const before = await draftOf('business');
    const refused = await runCli(where, ['import', flood, '--dry-run']);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('The content file holds more than 100,000 keys and list items, the most an import takes.');
    fs.writeFileSync(flood, `{"format":"brightpath-content","schemaVersion":1,"documents":{"home":${'['.repeat(40)}${']'.repeat(40)}}}`);
    expect((await runCli(where, ['import', flood])).stderr).toContain('The content file is nested deeper than 32 levels');
    expect(await draftOf('business')).toEqual(before);
  }, 120_000);
});
