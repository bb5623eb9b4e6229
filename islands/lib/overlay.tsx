import type { ReactNode } from 'react';
import { useOverlay } from './use-overlay';

interface OverlayProps {
  open: boolean;
  onClose: () => void;
  /** Accessible name of the dialog: its visible heading's text. */
  title: string;
  titleId: string;
  /** `panel` slides in from the side; `modal` is centred. */
  variant: 'panel' | 'modal';
  lockScroll?: boolean;
  children: ReactNode;
}

/**
 * A dialog over the page (the enquire panel, the quote popup, the region/offer modal): backdrop
 * click, Escape and the close button close it; focus is trapped inside while open and returns to
 * the control that opened it. Nothing is rendered while closed, so the page's HTML stays small.
 */
export function Overlay({ open, onClose, title, titleId, variant, lockScroll = false, children }: OverlayProps) {
  const dialogRef = useOverlay<HTMLDivElement>({ open, onClose, lockScroll });
  if (!open) return null;
  return (
    <div className={`overlay overlay--${variant}`}>
      <div className="overlay__backdrop" onClick={onClose} aria-hidden="true" />
      <div ref={dialogRef} className="overlay__dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="overlay__header">
          <h2 id={titleId} className="overlay__title">
            {title}
          </h2>
          <button type="button" className="overlay__close" onClick={onClose}>
            <span aria-hidden="true">×</span>
            <span className="visually-hidden">Close</span>
          </button>
        </div>
        <div className="overlay__body">{children}</div>
      </div>
    </div>
  );
}

/**
 * Takes over clicks on the page's links to `selector` (the no-JavaScript fallback pages) and calls
 * `open` instead. Registered in an effect, which runs before the boot script replays the click
 * that woke the island, so that first click opens the panel too.
 */
export function interceptLinks(selector: string, open: (link: HTMLAnchorElement) => void): () => void {
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(selector) : null;
    if (!link) return;
    event.preventDefault();
    open(link);
  };
  document.addEventListener('click', onClick);
  return () => document.removeEventListener('click', onClick);
}
