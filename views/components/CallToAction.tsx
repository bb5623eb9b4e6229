import { useContent } from '../render-context';
import { RichText } from './RichText';

interface CallToActionProps {
  heading?: string;
  body?: string;
}

/** The closing band of content pages: the reply promise and the ways to start a project. */
export function CallToAction({ heading = 'Ready to start your project?', body }: CallToActionProps) {
  const { business } = useContent();
  return (
    <section className="cta-band" aria-labelledby="cta-heading">
      <div className="container cta-band__inner">
        <div>
          <h2 id="cta-heading">{heading}</h2>
          <RichText text={body ?? business.replyPromise} />
        </div>
        <div className="cta-band__actions">
          <a className="button button--accent" href="/quote">
            Get a Quote
          </a>
          <a className="button button--light" href="/contact">
            Contact Us
          </a>
        </div>
      </div>
    </section>
  );
}
