import type { LeadType } from './form-types';
import type { LeadListItem } from './leads';

/**
 * The reply queue (Tasks): leads nobody has answered yet, by due time. Isomorphic: the API answers
 * with these shapes and the Tasks view words the due times with `dueText`.
 */

/** The status "Mark responded" gives a lead: a quote is answered by quoting. */
export const RESPONDED_STATUS: Record<LeadType, string> = { contact: 'responded', enquiry: 'responded', quote: 'quoted', 'free-offer': 'responded', email: 'responded' };

export const TASKS_PAGE_SIZE = { default: 50, max: 100 } as const;

/**
 * Tasks' sections, by due time against the agency's day (Settings' time zone): past due, due before
 * midnight tonight, due after. `GET /api/tasks?section=` pages one of them.
 */
export const TASK_SECTIONS = ['overdue', 'today', 'later'] as const;
export type TaskSection = (typeof TASK_SECTIONS)[number];

export const TASK_SECTION_LABELS: Record<TaskSection, string> = { overdue: 'Overdue', today: 'Due today', later: 'Due later' };

/**
 * `GET /api/tasks`: one page of open leads. Without a section, the whole queue soonest due first;
 * with one, that section in its own order (the overdue section most recently due first).
 */
export interface TaskPage {
  items: LeadListItem[];
  nextCursor: string | null;
  /** The server's time, which the due times are worded against. */
  now: string;
}

/** Open and overdue leads are counted up to this many (then shown as "1000+"). */
export const TASK_COUNT_CAP = 1000;

/** A count of open or overdue leads as shown: "1000+" at the cap. */
export const taskCountText = (count: number) => (count >= TASK_COUNT_CAP ? `${TASK_COUNT_CAP}+` : String(count));

/**
 * `GET /api/tasks/counts`: open leads and how many of them are in each section, each up to
 * TASK_COUNT_CAP (so with a capped queue the sections need not add up to `open`).
 */
export interface TaskCounts extends Record<TaskSection, number> {
  open: number;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** "3 h", "40 min", "2 d 5 h": a span rounded to what matters at its size. */
export function spanText(ms: number): string {
  if (ms < HOUR_MS) return `${Math.max(1, Math.round(ms / MINUTE_MS))} min`;
  if (ms < 2 * DAY_MS) return `${Math.round(ms / HOUR_MS)} h`;
  const days = Math.floor(ms / DAY_MS);
  const hours = Math.round((ms - days * DAY_MS) / HOUR_MS);
  return hours > 0 && hours < 24 ? `${days} d ${hours} h` : `${Math.round(ms / DAY_MS)} d`;
}

/** "due in 3 h" or "overdue by 5 h", from `now`. */
export function dueText(dueAt: Date, now: Date): string {
  const left = dueAt.getTime() - now.getTime();
  return left >= 0 ? `due in ${spanText(left)}` : `overdue by ${spanText(-left)}`;
}

export const isOverdue = (dueAt: Date, now: Date) => dueAt.getTime() < now.getTime();
