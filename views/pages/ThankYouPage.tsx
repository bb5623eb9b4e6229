import type { PageMeta } from '../page-meta';
import type { FormType } from '../../shared/form-types';
import { FORM_DEFINITIONS } from '../../shared/forms';
import { PageBanner } from '../components/PageBanner';
import { PageSection } from '../components/PageSection';
import { useContent } from '../render-context';
import { SiteLayout } from '../layout/SiteLayout';

export function thankYouMeta(type: FormType): PageMeta {
  return { title: FORM_DEFINITIONS[type].successTitle, description: FORM_DEFINITIONS[type].successText, noindex: true };
}

/** Where a successful no-JavaScript post lands (redirect after POST, so a reload sends nothing). */
export function ThankYouPage({ type }: { type: FormType }) {
  const definition = FORM_DEFINITIONS[type];
  const { business } = useContent();
  return (
    <SiteLayout>
      <PageBanner heading={definition.successTitle} lead={definition.successText} />
      <PageSection containerClassName="thank-you">
        <p>
          Need us sooner? Call <a href={business.phoneHref}>{business.phone}</a> ({business.hours}).
        </p>
        <p className="thank-you__actions">
          <a className="button" href="/">
            Back to the home page
          </a>
          <a className="button button--ghost" href="/services">
            Explore our services
          </a>
        </p>
      </PageSection>
    </SiteLayout>
  );
}
