import { DASHBOARD_PERIODS, PERIOD_LABELS, changeText, durationText, type DashboardFigures, type PeriodCount } from '../../shared/dashboard';
import { LEAD_TYPES, LEAD_TYPE_LABELS } from '../../shared/form-types';
import { senderName } from '../../shared/lead-facts';
import { counted, truncate } from './text';
import { LoadStatus, TimedListItem, useData } from './kit';
import { dashboardHomeApi } from './dashboard-home-api';
import { ViewHeading } from './ViewHeading';
import { ViewLink } from './ViewLink';
import { BackupWarning } from './BackupsView';
import { FirstRunChecklist } from './FirstRunChecklist';
import { taskCountText } from '../../shared/reply-queue';
import { UpcomingPublishes } from './content/UpcomingPublishes';

const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * The dashboard home: for owners the first-run checklist while anything on it is left to do, then
 * live figures read from the leads (new ones per form and period against the
 * period before, open and overdue, time to first reply), the newest leads and portfolio items, and the website's publishes planned
 * for later.
 */
export function DashboardHome({ name, owner = false }: { /** The signed-in admin's display name, else their username. */ name: string; /** Owners also see a backup that failed. */ owner?: boolean }) {
  const home = useData((api) => dashboardHomeApi(api).figures(), 'Failed to load the dashboard.', 'dashboard');

  return (
    <>
      <ViewHeading title="Dashboard">
        <p className="admin-view__lead">Welcome back, {name}.</p>
      </ViewHeading>
      {owner && <FirstRunChecklist />}
      {owner && <BackupWarning />}
      <LoadStatus of={home} loadingText="Loading the dashboard…" />
      {home.data && <HomeFigures figures={home.data} />}
      <UpcomingPublishes />
    </>
  );
}

function HomeFigures({ figures }: { figures: DashboardFigures }) {
  const { responses } = figures;
  const total = (period: (typeof DASHBOARD_PERIODS)[number]): PeriodCount =>
    LEAD_TYPES.reduce((sum, type) => ({ current: sum.current + figures.newLeads[type][period].current, previous: sum.previous + figures.newLeads[type][period].previous }), { current: 0, previous: 0 });
  return (
    <>
      <ul className="admin-stats" aria-label="Reply promise">
        <li className="admin-card admin-stat">
          <span className="admin-stat__label">Waiting for a reply</span>
          <span className="admin-stat__value">{taskCountText(figures.open)}</span>
          <ViewLink to={{ name: 'tasks' }} className="admin-stat__change">
            Open Tasks
          </ViewLink>
        </li>
        <li className="admin-card admin-stat">
          <span className="admin-stat__label">Overdue</span>
          <span className={figures.overdue > 0 ? 'admin-stat__value admin-stat__value--alert' : 'admin-stat__value'}>{taskCountText(figures.overdue)}</span>
          <span className="admin-stat__change admin-muted">past the promised reply time</span>
        </li>
        <li className="admin-card admin-stat">
          <span className="admin-stat__label">First reply, median</span>
          <span className="admin-stat__value">{responses.medianMinutes === null ? '–' : durationText(responses.medianMinutes)}</span>
          <span className="admin-stat__change admin-muted">
            {responses.p90Minutes === null ? 'no replies in 30 days' : `90% within ${durationText(responses.p90Minutes)} (30 days)`}
          </span>
        </li>
        <li className="admin-card admin-stat">
          <span className="admin-stat__label">Answered within the promise</span>
          <span className="admin-stat__value">{responses.withinPromise === null ? '–' : percent(responses.withinPromise)}</span>
          <span className="admin-stat__change admin-muted">
            {counted(responses.answered, 'reply', 'replies')} in 30 days
          </span>
        </li>
      </ul>

      <section className="admin-card admin-home__counts" aria-labelledby="new-leads">
        <h2 id="new-leads" className="admin-card__title">
          New messages
        </h2>
        <div className="admin-figures-scroll" role="region" aria-labelledby="new-leads" tabIndex={0}>
          <table className="admin-figures">
            <thead>
              <tr>
                <th scope="col">Form</th>
                {DASHBOARD_PERIODS.map((period) => (
                  <th key={period} scope="col">
                    {PERIOD_LABELS[period]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {LEAD_TYPES.map((type) => (
                <tr key={type}>
                  <th scope="row">
                    <ViewLink to={{ name: 'messages', filters: { type } }}>{LEAD_TYPE_LABELS[type]}</ViewLink>
                  </th>
                  {DASHBOARD_PERIODS.map((period) => (
                    <CountCell key={period} count={figures.newLeads[type][period]} />
                  ))}
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">All forms</th>
                {DASHBOARD_PERIODS.map((period) => (
                  <CountCell key={period} count={total(period)} />
                ))}
              </tr>
            </tfoot>
          </table>
        </div>
        <p className="admin-muted admin-figures__note">Each period against the one of the same length before it, in {figures.timeZone} time.</p>
      </section>

      <div className="admin-home__grid">
        <section className="admin-card" aria-labelledby="newest-leads">
          <h2 id="newest-leads" className="admin-card__title">
            Newest messages
          </h2>
          {figures.newestLeads.length === 0 ? (
            <p className="admin-empty">No messages yet.</p>
          ) : (
            <ul className="admin-list">
              {figures.newestLeads.map((lead) => {
                const sender = senderName(lead);
                return (
                  <TimedListItem
                    key={lead._id}
                    at={lead.submittedAt}
                    before={
                      <span className="admin-avatar admin-avatar--small" aria-hidden="true">
                        {sender.slice(0, 1).toUpperCase()}
                      </span>
                    }
                  >
                    <ViewLink to={{ name: 'lead', type: lead.type, id: lead._id }} className="admin-leads__sender">
                      {sender}
                    </ViewLink>
                    <span>{truncate(`${LEAD_TYPE_LABELS[lead.type]}${lead.summary ? ` · ${lead.summary}` : ''}`, 70)}</span>
                  </TimedListItem>
                );
              })}
            </ul>
          )}
        </section>
        <section className="admin-card" aria-labelledby="newest-portfolio">
          <h2 id="newest-portfolio" className="admin-card__title">
            Newest portfolio items
          </h2>
          {figures.newestPortfolio.length === 0 ? (
            <p className="admin-empty">No portfolio items yet.</p>
          ) : (
            <ul className="admin-list">
              {figures.newestPortfolio.map((item) => (
                <TimedListItem key={item._id} at={item.createdAt}>
                  <ViewLink to={{ name: 'portfolio-detail', id: item._id }} className="admin-leads__sender">
                    {item.title}
                  </ViewLink>
                  <span className="admin-muted">{item.client}</span>
                </TimedListItem>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}

function CountCell({ count }: { count: PeriodCount }) {
  return (
    <td>
      <span className="admin-figures__count">{count.current}</span> <span className="admin-figures__change">{changeText(count)}</span>
    </td>
  );
}

/** Users, Projects, Settings: the sections the spec leaves as placeholders. */
export function PlaceholderView({ title }: { title: string }) {
  return (
    <>
      <ViewHeading title={title} />
      <div className="admin-card admin-placeholder">
        <p>{title} content will go here.</p>
      </div>
    </>
  );
}
