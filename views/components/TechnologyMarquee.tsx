import { useAsset, useContent } from '../render-context';

/**
 * The technologies slider, in CSS only: the logo row scrolls endlessly, stops while hovered or
 * focused, has a pause switch (WCAG 2.2.2) and stands still under prefers-reduced-motion. The
 * second copy of the row exists only to make the loop seamless, so it is hidden from assistive
 * technology.
 */
export function TechnologyMarquee() {
  const asset = useAsset();
  const { technologies } = useContent();
  const row = (copy: boolean) => (
    <ul className="marquee__row" aria-hidden={copy || undefined}>
      {technologies.map((technology) => (
        <li key={technology.name}>
          <img src={asset(technology.logo)} alt={copy ? '' : technology.name} width={120} height={48} loading="lazy" />
        </li>
      ))}
    </ul>
  );
  return (
    <div className="marquee">
      <label className="marquee__pause">
        <input type="checkbox" /> Pause the technologies slider
      </label>
      <div className="marquee__viewport">
        <div className="marquee__track">
          {row(false)}
          {row(true)}
        </div>
      </div>
    </div>
  );
}
