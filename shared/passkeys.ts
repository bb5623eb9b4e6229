import { z } from 'zod';
import { describeWait } from './admin-auth';

/**
 * Passkeys (WebAuthn) as the API shows them and the forms that name, rename and remove them. The
 * WebAuthn answers themselves are checked by the server's WebAuthn library; here only their shape.
 */

/** `GET /api/account/passkeys`: one of the signed-in account's passkeys. */
export interface PasskeyJson {
  /** Opaque id for `PATCH /api/account/passkeys/{id}` and its removal. */
  id: string;
  name: string;
  createdAt: string;
  /** When it last signed in; null when it never has. */
  lastUsedAt: string | null;
  /** This session was opened by it: removing it ends this session. */
  signedInHere: boolean;
}

export const PASSKEY_NAME_MAX = 60;

export const passkeyMessages = {
  nameRequired: 'Give the passkey a name, such as "MacBook" or "Pixel".',
  nameTooLong: `A passkey's name has at most ${PASSKEY_NAME_MAX} characters.`,
  /** Any refused passkey sign-in: unknown, removed, replayed, expired or badly signed. */
  refused: 'This passkey was not accepted. Try again, or sign in with your username and password.',
  notAdded: 'The passkey could not be added (the request took too long or was answered twice). Please try again.',
  noSuchPasskey: 'No such passkey of yours (it may have been removed already).',
  alreadyAdded: 'This passkey is added already.',
  unsupported: 'This browser cannot use passkeys.',
  cancelled: 'The passkey request was cancelled.',
  passwordOrPasskey: 'Enter your current password, or confirm with a passkey.',
  notBoth: 'Confirm with your password or with a passkey, not both.',
  /** A confirmation by passkey refused: another account's, used already, expired, or badly signed. */
  notConfirmed: 'This passkey did not confirm it is you (it may be another account\'s, or the request took too long). Please try again.',
  /**
   * The owners require two-factor, the account has a passkey and this session was opened by the
   * password alone: the password must not be enough to add a way in. A lost device: an owner
   * removes the account's passkeys (or resets its password), then a new one is set up here.
   */
  signInWithPasskey:
    'This account already has a passkey: sign out and sign in with it to add another one or two-factor codes. Lost the device? Ask an owner to remove your passkeys in Users, then sign in with your password and set up a new one.',
  /** Too many sign-in options asked for from one network, or too many sign-ins waiting site-wide. */
  tooManyOptions: (retryAfterSeconds: number) => `Too many passkey sign-ins were started. Please wait ${describeWait(retryAfterSeconds)} and try again.`,
} as const;

const passkeyName = z
  .string(passkeyMessages.nameRequired)
  .trim()
  .min(1, passkeyMessages.nameRequired)
  .max(PASSKEY_NAME_MAX, passkeyMessages.nameTooLong)
  // No control characters: the name is shown in lists and the audit trail.
  .refine((value) => !/[\p{Cc}]/u.test(value), passkeyMessages.nameRequired);

/** Why a new passkey's name would be refused (checked in the browser before the device is asked), or undefined. */
export function passkeyNameProblem(value: string): string | undefined {
  const parsed = passkeyName.safeParse(value);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/**
 * A WebAuthn answer as `@simplewebauthn/browser` sends it: base64url fields, checked for shape only
 * (the library verifies the rest). Bounded so nothing large reaches it.
 */
const base64url = (max: number) => z.string().max(max).regex(/^[A-Za-z0-9_-]*$/);
const webAuthnResponseBase = {
  id: base64url(1400).min(1),
  rawId: base64url(1400).min(1),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

export const registrationResponseSchema = z.object({
  ...webAuthnResponseBase,
  response: z.object({
    clientDataJSON: base64url(4096).min(1),
    attestationObject: base64url(16384).min(1),
    authenticatorData: base64url(4096).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
});

export const authenticationResponseSchema = z.object({
  ...webAuthnResponseBase,
  response: z.object({
    clientDataJSON: base64url(4096).min(1),
    authenticatorData: base64url(4096).min(1),
    signature: base64url(2048).min(1),
    userHandle: base64url(1024).optional(),
  }),
});

/**
 * `POST /api/account/passkeys/options`: the current password, and the name the passkey will have
 * (checked here, before the browser asks the device for a passkey the server would then refuse).
 */
export const passkeyOptionsSchema = z.strictObject({
  password: z.string('Enter your current password.').min(1, 'Enter your current password.').max(1024),
  name: passkeyName,
});

/** `POST /api/account/passkeys`: the new passkey's name and the browser's answer to the options. */
export const addPasskeySchema = z.strictObject({ name: passkeyName, response: registrationResponseSchema });

/** `PATCH /api/account/passkeys/{id}`. */
export const renamePasskeySchema = z.strictObject({ name: passkeyName });

const currentPassword = z.string('Enter your current password.').min(1, 'Enter your current password.').max(1024);

/**
 * `POST /api/account/passkeys/{id}/remove`: the current password, or a passkey of the account (the
 * browser's answer to `…/remove/options`), proves it is the account's owner. Exactly one of them.
 */
export const removePasskeySchema = z
  .strictObject({ password: currentPassword.optional(), passkey: authenticationResponseSchema.optional() })
  .superRefine((value, ctx) => {
    if (value.password === undefined && value.passkey === undefined) ctx.addIssue({ code: 'custom', path: ['password'], message: passkeyMessages.passwordOrPasskey });
    if (value.password !== undefined && value.passkey !== undefined) ctx.addIssue({ code: 'custom', path: [], message: passkeyMessages.notBoth });
  });

/** `POST /api/auth/passkey/verify`: the browser's answer, and "remember me". */
export const passkeySignInSchema = z.strictObject({ response: authenticationResponseSchema, remember: z.boolean().optional().default(false) });
