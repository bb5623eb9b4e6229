/**
 * The addresses the app mails to people, built in one place: routes serve these paths and
 * services write them into e-mails, so neither imports the other for a URL.
 */

export const SET_PASSWORD_PATH = '/admin/set-password';
export const VERIFY_EMAIL_PATH = '/admin/verify-email';

/** The address of a one-time set-password link (invitations, resets, the first admin's setup). */
export function setPasswordUrl(publicUrl: string, token: string): string {
  return new URL(`${SET_PASSWORD_PATH}?token=${token}`, publicUrl).toString();
}

/** The address of a one-time link that proves an account's e-mail address. */
export function verifyEmailUrl(publicUrl: string, token: string): string {
  return new URL(`${VERIFY_EMAIL_PATH}?token=${token}`, publicUrl).toString();
}
