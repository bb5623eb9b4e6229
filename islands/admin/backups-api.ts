import type { BackupDownloadJson, BackupStatus, BackupsJson } from '../../shared/backups';
import type { DashboardApi } from './api';

/** The backups as Backups and the owners' warning read them (`/api/backups…`, owners). */
export function backupsApi(api: DashboardApi) {
  return {
    list: () => api.send<BackupsJson>('GET', '/api/backups', 'Failed to load the backups.'),
    /** The one running, if any, and how the last one ended. */
    status: () => api.send<BackupStatus>('GET', '/api/backups/status', 'Failed to read the backup’s progress.'),
    /** Starts one now; poll `status` for its progress. */
    start: () => api.send<BackupStatus>('POST', '/api/backups', 'Failed to start the backup.'),
    /** With your password: a link to the file that works once. */
    downloadLink: (name: string, password: string) => api.send<BackupDownloadJson>('POST', `/api/backups/${encodeURIComponent(name)}/download`, 'Failed to download the backup.', { password }),
  };
}
