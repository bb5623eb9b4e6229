import { DEMO_RECENT_MESSAGES, DEMO_RECENT_PROJECTS, DEMO_STATS } from './demo-content';
import { ViewHeading } from './ViewHeading';

/** The dashboard home: SPEC §2's fixed demo statistics, recent projects and recent messages. */
export function DashboardHome({ username }: { username: string }) {
  return (
    <>
      <ViewHeading title="Dashboard">
        <p className="admin-view__lead">Welcome back, {username}. The figures below are sample data until live statistics arrive.</p>
      </ViewHeading>
      <ul className="admin-stats" aria-label="Statistics (sample data)">
        {DEMO_STATS.map((stat) => (
          <li key={stat.label} className="admin-card admin-stat">
            <span className="admin-stat__label">{stat.label}</span>
            <span className="admin-stat__value">{stat.value}</span>
            <span className="admin-stat__change">{stat.change}</span>
          </li>
        ))}
      </ul>
      <div className="admin-home__grid">
        <section className="admin-card" aria-labelledby="recent-projects">
          <h2 id="recent-projects" className="admin-card__title">
            Recent projects
          </h2>
          <ul className="admin-list">
            {DEMO_RECENT_PROJECTS.map((project) => (
              <li key={project.name} className="admin-list__item">
                <div className="admin-list__main">
                  <strong>{project.name}</strong>
                  <span className="admin-muted">
                    {project.client} · {project.status}
                  </span>
                </div>
                <div className="admin-progress">
                  <progress max={100} value={project.progress} aria-label={`${project.name} progress`} />
                  <span aria-hidden="true">{project.progress}%</span>
                </div>
              </li>
            ))}
          </ul>
        </section>
        <section className="admin-card" aria-labelledby="recent-messages">
          <h2 id="recent-messages" className="admin-card__title">
            Recent messages
          </h2>
          <ul className="admin-list">
            {DEMO_RECENT_MESSAGES.map((message) => (
              <li key={message.from} className="admin-list__item">
                <span className="admin-avatar admin-avatar--small" aria-hidden="true">
                  {message.from.slice(0, 1)}
                </span>
                <div className="admin-list__main">
                  <strong>{message.from}</strong>
                  <span>{message.subject}</span>
                </div>
                <span className="admin-muted admin-list__time">{message.received}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}

/** Users, Projects, Messages, Tasks, Analytics, Settings: SPEC §2's placeholders. */
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
