import type { Knex } from 'knex';
import { z } from 'zod';
import { cursorPosition, encodeCursor } from '../db/keyset-cursor';
import { countOpenLeads, listOpenLeads, sectionRange, type SectionBounds } from './reply-queue-queries';
import { optionalParam, parseInput } from '../errors';
import { messages } from '../messages';
import { LEAD_TYPES } from '../../shared/form-types';
import { endOfLocalDay } from '../../shared/reply-clock';
import { TASK_COUNT_CAP, TASK_SECTIONS, TASKS_PAGE_SIZE, type TaskCounts, type TaskPage } from '../../shared/reply-queue';
import { toLeadListItem } from './service';

const typeParam = optionalParam(z.enum(LEAD_TYPES, { error: `Use one of ${LEAD_TYPES.join(', ')}.` }));

const pageSchema = z.strictObject({
  section: optionalParam(z.enum(TASK_SECTIONS, { error: `Use one of ${TASK_SECTIONS.join(', ')}.` })),
  type: typeParam,
  cursor: z.string({ error: 'Give one cursor.' }).optional(),
  limit: z
    .string({ error: 'Give one limit.' })
    .regex(/^\d{1,3}$/, `Use a whole number from 1 to ${TASKS_PAGE_SIZE.max}.`)
    .transform(Number)
    .refine((value) => value >= 1 && value <= TASKS_PAGE_SIZE.max, `Use a whole number from 1 to ${TASKS_PAGE_SIZE.max}.`)
    .optional(),
});

const countsSchema = z.strictObject({ type: typeParam });

/**
 * The reply queue behind Tasks: open leads by due time, keyset-paged on (due time, id), whole or by
 * section (overdue, due today in the agency's time zone, later), optionally of one form, and the
 * counts the sidebar, the dashboard and Tasks show. Answering a lead (its status) takes it off.
 */
export function createReplyQueue({ db, timeZone, now = () => new Date() }: { db: Knex; timeZone: () => string; now?: () => Date }) {
  const boundsAt = (at: Date): SectionBounds => ({ now: at, endOfToday: endOfLocalDay(at, timeZone()) });

  return {
    async page(rawQuery: unknown): Promise<TaskPage> {
      const { section, type, cursor, limit = TASKS_PAGE_SIZE.default } = parseInput(pageSchema, rawQuery, { unknownField: messages.leads.unknownParameter });
      const after = cursorPosition(cursor);
      const at = now();
      const range = section ? sectionRange(section, boundsAt(at)) : {};
      const rows = await listOpenLeads(db, { ...range, type, after, limit: limit + 1 });
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        items: page.map(toLeadListItem),
        nextCursor: rows.length > limit && last?.due_at ? encodeCursor({ at: new Date(last.due_at), id: last.id }) : null,
        now: at.toISOString(),
      };
    },

    counts(rawQuery: unknown = {}): Promise<TaskCounts> {
      const { type } = parseInput(countsSchema, rawQuery, { unknownField: messages.leads.unknownParameter });
      return countOpenLeads(db, boundsAt(now()), TASK_COUNT_CAP, type);
    },
  };
}

export type ReplyQueue = ReturnType<typeof createReplyQueue>;
