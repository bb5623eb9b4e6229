import { createElement, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';

/** Renders its child unchanged and reports once React has committed the hydrated tree. */
function HydrationSignal({ onHydrated, children }: { onHydrated: () => void; children?: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

/**
 * Hydrates an island's server HTML inside `element`. Resolves once the island is interactive, so
 * the boot script can replay the click that woke it.
 */
export function mountIsland<P extends object>(element: HTMLElement, Component: ComponentType<P>, props: P): Promise<void> {
  const name = element.dataset.island;
  return new Promise((resolve) => {
    hydrateRoot(element, createElement(HydrationSignal, { onHydrated: () => resolve() }, createElement(Component, props)), {
      onRecoverableError(error) {
        console.error(`Island "${name}" did not match its server HTML`, error);
      },
    });
  });
}
