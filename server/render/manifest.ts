import fs from 'node:fs';
import path from 'node:path';
import type { AssetManifest } from '../../views/render-context';


export const DEFAULT_ASSETS_DIR = path.resolve('dist/public');

export function loadManifest(assetsDir: string = DEFAULT_ASSETS_DIR): AssetManifest {
  const file = path.join(assetsDir, 'manifest.json');
  if (!fs.existsSync(file)) {
    throw new Error(`No asset manifest at ${file}: run "npm run build" first.`);
  }
  return JSON.parse(fs.readFileSync(file, 'utf8')) as AssetManifest;
}
