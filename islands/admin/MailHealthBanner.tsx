import { useCallback, useState } from 'react';
import type { AdminRole } from '../../shared/admin-auth';
import { NOTIFICATION_WAIT_LIMIT_MINUTES, type MailHealth } from '../../shared/mail-health';
import { errorText, useData, useDates } from './kit';
import { useDashboard } from './context';
import { mailHealthApi } from './mail-health-api';
import { counted } from './text';
import { ViewLink } from './ViewLink';

/**
 * The one mail banner, above every admin view: for owners, when mail is off (no mail server set up)
 * or failing (staff e-mails failed or waiting over 15 minutes), with the way to Settings and, when
 * failing, the e-mails in trouble and "Retry now". Editors, who cannot change Settings, get one
 * line only while e-mails are failing. Owners also learn when the day's acknowledgements to
 * visitors are used up. Nothing when all is well. Checked again on every view and whenever the mail
 * set-up is saved (`mailVersion`).
 */
export function MailHealthBanner({ role, viewKey, mailVersion }: { role: AdminRole; viewKey: string; mailVersion: number }) {
  const { api, notify } = useDashboard();
  // A failed check shows nothing: the banner is a warning, not a view of its own.
  const { data: health, reload } = useData((dashboardApi) => mailHealthApi(dashboardApi).check(), 'Failed to check the staff e-mails.', `mail-health:${viewKey}`, mailVersion);
  const [retrying, setRetrying] = useState(false);

  const retry = useCallback(async () => {
    setRetrying(true);
    try {
      const retried = await mailHealthApi(api).retry();
      notify({ tone: 'success', text: `${counted(retried, 'staff e-mail')} will be sent again now.` });
      reload();
    } catch (error) {
      notify({ tone: 'error', text: errorText(error, 'Failed to retry the staff e-mails.') });
    } finally {
      setRetrying(false);
    }
  }, [api, notify, reload]);

  if (!health) return null;
  const withheld = role === 'owner' && health.acknowledgementsWithheld ? <AcknowledgementsWithheld {...health.acknowledgementsWithheld} /> : null;
  const off = !health.smtpConfigured;
  if (!off && health.troubled === 0) return withheld;
  const count = counted(health.troubled, 'staff e-mail');
  const settingsLink = <ViewLink to={{ name: 'admin', section: 'settings' }}>{off ? 'Set up mail in Settings' : 'Check the mail set-up in Settings'}</ViewLink>;

  if (role !== 'owner') {
    if (off) return null;
    return (
      <p className="admin-notice admin-notice--warning admin-mail-banner" role="note">
        {count} could not be sent yet. An owner can fix the mail set-up; leads still arrive in the inbox.
      </p>
    );
  }

  return (
    <>
      <section className="admin-card admin-mail-health" aria-label={off ? 'Mail is off' : 'Mail is failing'}>
        <p className="admin-mail-health__title">
          <strong>{off ? 'Mail is off.' : `Mail is failing: ${count} failed or waiting over ${NOTIFICATION_WAIT_LIMIT_MINUTES} minutes.`}</strong>{' '}
          {off ? 'Nobody is e-mailed about new leads and the morning digest is not sent; leads still arrive in the inbox.' : 'Leads still arrive in the inbox.'} {settingsLink}.
        </p>
        {!off && (
          <>
            <ul className="admin-mail-health__list">
              {health.notifications.map((entry) => (
                <li key={`${entry.leadId}-${entry.createdAt}`}>
                  <ViewLink to={{ name: 'lead', type: entry.leadType, id: entry.leadId }}>{entry.sender}</ViewLink>
                  <span className="admin-muted">
                    {' '}
                    · {entry.status === 'failed' ? 'failed' : 'waiting'} after {counted(entry.attempts, 'attempt')}
                    {entry.lastError ? ` · ${entry.stateText}` : ''}
                  </span>
                </li>
              ))}
            </ul>
            {health.troubled > health.notifications.length && <p className="admin-muted">and {health.troubled - health.notifications.length} more.</p>}
            <button type="button" className="admin-button admin-button--small" disabled={retrying} onClick={() => void retry()}>
              {retrying ? 'Retrying…' : 'Retry now'}
            </button>
          </>
        )}
      </section>
      {withheld}
    </>
  );
}

/**
 * Owners: the site sent its daily most of acknowledgements (a flood of forms, most likely), so
 * visitors get none until it starts again; the leads themselves still arrive.
 */
function AcknowledgementsWithheld({ limit, withheld, resumesAt }: NonNullable<MailHealth['acknowledgementsWithheld']>) {
  const { formatDateTime } = useDates();
  return (
    <section className="admin-card admin-mail-health" aria-label="Acknowledgements paused">
      <p className="admin-mail-health__title">
        <strong>Acknowledgements to visitors are paused until {formatDateTime(resumesAt)}.</strong> The site sent its most for one day ({limit}), so {counted(withheld, 'visitor')} since got none;
        their leads still arrive in the inbox. So many in a day usually means someone is sending the forms in bulk: <ViewLink to={{ name: 'admin', section: 'audit' }}>see the audit trail</ViewLink>.
      </p>
    </section>
  );
}
