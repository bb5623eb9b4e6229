import { createHash, randomBytes } from 'node:crypto';
import { hash, verify, type Options as Argon2Options } from '@node-rs/argon2';
import type { Knex } from 'knex';
import { z } from 'zod';
import {
  countAdminUsers,
  deleteAdminUser,
  findAdminUserById,
  findAdminUserByUsername,
  insertAdminUser,
  updateAdminPasswordHash,
  updateAdminUser,
} from '../db/admin-users';
import { deleteAdminPasswordLinksOfUser, findAdminPasswordLinkOfUserSince, replaceAdminPasswordLink } from '../db/admin-password-links';
import {
  deleteAdminSession,
  deleteAdminSessionOfUser,
  deleteAdminSessionsOfUser,
  listAdminSessionsOfUser,
  deleteExpiredAdminSessions,
  deleteOtherAdminSessions,
  findAdminSession,
  insertAdminSession,
  renameAdminSession,
  touchAdminSession,
} from '../db/admin-sessions';
import {
  deleteAdminDevicesOfUser,
  deleteExpiredAdminDevices,
  findAdminDeviceOfUsername,
  insertAdminDevice,
  renewAdminDevice,
} from '../db/admin-devices';
import type { AdminDeviceRow, AdminUserRow } from '../db/tables';
import { ConflictError, NotFoundError, RateLimitedError, ValidationError } from '../errors';
import { createAuditTrail, SYSTEM_ACTOR, type AuditActor, type AuditTrail } from './audit';
import { createTwoFactor } from '../auth/two-factor';
import { NO_KEYRING, type Keyring } from '../app-key';
import { deleteLoginChallenge, findLoginChallenge, insertLoginChallenge } from '../db/two-factor';
import { describeUserAgent, passwordChangeSchema, type SessionJson } from '../../shared/admin-account';
import type { Logger } from '../logger';
import { messages } from '../messages';
import { createLoginThrottle, type LoginClient, type ThrottleVerdict } from '../auth/login-throttle';
import {
  type AdminRole,
  adminLoginMessages,
  ADMIN_PASSWORD_MAX,
  ADMIN_PASSWORD_MIN,
  ADMIN_USERNAME_MAX,
  ADMIN_USERNAME_MIN,
} from '../../shared/admin-auth';
import { fieldErrorsOf, firstErrorOf } from '../../shared/zod-errors';
import { displayNameSchema } from '../../shared/admin-users';
import { counted } from '../../shared/text';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Without "remember me": the session ends after 2 h without a request, and 12 h after login at the latest. */
export const IDLE_TIMEOUT_MS = 2 * HOUR;
export const ABSOLUTE_TIMEOUT_MS = 12 * HOUR;
/** With "remember me": a persistent cookie and a session that both last 30 days. */
export const REMEMBER_ME_MS = 30 * DAY;
/** `last_seen_at` is written at most this often per session, not on every request. */
export const TOUCH_INTERVAL_MS = MINUTE;
/**
 * A browser's device cookie lasts a year from its last successful login: long enough that an admin
 * who signs in now and then stays "known", so guessing that throttles others never locks them out.
 */
export const DEVICE_COOKIE_MS = 365 * DAY;
/** The spec's delay before a failed login is answered. */
export const LOGIN_FAILURE_DELAY_MS = 1000;

/** Argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane). */
const ARGON2_OPTIONS: Argon2Options = { algorithm: 2 /* Algorithm.Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const adminUsernameSchema = z
  .string()
  .trim()
  .min(ADMIN_USERNAME_MIN, `Usernames need at least ${ADMIN_USERNAME_MIN} characters.`)
  .max(ADMIN_USERNAME_MAX, `Usernames have at most ${ADMIN_USERNAME_MAX} characters.`)
  .regex(/^[\w.@-]+$/, 'Usernames may hold letters, digits and . _ @ - only.');
export const adminPasswordSchema = z
  .string()
  .min(ADMIN_PASSWORD_MIN, `Passwords need at least ${ADMIN_PASSWORD_MIN} characters.`)
  .max(ADMIN_PASSWORD_MAX, `Passwords have at most ${ADMIN_PASSWORD_MAX} characters.`);

export interface AdminAuthDeps {
  db: Knex;
  logger: Logger;
  /** The clock every timeout is measured against (tests move it forward). */
  now?: () => Date;
  /** Least time a failed login takes to answer; only tests shorten it. */
  failureDelayMs?: number;
  /** How a failed login waits out the rest of that delay (tests record the wait instead of taking it). */
  sleep?: (ms: number) => Promise<void>;
  /** Where sign-ins, sign-outs and account changes are recorded (one on the same database by default). */
  audit?: AuditTrail;
  /** The owners' setting: every account must sign in with two-factor (read at each sign-in). */
  requireTwoFactor?: () => boolean;
  /**
   * The application key sealing the two-factor secrets. The command-line tools that never touch
   * two-factor leave it out; setting up or checking a code then fails.
   */
  keyring?: Keyring;
}

/** A live session as the request sees it. */
export interface AdminSessionState {
  idHash: string;
  csrfToken: string;
  remember: boolean;
  expiresAt: Date;
}

export interface SignedInAdmin {
  id: number;
  username: string;
  role: AdminRole;
  /** Whether the account signs in with a second factor. */
  twoFactor: boolean;
  /** The name replies to clients are sent and signed as; null until the account gives one. */
  displayName: string | null;
}

export interface LoginAttempt {
  username: string;
  password: string;
  remember: boolean;
  ip: string;
  /** The session id the browser still carried, ended whatever the outcome of a successful login. */
  previousSessionId?: string;
  /** The device cookie the browser carried: it counts only when issued to this account. */
  deviceToken?: string;
  /** The browser's User-Agent, kept with the session so its owner can tell sessions apart. */
  userAgent?: string;
  /** The second factor (a TOTP code or a recovery code), for accounts with two-factor sign-in. */
  code?: string;
}

/** The no-JavaScript form's second step: the challenge cookie a right password set, and the code. */
export type ChallengeAttempt = Pick<LoginAttempt, 'ip' | 'userAgent' | 'previousSessionId' | 'deviceToken'> & { challengeToken: string; code: string };

/** How long the second step of a sign-in may take after the password. */
export const CHALLENGE_MS = 5 * MINUTE;

/** The device cookie a successful login gives the browser (a new token every time). */
export interface DeviceCookie {
  token: string;
  expiresAt: Date;
}

export type LoginResult =
  | {
      outcome: 'signed-in';
      admin: SignedInAdmin;
      sessionId: string;
      session: AdminSessionState;
      device: DeviceCookie;
      /** The owners require two-factor and the account has none: it must set it up before anything else. */
      twoFactorSetupRequired: boolean;
    }
  /** The password was right; the account's second factor must follow (no session yet). */
  | { outcome: 'second-factor-required'; challengeToken: string; challengeExpiresAt: Date }
  | { outcome: 'invalid' }
  | { outcome: 'invalid-code' }
  /**
   * `codeMayPass`: only the account's daily ceiling holds the browser, and a right password with a
   * valid second factor would pass it (said to every attempt alike, whatever its password).
   */
  | { outcome: 'throttled'; retryAfterSeconds: number; codeMayPass?: boolean };

export type AdminAuth = ReturnType<typeof createAdminAuth>;

/** SHA-256 of a cookie's token (session id or device token): what the database stores and looks it up by. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 256 random bits, URL-safe: what a session or device cookie (or a one-time link) carries. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export const TOKEN_PATTERN = /^[\w-]{43}$/;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** Random password for a generated first admin: 24 characters, about 143 bits. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Admin accounts, logins and sessions. Sessions live in the database (the instances keep no state),
 * the cookie carries a random id whose hash is the row's key, and failed logins are counted in the
 * database (`login-throttle.ts`) so every instance throttles the same guesses. A browser that signs
 * in gets a device cookie, built the same way, which lets it through when others are throttled.
 */
export function createAdminAuth({ db, logger, now = () => new Date(), failureDelayMs = LOGIN_FAILURE_DELAY_MS, sleep = realSleep, audit = createAuditTrail({ db, now }), requireTwoFactor = () => false, keyring = NO_KEYRING }: AdminAuthDeps) {
  const throttle = createLoginThrottle({ db });
  const twoFactor = createTwoFactor({ db, audit, keyring, now });
  // Unknown usernames are checked against this hash so they take as long as a wrong password.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= hashPassword(generatePassword()));

  /** The device behind the browser's cookie, if it is valid for the account being signed in to. */
  async function knownDevice(deviceToken: string | undefined, username: string, at: Date): Promise<AdminDeviceRow | undefined> {
    if (!deviceToken || !TOKEN_PATTERN.test(deviceToken)) return undefined;
    return findAdminDeviceOfUsername(db, { tokenHash: hashToken(deviceToken), username, now: at });
  }

  /**
   * Creates an account; the first one is always an owner, whatever `role` says. `displayName` is
   * what replies are signed with (the API and the CLI ask for it; tests may leave it out).
   */
  async function createAdmin(username: string, password: string, role: AdminRole = 'owner', displayName: string | null = null): Promise<AdminUserRow> {
    const name = parseOrThrow(adminUsernameSchema, username);
    const secret = parseOrThrow(adminPasswordSchema, password);
    const shownAs = displayName === null ? null : parseOrThrow(displayNameSchema, displayName);
    if (await findAdminUserByUsername(db, name)) throw new ConflictError(messages.admin.usernameTaken(name));
    const first = !(await hasAnyAdmin());
    const row = await insertAdminUser(db, { username: name, passwordHash: await hashPassword(secret), role: first ? 'owner' : role, displayName: shownAs, now: now() });
    logger.info({ adminId: row.id, username: row.username, role: row.role }, 'admin account created');
    return row;
  }

  /**
   * Sets a new password, ends every session of that admin (but `keepSessionIdHash`, the one
   * changing its own password), forgets its known devices and any set-password link. `within`
   * runs in the same transaction (the audit row of the change).
   */
  async function setPassword(
    username: string,
    password: string,
    { keepSessionIdHash, within }: { keepSessionIdHash?: string; within?: (trx: Knex, user: AdminUserRow) => Promise<void> } = {},
  ): Promise<AdminUserRow> {
    const secret = parseOrThrow(adminPasswordSchema, password);
    const user = await findAdminUserByUsername(db, username.trim());
    if (!user) throw new NotFoundError(messages.admin.noSuchAdmin(username.trim()));
    const passwordHash = await hashPassword(secret);
    await db.transaction(async (trx) => {
      await within?.(trx, user);
      await updateAdminPasswordHash(trx, { id: user.id, passwordHash, now: now() });
      if (keepSessionIdHash) await deleteOtherAdminSessions(trx, user.id, keepSessionIdHash);
      else await deleteAdminSessionsOfUser(trx, user.id);
      await deleteAdminDevicesOfUser(trx, user.id);
      await deleteAdminPasswordLinksOfUser(trx, user.id);
    });
    logger.info({ adminId: user.id, username: user.username }, 'admin password changed; sessions ended, devices forgotten');
    return user;
  }

  /**
   * Clears the sign-in failures counted against an account's username, from every address and
   * device, so no limit holds it any longer (the daily ceiling above all, when guessing spread over
   * many addresses has locked out every browser the account does not know). Audited; returns how
   * many failures went.
   */
  async function unlock(username: string, actor: AuditActor, how: string): Promise<{ user: AdminUserRow; cleared: number }> {
    const user = await findAdminUserByUsername(db, username.trim());
    if (!user) throw new NotFoundError(messages.admin.noSuchAdmin(username.trim()));
    const cleared = await db.transaction(async (trx) => {
      const count = await throttle.clearUsername(trx, user.username.toLowerCase());
      await audit.record(actor, { action: 'user.unlock', target: { type: 'user', id: user.username }, summary: `${counted(count, 'failure')} cleared (${how})` }, trx);
      return count;
    });
    logger.info({ adminId: user.id, username: user.username, cleared }, 'admin sign-in failures cleared');
    return { user, cleared };
  }

  /** Whether `password` is this account's password (same cost as a login's check). */
  async function passwordMatches(adminId: number, password: string): Promise<boolean> {
    const user = await findAdminUserById(db, adminId);
    return Boolean(user) && (await verify(user!.password_hash, password).catch(() => false));
  }

  /**
   * Changes the signed-in admin's own password: the current one must be right (a wrong one counts
   * in the login throttle like a failed sign-in), and every other session of the account ends.
   * The current session goes on under a new id (returned for the cookie), so whoever had learnt
   * the old one is signed out with the rest; it keeps its CSRF token, which the open dashboard holds.
   */
  async function changeOwnPassword(admin: SignedInAdmin, session: AdminSessionState, input: unknown, ip: string): Promise<{ sessionId: string; session: AdminSessionState }> {
    const parsed = passwordChangeSchema.safeParse(input ?? {});
    if (!parsed.success) throw new ValidationError(messages.account.invalid, fieldErrorsOf(parsed.error, { unknownField: messages.account.unknownField }));
    const { currentPassword, newPassword } = parsed.data;
    // The new password's rules first: breaking them is no guess of a secret.
    const newPasswordCheck = adminPasswordSchema.safeParse(newPassword);
    if (!newPasswordCheck.success) {
      const message = firstErrorOf(newPasswordCheck.error).message;
      throw new ValidationError(message, { newPassword: message });
    }
    const at = now();
    const client: LoginClient = { usernameKey: admin.username.toLowerCase(), ip, deviceId: null };
    const verdict = await throttle.checkThrottle('password', client, at);
    if (verdict.throttled) throw new RateLimitedError(adminLoginMessages.throttled(verdict.retryAfterSeconds), verdict.retryAfterSeconds);
    if (!(await passwordMatches(admin.id, currentPassword))) {
      throw new ValidationError(messages.account.wrongCurrentPassword, { currentPassword: messages.account.wrongCurrentPassword });
    }
    const sessionId = newToken();
    const renewed: AdminSessionState = { ...session, idHash: hashToken(sessionId) };
    await setPassword(admin.username, newPassword, {
      keepSessionIdHash: renewed.idHash,
      within: async (trx) => {
        await renameAdminSession(trx, session.idHash, renewed.idHash);
        await throttle.forgive(trx, client);
        await audit.record({ id: admin.id, name: admin.username }, { action: 'account.password-change', target: { type: 'user', id: admin.username }, summary: 'other sessions ended; this one has a new id', ip }, trx);
      },
    });
    return { sessionId, session: renewed };
  }

  /**
   * The signed-in admin proves it is them with their password before changing their own account's
   * secrets (wherever that is asked: Your account, or their own row in Users). A wrong or missing
   * password answers 400 on the `password` field and counts in the login throttle like a failed
   * sign-in; a right one forgives this address's failures, as a sign-in does.
   */
  async function proveOwnPassword(admin: { id: number; name: string }, password: unknown, ip: string): Promise<void> {
    const client: LoginClient = { usernameKey: admin.name.toLowerCase(), ip, deviceId: null };
    const verdict = await throttle.checkThrottle('password', client, now());
    if (verdict.throttled) throw new RateLimitedError(adminLoginMessages.throttled(verdict.retryAfterSeconds), verdict.retryAfterSeconds);
    if (typeof password !== 'string' || !password || !(await passwordMatches(admin.id, password))) {
      throw new ValidationError(messages.account.wrongCurrentPassword, { password: messages.account.wrongCurrentPassword });
    }
    await throttle.forgive(db, client);
  }

  /** Turns off the admin's own two-factor sign-in; the password proves it is them (throttled like a sign-in). */
  async function turnOffOwnTwoFactor(admin: SignedInAdmin, input: unknown, ip: string): Promise<void> {
    const actor = { id: admin.id, name: admin.username };
    await proveOwnPassword(actor, (input as { password?: unknown } | null)?.password, ip);
    await db.transaction(async (trx) => {
      const user = await findAdminUserById(trx, admin.id);
      if (user) await twoFactor.disable(actor, user, trx);
    });
  }

  /** The admin's unexpired sessions, most recently used first. */
  async function listSessions(admin: SignedInAdmin, current: AdminSessionState): Promise<SessionJson[]> {
    const rows = await listAdminSessionsOfUser(db, admin.id, now());
    return rows.map((row) => ({
      id: row.id_hash,
      current: row.id_hash === current.idHash,
      device: describeUserAgent(row.user_agent),
      ip: row.ip,
      createdAt: row.created_at.toISOString(),
      lastSeenAt: row.last_seen_at.toISOString(),
      expiresAt: row.expires_at.toISOString(),
    }));
  }

  /** Ends one of the admin's own sessions (audited); NotFoundError when it has no such session. */
  async function endSession(admin: SignedInAdmin, sessionId: string, ip: string): Promise<void> {
    await db.transaction(async (trx) => {
      if (!/^[0-9a-f]{64}$/.test(sessionId) || !(await deleteAdminSessionOfUser(trx, admin.id, sessionId))) throw new NotFoundError(messages.account.noSuchSession);
      await audit.record({ id: admin.id, name: admin.username }, { action: 'account.session-end', target: { type: 'user', id: admin.username }, summary: `session ${sessionId.slice(0, 8)}`, ip }, trx);
    });
  }

  async function hasAnyAdmin(): Promise<boolean> {
    return (await countAdminUsers(db)) > 0;
  }

  /** Answers a failed attempt after the same delay whatever failed, so timing tells nothing. */
  async function failAfterDelay(started: number): Promise<void> {
    await sleep(Math.max(0, failureDelayMs - (performance.now() - started)));
  }

  async function login(attempt: LoginAttempt, log: Logger = logger): Promise<LoginResult> {
    const started = performance.now();
    const usernameKey = attempt.username.trim().toLowerCase().slice(0, 256);
    const at = now();
    const device = await knownDevice(attempt.deviceToken, usernameKey, at);
    const client: LoginClient = { usernameKey, ip: attempt.ip, deviceId: device?.id ?? null };
    // Who tried, for the audit trail: the account if it exists, else the name as typed.
    const claimed: AuditActor = { id: null, name: usernameKey || '?' };
    // Recorded as a password guess; it becomes a wrong code only once its password proves right.
    const verdict = await throttle.checkThrottle('password', client, at);
    if (verdict.throttled && verdict.ceilingAttemptId === undefined) {
      await recordThrottled(claimed, client, verdict, at, log);
      return { outcome: 'throttled', retryAfterSeconds: verdict.retryAfterSeconds };
    }

    const user = await findAdminUserByUsername(db, usernameKey);
    const passwordMatches = await verify(user?.password_hash ?? (await getDummyHash()), attempt.password).catch(() => false);
    if (verdict.throttled) {
      // Only the account's daily ceiling holds this browser. The password was checked all the same
      // (every answer here takes the same time), but only a right one with a valid second factor
      // passes; anything else gets the one throttled answer, which says nothing of the password.
      const refuse = async (): Promise<LoginResult> => {
        await recordThrottled(claimed, client, verdict, at, log);
        await failAfterDelay(started);
        return { outcome: 'throttled', retryAfterSeconds: verdict.retryAfterSeconds, codeMayPass: true };
      };
      if (!user || !passwordMatches || user.disabled_at || !user.totp_enabled_at || !attempt.code) return refuse();
      if (await throttle.secondFactorLimitReached(usernameKey, at)) return refuse();
      const checked = await twoFactor.verify(user, attempt.code);
      if (!checked.ok) {
        await throttle.markSecondFactorFailure(verdict.ceilingAttemptId!);
        log.warn({ adminId: user.id, username: user.username, ip: attempt.ip }, 'admin second factor refused at the daily ceiling (the password was right)');
        await audit.record({ id: user.id, name: user.username }, { action: 'auth.sign-in-failed', summary: 'right password, wrong or used code, at the daily ceiling', ip: attempt.ip });
        return refuse();
      }
      log.warn({ adminId: user.id, username: user.username, ip: attempt.ip }, 'admin signed in through the daily ceiling with password and second factor');
      return startSession(user, { ...attempt, viaRecoveryCode: checked.recoveryCode }, device, client, at, log);
    }
    // A disabled account answers exactly as a wrong password does.
    if (!user || !passwordMatches || user.disabled_at) {
      await throttle.deleteExpiredFailures(at);
      log.warn({ username: usernameKey, ip: attempt.ip, knownUser: Boolean(user), knownDevice: Boolean(device) }, 'admin login failed');
      await audit.record(user ? { id: user.id, name: user.username } : claimed, { action: 'auth.sign-in-failed', summary: user?.disabled_at && passwordMatches ? 'account disabled' : 'wrong username or password', ip: attempt.ip });
      await failAfterDelay(started);
      return { outcome: 'invalid' };
    }

    if (user.totp_enabled_at) {
      if (!attempt.code) {
        // The password was right: this attempt is no failure, but nothing is forgiven either (the
        // code's failures must keep counting). A challenge lets the no-JavaScript form ask for the code.
        await throttle.release(verdict.attemptId);
        const challenge = await openChallenge(user, attempt.remember, at);
        log.info({ adminId: user.id, username: user.username, ip: attempt.ip }, 'admin password right; second factor asked for');
        return { outcome: 'second-factor-required', ...challenge };
      }
      const checked = await twoFactor.verify(user, attempt.code);
      if (!checked.ok) {
        await throttle.markSecondFactorFailure(verdict.attemptId);
        return codeRefused(user, attempt.ip, started, log);
      }
      return startSession(user, { ...attempt, viaRecoveryCode: checked.recoveryCode }, device, client, at, log);
    }
    return startSession(user, attempt, device, client, at, log);
  }

  /**
   * A refused attempt, recorded once per client, rule and window of that rule: the first gets an
   * audit row and a warn line, the others only add to the row's count. A client retrying as fast
   * as it can (3,550 attempts in 10 s) would otherwise write a row each, kept a year, and a log
   * line each. The client is the username and address; for the address's own limit, which holds
   * whatever usernames are tried, the address alone (the row names the first username).
   */
  async function recordThrottled(actor: AuditActor, client: LoginClient, verdict: ThrottleVerdict & { throttled: true }, at: Date, log: Logger): Promise<void> {
    const { rule, windowMs, failures, retryAfterSeconds } = verdict;
    const window = Math.floor(at.getTime() / windowMs);
    const anyUsername = rule === 'address';
    const repeats = await audit.recordRepeat(
      actor,
      { action: 'auth.throttled', summary: anyUsername ? `rule ${rule} (any username)` : `rule ${rule}`, ip: client.ip },
      [rule, window, client.ip, anyUsername ? '' : client.usernameKey],
    );
    if (repeats === 1) {
      log.warn(
        { username: client.usernameKey, ip: client.ip, knownDevice: client.deviceId !== null, rule, failures, retryAfterSeconds, windowMinutes: windowMs / MINUTE },
        'admin login throttled (repeats in this window are counted in its audit row, not logged)',
      );
    }
  }

  async function codeRefused(user: AdminUserRow, ip: string, started: number, log: Logger): Promise<LoginResult> {
    log.warn({ adminId: user.id, username: user.username, ip }, 'admin second factor refused');
    await audit.record({ id: user.id, name: user.username }, { action: 'auth.sign-in-failed', summary: 'wrong or used code', ip });
    await failAfterDelay(started);
    return { outcome: 'invalid-code' };
  }

  async function openChallenge(user: AdminUserRow, remember: boolean, at: Date): Promise<{ challengeToken: string; challengeExpiresAt: Date }> {
    const challengeToken = newToken();
    const challengeExpiresAt = new Date(at.getTime() + CHALLENGE_MS);
    await insertLoginChallenge(db, { token_hash: hashToken(challengeToken), admin_user_id: user.id, remember, created_at: at, expires_at: challengeExpiresAt });
    return { challengeToken, challengeExpiresAt };
  }

  /**
   * The second step of a sign-in opened by a right password (the no-JavaScript form): the code,
   * with the challenge cookie standing in for the password. Throttled like the first step.
   */
  async function completeChallenge(attempt: ChallengeAttempt, log: Logger = logger): Promise<LoginResult | { outcome: 'challenge-expired' }> {
    const started = performance.now();
    const at = now();
    const challenge = TOKEN_PATTERN.test(attempt.challengeToken) ? await findLoginChallenge(db, hashToken(attempt.challengeToken), at) : undefined;
    const user = challenge && (await findAdminUserById(db, challenge.admin_user_id));
    if (!challenge || !user || user.disabled_at || !user.totp_enabled_at) return { outcome: 'challenge-expired' };
    const usernameKey = user.username.toLowerCase();
    const device = await knownDevice(attempt.deviceToken, usernameKey, at);
    const client: LoginClient = { usernameKey, ip: attempt.ip, deviceId: device?.id ?? null };
    const verdict = await throttle.checkThrottle('second-factor', client, at);
    if (verdict.throttled) {
      await recordThrottled({ id: user.id, name: user.username }, client, verdict, at, log);
      return { outcome: 'throttled', retryAfterSeconds: verdict.retryAfterSeconds };
    }
    const checked = await twoFactor.verify(user, attempt.code);
    if (!checked.ok) return codeRefused(user, attempt.ip, started, log);
    await deleteLoginChallenge(db, challenge.token_hash);
    return startSession(user, { ...attempt, remember: challenge.remember, viaRecoveryCode: checked.recoveryCode }, device, client, at, log);
  }

  /** A sign-in that passed every check: the session, the device cookie, the audit row. */
  async function startSession(
    user: AdminUserRow,
    attempt: Pick<LoginAttempt, 'remember' | 'ip' | 'userAgent' | 'previousSessionId'> & { viaRecoveryCode?: boolean },
    device: AdminDeviceRow | undefined,
    client: LoginClient,
    at: Date,
    log: Logger,
  ): Promise<LoginResult> {
    const sessionId = newToken();
    const session: AdminSessionState = {
      idHash: hashToken(sessionId),
      csrfToken: randomBytes(32).toString('base64url'),
      remember: attempt.remember,
      expiresAt: new Date(at.getTime() + (attempt.remember ? REMEMBER_ME_MS : ABSOLUTE_TIMEOUT_MS)),
    };
    // The browser is now a known device of this account, under a new token each time (a copied
    // cookie stops working once its owner signs in again).
    const deviceCookie: DeviceCookie = { token: newToken(), expiresAt: new Date(at.getTime() + DEVICE_COOKIE_MS) };
    const deviceTokenHash = hashToken(deviceCookie.token);
    const secondFactor = user.totp_enabled_at ? (attempt.viaRecoveryCode ? 'password and recovery code' : 'password and code') : 'password';
    await db.transaction(async (trx) => {
      // Rotation: the session the browser came with (if any) ends; the new one has a fresh id.
      if (attempt.previousSessionId) await deleteAdminSession(trx, hashToken(attempt.previousSessionId));
      await insertAdminSession(trx, {
        id_hash: session.idHash,
        admin_user_id: user.id,
        csrf_token: session.csrfToken,
        remember: session.remember,
        created_at: at,
        last_seen_at: at,
        expires_at: session.expiresAt,
        ip: attempt.ip,
        user_agent: attempt.userAgent?.slice(0, 512) ?? null,
      });
      await updateAdminUser(trx, user.id, { last_sign_in_at: at });
      await throttle.forgive(trx, client);
      if (device) {
        await renewAdminDevice(trx, { id: device.id, tokenHash: deviceTokenHash, lastUsedAt: at, expiresAt: deviceCookie.expiresAt });
      } else {
        await insertAdminDevice(trx, { token_hash: deviceTokenHash, admin_user_id: user.id, created_at: at, last_used_at: at, expires_at: deviceCookie.expiresAt });
      }
      await deleteExpiredAdminSessions(trx, at);
      await deleteExpiredAdminDevices(trx, at);
      await audit.record({ id: user.id, name: user.username }, { action: 'auth.sign-in', summary: `${secondFactor}${attempt.remember ? '; remember me' : ''}`, ip: attempt.ip }, trx);
    });
    log.info({ adminId: user.id, username: user.username, ip: attempt.ip, remember: session.remember, knownDevice: Boolean(device) }, 'admin signed in');
    const admin: SignedInAdmin = { id: user.id, username: user.username, role: user.role, twoFactor: user.totp_enabled_at !== null, displayName: user.display_name };
    return { outcome: 'signed-in', admin, sessionId, session, device: deviceCookie, twoFactorSetupRequired: setupRequired(admin) };
  }

  /** True when the owners require two-factor sign-in and this account has not set it up. */
  function setupRequired(admin: SignedInAdmin): boolean {
    return requireTwoFactor() && !admin.twoFactor;
  }

  /**
   * The admin and session behind a cookie's session id, or null when it is unknown or timed out
   * (a timed-out session is deleted). Records activity at most once per `TOUCH_INTERVAL_MS`.
   */
  async function resolveSession(sessionId: string): Promise<{ admin: SignedInAdmin; session: AdminSessionState } | null> {
    if (!TOKEN_PATTERN.test(sessionId)) return null;
    const idHash = hashToken(sessionId);
    const row = await findAdminSession(db, idHash);
    if (!row) return null;
    const at = now().getTime();
    const idleExpired = !row.remember && at - row.last_seen_at.getTime() >= IDLE_TIMEOUT_MS;
    if (at >= row.expires_at.getTime() || idleExpired || row.disabled_at) {
      await deleteAdminSession(db, idHash);
      return null;
    }
    if (at - row.last_seen_at.getTime() >= TOUCH_INTERVAL_MS) await touchAdminSession(db, idHash, new Date(at));
    return {
      admin: { id: row.admin_user_id, username: row.username, role: row.role, twoFactor: row.totp_enabled_at !== null, displayName: row.display_name },
      session: { idHash, csrfToken: row.csrf_token, remember: row.remember, expiresAt: row.expires_at },
    };
  }

  async function logout(session: AdminSessionState, admin: SignedInAdmin, log: Logger = logger): Promise<void> {
    await db.transaction(async (trx) => {
      await deleteAdminSession(trx, session.idHash);
      await audit.record({ id: admin.id, name: admin.username }, { action: 'auth.sign-out' }, trx);
    });
    log.info({ adminId: admin.id, username: admin.username }, 'admin signed out');
  }

  /**
   * At start-up, while no owner can sign in. With ADMIN_USERNAME / ADMIN_PASSWORD: creates that
   * owner (taking over an account still waiting for its first password), named ADMIN_DISPLAY_NAME
   * when set. Without them: creates the owner `admin` with no usable password and no name and
   * answers a one-time setup token, which the caller prints as a set-password address (the
   * invitations' links and page, which asks for the name too): the password never exists outside
   * the owner's head, so no stream or log can keep it. A start while that account still has no
   * password issues a new token and the older one stops working. Once the setup is done, a start
   * with ADMIN_DISPLAY_NAME gives that name to the ADMIN_USERNAME account if it has none.
   *
   * The same on PostgreSQL as on the embedded database: the address is worth something only until
   * it is used or for an hour, and if someone else used it first, the owner finds it spent and
   * knows (`npm run admin -- set-password admin` then takes the account back, signing it out
   * everywhere); a printed password would have kept working silently for whoever read the output.
   */
  async function ensureFirstAdmin({ configured }: FirstAdminOptions): Promise<FirstAdminSetup | undefined> {
    // The usual start: the setup is done, and no lock is taken.
    if ((await countAdminUsers(db)) > 0 && !(await findOwnerAwaitingPassword(db))) {
      if (configured?.displayName) await nameConfiguredAdmin(parseConfiguredAdmin(configured));
      return undefined;
    }
    const parsed = configured && parseConfiguredAdmin(configured);
    const passwordHash = parsed && (await hashPassword(parsed.password));
    // Instances starting at once take turns here, so one account is created and one address issued.
    return db.transaction(async (trx) => {
      await lockFirstAdminSetup(trx);
      const pending = await findOwnerAwaitingPassword(trx);
      if (!pending && (await countAdminUsers(trx)) > 0) return undefined;
      const at = now();
      if (parsed && passwordHash) {
        const existing = await findAdminUserByUsername(trx, parsed.username);
        if (existing && existing.id !== pending?.id) {
          logger.warn({ username: parsed.username }, 'ADMIN_USERNAME names an account that exists already; it was left as it is');
          return undefined;
        }
        if (existing) {
          await updateAdminPasswordHash(trx, { id: existing.id, passwordHash, now: at });
          await deleteAdminPasswordLinksOfUser(trx, existing.id);
          if (parsed.displayName) await updateAdminUser(trx, existing.id, { display_name: parsed.displayName });
        } else {
          // The waiting account never had a password, so nothing is lost with it (its link goes too).
          if (pending) await deleteAdminUser(trx, pending.id);
          await insertAdminUser(trx, { username: parsed.username, passwordHash, role: 'owner', displayName: parsed.displayName, now: at });
        }
        logger.info({ username: parsed.username }, 'first admin created from ADMIN_USERNAME / ADMIN_PASSWORD');
        return undefined;
      }
      if (pending) {
        const recent = await findAdminPasswordLinkOfUserSince(trx, pending.id, new Date(at.getTime() - FIRST_ADMIN_SETUP_REISSUE_MS), at);
        if (recent) {
          logger.warn({ username: pending.username }, 'first admin setup address issued less than a minute ago (by an instance starting at the same time, or the start before this one) still works; see that output');
          return undefined;
        }
      }
      const user = pending ?? (await insertAdminUser(trx, { username: GENERATED_ADMIN_USERNAME, passwordHash: NO_PASSWORD_HASH, role: 'owner', now: at }));
      const token = newToken();
      const expiresAt = new Date(at.getTime() + FIRST_ADMIN_SETUP_MS);
      await replaceAdminPasswordLink(trx, { token_hash: hashToken(token), admin_user_id: user.id, created_at: at, expires_at: expiresAt });
      // The token goes to the terminal only: logs are kept, shipped and read by more people.
      logger.warn(
        { username: user.username, expiresAt },
        pending
          ? 'first admin still has no password; a new one-time setup address is shown on the terminal (not logged), the earlier one no longer works'
          : 'first admin created without a password; its one-time setup address is shown on the terminal (not logged)',
      );
      return { username: user.username, token, expiresAt };
    });
  }

  /**
   * ADMIN_DISPLAY_NAME on a later start: the account ADMIN_USERNAME names gets it if it has no name
   * yet (one made before accounts had names), never over a name its owner chose. Instances starting
   * together fill it in once: the update only finds the row while its name is still missing.
   */
  async function nameConfiguredAdmin({ username, displayName }: ConfiguredAdmin): Promise<void> {
    if (!displayName) return;
    await db.transaction(async (trx) => {
      const [named] = await trx<AdminUserRow>('admin_users')
        .whereRaw('lower(username) = lower(?)', [username])
        .whereNull('display_name')
        .update({ display_name: displayName, updated_at: now() })
        .returning(['id', 'username']);
      if (!named) return;
      await audit.record(SYSTEM_ACTOR, { action: 'account.display-name', target: { type: 'user', id: named.username }, summary: `name "${displayName}" from ADMIN_DISPLAY_NAME` }, trx);
      logger.info({ username: named.username }, 'display name of the ADMIN_USERNAME account set from ADMIN_DISPLAY_NAME');
    });
  }

  return { twoFactor, setupRequired, unlock, proveOwnPassword, turnOffOwnTwoFactor, createAdmin, setPassword, passwordMatches, changeOwnPassword, listSessions, endSession, hasAnyAdmin, login, completeChallenge, resolveSession, logout, ensureFirstAdmin };
}

export const GENERATED_ADMIN_USERNAME = 'admin';

/** How long the first admin's setup address works. */
export const FIRST_ADMIN_SETUP_MS = HOUR;
/**
 * A start this soon after another issued the setup address leaves it alone: instances starting
 * together would otherwise each print an address and end the one before. A later start (a restart
 * before the address was used) issues a new one.
 */
export const FIRST_ADMIN_SETUP_REISSUE_MS = MINUTE;

/**
 * The stored hash of an account with no password yet: a well-formed Argon2id hash (the column
 * accepts nothing else) whose output is all zero bytes. Finding a password that hashes to it is
 * as hard as inverting Argon2, so nothing signs in until a password is set, and a sign-in checks
 * it at a real hash's cost. Its salt spells "no password yet!".
 */
export const NO_PASSWORD_HASH = `$argon2id$v=19$m=19456,t=2,p=1$bm8gcGFzc3dvcmQgeWV0IQ$${'A'.repeat(43)}`;

/** ADMIN_USERNAME / ADMIN_PASSWORD, and the optional ADMIN_DISPLAY_NAME. */
interface ConfiguredAdmin {
  username: string;
  password: string;
  displayName?: string;
}

export interface FirstAdminOptions {
  /** ADMIN_USERNAME / ADMIN_PASSWORD (and ADMIN_DISPLAY_NAME), when set. */
  configured?: ConfiguredAdmin;
}

/** The first admin's one-time setup: the caller turns the token into a set-password address. */
export interface FirstAdminSetup {
  username: string;
  token: string;
  expiresAt: Date;
}

/**
 * The first owner created without a password, while it still has none and no other owner can
 * sign in (one added with `npm run admin -- create` ends the setup as well).
 */
async function findOwnerAwaitingPassword(knex: Knex): Promise<AdminUserRow | undefined> {
  const owners = await knex<AdminUserRow>('admin_users').where({ role: 'owner' }).whereNull('disabled_at').orderBy('id').select('*');
  return owners.every((owner) => owner.password_hash === NO_PASSWORD_HASH) ? owners[0] : undefined;
}

/** Held until the transaction ends; every instance's start-up asks for the same one. */
async function lockFirstAdminSetup(trx: Knex): Promise<void> {
  await trx.raw("select pg_advisory_xact_lock(hashtext('first admin setup'))");
}

function parseConfiguredAdmin(configured: ConfiguredAdmin): ConfiguredAdmin {
  const parse = <T>(variables: string, schema: z.ZodType<T>, value: unknown): T => {
    try {
      return parseOrThrow(schema, value);
    } catch (error) {
      if (error instanceof ValidationError) throw new Error(`${variables}: ${error.message}`, { cause: error });
      throw error;
    }
  };
  return {
    username: parse('ADMIN_USERNAME / ADMIN_PASSWORD', adminUsernameSchema, configured.username),
    password: parse('ADMIN_USERNAME / ADMIN_PASSWORD', adminPasswordSchema, configured.password),
    displayName: configured.displayName === undefined ? undefined : parse('ADMIN_DISPLAY_NAME', displayNameSchema, configured.displayName),
  };
}

function parseOrThrow<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new ValidationError(firstErrorOf(parsed.error).message);
  return parsed.data;
}
