import type { PageMeta } from '../page-meta';
import type { FormType } from '../../shared/form-types';
import { FORM_DEFINITIONS, formServiceOptions, serviceOptionsOf, withReplyPromise, type FieldErrors } from '../../shared/forms';
import { Island } from '../components/Island';
import { PageBanner } from '../components/PageBanner';
import { PageSection } from '../components/PageSection';
import { useContent } from '../render-context';
import type { SiteContent } from '../../shared/content/site-content';
import { SiteLayout } from '../layout/SiteLayout';

/** The forms that have a page of their own (the contact form lives on `/contact`). */
export type StandaloneFormType = Exclude<FormType, 'contact'>;

export function formPageMeta(type: StandaloneFormType, { business, facts }: SiteContent): PageMeta {
  const definition = FORM_DEFINITIONS[type];
  return {
    title: definition.title,
    description: `${withReplyPromise(definition.lead, facts.replyPromise)} ${business.name}.`,
    breadcrumbs: [
      { label: 'Home', href: '/' },
      { label: definition.title, href: definition.pagePath },
    ],
  };
}

interface FormPageProps {
  type: StandaloneFormType;
  /** A rejected post: the visitor's values and the errors beside the fields (never cached). */
  values?: Record<string, string>;
  errors?: FieldErrors;
}

/**
 * The page behind the chrome's Enquire Now, Get a Quote and Free Offers links: where they lead
 * without JavaScript, and where a rejected no-JavaScript post is shown again with its errors.
 */
export function FormPage({ type, values, errors }: FormPageProps) {
  const definition = FORM_DEFINITIONS[type];
  const content = useContent();
  const { business } = content;
  const meta = formPageMeta(type, content);
  return (
    <SiteLayout>
      <PageBanner heading={definition.title} lead={withReplyPromise(definition.lead, content.facts.replyPromise)} breadcrumbs={meta.breadcrumbs} />
      <PageSection label={`${definition.title} form`} containerClassName="form-page">
        <Island name="InlineForm" hydrate="interaction" props={{ type, values, errors, replyPromise: content.facts.replyPromise, services: serviceOptionsOf(type, formServiceOptions(content.services)) }} />
        <aside className="form-page__aside">
          <h2>What happens next</h2>
          <p>{business.replyPromise}</p>
          <p>
            Prefer to talk? Call <a href={business.phoneHref}>{business.phone}</a> ({business.hours}).
          </p>
        </aside>
      </PageSection>
    </SiteLayout>
  );
}
