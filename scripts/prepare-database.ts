import { loadConfig } from '../server/config';
import { createClusterAside, hasCluster } from '../server/db/embedded';

/**
 * `npm start`'s first run without `DATABASE_URL`: the embedded database's cluster (initdb, several
 * seconds of WebAssembly) is created beside the build rather than by the server after it; the
 * server then only migrates it. Resolves to whether it created one. A configuration the server
 * would refuse is left for the server to explain.
 */
export async function prepareEmbeddedDatabase(env: NodeJS.ProcessEnv = process.env): Promise<boolean> {
  let dataDir: string;
  try {
    const config = loadConfig(env);
    if (config.databaseUrl) return false;
    dataDir = config.dataDir;
  } catch {
    return false;
  }
  if (hasCluster(dataDir)) return false;
  await createClusterAside(dataDir);
  return true;
}
