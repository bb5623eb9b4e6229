import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface RowMenuItem {
  /** The item's text; its accessible name says which row it acts on. */
  label: ReactNode;
  onSelect: () => void;
  danger?: boolean;
}

/**
 * A row's less frequent actions (a delete) folded behind one small button, so the list stays short
 * and a destructive button is not on every row. A disclosure: the button says whether the list is
 * open; opening moves focus to the first item; Escape, a click elsewhere or focus leaving closes it.
 * The list opens in the page's flow (the row grows), where nothing covers it or the rows around it
 * and a scrolling table never cuts it off.
 * Choosing an item hands focus back to the button first, so a confirmation it opens returns there.
 */
export function RowMenu({ label, items }: { label: string; items: readonly RowMenuItem[] }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    wrapperRef.current?.querySelector<HTMLElement>('[data-row-menu-item]')?.focus();
    const closeOutside = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const closeToButton = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  return (
    <div
      ref={wrapperRef}
      className="admin-row-menu"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          closeToButton();
        }
      }}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button ref={buttonRef} type="button" className="admin-button admin-button--ghost admin-button--small admin-row-menu__button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <span aria-hidden="true">⋯</span>
        <span className="visually-hidden">{label}</span>
      </button>
      <ul id={id} className="admin-row-menu__list" hidden={!open}>
        {items.map((item, index) => (
          <li key={index}>
            <button
              type="button"
              data-row-menu-item
              className={`admin-row-menu__item${item.danger ? ' admin-row-menu__item--danger' : ''}`}
              onClick={() => {
                closeToButton();
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
