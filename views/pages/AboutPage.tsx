import { metaFromSeo, type PageMeta } from '../page-meta';
import { useAsset, useContent } from '../render-context';
import type { SiteContent } from '../../shared/content/site-content';
import { RichText } from '../components/RichText';
import { CallToAction } from '../components/CallToAction';
import { PageBanner } from '../components/PageBanner';
import { PageSection } from '../components/PageSection';
import { SectionHeading } from '../components/SectionHeading';
import { SiteLayout } from '../layout/SiteLayout';

const breadcrumbs = [
  { label: 'Home', href: '/' },
  { label: 'About Us', href: '/about' },
];

export function aboutMeta({ about }: SiteContent): PageMeta {
  return metaFromSeo(about.seo, { breadcrumbs });
}

export function AboutPage() {
  const asset = useAsset();
  const { about, stats } = useContent();
  return (
    <SiteLayout>
      <PageBanner heading={about.banner.heading} lead={about.banner.lead} breadcrumbs={breadcrumbs} />

      <PageSection labelledBy="profile-heading" id="profile" containerClassName="split">
        <div>
          <h2 id="profile-heading">Company profile</h2>
          {about.profile.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <ul className="mini-stats">
          {stats.map((stat) => (
            <li key={stat.value}>
              <strong>{stat.value}</strong> {stat.label}
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection labelledBy="why-heading" alt>
        <SectionHeading id="why-heading" heading="Why choose us" lead="What clients value most about working with our team." />
        <ul className="card-grid">
          {about.whyChooseUs.map((item) => (
            <li key={item.title} className="card">
              <img className="card__icon" src={asset(item.icon)} alt="" width={48} height={48} loading="lazy" />
              <h3>{item.title}</h3>
              <p>{item.body}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection labelledBy="mission-heading">
        <h2 id="mission-heading" className="visually-hidden">
          Mission, vision and values
        </h2>
        <div className="mvv">
          <article className="mvv__card">
            <h3>{about.mission.heading}</h3>
            <RichText text={about.mission.body} />
          </article>
          <article className="mvv__card">
            <h3>{about.vision.heading}</h3>
            <RichText text={about.vision.body} />
          </article>
          <article className="mvv__card mvv__card--values">
            <h3>Our values</h3>
            <dl>
              {about.values.map((value) => (
                <div key={value.title}>
                  <dt>{value.title}</dt>
                  <dd>{value.body}</dd>
                </div>
              ))}
            </dl>
          </article>
        </div>
      </PageSection>

      <CallToAction />
    </SiteLayout>
  );
}
