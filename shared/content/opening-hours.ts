import { z } from 'zod';
import type { FieldMeta } from './fields';

/**
 * The agency's opening hours: for each day of the week, open or closed and from when to when, as
 * the wall clock shows them in the agency's time zone (Settings). The site says them in words
 * ("Monday to Friday, 9 AM to 6 PM"), gives them to search engines (`openingHoursSpecification`)
 * and, with "working hours only", counts the reply promise in them. Isomorphic.
 */

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const time = (title: string) => z.string(`Enter the ${title.toLowerCase()}.`).regex(TIME, `${title}: use a 24-hour time such as 09:00.`);

const daySchema = z.strictObject({
  day: z.enum(WEEKDAYS),
  open: z.boolean(),
  opens: time('Opening time'),
  closes: time('Closing time'),
});
export type DayHours = z.infer<typeof daySchema>;

export const NO_OPEN_DAY = 'Open at least one day, or choose "By appointment".';

/** The opening hours field of the agency details (the editor shows it as one table of days). */
export function openingHours(title: string) {
  return z
    .strictObject({
      days: z.array(daySchema).length(7, 'Give the hours of all seven days.'),
      byAppointment: z.boolean(),
    })
    .superRefine((hours, context) => {
      hours.days.forEach((day, index) => {
        if (day.day !== WEEKDAYS[index]) context.addIssue({ code: 'custom', path: ['days', index, 'day'], message: 'The days are Monday to Sunday, in that order.' });
        // Times are HH:MM, so comparing them as text compares them as times.
        else if (day.open && day.closes <= day.opens) context.addIssue({ code: 'custom', path: ['days', index, 'closes'], message: `${WEEKDAY_NAMES[day.day]}: the closing time must be after the opening time.` });
      });
      if (!hours.byAppointment && !hours.days.some((day) => day.open)) context.addIssue({ code: 'custom', path: [], message: NO_OPEN_DAY });
    })
    .meta({ title, widget: 'hours', description: "Times as the clock shows them in the agency's time zone (Settings)." } satisfies FieldMeta);
}
export type OpeningHours = z.infer<ReturnType<typeof openingHours>>;

/** The hours a new site starts with (and a site stored before hours were editable is given): Monday to Friday, 9 AM to 6 PM. */
export const DEFAULT_OPENING_HOURS: OpeningHours = {
  days: WEEKDAYS.map((day) => ({ day, open: !['saturday', 'sunday'].includes(day), opens: '09:00', closes: '18:00' })),
  byAppointment: false,
};

/** "9 AM", "9:30 AM", "12 PM": a time as the site writes it. */
export function clockTime(hhmm: string): string {
  const [hour, minute] = hhmm.split(':').map(Number) as [number, number];
  const shown = hour % 12 === 0 ? 12 : hour % 12;
  return `${shown}${minute === 0 ? '' : `:${String(minute).padStart(2, '0')}`} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** Runs of consecutive open days with the same hours, Monday first. */
export function openRuns(hours: OpeningHours): { days: Weekday[]; opens: string; closes: string }[] {
  const runs: { days: Weekday[]; opens: string; closes: string }[] = [];
  let previous: DayHours | undefined;
  for (const day of hours.days) {
    const last = runs[runs.length - 1];
    if (day.open && last && previous?.open && previous.opens === day.opens && previous.closes === day.closes) last.days.push(day.day);
    else if (day.open) runs.push({ days: [day.day], opens: day.opens, closes: day.closes });
    previous = day;
  }
  return runs;
}

const dayRange = (days: Weekday[]) => {
  const names = days.map((day) => WEEKDAY_NAMES[day]);
  if (names.length === 1) return names[0]!;
  return names.length === 2 ? `${names[0]} and ${names[1]}` : `${names[0]} to ${names[names.length - 1]}`;
};

/** The hours in words: "Monday to Friday, 9 AM to 6 PM; Saturday, 10 AM to 2 PM", "By appointment". */
export function openingHoursText(hours: OpeningHours): string {
  const runs = openRuns(hours).map((run) => `${dayRange(run.days)}, ${clockTime(run.opens)} to ${clockTime(run.closes)}`);
  if (runs.length === 0) return 'By appointment';
  return `${runs.join('; ')}${hours.byAppointment ? '; other times by appointment' : ''}`;
}

/** The hours of `day` (0 Sunday … 6 Saturday, as `Date#getUTCDay`), or null on a closed day. */
export function hoursOn(hours: OpeningHours, day: number): { opens: string; closes: string } | null {
  const entry = hours.days[(day + 6) % 7];
  return entry?.open ? { opens: entry.opens, closes: entry.closes } : null;
}
