import fs from 'node:fs';
import path from 'node:path';

/** What `npm run build` wrote: hashed URLs of the boot script, each island, styles and images. */
export interface AssetManifest {
  boot: string;
  /** Plain script for the chrome's scroll behaviours (sticky nav, back-to-top). */
  chrome: string;
  islands: Record<string, string>;
  styles: string[];
  /** Files of `static/`, by their path there (`images/logo.svg`), to their hashed URL. */
  files: Record<string, string>;
}

export const DEFAULT_ASSETS_DIR = path.resolve('dist/public');

export function loadManifest(assetsDir: string = DEFAULT_ASSETS_DIR): AssetManifest {
  const file = path.join(assetsDir, 'manifest.json');
  if (!fs.existsSync(file)) {
    throw new Error(`No asset manifest at ${file}: run "npm run build" first.`);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as AssetManifest;
}
