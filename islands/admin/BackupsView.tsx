import { useEffect, useState } from 'react';
import type { BackupEntry, BackupStatus, BackupWarning as Warning, BackupsJson } from '../../shared/backups';
import { formatBytes } from '../../shared/file-size';
import { useDashboard } from './context';
import { DataTable, Field, FormCard, FormSubmit, LoadStatus, errorText, useData, useDates, useSubmit, type Column } from './kit';
import { ViewHeading } from './ViewHeading';
import { ViewLink } from './ViewLink';

/** How often a running backup's progress is asked for. */
const POLL_MS = 1000;

const STATE_TEXT: Record<BackupEntry['state'], string> = { verified: 'Verified', unverified: 'Not verified', failed: 'Failed' };

/** Said after a backup's time, for those not made at night (each kind is kept by its own rule). */
const KIND_TEXT: Record<BackupEntry['kind'], string> = { nightly: '', manual: ' (made by hand)', 'before-migration': ' (before an upgrade)' };

/**
 * Settings > Backups (owners): the backups in BACKUP_DIR with size, time and whether a scratch
 * restore verified them, "Back up now" with its progress, and a download behind the password.
 * Restoring stays a command (`npm run restore`): it replaces the site's data.
 */
export function BackupsView() {
  const { api, notify } = useDashboard();
  const loaded = useData<BackupsJson>('/api/backups', 'Failed to load the backups.');
  const [status, setStatus] = useState<BackupStatus | null>(null);
  const [downloading, setDownloading] = useState<BackupEntry | null>(null);
  const running = status?.running ?? loaded.data?.running ?? null;

  // While a backup runs, its progress is asked for each second; when it ends, the list is read again.
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => {
      api
        .send<BackupStatus>('GET', '/api/backups/status', 'Failed to read the backup’s progress.')
        .then((next) => {
          setStatus(next);
          if (next.running) return;
          // A verified backup whose upload failed: good here, but the owner must hear of the upload.
          if (next.last) notify(next.last.ok ? (next.last.error ? { tone: 'error', text: next.last.error } : { tone: 'success', text: 'Backup made and verified.' }) : { tone: 'error', text: `The backup failed: ${next.last.error ?? 'no reason given'}` });
          loaded.reload();
        })
        .catch(() => undefined);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running !== null]); // One poller per run, not one per answer.

  const start = async () => {
    try {
      setStatus(await api.send<BackupStatus>('POST', '/api/backups', 'Failed to start the backup.'));
    } catch (failure) {
      notify({ tone: 'error', text: errorText(failure, 'Failed to start the backup.') });
    }
  };

  return (
    <>
      <ViewHeading
        title="Backups"
        actions={
          <button type="button" className="admin-button" disabled={running !== null} onClick={() => void start()}>
            {running ? 'Backing up…' : 'Back up now'}
          </button>
        }
      >
        <p className="admin-view__lead">
          <ViewLink to={{ name: 'admin', section: 'settings' }}>Settings</ViewLink>
        </p>
      </ViewHeading>
      <div role="status">
        {running && (
          <p className="admin-card admin-backup-progress">
            <progress aria-label="Backup in progress" />
            <span>{running.step}…</span>
          </p>
        )}
      </div>
      <LoadStatus of={loaded} loadingText="Loading the backups…" />
      {loaded.data && (
        <>
          {loaded.data.warning && !running && <BackupWarningCard warning={loaded.data.warning} />}
          <ScheduleText data={loaded.data} />
          <BackupList backups={loaded.data.backups} onDownload={setDownloading} />
        </>
      )}
      {downloading && (
        <div className="admin-backup-download">
          <DownloadForm key={downloading.name} backup={downloading} onDone={() => setDownloading(null)} />
        </div>
      )}
    </>
  );
}

function ScheduleText({ data }: { data: BackupsJson }) {
  const { schedule } = data;
  return (
    <p className="admin-muted">
      {schedule.nightly
        ? `A backup is made each night at ${schedule.time} and restored into a scratch database to verify it. The newest of the last ${schedule.keepDaily} days and of the ${schedule.keepWeekly} weeks before are kept.`
        : 'Nightly backups are off on this site (BACKUP_SCHEDULE); back up now, or with npm run backup.'}{' '}
      {`Backups made by hand are kept apart: the last ${schedule.keepManual}.`}{' '}
      To restore one: <code>npm run restore -- FILE --replace</code> with the site stopped.
    </p>
  );
}

function BackupList({ backups, onDownload }: { backups: readonly BackupEntry[]; onDownload: (backup: BackupEntry) => void }) {
  const { formatDateTime } = useDates();
  const columns: Column<BackupEntry>[] = [
    { key: 'time', header: 'Made', rowHeader: true, phoneLabel: '', cell: (backup) => `${formatDateTime(backup.createdAt)}${KIND_TEXT[backup.kind]}` },
    { key: 'size', header: 'Size', numeric: true, cell: (backup) => (backup.bytes === null ? '—' : formatBytes(backup.bytes)) },
    {
      key: 'state',
      header: 'State',
      cell: (backup) => (
        <span className={`admin-backup-state admin-backup-state--${backup.state}`}>
          {STATE_TEXT[backup.state]}
          {backup.error && <span className="admin-muted"> · {backup.error.slice(0, 160)}</span>}
          {backup.uploadError && <span className="admin-muted"> · not uploaded to S3: {backup.uploadError.slice(0, 160)}</span>}
        </span>
      ),
    },
    {
      key: 'download',
      header: 'Download',
      phoneLabel: '',
      cell: (backup) =>
        backup.bytes !== null && (
          <button type="button" className="admin-button admin-button--small admin-button--ghost" onClick={() => onDownload(backup)}>
            Download<span className="visually-hidden"> the backup of {formatDateTime(backup.createdAt)}</span>
          </button>
        ),
    },
  ];
  return <DataTable label="Backups, newest first" columns={columns} rows={backups} rowKey={(backup) => backup.name} empty="No backups yet." />;
}

/** The password again, then the browser saves the file (a one-time link, so it streams to disk). */
function DownloadForm({ backup, onDone }: { backup: BackupEntry; onDone: () => void }) {
  const { api } = useDashboard();
  const { formatDateTime } = useDates();
  const [password, setPassword] = useState('');
  const form = useSubmit(async () => {
    const { url } = await api.send<{ url: string }>('POST', `/api/backups/${encodeURIComponent(backup.name)}/download`, 'Failed to download the backup.', { password });
    window.location.assign(url);
    onDone();
  }, 'Failed to download the backup.');
  return (
    <FormCard title={`Download the backup of ${formatDateTime(backup.createdAt)}`} onSubmit={form.onSubmit}>
      <p>It holds every lead, account and setting of the site: keep it somewhere safe.</p>
      <Field label="Your password, to download it" error={form.fields.password} required>
        <input id="backup-download-password" type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} autoFocus />
      </Field>
      <FormSubmit of={form} pendingText="Checking…">
        Download
      </FormSubmit>{' '}
      <button type="button" className="admin-button admin-button--ghost" onClick={onDone}>
        Cancel
      </button>
    </FormCard>
  );
}

function BackupWarningCard({ warning }: { warning: Warning }) {
  const { formatDateTime } = useDates();
  return (
    <section className="admin-card admin-backup-warning" aria-labelledby="backup-warning">
      <h2 id="backup-warning" className="admin-card__title">
        Backup problem
      </h2>
      <p>
        {warning.message} <span className="admin-muted">({formatDateTime(warning.at)})</span>
      </p>
    </section>
  );
}

/**
 * The owners' backup warning on the dashboard home (and Settings): the last backup failed or did
 * not verify, its upload to S3 failed, or none has verified for two days. Nothing when all is well or the check fails.
 */
export function BackupWarning() {
  const { data } = useData<BackupsJson>('/api/backups', 'Failed to check the backups.', 'backup-warning');
  if (!data?.warning || data.running) return null;
  return (
    <div>
      <BackupWarningCard warning={data.warning} />
      <p className="admin-backup-warning__more">
        <ViewLink to={{ name: 'admin', section: 'backups' }}>See the backups</ViewLink>
      </p>
    </div>
  );
}

/** Settings' way to Backups (at the end of the view). */
export function BackupsSection() {
  return (
    <>
      <BackupWarning />
      <section className="admin-card" aria-labelledby="settings-backups">
        <h2 id="settings-backups" className="admin-card__title">
          Backups
        </h2>
        <p>
          The site backs itself up each night and proves each backup restores. <ViewLink to={{ name: 'admin', section: 'backups' }}>See the backups, back up now or download one</ViewLink>
        </p>
      </section>
    </>
  );
}
