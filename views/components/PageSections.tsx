import type { Crumb } from './Breadcrumb';
import type { PageSection as Section, PageSectionOf } from '../../shared/content/page-sections';
import { useAsset } from '../render-context';
import { CallToAction } from './CallToAction';
import { ContentImage } from './ContentImage';
import { PageBanner } from './PageBanner';
import { PageSection } from './PageSection';
import { RichText } from './RichText';
import { SectionHeading } from './SectionHeading';

/** Each section's headings get ids from its place on the page, so two sections of a kind never share one. */
type Placed<K extends Section['kind']> = { section: PageSectionOf<K>; id: string };

function TextSection({ section, id }: Placed<'text'>) {
  return (
    // Text with no heading of its own continues the page: a band, not a named section.
    <PageSection labelledBy={section.heading ? id : undefined} as={section.heading ? 'section' : 'div'} containerClassName="prose">
      {section.heading && <h2 id={id}>{section.heading}</h2>}
      <RichText text={section.body} />
    </PageSection>
  );
}

function CardsSection({ section, id }: Placed<'cards'>) {
  const asset = useAsset();
  return (
    <PageSection labelledBy={id}>
      <SectionHeading id={id} heading={section.heading} lead={section.lead || undefined} />
      <ul className="card-grid">
        {section.items.map((card, index) => (
          <li key={index} className={card.href ? 'card card--link' : 'card'}>
            <img className="card__icon" src={asset(card.icon)} alt="" width={48} height={48} loading="lazy" />
            <h3>{card.href ? <a href={card.href}>{card.title}</a> : card.title}</h3>
            <p>{card.body}</p>
          </li>
        ))}
      </ul>
    </PageSection>
  );
}

function FiguresSection({ section, id }: Placed<'figures'>) {
  return (
    <PageSection labelledBy={id} className="stats">
      <SectionHeading id={id} heading={section.heading} />
      <dl className="stats__grid">
        {section.items.map((figure, index) => (
          <div key={index} className="stats__item">
            <dt>{figure.label}</dt>
            <dd>
              <span className="stats__value">{figure.value}</span>
              {figure.detail && <span className="stats__detail">{figure.detail}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </PageSection>
  );
}

function StepsSection({ section, id }: Placed<'steps'>) {
  return (
    <PageSection labelledBy={id}>
      <SectionHeading id={id} heading={section.heading} />
      <ol className="timeline">
        {section.items.map((step, index) => (
          <li key={index} className="timeline__step">
            <span className="timeline__number" aria-hidden="true">
              {index + 1}
            </span>
            <h3>{step.title}</h3>
            <p>{step.body}</p>
          </li>
        ))}
      </ol>
    </PageSection>
  );
}

/** Questions as disclosure widgets: every answer is in the page (and its FAQPage data) without JavaScript. */
function FaqSection({ section, id }: Placed<'faq'>) {
  return (
    <PageSection labelledBy={id} containerClassName="faq">
      <h2 id={id}>{section.heading}</h2>
      {section.items.map((item, index) => (
        <details key={index} className="faq__item">
          <summary>{item.question}</summary>
          <RichText className="faq__answer" text={item.answer} />
        </details>
      ))}
    </PageSection>
  );
}

/**
 * A page staff made, section by section. A banner opens the page with its h1 (the schema keeps it
 * first); without one, the page's name is the h1 in a plain banner.
 */
export function PageSections({ title, sections, breadcrumbs }: { title: string; sections: readonly Section[]; breadcrumbs: Crumb[] }) {
  const opening = sections[0]?.kind === 'banner' ? sections[0] : undefined;
  return (
    <>
      {opening ? (
        <PageBanner heading={opening.heading} lead={opening.lead} breadcrumbs={breadcrumbs}>
          {opening.image && <ContentImage className="page-banner__image" image={opening.image} width={1200} height={600} sizes="(min-width: 1200px) 1140px, 100vw" fetchPriority="high" />}
        </PageBanner>
      ) : (
        <PageBanner heading={title} breadcrumbs={breadcrumbs} />
      )}
      {sections.map((section, index) => {
        const id = `section-${index + 1}-heading`;
        switch (section.kind) {
          case 'banner':
            return null;
          case 'text':
            return <TextSection key={index} section={section} id={id} />;
          case 'cards':
            return <CardsSection key={index} section={section} id={id} />;
          case 'figures':
            return <FiguresSection key={index} section={section} id={id} />;
          case 'steps':
            return <StepsSection key={index} section={section} id={id} />;
          case 'cta':
            return <CallToAction key={index} id={id} heading={section.heading} body={section.body} actions={[section.button]} />;
          case 'faq':
            return <FaqSection key={index} section={section} id={id} />;
        }
      })}
    </>
  );
}
