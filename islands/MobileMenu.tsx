import { useState, type MouseEvent } from 'react';
import { useOverlay } from './lib/use-overlay';

export interface MenuLink {
  label: string;
  href: string;
}

export interface MenuGroup extends MenuLink {
  /** A group with children expands in place; only one group is expanded at a time. */
  children?: MenuLink[];
}

/**
 * The id of each group's sublist, made from its link (`mobile-group--services`); staff may give two
 * groups one link, so a second one also carries its place in the menu, keeping ids unique.
 */
function sublistIds(groups: readonly MenuGroup[]): string[] {
  const seen = new Set<string>();
  return groups.map((group, index) => {
    const base = `mobile-group-${group.href.replace(/\W+/g, '-')}`;
    const id = seen.has(base) ? `${base}-${index}` : base;
    seen.add(base);
    return id;
  });
}

export interface MobileMenuProps {
  groups: MenuGroup[];
  currentPath: string;
}

/**
 * The slide-in menu for small screens. Without JavaScript the toggle is a link to `#mobile-menu`
 * and CSS `:target` shows the panel; once hydrated it also locks scroll, traps focus and closes on
 * Escape or a click outside.
 */
export default function MobileMenu({ groups, currentPath }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  // The index of the expanded group (two groups may share a label).
  const [expanded, setExpanded] = useState<number | null>(null);
  const ids = sublistIds(groups);
  const panelRef = useOverlay<HTMLDivElement>({ open, onClose: () => setOpen(false), lockScroll: true });

  const show = (event: MouseEvent) => {
    event.preventDefault();
    setOpen(true);
  };
  const hide = (event?: MouseEvent) => {
    event?.preventDefault();
    setOpen(false);
  };

  return (
    <div className="mobile-menu">
      <a href="#mobile-menu" className="mobile-menu__toggle" role="button" aria-controls="mobile-menu" aria-expanded={open} onClick={show}>
        <span className="mobile-menu__bars" aria-hidden="true" />
        <span className="visually-hidden">Open menu</span>
      </a>
      <div className="mobile-menu__backdrop" data-open={open} onClick={() => hide()} aria-hidden="true" />
      <div
        id="mobile-menu"
        ref={panelRef}
        className="mobile-menu__panel"
        data-open={open}
        role="dialog"
        aria-modal={open}
        aria-label="Site menu"
        tabIndex={-1}
      >
        <a href="#" className="mobile-menu__close" role="button" onClick={hide}>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">Close menu</span>
        </a>
        <nav aria-label="Mobile">
          <ul className="mobile-menu__list">
            {groups.map((group, index) => (
              <li key={index}>
                {group.children ? (
                  <>
                    <button
                      type="button"
                      className="mobile-menu__group"
                      aria-expanded={expanded === index}
                      aria-controls={ids[index]}
                      onClick={() => setExpanded(expanded === index ? null : index)}
                    >
                      {group.label}
                      <span className="mobile-menu__chevron" aria-hidden="true" />
                    </button>
                    <ul id={ids[index]} className="mobile-menu__sublist" hidden={expanded !== index}>
                      <li>
                        <a href={group.href}>All {group.label}</a>
                      </li>
                      {group.children.map((child, childIndex) => (
                        <li key={childIndex}>
                          <a href={child.href} aria-current={child.href === currentPath ? 'page' : undefined}>
                            {child.label}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </>
                ) : (
                  <a href={group.href} aria-current={group.href === currentPath ? 'page' : undefined}>
                    {group.label}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}
