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
  const [expanded, setExpanded] = useState<string | null>(null);
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
            {groups.map((group) => (
              <li key={group.href}>
                {group.children ? (
                  <>
                    <button
                      type="button"
                      className="mobile-menu__group"
                      aria-expanded={expanded === group.label}
                      aria-controls={`mobile-group-${group.href.replace(/\W+/g, '-')}`}
                      onClick={() => setExpanded(expanded === group.label ? null : group.label)}
                    >
                      {group.label}
                      <span className="mobile-menu__chevron" aria-hidden="true" />
                    </button>
                    <ul id={`mobile-group-${group.href.replace(/\W+/g, '-')}`} className="mobile-menu__sublist" hidden={expanded !== group.label}>
                      <li>
                        <a href={group.href}>All {group.label}</a>
                      </li>
                      {group.children.map((child) => (
                        <li key={child.href}>
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
