import { SiteLayout } from '../layout/SiteLayout';

/** The page for 404s and failures: says what happened and offers a way on. */
export function ErrorPage({ status, message }: { status: number; message: string }) {
  return (
    <SiteLayout countsView={false}>
      <section className="error-page container">
        <p className="error-page__status">{status}</p>
        <h1>{status === 404 ? 'Page not found' : 'Something went wrong'}</h1>
        <p>{status === 404 ? 'The page you asked for does not exist or has moved.' : message}</p>
        <p className="error-page__actions">
          <a className="button" href="/">
            Go to the home page
          </a>
          <a className="button button--ghost" href="/contact">
            Contact us
          </a>
        </p>
      </section>
    </SiteLayout>
  );
}
