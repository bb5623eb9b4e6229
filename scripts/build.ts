import path from 'node:path';
import * as esbuild from 'esbuild';
import fs from 'node:fs';
import { buildAssets } from './build-assets';
import { BUILD_STAMP, buildInputsHash, buildIsCurrent } from './build-inputs';
import { prepareEmbeddedDatabase } from './prepare-database';

/**
 * `npm run build`: production browser bundles and the server as one file (`dist/server.js`), whose
 * npm dependencies stay external and are installed with `npm ci --omit=dev`, beside it `npm start`'s
 * launcher (`dist/start.js`), the migrations command and the image encoder's child.
 *
 * Skipped when `dist` already holds the build of these very inputs (a restart of `npm start`
 * after no change), recorded in `BUILD_STAMP` once everything is written. With
 * `--prepare-database` (`npm start`), a new embedded database is created meanwhile.
 */
async function main(): Promise<void> {
  await Promise.all([build(), process.argv.includes('--prepare-database') ? prepareEmbeddedDatabase() : undefined]);
}

async function build(): Promise<void> {
  const root = path.resolve(__dirname, '..');
  const inputs = buildInputsHash();
  if (buildIsCurrent(inputs) && !process.argv.includes('--force')) {
    console.log('The build is up to date (no input changed since the last one).');
    return;
  }
  fs.rmSync(BUILD_STAMP, { force: true });
  const manifest = await buildAssets({ production: true });
  await esbuild.build({
    absWorkingDir: root,
    entryPoints: { server: 'server/index.ts', start: 'server/cli/start.ts', migrate: 'server/cli/migrate.ts', 'image-encoder': 'server/image-encoder-child.ts', 'backup-child': 'server/backup-child.ts' },
    outdir: path.join(root, 'dist'),
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    jsx: 'automatic',
    sourcemap: true,
    logLevel: 'warning',
  });
  fs.writeFileSync(BUILD_STAMP, inputs);
  console.log(`Built ${Object.keys(manifest.islands).length} islands, ${Object.keys(manifest.files).length} static files and the server.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
