import { business } from '../../shared/content/defaults/business';
import type { AgencyDetails } from '../../shared/replies';
import { setPasswordUrl, verifyEmailUrl } from '../links';
import type { Mailer } from '../services/mail-transport';

/** "24 hours", "1 hour": how long a link works, as the e-mail says it. */
function validFor(createdAt: Date, expiresAt: Date): string {
  const hours = Math.round((expiresAt.getTime() - createdAt.getTime()) / 3600_000);
  return hours === 1 ? 'one hour' : `${hours} hours`;
}

/**
 * The e-mails about staff accounts: an invitation, a password reset (by an owner, or asked for on
 * the sign-in page) and the link that proves an address. Plain text, a subject that says what it
 * is, the link absolute on the site's public address. They are sent straight away, not through the
 * outbox: they carry a live credential the outbox would keep in clear, and a link that could not
 * be sent now is better asked for again than delivered hours later.
 */
export function createAccountMail({ mailer, publicUrl, agency = () => business }: { mailer: Mailer; publicUrl: string; agency?: () => Pick<AgencyDetails, 'name'> }) {
  const send = async (to: string, subject: string, text: string): Promise<void> => {
    await mailer.send({ to, subject, text });
  };

  return {
    invitation(to: string, { username, invitedBy, token, createdAt, expiresAt }: { username: string; invitedBy: string; token: string; createdAt: Date; expiresAt: Date }) {
      return send(
        to,
        `Your ${agency().name} back-office account`,
        `Hello,

${invitedBy} made you an account in the ${agency().name} back office. Your username is: ${username}

Choose your password with this link (it works once, for ${validFor(createdAt, expiresAt)}):

${setPasswordUrl(publicUrl, token)}

Setting your password through this link also confirms this e-mail address, so you can reset your password yourself later ("Forgot password?" on the sign-in page).

— ${agency().name} back office
`,
      );
    },

    ownerReset(to: string, { username, resetBy, token, createdAt, expiresAt }: { username: string; resetBy: string; token: string; createdAt: Date; expiresAt: Date }) {
      return send(
        to,
        `Set a new password for your ${agency().name} back-office account`,
        `Hello ${username},

${resetBy} reset the password of your back-office account: your old password no longer works and you were signed out everywhere.

Choose a new password with this link (it works once, for ${validFor(createdAt, expiresAt)}):

${setPasswordUrl(publicUrl, token)}

— ${agency().name} back office
`,
      );
    },

    forgotPassword(to: string, { username, ip, token, createdAt, expiresAt }: { username: string; ip: string; token: string; createdAt: Date; expiresAt: Date }) {
      return send(
        to,
        `Reset your ${agency().name} back-office password`,
        `Hello ${username},

Someone asked to reset the password of your back-office account from the sign-in page (from the address ${ip}).

If it was you, choose a new password with this link (it works once, for ${validFor(createdAt, expiresAt)}):

${setPasswordUrl(publicUrl, token)}

Setting it signs you out of every other browser. If you use two-factor sign-in, you will still need your code.

If it was not you, ignore this e-mail: your password stays as it is.

— ${agency().name} back office
`,
      );
    },

    verifyAddress(to: string, { username, token, createdAt, expiresAt }: { username: string; token: string; createdAt: Date; expiresAt: Date }) {
      return send(
        to,
        `Confirm your e-mail address for the ${agency().name} back office`,
        `Hello ${username},

This address was given for your back-office account. Confirm it with this link (it works once, for ${validFor(createdAt, expiresAt)}):

${verifyEmailUrl(publicUrl, token)}

Once confirmed, password resets can be sent here. If you did not give this address, ignore this e-mail.

— ${agency().name} back office
`,
      );
    },
  };
}

export type AccountMail = ReturnType<typeof createAccountMail>;
