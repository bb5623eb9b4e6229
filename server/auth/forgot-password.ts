import type { Knex } from 'knex';
import { replaceAdminPasswordLink } from '../db/admin-password-links';
import { findAdminUserByUsername, findAdminUserByVerifiedEmail } from '../db/admin-users';
import { countHit } from '../db/rate-limit-windows';
import type { Logger } from '../logger';
import { hashToken, newToken } from './credentials';
import type { AccountMail } from './account-mail';
import type { AuditTrail } from '../services/audit';
import type { BackgroundTasks } from '../services/background-tasks';
import { networkOf } from '../services/visitor-network';

/** How long a link asked for on the sign-in page works. */
export const RESET_LINK_MS = 3600_000;

/**
 * How many reset e-mails are asked for before more are silently dropped, per hour: from one
 * network (an IPv4 address, an IPv6 /64: someone trying names), and to one account (its owner's
 * inbox is not flooded, whoever asks).
 */
export const FORGOT_PASSWORD_LIMITS = { perAddress: 10, perAccount: 3, windowSeconds: 3600 } as const;

/** What a "Forgot password?" form may hold: a username or an e-mail address, at most this long. */
export const FORGOT_PASSWORD_INPUT_MAX = 254;

/**
 * "Forgot password?" on the sign-in page. `request` only queues the work and returns: the page
 * answers the same words at the same speed whether or not an account matches. The queued work
 * finds the account by username or verified address, and mails a single-use link valid one hour
 * to that verified address, within the limits per network address and per account; everything
 * else is dropped without a trace the asker can see. Setting the password through the link ends
 * every session (the set-password page); a second factor is still asked at the next sign-in.
 */
export function createForgotPassword({ db, audit, accountMail, tasks, logger, now = () => new Date() }: { db: Knex; audit: AuditTrail; accountMail: AccountMail; tasks: BackgroundTasks; logger: Logger; now?: () => Date }) {
  async function handle(identifier: string, ip: string): Promise<void> {
    const { perAddress, perAccount, windowSeconds } = FORGOT_PASSWORD_LIMITS;
    const fromAddress = await countHit(db, `password-reset:network:${networkOf(ip)}`, windowSeconds);
    if (fromAddress.hits > perAddress) {
      logger.warn({ ip }, 'password reset asked too often from one address; dropped');
      return;
    }
    const user = (await findAdminUserByUsername(db, identifier)) ?? (identifier.includes('@') ? await findAdminUserByVerifiedEmail(db, identifier) : undefined);
    if (!user?.email || !user.email_verified_at || user.disabled_at) {
      logger.info({ ip }, 'password reset asked for no account with a verified address; nothing sent');
      return;
    }
    const actor = { id: user.id, name: user.username };
    const target = { type: 'user', id: user.username };
    const toAccount = await countHit(db, `password-reset:account:${user.id}`, windowSeconds);
    if (toAccount.hits > perAccount) {
      // One row per account and window, its count growing: a flood does not flood the trail.
      await audit.recordRepeat(actor, { action: 'account.password-reset-request', target, summary: `not sent: ${perAccount} links in the last hour already`, ip }, [user.id, Math.floor(now().getTime() / (windowSeconds * 1000))]);
      return;
    }
    const token = newToken();
    const at = now();
    const expiresAt = new Date(at.getTime() + RESET_LINK_MS);
    await db.transaction(async (trx) => {
      // Only the newest link works; the password itself stays until the link is used.
      await replaceAdminPasswordLink(trx, { token_hash: hashToken(token), admin_user_id: user.id, created_at: at, expires_at: expiresAt, sent_to: user.email });
      await audit.record(actor, { action: 'account.password-reset-request', target, summary: `link e-mailed to ${user.email}`, ip }, trx);
    });
    try {
      await accountMail.forgotPassword(user.email, { username: user.username, ip, token, createdAt: at, expiresAt });
    } catch (error) {
      logger.warn({ err: error instanceof Error ? error.message : String(error), adminId: user.id }, 'password reset e-mail not sent');
    }
  }

  return {
    request(identifier: string, ip: string): void {
      const trimmed = identifier.trim();
      if (!trimmed || trimmed.length > FORGOT_PASSWORD_INPUT_MAX) return;
      tasks.run('forgot-password', () => handle(trimmed, ip));
    },
  };
}

export type ForgotPassword = ReturnType<typeof createForgotPassword>;
