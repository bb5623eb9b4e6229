import { createContext, useContext } from 'react';
import type { AssetManifest } from './manifest';
import type { Config } from '../config';

/** What server views may know about the request being rendered. Never reaches the browser. */
export interface RenderContextValue {
  manifest: AssetManifest;
  config: Pick<Config, 'publicUrl' | 'regionSites'>;
  /** Path of the page, without query string. */
  path: string;
  /** Islands rendered so far; the document loads only their scripts. */
  islands: Set<string>;
  /** Whether the page uses the chrome's scroll script. */
  usesChromeScript: boolean;
}

export const RenderContext = createContext<RenderContextValue | null>(null);

export function useRenderContext(): RenderContextValue {
  const value = useContext(RenderContext);
  if (!value) throw new Error('Server views must be rendered through renderPage()');
  return value;
}

/** Hashed URL of a file of `static/` (for example `images/logo.svg`). */
export function useAsset(): (file: string) => string {
  const { manifest } = useRenderContext();
  return (file) => {
    const url = manifest.files[file];
    if (!url) throw new Error(`Unknown static file "${file}" (is it under static/ and was the build run?)`);
    return url;
  };
}
