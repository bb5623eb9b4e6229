import type { Knex } from 'knex';
import { deleteAdminEmailLink, deleteAdminEmailLinksOfUser, findAdminEmailLink, replaceAdminEmailLink } from '../db/admin-email-links';
import { findAdminUserById, findAdminUserByVerifiedEmail, updateAdminUser } from '../db/admin-users';
import type { AdminUserRow } from '../db/tables';
import { countHit } from '../db/rate-limit-windows';
import { ConflictError, NotFoundError, parseInput, RateLimitedError } from '../errors';
import { messages } from '../messages';
import { emailChangeSchema, type OwnEmailJson } from '../../shared/admin-account';
import type { Passwords } from './passwords';
import { hashToken, newToken, TOKEN_PATTERN } from './credentials';
import type { AccountMail } from './account-mail';
import type { AuditTrail } from '../services/audit';

/** How long a link proving an address works. */
export const EMAIL_LINK_MS = 24 * 3600_000;

/** Verification e-mails one account may have sent per hour: enough to fix a typo, too few to mail a stranger over and over. */
export const VERIFY_EMAILS_PER_HOUR = 5;

/**
 * A staff member's own e-mail address: set or changed on Your account (with the current password,
 * so a session left open cannot redirect the account's resets), proven by a one-time link mailed
 * to it. Until then the address receives no password reset. Audited.
 */
export function createStaffEmail({ db, auth, audit, accountMail, now = () => new Date() }: { db: Knex; auth: Pick<Passwords, 'proveOwnPassword'>; audit: AuditTrail; accountMail: AccountMail; now?: () => Date }) {
  async function countVerification(userId: number): Promise<void> {
    const { hits, secondsLeft } = await countHit(db, `verify-email:account:${userId}`, 3600);
    if (hits > VERIFY_EMAILS_PER_HOUR) throw new RateLimitedError(messages.account.verifyEmailLimited(Math.ceil(secondsLeft / 60)), secondsLeft);
  }

  /**
   * Stores a fresh link proving `email` (the older one stops working), with `alsoWithin` in the same
   * transaction, then mails it: the answer says where it went, or why the mail server (or mail not
   * being set up yet) kept it from going; the address then waits unconfirmed.
   */
  async function mailLink(user: AdminUserRow, email: string, at: Date, alsoWithin?: (trx: Knex) => Promise<void>): Promise<OwnEmailJson> {
    const token = newToken();
    const expiresAt = new Date(at.getTime() + EMAIL_LINK_MS);
    await db.transaction(async (trx) => {
      await alsoWithin?.(trx);
      await replaceAdminEmailLink(trx, { token_hash: hashToken(token), admin_user_id: user.id, email, created_at: at, expires_at: expiresAt });
    });
    try {
      await accountMail.verifyAddress(email, { username: user.username, token, createdAt: at, expiresAt });
      return { email, emailVerified: false, verificationSentTo: email };
    } catch (error) {
      return { email, emailVerified: false, verificationError: error instanceof Error ? error.message : String(error) };
    }
  }

  return {
    async own(adminId: number): Promise<OwnEmailJson> {
      const user = await findAdminUserById(db, adminId);
      return { email: user?.email ?? null, emailVerified: Boolean(user?.email_verified_at) };
    },

    async setOwn(admin: { id: number; username: string }, input: unknown, ip: string): Promise<OwnEmailJson> {
      const { email, password } = parseInput(emailChangeSchema, input, { unknownField: messages.account.unknownField });
      const actor = { id: admin.id, name: admin.username };
      await auth.proveOwnPassword(actor, password, ip);
      const user = await findAdminUserById(db, admin.id);
      if (!user) throw new NotFoundError(messages.admin.noSuchAdmin(admin.username));
      const at = now();
      if (email === null) {
        await db.transaction(async (trx) => {
          await updateAdminUser(trx, user.id, { email: null, email_verified_at: null, updated_at: at });
          await deleteAdminEmailLinksOfUser(trx, user.id);
          await audit.record(actor, { action: 'account.email-change', target: { type: 'user', id: user.username }, summary: 'address removed', ip }, trx);
        });
        return { email: null, emailVerified: false };
      }
      const same = user.email?.toLowerCase() === email.toLowerCase();
      if (same && user.email_verified_at) return { email: user.email, emailVerified: true };
      const holder = await findAdminUserByVerifiedEmail(db, email);
      if (holder && holder.id !== user.id) throw new ConflictError(messages.account.emailTaken);
      await countVerification(user.id);
      return mailLink(user, email, at, async (trx) => {
        await updateAdminUser(trx, user.id, { email, email_verified_at: null, updated_at: at });
        await audit.record(actor, { action: 'account.email-change', target: { type: 'user', id: user.username }, summary: `address ${email}; verification link sent`, ip }, trx);
      });
    },

    /**
     * Mails (again) the link that confirms the account's address as it stands: after the first
     * owner's set-up, which stores the address unconfirmed, and from the dashboard's checklist once
     * mail works. No password asked: the address does not change. Counted with the other
     * verification mails; null when the account has no address or it is confirmed already.
     */
    async sendConfirmation(adminId: number): Promise<OwnEmailJson | null> {
      const user = await findAdminUserById(db, adminId);
      if (!user?.email || user.email_verified_at) return null;
      await countVerification(user.id);
      return mailLink(user, user.email, now());
    },

    /** The account and address a verification link is for, or null when it is unknown, used, expired or the address changed since. */
    async emailLink(token: string): Promise<{ username: string; email: string } | null> {
      if (!TOKEN_PATTERN.test(token)) return null;
      const link = await findAdminEmailLink(db, hashToken(token), now());
      const user = link && (await findAdminUserById(db, link.admin_user_id));
      if (!link || !user || user.email?.toLowerCase() !== link.email.toLowerCase()) return null;
      return { username: user.username, email: link.email };
    },

    /** Uses a verification link up, marking its address verified; null when the link no longer works. */
    async verify(token: string): Promise<{ username: string; email: string } | null> {
      const found = await this.emailLink(token);
      if (!found) return null;
      return db.transaction(async (trx) => {
        // Two tabs confirming at once: only the first one's delete finds the link.
        if (!(await deleteAdminEmailLink(trx, hashToken(token)))) return null;
        if (await findAdminUserByVerifiedEmail(trx, found.email)) throw new ConflictError(messages.account.emailTaken);
        const at = now();
        const [row] = await trx('admin_users').whereRaw('lower(username) = lower(?)', [found.username]).update({ email_verified_at: at, updated_at: at }).returning<{ id: number }[]>('id');
        if (!row) return null;
        await audit.record({ id: row.id, name: found.username }, { action: 'account.email-verify', target: { type: 'user', id: found.username }, summary: `${found.email} verified through its link` }, trx);
        return found;
      });
    },
  };
}

export type StaffEmail = ReturnType<typeof createStaffEmail>;
