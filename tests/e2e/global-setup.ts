import { makeMigratedTemplate, migratedClusterPath } from '../helpers/test-db';

/**
 * Migrates an embedded database once for the whole run: each server `startServer` starts on the
 * embedded database begins from a copy of it instead of migrating its own (seconds of CPU each).
 * Its folder is handed to the test files through the environment, which they inherit.
 */
export default async function globalSetup(): Promise<void> {
  await makeMigratedTemplate('');
  process.env.E2E_MIGRATED_CLUSTER = migratedClusterPath();
}
