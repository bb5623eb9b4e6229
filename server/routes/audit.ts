import type Router from '@koa/router';
import { parseInput } from '../errors';
import { messages } from '../messages';
import { allow, createRouter } from '../middleware/access';
import type { AuditTrail } from '../services/audit';
import { isDay } from '../../shared/date-schemas';
import { AUDIT_PAGE_SIZE, auditQuerySchema, type AuditAction } from '../../shared/audit';

const DAY_MS = 24 * 3600_000;

/**
 * The audit trail, owners only: `GET /api/audit?actor=&action=&from=&to=&cursor=&limit=` →
 * `{ items, nextCursor }`, newest first. `from` and `to` take a day (UTC; `to` includes it) or an
 * instant. There is no call that changes or deletes a row.
 */
export function auditRoutes(audit: AuditTrail): Router {
  const router = createRouter();

  router.get('/api/audit', allow.owner, async (ctx) => {
    const { actor, action, from, to, cursor, limit = AUDIT_PAGE_SIZE.default } = parseInput(auditQuerySchema, ctx.query, { unknownField: messages.audit.unknownFilter });
    ctx.body = await audit.list({
      actor,
      action: action as AuditAction | undefined,
      from: from ? new Date(from) : undefined,
      to: to ? new Date(new Date(to).getTime() + (isDay(to) ? DAY_MS : 0)) : undefined,
      cursor,
      limit,
    });
  });

  return router;
}
