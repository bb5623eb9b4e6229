import { useCallback, useState } from 'react';
import { NOTIFICATION_WAIT_LIMIT_MINUTES } from '../../shared/mail-health';
import { errorText, useData } from './kit';
import { useDashboard } from './context';
import { counted } from './text';
import { ViewLink } from './ViewLink';

/**
 * Mail health on the dashboard home: when staff notification e-mails failed or have waited more
 * than 15 minutes, how many and for which leads, with "Retry now". Nothing when all is well.
 */
export function MailHealthBanner() {
  const { api, notify } = useDashboard();
  // A failed check shows nothing: the banner is a warning, not a view of its own.
  const { data: health, reload } = useData((dashboardApi) => dashboardApi.mailHealth(), 'Failed to check the staff e-mails.', 'mail-health');
  const [retrying, setRetrying] = useState(false);

  const retry = useCallback(async () => {
    setRetrying(true);
    try {
      const retried = await api.retryNotifications();
      notify({ tone: 'success', text: `${counted(retried, 'staff e-mail')} will be sent again now.` });
      reload();
    } catch (error) {
      notify({ tone: 'error', text: errorText(error, 'Failed to retry the staff e-mails.') });
    } finally {
      setRetrying(false);
    }
  }, [api, notify, reload]);

  if (!health || health.troubled === 0) return null;
  const count = counted(health.troubled, 'staff e-mail');
  return (
    <section className="admin-card admin-mail-health" aria-labelledby="mail-health">
      <h2 id="mail-health" className="admin-card__title">
        Mail problem: {count} failed or waiting over {NOTIFICATION_WAIT_LIMIT_MINUTES} minutes
      </h2>
      <ul className="admin-mail-health__list">
        {health.notifications.map((entry) => (
          <li key={`${entry.leadId}-${entry.createdAt}`}>
            <ViewLink to={{ name: 'lead', type: entry.leadType, id: entry.leadId }}>{entry.sender}</ViewLink>
            <span className="admin-muted">
              {' '}
              · {entry.status === 'failed' ? 'failed' : 'waiting'} after {counted(entry.attempts, 'attempt')}
              {entry.lastError ? ` · ${entry.lastError.slice(0, 120)}` : ''}
            </span>
          </li>
        ))}
      </ul>
      {health.troubled > health.notifications.length && <p className="admin-muted">and {health.troubled - health.notifications.length} more.</p>}
      <button type="button" className="admin-button admin-button--small" disabled={retrying} onClick={() => void retry()}>
        {retrying ? 'Retrying…' : 'Retry now'}
      </button>
    </section>
  );
}
