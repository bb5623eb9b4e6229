import type { AdminUserAnswer, AdminUserJson, NewUser, UpdateUser } from '../../shared/admin-users';
import type { DashboardApi } from './api';

/** The accounts as Users (owners) manages them (`/api/users…`). */

const userPath = (username: string) => `/api/users/${encodeURIComponent(username)}`;

export function usersApi(api: DashboardApi) {
  return {
    list: () => api.send<AdminUserJson[]>('GET', '/api/users', 'Failed to load the accounts.'),
    /** Resolves with the account and its password or set-password link, shown once. */
    create: (user: NewUser) => api.send<AdminUserAnswer>('POST', '/api/users', 'Failed to create the account.', user),
    update: (username: string, change: UpdateUser) => api.send<AdminUserAnswer>('PATCH', userPath(username), 'Failed to change the account.', change),
    remove: (username: string) => api.send<null>('DELETE', userPath(username), 'Failed to delete the account.'),
    /** Every passkey of another account (a lost device); it is signed out everywhere too. */
    removePasskeys: (username: string) => api.send<null>('DELETE', `${userPath(username)}/passkeys`, 'Failed to remove the passkeys.'),
  };
}
