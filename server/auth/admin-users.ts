import type { Knex } from 'knex';
import { z } from 'zod';
import { deleteAdminPasswordLink, findAdminPasswordLink, replaceAdminPasswordLink } from '../db/admin-password-links';
import { deleteAdminSessionsOfUser } from '../db/admin-sessions';
import { deleteAdminDevicesOfUser } from '../db/admin-devices';
import {
  deleteAdminUser,
  findAdminUserById,
  findAdminUserByUsername,
  findAdminUserByVerifiedEmail,
  listAdminUsersWithSessionCounts,
  lockActiveOwnerIds,
  updateAdminUser,
  type AdminUserChange,
} from '../db/admin-users';
import type { AdminUserRow } from '../db/tables';
import { ConflictError, NotFoundError, parseInput, ValidationError } from '../errors';
import { messages } from '../messages';
import { displayNameChangeSchema, type DisplayNameJson } from '../../shared/admin-account';
import {
  createUserSchema,
  displayNameSchema,
  staffEmailSchema,
  PASSWORD_LINK_HOURS,
  updateUserSchema,
  type AdminUserJson,
  type PasswordSetup,
} from '../../shared/admin-users';
import type { createAccounts } from './accounts';
import { adminPasswordSchema, generatePassword, hashPassword, hashToken, NO_PASSWORD_HASH, newToken, TOKEN_PATTERN } from './credentials';
import type { AccountMail } from './account-mail';
import type { Passwords } from './passwords';
import type { TwoFactor } from './two-factor';
import type { AuditActor, AuditTrail, StaffActor } from '../services/audit';

export const PASSWORD_LINK_MS = PASSWORD_LINK_HOURS * 3600_000;

/** The signed-in owner acting. */
type Actor = StaffActor;

/** What managing accounts asks of sign-in's parts (`createAdminAuth` in this folder's index has them all). */
type AccountAuth = Pick<Passwords, 'proveOwnPassword' | 'setPassword'> & Pick<ReturnType<typeof createAccounts>, 'createAdmin'> & { twoFactor: Pick<TwoFactor, 'disable'> };

/** A new password's one-time disclosure, before the route turns a link token into a URL. */
export interface NewPassword {
  password?: string;
  link?: { token: string; expiresAt: Date };
  /** The link went by e-mail to this address (and is not disclosed). */
  emailedTo?: string;
  /** The mail server refused it: why (the link is disclosed instead, to pass by hand). */
  emailError?: string;
}

export function toAdminUserJson(row: AdminUserRow & { active_sessions?: string | number; passkeys?: string | number }): AdminUserJson {
  return {
    username: row.username,
    role: row.role,
    createdAt: new Date(row.created_at).toISOString(),
    lastSignInAt: row.last_sign_in_at ? new Date(row.last_sign_in_at).toISOString() : null,
    disabled: row.disabled_at !== null,
    twoFactor: row.totp_enabled_at !== null,
    passkeys: Number(row.passkeys ?? 0),
    activeSessions: Number(row.active_sessions ?? 0),
    email: row.email,
    emailVerified: row.email_verified_at !== null,
    displayName: row.display_name,
  };
}

const parseOrThrow = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => parseInput(schema, value, { unknownField: messages.users.unknownField });

/**
 * The set-password page's form: the new password twice, and the account's name (asked for when it
 * has none, shown to be confirmed or corrected when it has one). Other fields (the token, the
 * username kept for password managers) are the page's own.
 */
const setPasswordFields = z.object({ displayName: displayNameSchema, password: adminPasswordSchema, confirm: z.string() });
const passwordsMatch = (form: { password: string; confirm: string }) => form.password === form.confirm;
const passwordsDiffer = { path: ['confirm'], message: messages.users.passwordsDiffer };
const setPasswordFormSchema = setPasswordFields.refine(passwordsMatch, passwordsDiffer);

/**
 * The first owner's set-up asks for their e-mail address too: the only owner must be able to get
 * back in on their own ("Forgot password?") once it is confirmed, with nobody above to ask.
 */
const setupFormSchema = setPasswordFields.extend({ email: staffEmailSchema }).refine(passwordsMatch, passwordsDiffer);

/**
 * The first owner's set-up: the account `ensureFirstAdmin` made without a password, which no one
 * has signed in to. Invitations and resets are for accounts an owner made or that had a password.
 */
const isFirstRunSetup = (user: AdminUserRow | undefined): boolean => user?.role === 'owner' && user.password_hash === NO_PASSWORD_HASH && user.last_sign_in_at === null;

/**
 * Stores an account's new display name, audited as the account's own change (`actor`) in the
 * caller's transaction; nothing when the name is the same.
 */
async function saveDisplayName(trx: Knex, audit: AuditTrail, actor: AuditActor, user: AdminUserRow, displayName: string, how: { at: Date; ip?: string; via?: string }): Promise<void> {
  if (user.display_name === displayName) return;
  await updateAdminUser(trx, user.id, { display_name: displayName, updated_at: how.at });
  const change = user.display_name === null ? `name "${displayName}"` : `name "${user.display_name}" → "${displayName}"`;
  await audit.record(actor, { action: 'account.display-name', target: { type: 'user', id: user.username }, summary: how.via ? `${change} (${how.via})` : change, ip: how.ip }, trx);
}

/**
 * Accounts as owners manage them in the admin: list, create (with a generated password shown once
 * or a one-time link valid 24 hours), change role, disable or enable, reset the password (signing
 * the account out everywhere) and delete. The last active owner can neither lose that role nor be
 * disabled or deleted, and nobody disables or deletes themselves. Every change is audited in the
 * transaction that makes it.
 */
export function createAdminUsers({ db, auth, audit, accountMail, now = () => new Date() }: { db: Knex; auth: AccountAuth; audit: AuditTrail; accountMail: AccountMail; now?: () => Date }) {
  async function findOrThrow(trx: Knex, username: string): Promise<AdminUserRow> {
    const user = await findAdminUserByUsername(trx, username);
    if (!user) throw new NotFoundError(messages.admin.noSuchAdmin(username));
    return user;
  }

  /** Stores the account's new password (generated) or a fresh link, ending its sessions. */
  async function newPassword(trx: Knex, user: AdminUserRow, setup: PasswordSetup, at: Date): Promise<NewPassword> {
    // A link-only account keeps a random password nobody knows until the link sets one.
    const password = generatePassword();
    await trx('admin_users').where({ id: user.id }).update({ password_hash: await hashPassword(password), updated_at: at });
    await deleteAdminSessionsOfUser(trx, user.id);
    await deleteAdminDevicesOfUser(trx, user.id);
    if (setup === 'generate') {
      await trx('admin_password_links').where({ admin_user_id: user.id }).delete();
      return { password };
    }
    const token = newToken();
    const expiresAt = new Date(at.getTime() + PASSWORD_LINK_MS);
    const sentTo = setup === 'email' ? user.email : null;
    await replaceAdminPasswordLink(trx, { token_hash: hashToken(token), admin_user_id: user.id, created_at: at, expires_at: expiresAt, sent_to: sentTo });
    return { link: { token, expiresAt } };
  }

  /**
   * Mails a link made for the `email` setup, after its transaction committed. Sent: the link stays
   * undisclosed (only the address's owner gets it). Refused by the mail server: the link is
   * disclosed, as with `link`, for the owner to pass on by hand.
   */
  async function mailLink(user: AdminUserRow, secret: NewPassword, send: (to: string, link: { token: string; createdAt: Date; expiresAt: Date }) => Promise<void>, at: Date): Promise<NewPassword> {
    if (!secret.link || !user.email) return secret;
    try {
      await send(user.email, { ...secret.link, createdAt: at });
      return { emailedTo: user.email };
    } catch (error) {
      return { ...secret, emailError: error instanceof Error ? error.message : String(error) };
    }
  }

  /**
   * A reset goes by e-mail only to a verified address; an account that never signed in may get its
   * invitation again at the address it was invited with (setting the password verifies it).
   */
  function assertMailable(user: AdminUserRow): void {
    if (!user.email) throw new ValidationError(messages.users.noEmail, { resetPassword: messages.users.noEmail });
    if (!user.email_verified_at && user.last_sign_in_at) throw new ValidationError(messages.users.emailUnverified, { resetPassword: messages.users.emailUnverified });
  }

  async function get(username: string): Promise<AdminUserJson> {
    const rows = await listAdminUsersWithSessionCounts(db, now());
    const row = rows.find((candidate) => candidate.username.toLowerCase() === username.toLowerCase());
    if (!row) throw new NotFoundError(messages.admin.noSuchAdmin(username));
    return toAdminUserJson(row);
  }

  return {
    async list(): Promise<AdminUserJson[]> {
      return (await listAdminUsersWithSessionCounts(db, now())).map(toAdminUserJson);
    },

    async create(input: unknown, actor: Actor): Promise<{ user: AdminUserJson } & NewPassword> {
      const { username, displayName, role, passwordSetup, email } = parseOrThrow(createUserSchema, input);
      if (email && (await findAdminUserByVerifiedEmail(db, email))) throw new ConflictError(messages.users.emailTaken);
      const created = await auth.createAdmin(username, generatePassword(), role, displayName);
      const at = now();
      const { user, secret } = await db.transaction(async (trx) => {
        // The address waits unverified until the invitee sets a password through the mailed link.
        if (email) await updateAdminUser(trx, created.id, { email, updated_at: at });
        const user = { ...created, email: email ?? null };
        const secret = await newPassword(trx, user, passwordSetup, at);
        const how = { generate: 'generated', link: 'by link', email: `link e-mailed to ${email}` }[passwordSetup];
        await audit.record(actor, { action: 'user.create', target: { type: 'user', id: created.username }, summary: `role ${created.role}; name "${displayName}"; password ${how}` }, trx);
        return { user, secret };
      });
      const disclosed = passwordSetup === 'email' ? await mailLink(user, secret, (to, link) => accountMail.invitation(to, { username: user.username, invitedBy: actor.name, ...link }), at) : secret;
      return { user: await get(created.username), ...disclosed };
    },

    /**
     * `ip` is the caller's address: turning off one's own second factor or resetting one's own
     * password here needs one's current password (`password`), as Your account does, so a session
     * left open is not enough to take an owner's secrets; another account's need only the owner.
     */
    async update(username: string, input: unknown, actor: Actor, ip: string): Promise<{ user: AdminUserJson } & NewPassword> {
      const change = parseOrThrow(updateUserSchema, input);
      if (change.twoFactor === false || change.resetPassword) {
        const target = await findAdminUserByUsername(db, username);
        if (target?.id === actor.id) await auth.proveOwnPassword(actor, change.password, ip);
      }
      const at = now();
      const { user: changed, secret } = await db.transaction(async (trx) => {
        const user = await findOrThrow(trx, username);
        const owners = await lockActiveOwnerIds(trx);
        const isLastActiveOwner = owners.length === 1 && owners[0] === user.id;
        const update: AdminUserChange = {};
        if (change.role !== undefined && change.role !== user.role) {
          if (isLastActiveOwner) throw new ConflictError(messages.users.lastOwner);
          update.role = change.role;
          await audit.record(actor, { action: 'user.update', target: { type: 'user', id: user.username }, summary: `role ${user.role} → ${change.role}` }, trx);
        }
        if (change.disabled !== undefined && change.disabled !== (user.disabled_at !== null)) {
          if (change.disabled && user.id === actor.id) throw new ConflictError(messages.users.notYourself);
          if (change.disabled && isLastActiveOwner) throw new ConflictError(messages.users.lastOwner);
          update.disabled_at = change.disabled ? at : null;
          if (change.disabled) await deleteAdminSessionsOfUser(trx, user.id);
          await audit.record(actor, { action: change.disabled ? 'user.disable' : 'user.enable', target: { type: 'user', id: user.username } }, trx);
        }
        if (Object.keys(update).length > 0) await updateAdminUser(trx, user.id, { ...update, updated_at: at });
        if (change.twoFactor === false) await auth.twoFactor.disable(actor, user, trx);
        if (!change.resetPassword) return { user, secret: {} };
        if (change.resetPassword === 'email') assertMailable(user);
        const secret = await newPassword(trx, user, change.resetPassword, at);
        const how = { generate: 'password generated', link: 'link made', email: `link e-mailed to ${user.email}` }[change.resetPassword];
        await audit.record(actor, { action: 'user.password-reset', target: { type: 'user', id: user.username }, summary: `${how}; signed out everywhere` }, trx);
        return { user, secret };
      });
      // An account that never signed in gets its invitation again; any other a reset.
      const disclosed =
        change.resetPassword === 'email'
          ? await mailLink(changed, secret, (to, link) => (changed.last_sign_in_at ? accountMail.ownerReset(to, { username: changed.username, resetBy: actor.name, ...link }) : accountMail.invitation(to, { username: changed.username, invitedBy: actor.name, ...link })), at)
          : secret;
      return { user: await get(username), ...disclosed };
    },

    async remove(username: string, actor: Actor): Promise<void> {
      await db.transaction(async (trx) => {
        const user = await findOrThrow(trx, username);
        if (user.id === actor.id) throw new ConflictError(messages.users.notYourself);
        const owners = await lockActiveOwnerIds(trx);
        if (owners.length === 1 && owners[0] === user.id) throw new ConflictError(messages.users.lastOwner);
        await deleteAdminUser(trx, user.id);
        await audit.record(actor, { action: 'user.delete', target: { type: 'user', id: user.username }, summary: `role ${user.role}` }, trx);
      });
    },

    /**
     * The account a set-password link is for, with its display name (null: the page asks for one),
     * or null when the link is unknown, used or expired.
     */
    async passwordLink(token: string): Promise<{ username: string; displayName: string | null; setup: boolean; email: string | null } | null> {
      if (!TOKEN_PATTERN.test(token)) return null;
      const link = await findAdminPasswordLink(db, hashToken(token), now());
      if (!link) return null;
      const user = await findAdminUserByUsername(db, link.username);
      return { username: link.username, displayName: user?.display_name ?? null, setup: isFirstRunSetup(user), email: user?.email ?? null };
    },

    /**
     * Sets the password (and the account's display name) through a link, which then stops working;
     * null when the link no longer works. `form` is the page's form: `password`, `confirm` and
     * `displayName`, and on the first owner's set-up `email`, stored unconfirmed (the caller mails
     * the link that confirms it: `staffEmail.sendConfirmation`); a ValidationError names each field
     * to correct. Answers the address to confirm, when one was given.
     */
    async usePasswordLink(token: string, form: unknown): Promise<{ username: string; userId: number; emailToConfirm: string | null } | null> {
      const link = TOKEN_PATTERN.test(token) ? await findAdminPasswordLink(db, hashToken(token), now()) : undefined;
      if (!link) return null;
      const setup = isFirstRunSetup(await findAdminUserByUsername(db, link.username));
      const { password, displayName, email } = setup ? parseOrThrow(setupFormSchema, form) : { ...parseOrThrow(setPasswordFormSchema, form), email: undefined };
      // One account per confirmed address: the set-up's owner cannot take one another account proved.
      if (email && (await findAdminUserByVerifiedEmail(db, email))) throw new ValidationError(messages.account.emailTaken, { email: messages.account.emailTaken });
      const user = await auth.setPassword(link.username, password, {
        within: async (trx, user) => {
          // Two tabs posting the same link at once: only the first one's delete finds it.
          if (!(await deleteAdminPasswordLink(trx, link.token_hash))) throw new ConflictError(messages.users.linkUsed);
          const at = now();
          const verified = await verifyByLink(trx, user, link.sent_to ?? null, at);
          const actor = { id: user.id, name: user.username };
          await audit.record(actor, { action: 'account.password-change', target: { type: 'user', id: user.username }, summary: `set through a one-time link${verified ? `; ${user.email} verified` : ''}` }, trx);
          await saveDisplayName(trx, audit, actor, user, displayName, { at, via: 'set-password page' });
          if (email && email.toLowerCase() !== user.email?.toLowerCase()) {
            await updateAdminUser(trx, user.id, { email, email_verified_at: null, updated_at: at });
            await audit.record(actor, { action: 'account.email-change', target: { type: 'user', id: user.username }, summary: `address ${email} (first set-up); waits to be confirmed` }, trx);
          }
        },
      });
      return { username: link.username, userId: user.id, emailToConfirm: email ?? null };
    },

    /**
     * The signed-in admin's own display name (Your account). No password asked: the name is no
     * secret and opens nothing; the audit trail keeps who changed it, from where.
     */
    async setOwnDisplayName(admin: { id: number; username: string }, input: unknown, ip: string): Promise<DisplayNameJson> {
      const { displayName } = parseInput(displayNameChangeSchema, input, { unknownField: messages.account.unknownField });
      await db.transaction(async (trx) => {
        const user = await findAdminUserById(trx, admin.id);
        if (!user) throw new NotFoundError(messages.admin.noSuchAdmin(admin.username));
        await saveDisplayName(trx, audit, { id: user.id, name: user.username }, user, displayName, { at: now(), ip });
      });
      return { displayName };
    },
  };
}

/**
 * A link mailed to the account's current address and used proves that address: it becomes
 * verified, unless another account verified it first (one account per verified address).
 */
async function verifyByLink(trx: Knex, user: AdminUserRow, sentTo: string | null, at: Date): Promise<boolean> {
  if (!sentTo || !user.email || user.email_verified_at || user.email.toLowerCase() !== sentTo.toLowerCase()) return false;
  if (await findAdminUserByVerifiedEmail(trx, sentTo)) return false;
  await updateAdminUser(trx, user.id, { email_verified_at: at });
  return true;
}

export type AdminUsers = ReturnType<typeof createAdminUsers>;
