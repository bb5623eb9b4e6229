import { useContent } from '../render-context';
import { RichText } from './RichText';

interface CallToActionProps {
  heading?: string;
  body?: string;
  /** The buttons: a quote and the contact page unless a page names its own. */
  actions?: readonly { label: string; href: string }[];
  /** The heading's id, for a page with more than one such band. */
  id?: string;
}

const START_A_PROJECT = [
  { label: 'Get a Quote', href: '/quote' },
  { label: 'Contact Us', href: '/contact' },
];

/** The closing band of content pages: the reply promise and the ways to start a project. */
export function CallToAction({ heading = 'Ready to start your project?', body, actions = START_A_PROJECT, id = 'cta-heading' }: CallToActionProps) {
  const { business } = useContent();
  return (
    <section className="cta-band" aria-labelledby={id}>
      <div className="container cta-band__inner">
        <div>
          <h2 id={id}>{heading}</h2>
          <RichText text={body ?? business.replyPromise} />
        </div>
        <div className="cta-band__actions">
          {actions.map((action, index) => (
            <a key={action.href + action.label} className={`button ${index === 0 ? 'button--accent' : 'button--light'}`} href={action.href}>
              {action.label}
            </a>
          ))}
        </div>
      </div>
    </section>
  );
}
