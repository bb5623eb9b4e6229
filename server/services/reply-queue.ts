import type { Knex } from 'knex';
import { z } from 'zod';
import { decodeCursor, encodeCursor, type KeysetPosition } from '../db/keyset-cursor';
import { countOpenLeads, listOpenLeads } from '../db/reply-queue';
import { parseInput, ValidationError } from '../errors';
import { messages } from '../messages';
import { TASK_COUNT_CAP, TASKS_PAGE_SIZE, type TaskCounts, type TaskPage } from '../../shared/reply-queue';
import { toLeadListItem } from '../leads/service';

const pageSchema = z.strictObject({
  cursor: z.string({ error: 'Give one cursor.' }).optional(),
  limit: z
    .string({ error: 'Give one limit.' })
    .regex(/^\d{1,3}$/, `Use a whole number from 1 to ${TASKS_PAGE_SIZE.max}.`)
    .transform(Number)
    .refine((value) => value >= 1 && value <= TASKS_PAGE_SIZE.max, `Use a whole number from 1 to ${TASKS_PAGE_SIZE.max}.`)
    .optional(),
});

/**
 * The reply queue behind Tasks: open leads soonest due first, keyset-paged on (due time, id), and
 * the counts the sidebar shows. Answering a lead (its status) takes it off the queue.
 */
export function createReplyQueue({ db, now = () => new Date() }: { db: Knex; now?: () => Date }) {
  return {
    async page(rawQuery: unknown): Promise<TaskPage> {
      const { cursor, limit = TASKS_PAGE_SIZE.default } = parseInput(pageSchema, rawQuery, { unknownField: messages.leads.unknownParameter });
      let after: KeysetPosition | undefined;
      if (cursor !== undefined) {
        const decoded = decodeCursor(cursor);
        if (!decoded || !/^[0-9a-f-]{36}$/i.test(decoded.id)) throw new ValidationError(`cursor: ${messages.lists.badCursor}`, { cursor: messages.lists.badCursor });
        after = decoded;
      }
      const rows = await listOpenLeads(db, { after, limit: limit + 1 });
      const page = rows.slice(0, limit);
      const last = page[page.length - 1];
      return {
        items: page.map(toLeadListItem),
        nextCursor: rows.length > limit && last?.due_at ? encodeCursor({ at: new Date(last.due_at), id: last.id }) : null,
        now: now().toISOString(),
      };
    },

    counts(): Promise<TaskCounts> {
      return countOpenLeads(db, now(), TASK_COUNT_CAP);
    },
  };
}

export type ReplyQueue = ReturnType<typeof createReplyQueue>;
