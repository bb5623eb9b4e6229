import type { PageMeta } from '../page-meta';
import type { FormType } from '../../shared/form-types';
import { FORM_DEFINITIONS, withReplyPromise } from '../../shared/forms';
import type { SiteContent } from '../../shared/content/site-content';
import { PageBanner } from '../components/PageBanner';
import { PageSection } from '../components/PageSection';
import { useContent } from '../render-context';
import { SiteLayout } from '../layout/SiteLayout';

export function thankYouMeta(type: FormType, { facts }: SiteContent): PageMeta {
  return { title: FORM_DEFINITIONS[type].successTitle, description: withReplyPromise(FORM_DEFINITIONS[type].successText, facts.replyPromise), noindex: true };
}

/** Where a successful no-JavaScript post lands (redirect after POST, so a reload sends nothing). */
export function ThankYouPage({ type }: { type: FormType }) {
  const definition = FORM_DEFINITIONS[type];
  const { business, facts } = useContent();
  return (
    <SiteLayout>
      <PageBanner heading={definition.successTitle} lead={withReplyPromise(definition.successText, facts.replyPromise)} />
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
