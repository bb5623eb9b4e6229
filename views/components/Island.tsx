import { createElement, type ComponentProps, type ComponentType } from 'react';
import { islands, type IslandName } from '../../islands';
import { useRenderContext } from '../render-context';

/**
 * When the browser turns an island's server HTML into live React:
 * - `load`: as soon as the page runs;
 * - `idle`: when the main thread is idle;
 * - `visible`: when it scrolls near the viewport;
 * - `interaction`: on the first pointer, focus or click inside it (the click is replayed after).
 */
export type HydrationStrategy = 'load' | 'idle' | 'visible' | 'interaction';

interface IslandProps<N extends IslandName> {
  name: N;
  props: ComponentProps<(typeof islands)[N]>;
  hydrate: HydrationStrategy;
  /**
   * With `interaction`: a CSS selector of controls outside the island whose first click also wakes
   * it (and is replayed once it is live), for example the top-bar link that opens a panel.
   */
  triggers?: string;
  /**
   * With `load`: a sessionStorage key; once the island has set it in this browser session, the
   * island waits for interaction (and `triggers`) instead of loading at once.
   */
  sessionDone?: string;
}

/**
 * Renders an island's component on the server inside a marker the boot script finds. Props travel
 * as JSON in an attribute: React escapes it, so no prop value can close a tag or open a script.
 */
export function Island<N extends IslandName>({ name, props, hydrate, triggers, sessionDone }: IslandProps<N>) {
  const context = useRenderContext();
  const src = context.manifest.islands[name];
  if (!src) throw new Error(`Island "${name}" is missing from the asset manifest: run "npm run build".`);
  context.islands.add(name);
  // The registry's union of component types is too wide for TypeScript here; `props` is checked above.
  const Component = islands[name] as ComponentType<object>;
  return (
    <div className="island" data-island={name} data-hydrate={hydrate} data-triggers={triggers} data-session-done={sessionDone} data-src={src} data-props={JSON.stringify(props)}>
      {createElement(Component, props)}
    </div>
  );
}
