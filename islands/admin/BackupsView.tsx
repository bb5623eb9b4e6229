import { useEffect, useState } from 'react';
import { backupPath, restoreCommand, type BackupEntry, type BackupStatus, type BackupStorage, type BackupWarning as Warning, type BackupsJson } from '../../shared/backups';
import { formatBytes } from '../../shared/file-size';
import { backupsApi } from './backups-api';
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
 * Backups (owners): where they are and what they hold, the backups in BACKUP_DIR with file name,
 * size, time and whether a scratch restore verified them, "Back up now" with its progress, a
 * download behind the password, and each one's restore as steps. Restoring stays a command
 * (`npm run restore`): it replaces the site's data.
 */
export function BackupsView() {
  const { api, notify } = useDashboard();
  const loaded = useData((client) => backupsApi(client).list(), 'Failed to load the backups.', 'backups');
  const [status, setStatus] = useState<BackupStatus | null>(null);
  const [downloading, setDownloading] = useState<BackupEntry | null>(null);
  const [restoring, setRestoring] = useState<BackupEntry | null>(null);
  const running = status?.running ?? loaded.data?.running ?? null;

  // While a backup runs, its progress is asked for each second; when it ends, the list is read again.
  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => {
      backupsApi(api)
        .status()
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
      setStatus(await backupsApi(api).start());
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
          <StorageCard storage={loaded.data.storage} />
          <BackupList backups={loaded.data.backups} onDownload={setDownloading} onRestore={setRestoring} />
          {restoring && <RestoreSteps key={restoring.name} backup={restoring} storage={loaded.data.storage} onClose={() => setRestoring(null)} />}
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
      {`Backups made by hand are kept apart: the last ${schedule.keepManual}.`}
    </p>
  );
}

/** Where the backups are, what they hold, and the key a restore needs (where it is, never the key). */
function StorageCard({ storage }: { storage: BackupStorage }) {
  return (
    <section className="admin-card admin-backup-storage" aria-labelledby="backup-storage">
      <h2 id="backup-storage" className="admin-card__title">
        Where they are and what they hold
      </h2>
      <dl className="admin-backup-storage__list">
        <dt>Folder on the server</dt>
        <dd>
          <code>{storage.folder}</code> (BACKUP_DIR)
        </dd>
        <dt>Copied to</dt>
        <dd>{storage.bucket ? <code>{storage.bucket}</code> : 'Nowhere else: set BACKUP_S3_URL to copy each verified backup off this machine.'}</dd>
        <dt>Each backup holds</dt>
        <dd>
          The whole site: leads (names, e-mail addresses, phone numbers and messages), staff accounts, the website&apos;s content and portfolio, images, settings and the audit trail. That is{' '}
          <strong>personal data</strong>: keep backups as safe as the site itself and delete copies you no longer need.
        </dd>
        <dt>Keep the application key with them</dt>
        <dd>
          The mail password and two-factor secrets inside are encrypted with the site&apos;s application key, and a backup restores only with the key it was made under. Keep a copy of the key
          apart from the backups (not in the same place): it is {storage.key.source === 'environment' ? <>in the APP_KEY setting of the site&apos;s environment.</> : <>in the file <code>{storage.key.file}</code>.</>}
        </dd>
      </dl>
    </section>
  );
}

/** One backup's restore as steps, its file name filled in (the site's own command, server/cli/restore.ts). */
function RestoreSteps({ backup, storage, onClose }: { backup: BackupEntry; storage: BackupStorage; onClose: () => void }) {
  const { formatDateTime } = useDates();
  return (
    <section className="admin-card admin-backup-restore" aria-labelledby="backup-restore">
      <h2 id="backup-restore" className="admin-card__title" tabIndex={-1} ref={(heading) => heading?.focus()}>
        Restore {backup.name}
      </h2>
      <p>
        This puts the site back as it was on {formatDateTime(backup.createdAt)}: everything added or changed since is lost. It is done on the server, in the site&apos;s folder:
      </p>
      <ol className="admin-backup-restore__steps">
        <li>
          Make sure the file is at <code>{backupPath(storage, backup.name)}</code>
          {storage.bucket ? <> (or copy it back from <code>{storage.bucket}</code>)</> : null}.
        </li>
        <li>
          {storage.key.source === 'environment' ? (
            <>Check that APP_KEY holds the key the backup was made under (the one in force now, if it has not changed since).</>
          ) : (
            <>
              Check that <code>{storage.key.file}</code> holds the key the backup was made under (the one there now, if it has not changed since).
            </>
          )}
        </li>
        <li>Stop the site.</li>
        <li>
          Run <code className="admin-backup-restore__command">{restoreCommand(storage, backup.name)}</code>. It checks the file and its signature before changing anything.
        </li>
        <li>Start the site again. Everyone signs in afresh: sessions are not kept in backups.</li>
      </ol>
      <button type="button" className="admin-button admin-button--ghost" onClick={onClose}>
        Close
      </button>
    </section>
  );
}

function BackupList({ backups, onDownload, onRestore }: { backups: readonly BackupEntry[]; onDownload: (backup: BackupEntry) => void; onRestore: (backup: BackupEntry) => void }) {
  const { formatDateTime } = useDates();
  const columns: Column<BackupEntry>[] = [
    { key: 'time', header: 'Made', rowHeader: true, phoneLabel: '', cell: (backup) => `${formatDateTime(backup.createdAt)}${KIND_TEXT[backup.kind]}` },
    { key: 'file', header: 'File', cell: (backup) => <code className="admin-backup-file">{backup.name}</code> },
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
      header: 'Actions',
      phoneLabel: '',
      cell: (backup) =>
        backup.bytes !== null && (
          <span className="admin-backup-actions">
            <button type="button" className="admin-button admin-button--small admin-button--ghost" onClick={() => onDownload(backup)}>
              Download<span className="visually-hidden"> the backup of {formatDateTime(backup.createdAt)}</span>
            </button>
            {backup.state === 'verified' && (
              <button type="button" className="admin-button admin-button--small admin-button--ghost" onClick={() => onRestore(backup)}>
                How to restore<span className="visually-hidden"> the backup of {formatDateTime(backup.createdAt)}</span>
              </button>
            )}
          </span>
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
    const { url } = await backupsApi(api).downloadLink(backup.name, password);
    window.location.assign(url);
    onDone();
  }, 'Failed to download the backup.');
  return (
    <FormCard title={`Download the backup of ${formatDateTime(backup.createdAt)}`} onSubmit={form.onSubmit}>
      <p>It holds every lead, account and setting of the site (personal data): keep it somewhere safe, with the application key kept apart.</p>
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
  const { data } = useData((api) => backupsApi(api).list(), 'Failed to check the backups.', 'backup-warning');
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
