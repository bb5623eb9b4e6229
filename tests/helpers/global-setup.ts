import path from 'node:path';
import { buildAssets } from '../../scripts/build-assets';

/** Pages render against the asset manifest, so the tests build the browser assets once first. */
export default async function globalSetup(): Promise<void> {
  await buildAssets({ outDir: path.resolve(__dirname, '../../dist/test-public') });
}
