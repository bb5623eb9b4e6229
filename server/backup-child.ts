/**
 * The backup's child process (see backup/site-backup.ts): writes one backup file, or verifies one
 * by restoring it into a scratch embedded database, then exits. Running here, the dump's JSON and
 * gzip work and the scratch database's memory are never the site's: it keeps answering on its own
 * core, and its memory stays as it was.
 */
import fs from 'node:fs';
import { createDb } from './db/connection';
import { createBackup } from './backup/backup';
import { restoreBackup } from './backup/restore';
import type { BackupChildJob, BackupChildMessage } from './backup/site-backup';

const send = (message: BackupChildMessage) => new Promise<void>((resolve) => process.send!(message, () => resolve()));

async function run(job: BackupChildJob): Promise<void> {
  if (job.job === 'write') {
    const db = createDb({ ...job.source, longStatements: true });
    try {
      const manifest = await createBackup(db, job.file, {
        source: job.source.databaseUrl ? 'postgresql' : 'embedded',
        signing: job.signing,
        now: new Date(job.createdAt),
        onTable: (table, index, count) => void send({ progress: `Writing ${table} (table ${index + 1} of ${count})` }),
      });
      await send({ ok: true, manifest });
    } finally {
      await db.destroy();
    }
    return;
  }
  // A copy of a ready empty cluster when given (tests), else PGlite creates one (initdb).
  if (job.clusterTemplate) fs.cpSync(job.clusterTemplate, job.scratchDir, { recursive: true });
  const db = createDb({ dataDir: job.scratchDir, longStatements: true });
  try {
    await send({ progress: 'Restoring into a scratch database' });
    const { manifest } = await restoreBackup(db, job.file, { signing: job.signing });
    await send({ ok: true, manifest });
  } finally {
    await db.destroy();
    fs.rmSync(job.scratchDir, { recursive: true, force: true });
  }
}

process.once('message', (job: BackupChildJob) => {
  run(job)
    .catch((error: unknown) => send({ ok: false, message: error instanceof Error ? error.message : String(error) }))
    .finally(() => process.exit(0));
});

// The site went away (shut down or crashed): nobody is waiting for the result.
process.once('disconnect', () => process.exit(0));
