import { metaFromSeo, type PageMeta } from '../page-meta';
import { useContent } from '../render-context';
import { ContentImage } from '../components/ContentImage';
import type { SiteContent } from '../../shared/content/site-content';
import type { FieldErrors } from '../../shared/forms';
import { Icon, type IconName } from '../components/Icon';
import { Island } from '../components/Island';
import { PageBanner } from '../components/PageBanner';
import { PageSection } from '../components/PageSection';
import { SiteLayout } from '../layout/SiteLayout';

const breadcrumbs = [
  { label: 'Home', href: '/' },
  { label: 'Contact', href: '/contact' },
];

export function contactMeta({ contact }: SiteContent): PageMeta {
  return metaFromSeo(contact.seo, { breadcrumbs });
}

interface ContactPageProps {
  /** A rejected no-JavaScript post of the contact form: values and errors shown again (never cached). */
  form?: { values: Record<string, string>; errors: FieldErrors };
}

/** The four ways to reach the agency, the contact form, working hours, and the map. */
export function ContactPage({ form }: ContactPageProps = {}) {
  const content = useContent();
  const { business, contact } = content;
  const boxes: { title: string; value: string; href?: string; icon: IconName }[] = [
    { title: 'Phone', value: business.phone, href: business.phoneHref, icon: 'phone' },
    { title: 'Social', value: business.socialHandle, href: business.socials[0]?.href, icon: 'at' },
    { title: 'Email', value: business.email, href: `mailto:${business.email}`, icon: 'mail' },
    { title: 'Location', value: business.location.display, href: business.mapLink, icon: 'pin' },
  ];
  return (
    <SiteLayout>
      <PageBanner heading={contact.heading} lead={contact.lead} breadcrumbs={breadcrumbs} />
      <PageSection labelledBy="reach-heading">
        <h2 id="reach-heading" className="visually-hidden">
          Ways to reach us
        </h2>
        <ul className="contact-boxes">
          {boxes.map((box) => (
            <li key={box.title} className="contact-box">
              <span className="contact-box__icon">
                <Icon name={box.icon} />
              </span>
              <h3>{box.title}</h3>
              <a href={box.href}>{box.value}</a>
            </li>
          ))}
        </ul>
        <div className="contact-form" id="contact-form">
          <div className="contact-form__intro">
            <h2>{contact.formHeading}</h2>
            <p>{contact.formLead}</p>
          </div>
          <Island name="InlineForm" hydrate="interaction" props={{ type: 'contact', values: form?.values, errors: form?.errors, replyPromise: content.facts.replyPromise }} />
        </div>
        <div className="contact-layout">
          <div className="contact-hours">
            <h2>Working hours</h2>
            <p>{business.hours}</p>
            <p>{business.replyPromise}</p>
          </div>
          <figure className="contact-map">
            <a href={business.mapLink} rel="noopener">
              <ContentImage image={business.mapImage} width={600} height={400} sizes="(min-width: 900px) 45vw, calc(100vw - 2.5rem)" loading="lazy" />
            </a>
            <figcaption>
              <a href={business.mapLink} rel="noopener">
                Open the map in OpenStreetMap
              </a>
            </figcaption>
          </figure>
        </div>
      </PageSection>
    </SiteLayout>
  );
}
