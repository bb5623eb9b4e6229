import type { PageMeta } from '../page-meta';
import { business } from '../../shared/content/defaults/business';
import { AdminLoginFrame } from '../components/AdminLoginFrame';

export const adminVerifyEmailMeta: PageMeta = {
  title: 'Confirm your e-mail address',
  description: `Confirm the e-mail address of your ${business.name} back-office account.`,
  noindex: true,
};

export type AdminVerifyEmailPageProps =
  /** The link works: one button confirms (opening the link alone changes nothing, so a mail scanner fetching it does not confirm). */
  | { state: 'form'; token: string; username: string; email: string }
  | { state: 'done'; username: string; email: string }
  /** Unknown, used or expired link, or the account's address changed since. */
  | { state: 'invalid' };

/** The page a link proving an account's e-mail address opens; works without JavaScript. */
export function AdminVerifyEmailPage(props: AdminVerifyEmailPageProps) {
  return (
    <AdminLoginFrame title="Confirm your e-mail address">
      {props.state === 'invalid' && <p>This link does not work any more: it was used already, has expired, or the account&apos;s address changed since. Give the address again on Your account for a new link.</p>}
      {props.state === 'done' && (
        <p role="status">
          <strong>{props.email}</strong> is confirmed for <strong>{props.username}</strong>: password resets can be sent there. <a href="/admin/dashboard">Go to the back office</a>
        </p>
      )}
      {props.state === 'form' && (
        <form className="admin-login__form" method="post" action="/admin/verify-email">
          <p>
            Confirm <strong>{props.email}</strong> as the e-mail address of the account <strong>{props.username}</strong>?
          </p>
          <input type="hidden" name="token" value={props.token} />
          <button type="submit" className="button admin-login__submit">
            Confirm this address
          </button>
        </form>
      )}
    </AdminLoginFrame>
  );
}
