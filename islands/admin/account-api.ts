import type { AccountJson, DisplayNameJson, OwnEmailJson, RecoveryCodesJson, SessionJson, TwoFactorSetupJson } from '../../shared/admin-account';
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import type { PasskeyJson } from '../../shared/passkeys';
import type { DashboardApi } from './api';

/** Your account as Your account, mail setup and the first-run checklist use it (`/api/account…`). */
export function accountApi(api: DashboardApi) {
  return {
    load: () => api.send<AccountJson>('GET', '/api/account', 'Failed to load your account.'),
    setDisplayName: (displayName: string) => api.send<DisplayNameJson>('POST', '/api/account/display-name', 'Failed to save your name.', { displayName }),
    /** A new key for the authenticator app; two-factor is on only once `enableTwoFactor` proves it. */
    startTwoFactor: () => api.send<TwoFactorSetupJson>('POST', '/api/account/totp/setup', 'Failed to start the setup.'),
    enableTwoFactor: (code: string) => api.send<RecoveryCodesJson>('POST', '/api/account/totp/enable', 'Failed to turn two-factor on.', { code }),
    disableTwoFactor: (password: string) => api.send<null>('POST', '/api/account/totp/disable', 'Failed to turn two-factor off.', { password }),
    /** A new address (a link goes to it to confirm it), or `null` to remove it; with your password. */
    setEmail: (email: string | null, password: string) => api.send<OwnEmailJson>('POST', '/api/account/email', 'Failed to save your e-mail address.', { email, password }),
    /** The link for the address as it stands, mailed again. */
    sendConfirmation: () => api.send<OwnEmailJson>('POST', '/api/account/email/confirmation', 'Failed to send the confirmation.'),
    /** Ends your other sessions too. */
    changePassword: (currentPassword: string, newPassword: string) => api.send<null>('POST', '/api/account/password', 'Failed to change your password.', { currentPassword, newPassword }),
    sessions: () => api.send<SessionJson[]>('GET', '/api/account/sessions', 'Failed to load your sessions.'),
    endSession: (id: string) => api.send<null>('DELETE', `/api/account/sessions/${encodeURIComponent(id)}`, 'Failed to end the session.'),
    passkeys: () => api.send<PasskeyJson[]>('GET', '/api/account/passkeys', 'Failed to load your passkeys.'),
    /** The browser's options for making a passkey; your password first, and its name (refused now, before the device is asked). */
    passkeyOptions: (password: string, name: string) => api.send<PublicKeyCredentialCreationOptionsJSON>('POST', '/api/account/passkeys/options', 'Failed to start adding a passkey.', { password, name }),
    addPasskey: (name: string, response: RegistrationResponseJSON) => api.send<PasskeyJson>('POST', '/api/account/passkeys', 'Failed to add the passkey.', { name, response }),
    renamePasskey: (id: string, name: string) => api.send<PasskeyJson>('PATCH', `/api/account/passkeys/${encodeURIComponent(id)}`, 'Failed to rename the passkey.', { name }),
    /** Removes one of your passkeys, confirmed with your password or with a passkey's answer to `removalOptions`. */
    removePasskey: (id: string, confirmation: { password: string } | { passkey: AuthenticationResponseJSON }) =>
      api.send<null>('POST', `/api/account/passkeys/${encodeURIComponent(id)}/remove`, 'Failed to remove the passkey.', confirmation),
    /** The browser's options for confirming a removal with any of your passkeys instead of your password. */
    removalOptions: (id: string) => api.send<PublicKeyCredentialRequestOptionsJSON>('POST', `/api/account/passkeys/${encodeURIComponent(id)}/remove/options`, 'Failed to ask for a passkey.'),
  };
}
