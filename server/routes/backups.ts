import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type Router from '@koa/router';
import { ConflictError, NotFoundError } from '../errors';
import { adminActor, allow, createRouter } from '../middleware/access';
import { BackupBusy, type BackupService } from '../backup/backup-service';
import { isBackupName } from '../backup/catalog';
import type { AdminAuth } from '../auth';
import type { AuditTrail } from '../services/audit';
import type { BackupDownloadJson } from '../../shared/backups';

/** How long a download link given after the password lasts; it works once. */
const DOWNLOAD_LINK_MS = 60_000;

/**
 * Settings > Backups, owners only: `GET /api/backups` → the backups in BACKUP_DIR (newest first),
 * the one running, the owners' warning and the schedule; `POST /api/backups` starts one now (202,
 * 409 while one runs; poll `GET /api/backups/status`). A download asks for the password again:
 * `POST /api/backups/:name/download { password }` → `{ url }`, a link that works once within a
 * minute for the same admin (`GET /api/backups/download/:token`, the file itself), so the browser
 * saves the file as it streams rather than holding it in memory. Both are in the audit trail.
 */
export function backupRoutes(backups: BackupService, auth: Pick<AdminAuth, 'proveOwnPassword'>, audit: AuditTrail): Router {
  const router = createRouter();
  const links = new Map<string, { name: string; adminId: number; expires: number }>();

  router.get('/api/backups', allow.owner, (ctx) => {
    ctx.body = backups.list();
  });

  router.get('/api/backups/status', allow.owner, (ctx) => {
    ctx.body = backups.status();
  });

  router.post('/api/backups', allow.owner, async (ctx) => {
    try {
      ctx.body = backups.backUpNow();
    } catch (error) {
      if (error instanceof BackupBusy) throw new ConflictError(error.message);
      throw error;
    }
    await audit.record(adminActor(ctx), { action: 'backup.create', summary: 'Back up now', ip: ctx.ip });
    ctx.status = 202;
  });

  router.post('/api/backups/:name/download', allow.owner, async (ctx) => {
    const name = ctx.params.name!;
    const actor = adminActor(ctx);
    await auth.proveOwnPassword(actor, (ctx.request.body as { password?: unknown } | undefined)?.password, ctx.ip);
    const entry = isBackupName(name) ? backups.list().backups.find((candidate) => candidate.name === name && candidate.bytes !== null) : undefined;
    if (!entry) throw new NotFoundError('There is no such backup.');
    const now = Date.now();
    for (const [token, link] of links) if (link.expires < now) links.delete(token);
    const token = randomBytes(24).toString('base64url');
    links.set(token, { name, adminId: actor.id, expires: now + DOWNLOAD_LINK_MS });
    await audit.record(actor, { action: 'backup.download', target: { type: 'backup', id: name }, summary: entry.state, ip: ctx.ip });
    const link: BackupDownloadJson = { url: `/api/backups/download/${token}` };
    ctx.body = link;
  });

  router.get('/api/backups/download/:token', allow.owner, (ctx) => {
    const link = links.get(ctx.params.token!);
    links.delete(ctx.params.token!);
    const file = link && link.adminId === ctx.state.admin!.id && link.expires >= Date.now() ? backups.fileOf(link.name) : null;
    if (!file || !fs.existsSync(file)) throw new NotFoundError('This download link has expired or was used already: ask for the backup again.');
    ctx.set('Content-Disposition', `attachment; filename="${link!.name}"`);
    ctx.type = 'application/gzip';
    ctx.length = fs.statSync(file).size;
    ctx.body = fs.createReadStream(file);
  });

  return router;
}
