import type { Knex } from 'knex';
import { z } from 'zod';
import { cursorPosition, encodeCursor } from '../db/keyset-cursor';
import { countUnread, deleteLeads, findLead, findLeads, insertNote, listFormLeads, listLeads, readLeadPage, type LeadQuery } from './queries';
import type { LeadNoteRow, LeadRow } from '../db/tables';
import { NotFoundError, optionalParam, parseInput, ValidationError } from '../errors';
import { messages } from '../messages';
import type { AuditActor, AuditTrail } from '../services/audit';
import type { ReplyWriter } from '../db/lead-replies';
import { leadTarget, readAtForStatus, respondedAtForStatus } from './state';
import { DEFAULT_REPLY_PROMISE, replyDueAt, type ReplyPromise } from '../../shared/reply-clock';
import { AUDIT_ACTIONS, isAuditAction } from '../../shared/audit';
import { FORM_DEFINITIONS } from '../../shared/forms';
import { INBOX_PAGE_SIZE, isLeadType, LEAD_TYPE_LABELS, LEAD_TYPE_STATUSES, LEAD_TYPES, type FormType } from '../../shared/form-types';
import type { FormValues } from '../../shared/form-schemas';
import { EMAIL_LEAD_FIELDS, LEAD_BULK_ACTIONS, LEAD_FOLDERS, LEAD_LIMITS, LEAD_STATUSES, leadSummary, type LeadBulkAction, type LeadDetail, type LeadHistoryEntry, type LeadListItem } from '../../shared/leads';
import { calendarDaySchema } from '../../shared/date-schemas';
import { searchTextSchema } from '../../shared/search';
import { FORBIDDEN_IN_TEXT } from '../../shared/text';
import { RESPONDED_STATUS } from '../../shared/reply-queue';
import { leadsCsv } from './csv';
import { queueMail } from '../outbox/queries';
import { isUuid } from '../db/uuid';
import { toNotificationState } from '../services/mail-health';
import type { LeadReplies } from './replies';
import { conversationFrom, withAttachments } from './conversation';
import { staffNoticeOf } from './staff-notice';

const DAY_MS = 24 * 3600_000;
const toSnake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export function toLeadListItem(row: LeadRow): LeadListItem {
  return {
    _id: row.id,
    type: row.type,
    submittedAt: new Date(row.submitted_at).toISOString(),
    status: row.status,
    readAt: iso(row.read_at),
    respondedAt: iso(row.responded_at),
    dueAt: iso(row.due_at),
    name: row.name,
    email: row.email,
    subject: row.subject,
    summary: leadSummary({ subject: row.subject, message: row.message, projectDetails: row.project_details }),
    spamReason: row.spam_reason,
  };
}

/** A form's fields of a lead, by their names (`projectDetails`), in the form's order. */
export function leadFields(row: LeadRow): Record<string, string | number | null> {
  const names = row.type === 'email' ? EMAIL_LEAD_FIELDS : FORM_DEFINITIONS[row.type].fields.map((field) => field.name);
  return Object.fromEntries(names.map((name) => [name, (row[toSnake(name) as keyof LeadRow] as string | number | null) ?? null]));
}


const filterShape = {
  type: optionalParam(z.enum(LEAD_TYPES, { error: `Use one of ${LEAD_TYPES.join(', ')}.` })),
  status: optionalParam(z.string({ error: 'Give one status.' }).refine((value) => LEAD_STATUSES.includes(value), `Use one of ${LEAD_STATUSES.join(', ')}.`)),
  q: optionalParam(searchTextSchema),
  from: optionalParam(calendarDaySchema),
  to: optionalParam(calendarDaySchema),
  folder: optionalParam(z.enum(LEAD_FOLDERS, { error: `Use one of ${LEAD_FOLDERS.join(', ')}.` })),
  unread: optionalParam(z.enum(['true', 'false'], { error: 'Use true or false.' })),
};
const filterSchema = z.strictObject(filterShape);
const listSchema = z.strictObject({
  ...filterShape,
  cursor: optionalParam(z.string({ error: 'Give one cursor.' })),
  limit: optionalParam(
    z
      .string({ error: 'Give one limit.' })
      .regex(/^\d{1,3}$/, `Use a whole number from 1 to ${INBOX_PAGE_SIZE.max}.`)
      .transform(Number)
      .refine((value) => value >= 1 && value <= INBOX_PAGE_SIZE.max, `Use a whole number from 1 to ${INBOX_PAGE_SIZE.max}.`),
  ),
});

const bulkSchema = z.strictObject({
  action: z.enum(LEAD_BULK_ACTIONS, { error: `Use one of ${LEAD_BULK_ACTIONS.join(', ')}.` }),
  ids: z
    .array(z.string({ error: 'Each id must be text.' }).max(64, 'Each id must be a lead id.'), { error: 'Give the ids of the leads as a list.' })
    .min(1, 'Select at least one lead.')
    .max(LEAD_LIMITS.bulk, `Select at most ${LEAD_LIMITS.bulk} leads at a time.`),
  status: z.string({ error: 'Give the status as text.' }).optional(),
});

const statusSchema = z.strictObject({ status: z.string({ error: 'Give the status as text.' }) });

const noteSchema = z.strictObject({
  body: z
    .string({ error: 'Write the note as text.' })
    .trim()
    .min(1, 'Write a note first.')
    .max(LEAD_LIMITS.note, `A note has at most ${LEAD_LIMITS.note} characters.`)
    .refine((text) => !FORBIDDEN_IN_TEXT.test(text), 'The note has characters it cannot have.'),
});

function parse<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  return parseInput(schema, value, { unknownField: messages.leads.unknownParameter });
}

type ParsedFilters = z.infer<typeof filterSchema>;

function toLeadQuery(filters: ParsedFilters): LeadQuery {
  if (filters.from && filters.to && filters.from > filters.to) {
    throw new ValidationError(`to: ${messages.leads.toBeforeFrom}`, { to: messages.leads.toBeforeFrom });
  }
  return {
    folder: filters.folder ?? 'inbox',
    type: filters.type,
    status: filters.status,
    unread: filters.unread === 'true',
    search: filters.q ? filters.q.toLowerCase() : undefined,
    from: filters.from ? new Date(`${filters.from}T00:00:00Z`) : undefined,
    to: filters.to ? new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS) : undefined,
  };
}

export interface LeadServiceDeps {
  db: Knex;
  audit: AuditTrail;
  /** The site's address, which the staff e-mail of a lead taken out of spam links to. */
  publicUrl: string;
  /** Called after a notification is queued (wakes the outbox worker). */
  onQueued?: () => void;
  /** The reply promise in force (the settings): a lead taken out of spam is due by it from then. */
  replyPromise?: () => ReplyPromise;
  /** Replies from the back office: a lead's detail lists them and carries what a new one is composed with, for the account viewing it. */
  replies: Pick<LeadReplies, 'repliesFrom' | 'composerOf' | 'writerOf'>;
  now?: () => Date;
}

/**
 * The lead inbox: every form's leads in one list (filters, search, keyset pages), a lead with its
 * notes and history, read state, spam and not spam, bulk changes and the CSV export. Every change
 * is recorded in the audit trail against the lead (`lead:<id>`), which is its history.
 */
export function createLeadService({ db, audit, publicUrl, onQueued, replyPromise = () => DEFAULT_REPLY_PROMISE, replies, now = () => new Date() }: LeadServiceDeps) {
  /**
   * A lead with its notes, history, mail and thread, read in one statement (`readLeadPage`), and
   * its reply composer as `viewer` would send from it.
   */
  async function detailOf(type: string, id: string, viewer: AuditActor, trx: Knex = db, viewerAsWriter?: ReplyWriter): Promise<LeadDetail> {
    if (!isLeadType(type) || !isUuid(id)) throw new NotFoundError(messages.leads.notFound);
    const [page, writer] = await Promise.all([readLeadPage(trx, type, id), viewerAsWriter ?? replies.writerOf(viewer.id, trx)]);
    if (!page) throw new NotFoundError(messages.leads.notFound);
    const { lead: row, notes, history: audited, mail } = page;
    const filed = await withAttachments(trx, page.filed);
    const latestStaffNotification = mail.filter((entry) => entry.kind === 'staff').at(-1);
    const created: LeadHistoryEntry = {
      at: new Date(row.submitted_at).toISOString(),
      actor: row.name ?? row.email ?? 'visitor',
      action: 'created',
      label: `Received (${LEAD_TYPE_LABELS[row.type]})`,
      summary: row.spam_reason && row.spam_at && +row.spam_at === +row.submitted_at ? `Filed as spam: ${row.spam_reason}` : '',
    };
    const history = audited.map((entry) => ({ at: entry.at.toISOString(), actor: entry.actor_name, action: entry.action, label: isAuditAction(entry.action) ? AUDIT_ACTIONS[entry.action] : entry.action, summary: entry.summary }));
    return {
      ...toLeadListItem(row),
      spamAt: iso(row.spam_at),
      fields: leadFields(row),
      attribution: { landingPath: row.landing_path, sourcePath: row.source_path, referrerHost: row.referrer_host, utmSource: row.utm_source, utmMedium: row.utm_medium, utmCampaign: row.utm_campaign },
      notes: notes.map(toNoteJson),
      history: [created, ...history],
      notification: latestStaffNotification ? toNotificationState(latestStaffNotification) : null,
      replies: replies.repliesFrom(mail),
      messages: conversationFrom(mail, filed),
      composer: replies.composerOf(row, writer),
    };
  }

  async function existing(type: string, id: string, trx: Knex = db): Promise<LeadRow> {
    const lead = isLeadType(type) ? await findLead(trx, type, id) : undefined;
    if (!lead) throw new NotFoundError(messages.leads.notFound);
    return lead;
  }

  /**
   * Applies one action to the given leads within the caller's transaction; returns how many it
   * changed and whether it queued staff e-mails (the caller wakes the outbox after the commit).
   */
  async function apply(trx: Knex, leads: LeadRow[], action: LeadBulkAction, actor: AuditActor, status?: string): Promise<{ changed: number; queued: boolean }> {
    const at = now();
    const record = (lead: LeadRow, auditAction: Parameters<AuditTrail['record']>[1]['action'], summary = '') => audit.record(actor, { action: auditAction, target: leadTarget(lead.id), summary }, trx);
    let changed = 0;
    let queued = false;
    for (const lead of leads) {
      switch (action) {
        case 'read':
          if (lead.read_at) continue;
          await trx('leads').where({ id: lead.id }).update({ read_at: at, status: lead.status === 'new' ? 'read' : lead.status });
          await record(lead, 'lead.read');
          break;
        case 'unread':
          if (!lead.read_at) continue;
          await trx('leads').where({ id: lead.id }).update({ read_at: null, status: lead.status === 'read' ? 'new' : lead.status });
          await record(lead, 'lead.unread');
          break;
        case 'status':
        case 'responded': {
          // "Mark responded" answers a lead once: one already answered keeps whatever status it has now.
          if (action === 'responded' && lead.responded_at) continue;
          const next = action === 'responded' ? RESPONDED_STATUS[lead.type] : status!;
          if (lead.status === next) continue;
          await trx('leads')
            .where({ id: lead.id })
            .update({ status: next, read_at: readAtForStatus(lead, next, at), responded_at: respondedAtForStatus(lead, next, at) });
          // Recorded as the single lead's status change is, so its history reads the same either way.
          await record(lead, 'lead.status', `${lead.status} → ${next}`);
          break;
        }
        case 'spam':
          if (lead.spam_at) continue;
          // Spam has no reply clock.
          await trx('leads').where({ id: lead.id }).update({ spam_at: at, spam_reason: `marked by ${actor.name}`.slice(0, 200), due_at: null });
          await record(lead, 'lead.spam');
          break;
        case 'not-spam': {
          if (!lead.spam_at) continue;
          // Its clock starts now, when staff can first see it in the inbox.
          await trx('leads').where({ id: lead.id }).update({ spam_at: null, spam_reason: null, due_at: replyDueAt(at, replyPromise()) });
          // Spam was never mailed: out of the folder, the lead gets the staff e-mail every form's lead gets
          // (an e-mail lead was made by staff, who know of it).
          if (lead.type !== 'email') {
            await queueMail(trx, { kind: 'staff', ...staffNoticeOf(lead.type, lead.id, leadFields(lead) as FormValues, publicUrl) });
            queued = true;
          }
          await record(lead, 'lead.not-spam', lead.spam_reason ?? '');
          break;
        }
        case 'delete':
          await deleteLeads(trx, [lead.id]);
          await record(lead, 'lead.delete', LEAD_TYPE_LABELS[lead.type]);
          break;
      }
      changed += 1;
    }
    return { changed, queued };
  }

  /** Runs `work` in a transaction, then wakes the outbox if it queued e-mails. */
  async function changing<T>(work: (trx: Knex, applyTo: (leads: LeadRow[], action: LeadBulkAction, actor: AuditActor, status?: string) => Promise<number>) => Promise<T>): Promise<T> {
    let queued = false;
    const result = await db.transaction(async (trx) =>
      work(trx, async (leads, action, actor, status) => {
        const outcome = await apply(trx, leads, action, actor, status);
        queued ||= outcome.queued;
        return outcome.changed;
      }),
    );
    if (queued) onQueued?.();
    return result;
  }

  function checkStatusFits(leads: LeadRow[], status: string | undefined): string {
    if (status === undefined) throw new ValidationError(`status: ${messages.leads.statusMissing}`, { status: messages.leads.statusMissing });
    const misfit = leads.find((lead) => !(LEAD_TYPE_STATUSES[lead.type] as readonly string[]).includes(status));
    if (misfit) {
      const message = messages.forms.unknownStatus(misfit.type);
      throw new ValidationError(`status: ${message}`, { status: message });
    }
    return status;
  }

  return {
    /** One page of leads newest first and the cursor of the next page (null on the last). */
    async list(rawQuery: unknown): Promise<{ items: LeadListItem[]; nextCursor: string | null }> {
      const { cursor, limit = INBOX_PAGE_SIZE.default, ...filters } = parse(listSchema, rawQuery);
      const after = cursorPosition(cursor);
      // One row more than the page says whether another page follows, without counting them all.
      const rows = await listLeads(db, toLeadQuery(filters), { after, limit: limit + 1 });
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return { items: page.map(toLeadListItem), nextCursor: rows.length > limit && last ? encodeCursor({ at: last.submitted_at, id: last.id }) : null };
    },

    /**
     * The lead as `viewer` sees it (its reply composer is theirs); `viewerAsWriter` when the
     * request's session has read the account already (one read fewer on every lead page).
     */
    async detail(type: string, id: string, viewer: AuditActor, viewerAsWriter?: ReplyWriter): Promise<LeadDetail> {
      return detailOf(type, id, viewer, db, viewerAsWriter);
    },

    /** Applies an action to one lead and answers it as it is now. */
    async act(type: string, id: string, action: Exclude<LeadBulkAction, 'delete' | 'responded'>, actor: AuditActor, body?: unknown): Promise<LeadDetail> {
      const given = action === 'status' ? parse(statusSchema, body).status : undefined;
      return changing(async (trx, applyTo) => {
        const lead = await existing(type, id, trx);
        await applyTo([lead], action, actor, action === 'status' ? checkStatusFits([lead], given) : undefined);
        return detailOf(type, id, actor, trx);
      });
    },

    /** Sets one lead's status (one of its form's) and answers its row as it is now. */
    async setStatus(type: string, id: string, status: string, actor: AuditActor): Promise<LeadRow> {
      return changing(async (trx, applyTo) => {
        const lead = await existing(type, id, trx);
        await applyTo([lead], 'status', actor, checkStatusFits([lead], status));
        return existing(type, id, trx);
      });
    },

    /** One form's leads in the inbox (never spam), newest first, by page, with their total. */
    listOfForm(type: FormType, { page, limit }: { page: number; limit: number }): Promise<{ rows: LeadRow[]; total: number }> {
      return listFormLeads(db, type, { limit, offset: (page - 1) * limit });
    },

    async remove(type: string, id: string, actor: AuditActor): Promise<void> {
      await changing(async (trx, applyTo) => applyTo([await existing(type, id, trx)], 'delete', actor));
    },

    /** One action on many leads; ids that name no lead are skipped. */
    async bulk(body: unknown, actor: AuditActor): Promise<{ changed: number }> {
      const { action, ids, status } = parse(bulkSchema, body);
      return changing(async (trx, applyTo) => {
        const leads = await findLeads(trx, ids);
        const checked = action === 'status' ? checkStatusFits(leads, status) : undefined;
        return { changed: await applyTo(leads, action, actor, checked) };
      });
    },

    async addNote(type: string, id: string, body: unknown, actor: AuditActor): Promise<LeadDetail> {
      const { body: text } = parse(noteSchema, body);
      return db.transaction(async (trx) => {
        const lead = await existing(type, id, trx);
        await insertNote(trx, { lead_id: lead.id, author_id: actor.id, author: actor.name, body: text, created_at: now() });
        // The note's text stays out of the audit trail, which outlives the lead.
        await audit.record(actor, { action: 'lead.note', target: leadTarget(lead.id) }, trx);
        return detailOf(lead.type, lead.id, actor, trx);
      });
    },

    unreadCount(): Promise<number> {
      return countUnread(db);
    },

    /**
     * The CSV of every lead the filters match (all pages), as text chunks read from the database a
     * batch at a time, so memory stays flat however many there are. The export is audited (its
     * filters, never the search text, which may be someone's address).
     */
    async exportCsv(rawQuery: unknown, actor: AuditActor): Promise<AsyncIterable<string>> {
      const filters = parse(filterSchema, rawQuery);
      const query = toLeadQuery(filters);
      const described = Object.entries({ folder: query.folder, type: filters.type, status: filters.status, from: filters.from, to: filters.to, unread: filters.unread, search: filters.q ? 'yes' : undefined })
        .filter(([, value]) => value !== undefined)
        .map(([name, value]) => `${name}=${value}`)
        .join(', ');
      await audit.record(actor, { action: 'leads.export', summary: described });
      return leadsCsv(db, query);
    },
  };
}

function toNoteJson(row: LeadNoteRow) {
  return { id: row.id, author: row.author, body: row.body, createdAt: new Date(row.created_at).toISOString() };
}

export type LeadService = ReturnType<typeof createLeadService>;
