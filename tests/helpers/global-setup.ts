import path from 'node:path';
import { buildAssets } from '../../scripts/build-assets';
import { clusterTemplate } from './test-db';

/**
 * Pages render against the asset manifest, so the tests build the browser assets once first; on
 * the embedded database, the cluster every test database is copied from is made first too.
 */
export default async function globalSetup(): Promise<void> {
  await buildAssets({ outDir: path.resolve(__dirname, '../../dist/test-public') });
  if (!process.env.DATABASE_URL) clusterTemplate();
}
