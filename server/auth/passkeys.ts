import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { Knex } from 'knex';
import { z } from 'zod';
import { findAdminUserById, findAdminUserByUsername } from '../db/admin-users';
import { findAdminDeviceOfUsername } from '../db/admin-devices';
import { deleteAdminSessionsOfUser } from '../db/admin-sessions';
import {
  countLiveSignInChallenges,
  countPasskeysOfUser,
  deletePasskey,
  deletePasskeysOfUser,
  findPasskeyByCredentialId,
  insertPasskey,
  insertPasskeyChallenge,
  listPasskeysOfUser,
  markSessionViaPasskey,
  recordPasskeyUse,
  renamePasskey,
  takePasskeyChallenge,
  type PasskeyRow,
} from '../db/passkeys';
import type { AdminDeviceRow } from '../db/tables';
import { countHit } from '../db/rate-limit-windows';
import { ConflictError, ForbiddenError, NotFoundError, parseInput, RateLimitedError, ValidationError } from '../errors';
import type { Logger } from '../logger';
import { messages } from '../messages';
import type { AuditActor, AuditTrail } from '../services/audit';
import { networkOf } from '../services/visitor-network';
import { counted } from '../../shared/text';
import { addPasskeySchema, passkeyMessages, passkeyOptionsSchema, passkeySignInSchema, removePasskeySchema, renamePasskeySchema, type PasskeyJson } from '../../shared/passkeys';
import { business } from '../../shared/content/defaults/business';
import { hashToken, TOKEN_PATTERN } from './credentials';
import type { LoginClient, LoginThrottle, ThrottleVerdict } from './login-throttle';
import type { Passwords } from './passwords';
import type { AdminSessionState, Sessions, SignedInAdmin, StartedSession } from './sessions';
import type { SignIn } from './sign-in';

const MINUTE = 60_000;
/** How long a challenge handed out may be answered (the browser's own prompt times out sooner). */
export const PASSKEY_CHALLENGE_MS = 5 * MINUTE;
/** What the browser is told to wait for the person at the device, in ms. */
const CEREMONY_TIMEOUT_MS = 2 * MINUTE;
/**
 * The throttle's username for failed sign-ins with a passkey the site does not know: they count
 * against the address (and this name), never against an account, which nobody named.
 */
const UNKNOWN_PASSKEY_KEY = '(unknown passkey)';
/**
 * Sign-in options (each a stored challenge) one network (an IPv4 address, an IPv6 /64) may ask for
 * per window: the sign-in page asks once as it opens and once per click of "Use a passkey", a
 * script thousands. With the five-minute expiry (expired challenges are deleted as new ones are
 * stored), one network keeps at most `perNetwork` × 2 challenges alive (two windows overlap the
 * expiry), plus one row of `form_rate_limits` per window.
 */
export const PASSKEY_OPTIONS_LIMITS = { perNetwork: 30, windowSeconds: 5 * 60 } as const;
/**
 * The hard cap on unanswered sign-in challenges site-wide, whatever the number of networks asking:
 * beyond it new options are refused (429) until some expire, so the table stays small. Password
 * sign-in is unaffected.
 */
export const PASSKEY_LIVE_SIGN_IN_CHALLENGES_MAX = 5000;

export interface PasskeySignInAttempt {
  ip: string;
  userAgent?: string;
  previousSessionId?: string;
  deviceToken?: string;
}

export type PasskeySignInResult = ({ outcome: 'signed-in' } & StartedSession) | { outcome: 'incomplete' } | { outcome: 'invalid' } | { outcome: 'throttled'; retryAfterSeconds: number };

export interface PasskeysDeps {
  db: Knex;
  logger: Logger;
  now: () => Date;
  audit: AuditTrail;
  throttle: LoginThrottle;
  sessions: Sessions;
  proveOwnPassword: Passwords['proveOwnPassword'];
  recordThrottled: SignIn['recordThrottled'];
  /** The site's public address: its host is the relying party id, its origin the only one accepted. */
  publicUrl: string;
  failureDelayMs: number;
  sleep: (ms: number) => Promise<void>;
}

/** The WebAuthn user handle of an account: opaque to the authenticator, the same for all its passkeys. */
const userHandleOf = (adminId: number): Uint8Array<ArrayBuffer> => new TextEncoder().encode(`admin-${adminId}`);
const base64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');

/** The challenge the browser signed, read from its client data (checked again by the library). */
function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const parsed = z.object({ challenge: z.string().min(1).max(512) }).safeParse(JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data.challenge : undefined;
  } catch {
    return undefined;
  }
}

/** A passkey as the API shows it to a session (`current`: the session's, when a passkey opened it). */
export function toPasskeyJson(row: PasskeyRow, current?: Pick<AdminSessionState, 'passkeyId'>): PasskeyJson {
  return {
    id: String(row.id),
    name: row.name,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at ? row.last_used_at.toISOString() : null,
    signedInHere: current?.passkeyId !== undefined && current.passkeyId === String(row.id),
  };
}

const transportsOf = (row: PasskeyRow): string[] => (row.transports ? row.transports.split(',') : []);
const passkeyIdParam = z.string().regex(/^[1-9]\d{0,17}$/);

/**
 * Passkeys (WebAuthn, through `@simplewebauthn/server`): adding one to the signed-in account,
 * listing, renaming and removing them, an owner removing another account's, and signing in with
 * one. Every challenge is kept in the database (any instance may get the answer), used once
 * (deleted as it is read, so a replayed answer finds none) and expires after five minutes. A
 * passkey sign-in is a complete sign-in: the device and its lock are two factors.
 */
export function createPasskeys({ db, logger, now, audit, throttle, sessions, proveOwnPassword, recordThrottled, publicUrl, failureDelayMs, sleep }: PasskeysDeps) {
  const rp = { id: new URL(publicUrl).hostname, origin: new URL(publicUrl).origin };

  async function knownDevice(deviceToken: string | undefined, username: string, at: Date): Promise<AdminDeviceRow | undefined> {
    if (!deviceToken || !TOKEN_PATTERN.test(deviceToken)) return undefined;
    return findAdminDeviceOfUsername(db, { tokenHash: hashToken(deviceToken), username, now: at });
  }

  async function storeChallenge(challenge: string, binding: { purpose: 'register' | 'confirm'; adminId: number; sessionIdHash: string } | { purpose: 'sign-in' }): Promise<void> {
    const at = now();
    const bound = binding.purpose === 'sign-in' ? undefined : binding;
    await insertPasskeyChallenge(db, {
      challenge,
      purpose: binding.purpose,
      admin_user_id: bound?.adminId ?? null,
      session_id_hash: bound?.sessionIdHash ?? null,
      created_at: at,
      expires_at: new Date(at.getTime() + PASSKEY_CHALLENGE_MS),
    });
  }

  /**
   * Refuses adding a second factor (a passkey, or TOTP) to an account that has a passkey, from a
   * session of the owners' two-factor setup (opened by the password alone). Otherwise the password
   * alone would open a fully signed-in session of an account that signs in with a passkey: it must
   * sign in with that passkey, or have an owner remove the lost one.
   */
  async function assertMayAddSecondFactor(admin: SignedInAdmin): Promise<void> {
    if (sessions.setupRequired(admin) && (await countPasskeysOfUser(db, admin.id)) > 0) throw new ForbiddenError(passkeyMessages.signInWithPasskey);
  }

  /**
   * Checks an assertion of this passkey against the challenge handed out (the signature, the site,
   * the user verified, the counter moved on) and records the use: its new counter. Answers why it
   * was refused, or undefined when it was accepted.
   */
  async function checkAssertion(passkey: PasskeyRow, response: AuthenticationResponseJSON, expectedChallenge: string, at: Date): Promise<string | undefined> {
    const counter = Number(passkey.counter);
    const verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: { id: passkey.credential_id, publicKey: new Uint8Array(Buffer.from(passkey.public_key, 'base64url')), counter, transports: transportsOf(passkey) as AuthenticatorTransport[] },
      requireUserVerification: true,
    }).catch((error: unknown) => ({ verified: false as const, error: error instanceof Error ? error.message : String(error) }));
    if (!verification.verified) return 'error' in verification ? verification.error : 'not verified';
    // A counter that went back or stayed (both non-zero) is refused by the library: a cloned key.
    if (!(await recordPasskeyUse(db, { id: passkey.id, checkedCounter: counter, newCounter: verification.authenticationInfo.newCounter, at }))) return 'passkey removed or used meanwhile';
    return undefined;
  }

  /**
   * Proves the signed-in account's owner is at the device: an assertion, by any passkey of this
   * account, answering a `confirm` challenge handed out to this session. Refused (400) otherwise.
   */
  async function confirmWithPasskey(admin: SignedInAdmin, session: AdminSessionState, response: AuthenticationResponseJSON): Promise<void> {
    const at = now();
    const refuse = (why: string) => {
      logger.warn({ adminId: admin.id, why }, 'passkey confirmation refused');
      return new ValidationError(passkeyMessages.notConfirmed);
    };
    // Used up whatever follows, like a sign-in's: the same answer sent again finds none.
    const challenge = challengeOf(response.response.clientDataJSON);
    const taken = challenge ? await takePasskeyChallenge(db, { challenge, purpose: 'confirm', now: at }) : undefined;
    if (!taken || taken.admin_user_id !== admin.id || taken.session_id_hash !== session.idHash) throw refuse('unknown, used, expired or foreign challenge');
    const passkey = await findPasskeyByCredentialId(db, response.id);
    if (!passkey || passkey.admin_user_id !== admin.id) throw refuse('not a passkey of this account');
    if (response.response.userHandle && response.response.userHandle !== base64url(userHandleOf(admin.id))) throw refuse('passkey of another account');
    const why = await checkAssertion(passkey, response, taken.challenge, at);
    if (why) throw refuse(why);
  }

  /** A passkey id from a path; anything else names no passkey (404). */
  function passkeyIdOf(id: string): string {
    const parsed = passkeyIdParam.safeParse(id);
    if (!parsed.success) throw new NotFoundError(passkeyMessages.noSuchPasskey);
    return parsed.data;
  }

  return {
    assertMayAddSecondFactor,

    async list(adminId: number, session: AdminSessionState): Promise<PasskeyJson[]> {
      return (await listPasskeysOfUser(db, adminId)).map((row) => toPasskeyJson(row, session));
    },

    /**
     * The options for adding a passkey to the signed-in account, after its current password (a
     * session left open must not be enough to add a way in) and a valid name (refused now, not
     * after the device made the passkey). The challenge is bound to this session.
     */
    async registrationOptions(admin: SignedInAdmin, session: AdminSessionState, input: unknown, ip: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
      const { password } = parseInput(passkeyOptionsSchema, input ?? {}, { unknownField: messages.account.unknownField });
      await assertMayAddSecondFactor(admin);
      await proveOwnPassword({ id: admin.id, name: admin.username }, password, ip);
      const existing = await listPasskeysOfUser(db, admin.id);
      const options = await generateRegistrationOptions({
        rpName: business.name,
        rpID: rp.id,
        userName: admin.username,
        userID: userHandleOf(admin.id),
        userDisplayName: admin.displayName ?? admin.username,
        timeout: CEREMONY_TIMEOUT_MS,
        attestationType: 'none',
        excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
        // A discoverable credential (signs in without a username) that checks who holds the device.
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      });
      await storeChallenge(options.challenge, { purpose: 'register', adminId: admin.id, sessionIdHash: session.idHash });
      return options;
    },

    /**
     * Adds the passkey the browser made for the options this session was given. The session then
     * counts as one this passkey vouches for (the owners' two-factor rule is met, as enabling TOTP
     * does) until the passkey is removed.
     */
    async add(admin: SignedInAdmin, session: AdminSessionState, input: unknown, ip: string): Promise<PasskeyJson> {
      const { name, response } = parseInput(addPasskeySchema, input ?? {}, { unknownField: messages.account.unknownField });
      await assertMayAddSecondFactor(admin);
      const notAdded = () => new ValidationError(passkeyMessages.notAdded);
      const challenge = challengeOf(response.response.clientDataJSON);
      const taken = challenge ? await takePasskeyChallenge(db, { challenge, purpose: 'register', now: now() }) : undefined;
      if (!taken || taken.admin_user_id !== admin.id || taken.session_id_hash !== session.idHash) throw notAdded();
      const verification = await verifyRegistrationResponse({ response, expectedChallenge: taken.challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: true }).catch(
        (error: unknown) => {
          logger.warn({ adminId: admin.id, err: error instanceof Error ? error.message : String(error) }, 'passkey registration refused');
          return undefined;
        },
      );
      if (!verification?.verified) throw notAdded();
      const { credential } = verification.registrationInfo;
      if (await findPasskeyByCredentialId(db, credential.id)) throw new ConflictError(passkeyMessages.alreadyAdded);
      const at = now();
      const row = await db.transaction(async (trx) => {
        const inserted = await insertPasskey(trx, {
          admin_user_id: admin.id,
          credential_id: credential.id,
          public_key: base64url(credential.publicKey),
          counter: credential.counter,
          transports: (credential.transports ?? []).join(','),
          name,
          created_at: at,
        });
        await markSessionViaPasskey(trx, { idHash: session.idHash, passkeyId: inserted.id });
        await audit.record({ id: admin.id, name: admin.username }, { action: 'passkey.add', target: { type: 'user', id: admin.username }, summary: `"${name}"`, ip }, trx);
        return inserted;
      });
      return toPasskeyJson(row, session);
    },

    async rename(admin: SignedInAdmin, session: AdminSessionState, id: string, input: unknown, ip: string): Promise<PasskeyJson> {
      const passkeyId = passkeyIdOf(id);
      const { name } = parseInput(renamePasskeySchema, input ?? {}, { unknownField: messages.account.unknownField });
      return db.transaction(async (trx) => {
        const before = (await listPasskeysOfUser(trx, admin.id)).find((row) => String(row.id) === passkeyId);
        const row = before && (await renamePasskey(trx, { id: passkeyId, adminUserId: admin.id, name }));
        if (!before || !row) throw new NotFoundError(passkeyMessages.noSuchPasskey);
        if (before.name !== name) await audit.record({ id: admin.id, name: admin.username }, { action: 'passkey.rename', target: { type: 'user', id: admin.username }, summary: `"${before.name}" → "${name}"`, ip }, trx);
        return toPasskeyJson(row, session);
      });
    },

    /**
     * Options for confirming the removal of one of the account's passkeys with a passkey instead of
     * the password: any of its passkeys, the one removed too (the device still at hand). The
     * challenge is bound to this account and session.
     */
    async removalOptions(admin: SignedInAdmin, session: AdminSessionState, id: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const passkeyId = passkeyIdOf(id);
      const passkeys = await listPasskeysOfUser(db, admin.id);
      if (!passkeys.some((row) => String(row.id) === passkeyId)) throw new NotFoundError(passkeyMessages.noSuchPasskey);
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        allowCredentials: passkeys.map((row) => ({ id: row.credential_id, transports: transportsOf(row) as AuthenticatorTransport[] })),
        userVerification: 'required',
        timeout: CEREMONY_TIMEOUT_MS,
      });
      await storeChallenge(options.challenge, { purpose: 'confirm', adminId: admin.id, sessionIdHash: session.idHash });
      return options;
    },

    /**
     * Removes one of the signed-in account's passkeys, after its current password or a passkey of
     * the account (answering `removalOptions`). The sessions it opened, this one maybe, end with it
     * (the foreign key cascades); one it was added in counts as two-factor by it no more.
     */
    async remove(admin: SignedInAdmin, session: AdminSessionState, id: string, input: unknown, ip: string): Promise<void> {
      const passkeyId = passkeyIdOf(id);
      const { password, passkey } = parseInput(removePasskeySchema, input ?? {}, { unknownField: messages.account.unknownField });
      if (password !== undefined) await proveOwnPassword({ id: admin.id, name: admin.username }, password, ip);
      else if (passkey) await confirmWithPasskey(admin, session, passkey);
      await db.transaction(async (trx) => {
        const removed = await deletePasskey(trx, { id: passkeyId, adminUserId: admin.id });
        if (!removed) throw new NotFoundError(passkeyMessages.noSuchPasskey);
        const how = password !== undefined ? 'password' : 'passkey';
        await audit.record({ id: admin.id, name: admin.username }, { action: 'passkey.remove', target: { type: 'user', id: admin.username }, summary: `"${removed.name}", confirmed with a ${how}`, ip }, trx);
      });
    },

    /**
     * An owner removes every passkey of another account (a lost device): the account is signed out
     * everywhere too, since a session the lost device opened would otherwise go on.
     */
    async removeAllOf(actor: AuditActor & { id: number }, username: string, ip: string): Promise<number> {
      return db.transaction(async (trx) => {
        const user = await findAdminUserByUsername(trx, username);
        if (!user) throw new NotFoundError(messages.admin.noSuchAdmin(username));
        if (user.id === actor.id) throw new ConflictError(messages.users.ownPasskeys);
        const count = await deletePasskeysOfUser(trx, user.id);
        if (count > 0) {
          await deleteAdminSessionsOfUser(trx, user.id);
          await audit.record(actor, { action: 'passkey.remove', target: { type: 'user', id: user.username }, summary: `${counted(count, 'passkey')} removed by an owner; signed out everywhere`, ip }, trx);
        }
        return count;
      });
    },

    /**
     * Options for signing in with any passkey of this site (no username: the passkey names its
     * account). Each stores a challenge, so they are limited per network and capped site-wide.
     */
    async signInOptions(ip: string): Promise<PublicKeyCredentialRequestOptionsJSON> {
      const { perNetwork, windowSeconds } = PASSKEY_OPTIONS_LIMITS;
      const fromNetwork = await countHit(db, `passkey-options:network:${networkOf(ip)}`, windowSeconds);
      if (fromNetwork.hits > perNetwork) throw new RateLimitedError(passkeyMessages.tooManyOptions(fromNetwork.secondsLeft), fromNetwork.secondsLeft);
      if ((await countLiveSignInChallenges(db, now())) >= PASSKEY_LIVE_SIGN_IN_CHALLENGES_MAX) {
        logger.warn({ ip }, 'passkey sign-in options refused: too many unanswered challenges site-wide');
        const retryAfterSeconds = PASSKEY_CHALLENGE_MS / 1000;
        throw new RateLimitedError(passkeyMessages.tooManyOptions(retryAfterSeconds), retryAfterSeconds);
      }
      const options = await generateAuthenticationOptions({ rpID: rp.id, allowCredentials: [], userVerification: 'required', timeout: CEREMONY_TIMEOUT_MS });
      await storeChallenge(options.challenge, { purpose: 'sign-in' });
      return options;
    },

    /**
     * Signs in with the browser's answer to sign-in options: the challenge must be one handed out,
     * unused and unexpired, the passkey one of a live account, the signature right, the user
     * verified and the counter moved on. Throttled like a password: a refused answer is a failure
     * of the account the passkey names (of no account when the site knows no such passkey). Like a
     * password with a valid second factor, a verified passkey passes the account's daily ceiling
     * (wrong passwords from anywhere must not lock the account out of its passkeys for a day); the
     * limits of the address and of a known device still hold.
     */
    async signIn(input: unknown, attempt: PasskeySignInAttempt, log: Logger = logger): Promise<PasskeySignInResult> {
      const started = performance.now();
      const parsed = passkeySignInSchema.safeParse(input ?? {});
      if (!parsed.success) return { outcome: 'incomplete' };
      const { response, remember } = parsed.data;
      const at = now();
      const passkey = await findPasskeyByCredentialId(db, response.id);
      const user = passkey && (await findAdminUserById(db, passkey.admin_user_id));
      const usernameKey = user ? user.username.toLowerCase() : UNKNOWN_PASSKEY_KEY;
      const device = user ? await knownDevice(attempt.deviceToken, usernameKey, at) : undefined;
      const client: LoginClient = { usernameKey, ip: attempt.ip, deviceId: device?.id ?? null };
      const actor: AuditActor = user ? { id: user.id, name: user.username } : { id: null, name: '?' };
      const verdict = await throttle.checkThrottle('passkey', client, at);
      const throttled = async (held: ThrottleVerdict & { throttled: true }): Promise<PasskeySignInResult> => {
        await recordThrottled(actor, client, held, at, log);
        return { outcome: 'throttled', retryAfterSeconds: held.retryAfterSeconds };
      };
      if (verdict.throttled && verdict.ceilingAttemptId === undefined) return throttled(verdict);
      // Only the account's daily ceiling holds the browser: the answer is checked all the same, and
      // only a verified passkey passes (anything else gets the throttled answer; the attempt stays counted).
      const ceiling = verdict.throttled ? verdict : undefined;
      const refuse = async (why: string): Promise<PasskeySignInResult> => {
        if (ceiling) {
          log.warn({ adminId: user?.id, ip: attempt.ip, why }, 'admin passkey sign-in refused at the daily ceiling');
          const answer = await throttled(ceiling);
          await sleep(Math.max(0, failureDelayMs - (performance.now() - started)));
          return answer;
        }
        await throttle.deleteExpiredFailures(at);
        log.warn({ adminId: user?.id, ip: attempt.ip, why }, 'admin passkey sign-in refused');
        await audit.record(actor, { action: 'auth.sign-in-failed', summary: `passkey refused: ${why}`, ip: attempt.ip });
        await sleep(Math.max(0, failureDelayMs - (performance.now() - started)));
        return { outcome: 'invalid' };
      };

      // The challenge is used up whatever follows: the same answer sent again finds none.
      const challenge = challengeOf(response.response.clientDataJSON);
      const taken = challenge ? await takePasskeyChallenge(db, { challenge, purpose: 'sign-in', now: at }) : undefined;
      if (!taken) return refuse('unknown, used or expired challenge');
      if (!passkey || !user) return refuse('unknown passkey');
      if (user.disabled_at) return refuse('account disabled');
      if (response.response.userHandle && response.response.userHandle !== base64url(userHandleOf(user.id))) return refuse('passkey of another account');
      const why = await checkAssertion(passkey, response, taken.challenge, at);
      if (why) return refuse(why);
      if (ceiling) log.warn({ adminId: user.id, username: user.username, ip: attempt.ip }, 'admin signed in through the daily ceiling with a passkey');
      const session = await sessions.startSession(
        user,
        { remember, ip: attempt.ip, userAgent: attempt.userAgent, previousSessionId: attempt.previousSessionId, viaPasskey: { id: passkey.id, name: passkey.name } },
        { device, at, log, within: (trx) => throttle.forgive(trx, client) },
      );
      return { outcome: 'signed-in', ...session };
    },
  };
}

export type Passkeys = ReturnType<typeof createPasskeys>;
