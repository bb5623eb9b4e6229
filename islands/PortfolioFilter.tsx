import { useEffect, useState, type MouseEvent } from 'react';

export interface PortfolioFilterProps {
  /** Distinct display categories of the items, in order. */
  categories: string[];
  /** The category the page was rendered for (`?category=`), or null for All. */
  active: string | null;
  /** Id of the list whose `li[data-categories]` cards are filtered. */
  gridId: string;
  /** Path of the page, for the links. */
  basePath: string;
}

const hrefFor = (basePath: string, category: string | null) => (category === null ? basePath : `${basePath}?category=${encodeURIComponent(category)}`);

/**
 * The portfolio's category filter. On the server the buttons are plain links to `?category=`
 * (the page renders with the other cards hidden); once live, a click filters the server-rendered
 * cards in place and keeps the address in step, so back, reload and sharing still work.
 */
export default function PortfolioFilter({ categories, active: initial, gridId, basePath }: PortfolioFilterProps) {
  const [active, setActive] = useState<string | null>(initial);
  const [shown, setShown] = useState<number | null>(null);

  // The server already rendered the cards for `initial`; later choices are applied here.
  const apply = (category: string | null) => {
    const cards = document.getElementById(gridId)?.querySelectorAll<HTMLElement>('[data-categories]') ?? [];
    let count = 0;
    for (const card of cards) {
      const labels = JSON.parse(card.dataset.categories ?? '[]') as string[];
      card.hidden = category !== null && !labels.includes(category);
      if (!card.hidden) count++;
    }
    setActive(category);
    setShown(count);
  };

  useEffect(() => {
    const onPop = () => apply(new URLSearchParams(window.location.search).get('category'));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  const choose = (category: string | null) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (category === active) return;
    apply(category);
    window.history.pushState(null, '', hrefFor(basePath, category));
  };

  const options: (string | null)[] = [null, ...categories];
  return (
    <nav className="portfolio-filter" aria-label="Filter projects by category">
      <ul>
        {options.map((category) => (
          <li key={category ?? '(all)'}>
            <a
              className="portfolio-filter__button"
              href={hrefFor(basePath, category)}
              aria-current={category === active ? 'true' : undefined}
              onClick={choose(category)}
            >
              {category ?? 'All'}
            </a>
          </li>
        ))}
      </ul>
      <p className="visually-hidden" aria-live="polite">
        {shown === null ? '' : `${shown} ${shown === 1 ? 'project' : 'projects'} shown`}
      </p>
    </nav>
  );
}
