import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface OverlayOptions {
  /** Whether the overlay (menu, panel, modal) is showing. */
  open: boolean;
  onClose: () => void;
  /** Lock page scroll while open (the spec asks this of the mobile menu and the enquire panel). */
  lockScroll?: boolean;
}

/**
 * Keyboard and focus behaviour every overlay shares (WCAG 2.1.2, 2.4.3): focus moves inside on
 * open and stays there, Escape closes, and focus returns to whatever opened it.
 */
export function useOverlay<T extends HTMLElement>({ open, onClose, lockScroll = false }: OverlayOptions): RefObject<T | null> {
  const containerRef = useRef<T>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const container = containerRef.current;
    if (!open || !container) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const focusables = () => Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null || el === document.activeElement);
    (container.querySelector<HTMLElement>('[data-autofocus]') ?? focusables()[0] ?? container).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables();
      if (items.length === 0) return event.preventDefault();
      const first = items[0]!;
      const last = items[items.length - 1]!;
      if (event.shiftKey && (document.activeElement === first || !container.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !container.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    if (lockScroll) document.documentElement.classList.add('scroll-locked');
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      if (lockScroll) document.documentElement.classList.remove('scroll-locked');
      opener?.focus();
    };
  }, [open, lockScroll]);

  return containerRef;
}
