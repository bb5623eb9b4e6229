import type { PageMeta } from '../page-meta';
import { useAsset } from '../render-context';
import { Island } from '../components/Island';
import { business } from '../content/business';

export const adminLoginMeta: PageMeta = {
  title: 'Admin sign in',
  description: `Sign in to the ${business.name} back office.`,
  noindex: true,
};

export interface AdminLoginPageProps {
  returnTo: string;
  username?: string;
  remember?: boolean;
  error?: string;
}

/** The login screen `/admin/dashboard` shows without a session: no public chrome, works without JavaScript. */
export function AdminLoginPage({ returnTo, username = '', remember = false, error }: AdminLoginPageProps) {
  const asset = useAsset();
  return (
    <main id="main" className="admin-login">
      <div className="admin-login__card">
        <img className="admin-login__logo" src={asset('images/logo.svg')} alt={business.name} width={180} height={40} />
        <h1 className="admin-login__title">Sign in to the admin</h1>
        <Island name="AdminLogin" hydrate="load" props={{ action: '/admin/login', returnTo, username, remember, error }} />
      </div>
      <a className="admin-login__back" href="/">
        ← Back to website
      </a>
    </main>
  );
}
