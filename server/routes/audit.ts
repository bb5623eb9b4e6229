import type Router from '@koa/router';
import { ValidationError } from '../errors';
import { messages } from '../messages';
import { allow, createRouter } from '../middleware/access';
import type { AuditTrail } from '../services/audit';
import { AUDIT_PAGE_SIZE, auditQuerySchema, type AuditAction } from '../../shared/audit';
import { fieldErrorsOf } from '../../shared/zod-errors';

const DAY_MS = 24 * 3600_000;
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The audit trail, owners only: `GET /api/audit?actor=&action=&from=&to=&cursor=&limit=` →
 * `{ items, nextCursor }`, newest first. `from` and `to` take a day (UTC; `to` includes it) or an
 * instant. There is no call that changes or deletes a row.
 */
export function auditRoutes(audit: AuditTrail): Router {
  const router = createRouter();

  router.get('/api/audit', allow.owner, async (ctx) => {
    const parsed = auditQuerySchema.safeParse(ctx.query);
    if (!parsed.success) throw new ValidationError(messages.audit.invalid, fieldErrorsOf(parsed.error, { unknownField: messages.audit.unknownFilter }));
    const { actor, action, from, to, cursor, limit = AUDIT_PAGE_SIZE.default } = parsed.data;
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
