import type Router from '@koa/router';
import type { Context } from 'koa';
import { NotFoundError, ValidationError } from '../errors';
import { HttpError } from '../http-errors';
import { messages } from '../messages';
import { adminActor, allow, createRouter } from '../middleware/access';
import type { LeadRow } from '../db/tables';
import { leadFields, type LeadService } from '../leads';
import { FORM_STATUSES, INBOX_PAGE_SIZE, isFormType, type FormType } from '../../shared/form-types';

/** A lead as the spec's per-form calls show it: `_id`, `submittedAt`, `status` and its form's fields by their names. */
export type SubmissionRecord = Record<string, unknown> & { _id: string; submittedAt: string; status: string };

export function toSubmissionRecord(row: LeadRow): SubmissionRecord {
  return { _id: row.id, submittedAt: new Date(row.submitted_at).toISOString(), status: row.status, ...leadFields(row) };
}

function formType(ctx: Context): FormType {
  const type = ctx.params.type ?? '';
  if (!isFormType(type)) throw new HttpError(404, messages.http.apiNotFound);
  return type;
}

/** A positive whole number from the query, or the fallback when absent; anything else is a 400. */
function positiveInt(value: unknown, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value) || Number(value) < 1) throw new HttpError(400, messages.forms.notAPositiveNumber(name));
  return Number(value);
}

/** The spec's calls name a status that is not the form's in their own words, before looking for the lead. */
function statusOf(type: FormType, body: unknown): string {
  const status = (body as { status?: unknown } | undefined)?.status;
  if (typeof status !== 'string' || !(FORM_STATUSES[type] as readonly string[]).includes(status)) throw new ValidationError(messages.forms.unknownStatus(type));
  return status;
}

/** Runs a call of the lead service, answering a lead it cannot find in the spec's words. */
async function asSubmission<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof NotFoundError) throw new NotFoundError(messages.forms.submissionNotFound);
    throw error;
  }
}

/**
 * The spec's admin calls on form submissions, kept as the spec has them on top of the lead
 * service, which owns the lead: list one form's inbox newest first (page by page, the total in
 * `X-Total-Count`), change a status, delete. Like every lead call they find a lead in either
 * folder; only the list keeps to the inbox, as the spec's table of submissions does.
 */
export function adminFormRoutes(leads: LeadService): Router {
  const router = createRouter();

  router.get('/api/forms/:type', allow.admin, async (ctx) => {
    const type = formType(ctx);
    const page = positiveInt(ctx.query.page, 'page', 1);
    const limit = Math.min(positiveInt(ctx.query.limit, 'limit', INBOX_PAGE_SIZE.default), INBOX_PAGE_SIZE.max);
    const { rows, total } = await leads.listOfForm(type, { page, limit });
    ctx.set('X-Total-Count', String(total));
    ctx.body = rows.map(toSubmissionRecord);
  });

  router.patch('/api/forms/:type/:id/status', allow.admin, async (ctx) => {
    const type = formType(ctx);
    const status = statusOf(type, ctx.request.body);
    ctx.body = toSubmissionRecord(await asSubmission(leads.setStatus(type, ctx.params.id ?? '', status, adminActor(ctx))));
  });

  router.delete('/api/forms/:type/:id', allow.admin, async (ctx) => {
    await asSubmission(leads.remove(formType(ctx), ctx.params.id ?? '', adminActor(ctx)));
    ctx.status = 204;
  });
  return router;
}
