import type { PageMeta } from '../page-meta';
import type { SiteContent } from '../../shared/content/site-content';
import { AdminLoginFrame } from '../components/AdminLoginFrame';
import { Island } from '../components/Island';

export function adminLoginMeta({ business }: SiteContent): PageMeta {
  return { title: 'Admin sign in', description: `Sign in to the ${business.name} back office.`, noindex: true };
}

export interface AdminLoginPageProps {
  returnTo: string;
  username?: string;
  remember?: boolean;
  error?: string;
  /** `code`: the password was right and the account's second factor is asked for. */
  step?: 'password' | 'code';
  /** Only the username's daily ceiling refused the last attempt: the password form takes a code too. */
  offerCode?: boolean;
  /** Said above the form (a password just set through a link). */
  notice?: string;
}

/** The login screen `/admin/dashboard` shows without a session: no public chrome, works without JavaScript. */
export function AdminLoginPage({ returnTo, username = '', remember = false, error, step = 'password', offerCode = false, notice }: AdminLoginPageProps) {
  return (
    <AdminLoginFrame title={step === 'code' ? 'Two-factor sign-in' : 'Sign in to the admin'}>
      {notice && !error && (
        <p className="admin-login__notice" role="status">
          {notice}
        </p>
      )}
      <Island name="AdminLogin" hydrate="load" props={{ action: '/admin/login', returnTo, username, remember, error, step, offerCode }} />
      {step === 'password' && (
        <p className="admin-login__aside">
          <a href="/admin/forgot-password">Forgot password?</a>
        </p>
      )}
    </AdminLoginFrame>
  );
}
