/**
 * `npm run content -- export FILE` and `npm run content -- import FILE [--dry-run]`: the site's
 * content as one JSON file (every document and the stored images it shows), to move content from
 * one site to another (staging to live). An import lands as drafts, never published. On the
 * embedded database, run it while the site is stopped: PGlite's data folder is one process's.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadKeyring } from '../app-key';
import { loadConfig } from '../config';
import { createDb } from '../db/connection';
import { migrateLatest } from '../db/migrate';
import { createAuditTrail, type AuditActor } from '../services/audit';
import { createContentTransfer, readContentFile, type ImportPlan } from '../content';

const USAGE = 'Usage: npm run content -- export FILE\n       npm run content -- import FILE [--dry-run]';

/** Who the audit trail and the drafts name for changes made from the server's shell. */
const CLI_ACTOR: AuditActor = { id: null, name: 'command line' };

function describePlan({ changes, problems }: ImportPlan, dryRun: boolean): string {
  const lines = changes.filter((change) => change.status !== 'unchanged').map((change) => `  ${change.status.padEnd(9)} ${change.key}${change.fields.length > 0 ? `: ${change.fields.join(', ')}` : ''}`);
  const unchanged = changes.filter((change) => change.status === 'unchanged').length;
  const written = changes.filter((change) => change.status === 'changed' || change.status === 'new').length;
  const head = problems.length > 0 ? `${problems.length} problem(s):\n${problems.map((problem) => `  ${problem.message}`).join('\n')}\n` : '';
  const outcome = dryRun ? `Dry run: ${written} document(s) would become drafts, ${unchanged} unchanged.` : `${written} document(s) saved as drafts (nothing published), ${unchanged} unchanged.`;
  return `${head}${lines.join('\n')}${lines.length > 0 ? '\n' : ''}${outcome}`;
}

async function run(): Promise<void> {
  const [command, file, ...flags] = process.argv.slice(2);
  const dryRun = flags.includes('--dry-run');
  const known = command === 'export' ? flags.length === 0 : command === 'import' && flags.every((flag) => flag === '--dry-run');
  if (!file || !known) throw new Error(USAGE);
  const config = loadConfig();
  const { keyring } = loadKeyring(config);
  const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateLatest(db, { keyring });
    const transfer = createContentTransfer({ db, audit: createAuditTrail({ db }) });
    const target = path.resolve(file);
    if (command === 'export') {
      const content = await transfer.exportAll(CLI_ACTOR);
      fs.writeFileSync(target, `${JSON.stringify(content, null, 2)}\n`);
      console.log(`Exported ${Object.keys(content.documents).length} documents and ${Object.keys(content.images).length} images to ${target}.`);
      return;
    }
    let parsed: unknown;
    try {
      // Within the same limits as an import through the admin (server/content/import-file.ts).
      parsed = await readContentFile(fs.createReadStream(target));
    } catch (error) {
      throw new Error(`Cannot import ${target}: ${(error as Error).message}`, { cause: error });
    }
    // Checked first, so each problem is listed on its own line; the import checks again as it writes.
    const plan = await transfer.dryRun(parsed);
    if (plan.problems.length > 0) {
      console.error(`${describePlan(plan, true)}\n${dryRun ? 'The import would be refused.' : 'Nothing was imported.'}`);
      process.exitCode = 1;
      return;
    }
    console.log(describePlan(dryRun ? plan : await transfer.importAsDrafts(parsed, CLI_ACTOR), dryRun));
  } finally {
    await db.destroy();
  }
}

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
