import { z } from 'zod';
import { ISO_DATE, isCalendarDate } from './local-date';

/**
 * The one parser of every `from`/`to` the API takes (inbox, CSV, analytics, audit): a day that
 * exists, written `YYYY-MM-DD`. Every caller gets the same messages, and no impossible day
 * (2026-02-30) reaches the database.
 */
export const DATE_MESSAGES = {
  format: 'Use a date such as 2026-11-24.',
  noSuchDay: 'There is no such day in the calendar.',
} as const;

export const calendarDaySchema = z
  .string({ error: DATE_MESSAGES.format })
  .regex(ISO_DATE, DATE_MESSAGES.format)
  .refine(isCalendarDate, DATE_MESSAGES.noSuchDay);

const INSTANT = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,3})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/** A day, or an instant with its offset (`2026-11-25T08:00:00Z`): the day must exist either way. */
export const dayOrInstantSchema = z
  .string({ error: DATE_MESSAGES.format })
  .refine((text) => ISO_DATE.test(text) || INSTANT.test(text), DATE_MESSAGES.format)
  .refine((text) => isCalendarDate(text.slice(0, 10)), DATE_MESSAGES.noSuchDay);

/** True for a bare day, which as an upper bound includes the whole day. */
export const isDay = (text: string): boolean => ISO_DATE.test(text);
