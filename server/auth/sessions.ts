import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { updateAdminUser } from '../db/admin-users';
import {
  deleteAdminSession,
  deleteAdminSessionOfUser,
  deleteExpiredAdminSessions,
  findAdminSession,
  insertAdminSession,
  listAdminSessionsOfUser,
  touchAdminSession,
} from '../db/admin-sessions';
import { deleteExpiredAdminDevices, insertAdminDevice, renewAdminDevice } from '../db/admin-devices';
import type { AdminDeviceRow, AdminUserRow } from '../db/tables';
import { NotFoundError } from '../errors';
import type { Logger } from '../logger';
import { messages } from '../messages';
import type { AuditTrail } from '../services/audit';
import { describeUserAgent, type SessionJson } from '../../shared/admin-account';
import type { AdminRole } from '../../shared/admin-auth';
import { hashToken, newToken, TOKEN_PATTERN } from './credentials';

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

/** A live session as the request sees it. */
export interface AdminSessionState {
  idHash: string;
  csrfToken: string;
  remember: boolean;
  expiresAt: Date;
  /** The passkey that opened the session, if one did: removing it ends the session. */
  passkeyId?: string;
}

export interface SignedInAdmin {
  id: number;
  username: string;
  role: AdminRole;
  /** Whether the account signs in with a second factor. */
  twoFactor: boolean;
  /** The name replies to clients are sent and signed as; null until the account gives one. */
  displayName: string | null;
  /** The account's e-mail address once confirmed (a reply's writer needs it), else null. */
  confirmedEmail: string | null;
  /** The session was opened by a passkey, or one was added in it: it meets the owners' two-factor rule. */
  viaPasskey?: boolean;
}

/** The device cookie a successful login gives the browser (a new token every time). */
export interface DeviceCookie {
  token: string;
  expiresAt: Date;
}

/** What a sign-in that passed every check brings to its session. */
export interface SessionStart {
  remember: boolean;
  ip: string;
  /** The browser's User-Agent, kept with the session so its owner can tell sessions apart. */
  userAgent?: string;
  /** The session id the browser still carried: it ends as the new one starts. */
  previousSessionId?: string;
  /** The second factor was a recovery code (said in the audit row). */
  viaRecoveryCode?: boolean;
  /** Signed in with this passkey (its name for the audit row): a complete sign-in on its own, which ends with the passkey. */
  viaPasskey?: { id: string; name: string };
}

export interface StartedSession {
  admin: SignedInAdmin;
  sessionId: string;
  session: AdminSessionState;
  device: DeviceCookie;
  /** The owners require two-factor and the account has none: it must set it up before anything else. */
  twoFactorSetupRequired: boolean;
}

export interface SessionsDeps {
  db: Knex;
  logger: Logger;
  now: () => Date;
  audit: AuditTrail;
  /** The owners' setting: every account must sign in with two-factor (read at each sign-in). */
  requireTwoFactor: () => boolean;
}

/**
 * Admin sessions. They live in the database (the instances keep no state), and the cookie carries
 * a random id whose hash is the row's key. A browser that signs in gets a device cookie, built the
 * same way, which lets it through when others are throttled (`login-throttle.ts`).
 */
export function createSessions({ db, logger, now, audit, requireTwoFactor }: SessionsDeps) {
  /**
   * True when the owners require two-factor sign-in and this session has none: its account has no
   * TOTP (whose password sign-in then asked for the code) and no passkey opened or vouched for it.
   */
  function setupRequired(admin: SignedInAdmin): boolean {
    return requireTwoFactor() && !admin.twoFactor && !admin.viaPasskey;
  }

  /**
   * A sign-in that passed every check: the session, the device cookie, the audit row. `device` is
   * the browser's known device for this account, if it showed one; `within` runs in the same
   * transaction (the sign-in forgiving the browser's failures).
   */
  async function startSession(
    user: AdminUserRow,
    attempt: SessionStart,
    { device, at, log, within }: { device: AdminDeviceRow | undefined; at: Date; log: Logger; within: (trx: Knex) => Promise<void> },
  ): Promise<StartedSession> {
    const sessionId = newToken();
    const session: AdminSessionState = {
      idHash: hashToken(sessionId),
      csrfToken: randomBytes(32).toString('base64url'),
      remember: attempt.remember,
      expiresAt: new Date(at.getTime() + (attempt.remember ? REMEMBER_ME_MS : ABSOLUTE_TIMEOUT_MS)),
      ...(attempt.viaPasskey && { passkeyId: attempt.viaPasskey.id }),
    };
    // The browser is now a known device of this account, under a new token each time (a copied
    // cookie stops working once its owner signs in again).
    const deviceCookie: DeviceCookie = { token: newToken(), expiresAt: new Date(at.getTime() + DEVICE_COOKIE_MS) };
    const deviceTokenHash = hashToken(deviceCookie.token);
    const secondFactor = attempt.viaPasskey
      ? `passkey "${attempt.viaPasskey.name}"`
      : user.totp_enabled_at
        ? attempt.viaRecoveryCode
          ? 'password and recovery code'
          : 'password and code'
        : 'password';
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
        passkey_id: attempt.viaPasskey?.id ?? null,
      });
      await updateAdminUser(trx, user.id, { last_sign_in_at: at });
      await within(trx);
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
    const admin: SignedInAdmin = { id: user.id, username: user.username, role: user.role, twoFactor: user.totp_enabled_at !== null, displayName: user.display_name, confirmedEmail: user.email_verified_at ? user.email : null, viaPasskey: Boolean(attempt.viaPasskey) };
    return { admin, sessionId, session, device: deviceCookie, twoFactorSetupRequired: setupRequired(admin) };
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
      admin: { id: row.admin_user_id, username: row.username, role: row.role, twoFactor: row.totp_enabled_at !== null, displayName: row.display_name, confirmedEmail: row.email_verified_at ? row.email : null, viaPasskey: row.passkey_id != null || row.added_passkey_id != null },
      session: { idHash, csrfToken: row.csrf_token, remember: row.remember, expiresAt: row.expires_at, ...(row.passkey_id != null && { passkeyId: String(row.passkey_id) }) },
    };
  }

  async function logout(session: AdminSessionState, admin: SignedInAdmin, log: Logger = logger): Promise<void> {
    await db.transaction(async (trx) => {
      await deleteAdminSession(trx, session.idHash);
      await audit.record({ id: admin.id, name: admin.username }, { action: 'auth.sign-out' }, trx);
    });
    log.info({ adminId: admin.id, username: admin.username }, 'admin signed out');
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

  return { setupRequired, startSession, resolveSession, logout, listSessions, endSession };
}

export type Sessions = ReturnType<typeof createSessions>;
