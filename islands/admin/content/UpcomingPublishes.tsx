import { LoadStatus, useData, useDates } from '../kit';
import { ViewLink } from '../ViewLink';
import type { UpcomingPublish } from './content-api';
import { scheduledTimeText } from './schedule-time';

const STATE_TEXT: Record<UpcomingPublish['state'], string> = { pending: '', overdue: ' — overdue: it has not run yet', failed: ' — failed' };

/**
 * "Upcoming": every planned publish, soonest first, each page with when it goes live (on the
 * agency's clock) and who planned it; on the dashboard and above the Website list. `version`
 * reloads it (after a change elsewhere in the view).
 */
export function UpcomingPublishes({ version, headingLevel = 2 }: { version?: unknown; headingLevel?: 2 | 3 }) {
  const schedules = useData<{ items: UpcomingPublish[] }>('/api/content/schedules', 'Failed to load the planned publishes.', '/api/content/schedules', version);
  const { timeZone } = useDates();
  const Heading = `h${headingLevel}` as const;
  const rows = (schedules.data?.items ?? []).flatMap((schedule) => schedule.items.map((item) => ({ schedule, item })));
  return (
    <section className="admin-card admin-content-upcoming" aria-labelledby="content-upcoming-title">
      <Heading id="content-upcoming-title" className="admin-card__title">
        Upcoming publishes
      </Heading>
      <LoadStatus of={schedules} loadingText="Loading the planned publishes…" />
      {schedules.data &&
        (rows.length === 0 ? (
          <p className="admin-empty">No publish is scheduled.</p>
        ) : (
          <ul className="admin-list admin-content-upcoming__list">
            {rows.map(({ schedule, item }) => (
              <li key={`${schedule.id}:${item.key}`} className="admin-content-upcoming__item">
                <ViewLink to={{ name: 'website-document', key: item.key }}>{item.title}</ViewLink>{' '}
                <span>
                  <time dateTime={schedule.runAt}>{scheduledTimeText(schedule.runAt, timeZone)}</time>
                  {`, version ${item.version}, by ${schedule.createdBy ?? 'someone'}${STATE_TEXT[schedule.state]}`}
                </span>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
