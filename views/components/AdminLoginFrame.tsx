import type { ReactNode } from 'react';
import { useAsset, useContent } from '../render-context';

/**
 * The frame of the signed-out admin pages (sign in, forgot password, set password, confirm an
 * e-mail address): no public chrome, a card with the agency's logo and the page's heading above
 * `children`, and the way back to the website below it.
 */
export function AdminLoginFrame({ title, children }: { title: string; children: ReactNode }) {
  const asset = useAsset();
  const { business } = useContent();
  return (
    <main id="main" className="admin-login">
      <div className="admin-login__card">
        <img className="admin-login__logo" src={asset('images/logo.svg')} alt={business.name} width={180} height={40} />
        <h1 className="admin-login__title">{title}</h1>
        {children}
      </div>
      <a className="admin-login__back" href="/">
        ← Back to website
      </a>
    </main>
  );
}
