import path from 'node:path';
import { buildAssets } from '../../scripts/build-assets';
import { makeMigratedTemplate } from './test-db';

/**
 * Pages render against the asset manifest, so the tests build the browser assets once first; the
 * migrated database every test database is copied from is made first too (embedded or PostgreSQL).
 */
export default async function globalSetup(): Promise<void> {
  await buildAssets({ outDir: path.resolve(__dirname, '../../dist/test-public') });
  await makeMigratedTemplate();
}
