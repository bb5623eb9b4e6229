/**
 * Finds the island markers the server rendered and hydrates each one by its strategy. Deliberately
 * free of React: a page pays for React only when one of its islands wakes up.
 */
type MountModule = { default: (element: HTMLElement, props: unknown) => Promise<void> };

const hydrations = new WeakMap<HTMLElement, Promise<boolean>>();

function hydrate(element: HTMLElement): Promise<boolean> {
  const pending = hydrations.get(element);
  if (pending) return pending;
  const name = element.dataset.island ?? '(unnamed)';
  const started = (async () => {
    let props: unknown;
    try {
      props = JSON.parse(element.dataset.props ?? '{}');
    } catch {
      console.error(`Island "${name}": its props are not valid JSON; it stays static HTML.`);
      return false;
    }
    const src = element.dataset.src;
    if (!src) {
      console.error(`Island "${name}" has no script URL; it stays static HTML.`);
      return false;
    }
    // A URL known only at run time: esbuild leaves this import to the browser.
    const module = (await import(src)) as MountModule;
    await module.default(element, props);
    element.dataset.hydrated = 'true';
    return true;
  })().catch((error: unknown) => {
    console.error(`Island "${name}" failed to hydrate`, error);
    return false;
  });
  void started.then((hydrated) => {
    if (!hydrated) element.dataset.hydrated = 'failed';
  });
  hydrations.set(element, started);
  return started;
}

function whenIdle(callback: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(callback, { timeout: 2000 });
  else setTimeout(callback, 200);
}

function whenVisible(element: HTMLElement, callback: () => void): void {
  // The marker is `display: contents` and has no box of its own: watch its children instead.
  const targets = Array.from(element.children);
  if (!('IntersectionObserver' in window) || targets.length === 0) return callback();
  const observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        callback();
      }
    },
    { rootMargin: '200px' },
  );
  targets.forEach((target) => observer.observe(target));
}

/**
 * Hydrates on the first sign of interest. Pointer and focus start the download early; a click that
 * arrives before React is ready is held back, then replayed on the same element once it is.
 * `data-triggers` (a CSS selector) extends "interest" to controls outside the island, such as a
 * top-bar link that opens the island's panel: until the island is live that link simply works.
 */
function onInteraction(element: HTMLElement): void {
  const wake = () => void hydrate(element);
  const triggers = element.dataset.triggers;
  const triggerOf = (event: Event): HTMLElement | null =>
    triggers && event.target instanceof Element ? event.target.closest<HTMLElement>(triggers) : null;

  for (const type of ['pointerenter', 'pointerdown', 'focusin', 'touchstart'] as const) {
    element.addEventListener(type, wake, { once: true, passive: true, capture: true });
  }
  if (triggers) {
    for (const type of ['pointerover', 'pointerdown', 'focusin', 'touchstart'] as const) {
      document.addEventListener(type, (event) => triggerOf(event) && wake(), { passive: true, capture: true });
    }
  }
  document.addEventListener(
    'click',
    (event) => {
      // Once settled (hydrated, or failed and left as plain HTML) clicks take their normal course.
      // `Element`, not `HTMLElement`: a tap often lands on an icon's SVG inside the link.
      if (element.dataset.hydrated || !(event.target instanceof Element)) return;
      const target = element.contains(event.target) ? event.target : triggerOf(event);
      if (!target) return;
      event.preventDefault();
      event.stopPropagation();
      void hydrate(element).then(() => target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window })));
    },
    { capture: true },
  );
}

function sessionHas(key: string): boolean {
  try {
    return sessionStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

function boot(): void {
  document.querySelectorAll<HTMLElement>('[data-island]').forEach((element) => {
    switch (element.dataset.hydrate) {
      case 'load':
        // An island that loads at once only to act once per browser session (the home page's
        // region/offer modal) waits for interaction instead once the session has seen it.
        if (element.dataset.sessionDone && sessionHas(element.dataset.sessionDone)) onInteraction(element);
        else void hydrate(element);
        break;
      case 'idle':
        whenIdle(() => void hydrate(element));
        break;
      case 'visible':
        whenVisible(element, () => void hydrate(element));
        break;
      case 'interaction':
        onInteraction(element);
        break;
      default:
        console.error(`Island "${element.dataset.island}" has an unknown hydration strategy "${element.dataset.hydrate}".`);
    }
  });
}

boot();
