import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import type { AssetManifest } from '../views/render-context';
import { BUILD_STAMP } from './build-inputs';

const root = path.resolve(__dirname, '..');
const ISLAND_FILE = /^[A-Z][A-Za-z0-9]*\.tsx$/;

export interface BuildOptions {
  outDir?: string;
  production?: boolean;
}

/** Island names: one per `islands/<Name>.tsx` file. */
export function islandNames(): string[] {
  return fs
    .readdirSync(path.join(root, 'islands'))
    .filter((file) => ISLAND_FILE.test(file))
    .map((file) => file.replace(/\.tsx$/, ''))
    .sort();
}

/**
 * Each island's bundle entry is generated: it imports the component and exports the function the
 * boot script calls to hydrate it. Code splitting puts React in a shared chunk fetched once.
 */
const islandEntries: esbuild.Plugin = {
  name: 'island-entries',
  setup(build) {
    build.onResolve({ filter: /^island:/ }, (args) => ({ path: args.path.slice('island:'.length), namespace: 'island' }));
    build.onLoad({ filter: /.*/, namespace: 'island' }, (args) => ({
      resolveDir: root,
      loader: 'ts',
      contents: [
        `import Component from './islands/${args.path}';`,
        `import { mountIsland } from './islands/runtime/mount';`,
        `export default (element: HTMLElement, props: any) => mountIsland(element, Component, props);`,
      ].join('\n'),
    }));
  },
};

function hashOf(content: Buffer): string {
  return createHash('sha256').update(content).digest('base64url').slice(0, 10);
}

/** Copies every file of `static/` (but CSS, which is bundled) under a content-hashed name. */
function copyStaticFiles(outDir: string): Record<string, string> {
  const files: Record<string, string> = {};
  const staticDir = path.join(root, 'static');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      const relative = path.relative(staticDir, full).split(path.sep).join('/');
      if (entry.isDirectory()) {
        if (relative !== 'css') walk(full);
        continue;
      }
      const content = fs.readFileSync(full);
      const ext = path.extname(relative);
      const hashed = `${relative.slice(0, -ext.length)}-${hashOf(content)}${ext}`;
      fs.mkdirSync(path.dirname(path.join(outDir, 'assets', hashed)), { recursive: true });
      fs.writeFileSync(path.join(outDir, 'assets', hashed), content);
      files[relative] = `/assets/${hashed}`;
    }
  };
  if (fs.existsSync(staticDir)) walk(staticDir);
  return files;
}

/** Builds the browser bundles, styles and static files, and writes `manifest.json`. */
export async function buildAssets({ outDir = path.join(root, 'dist/public'), production = false }: BuildOptions = {}): Promise<AssetManifest> {
  // Whatever `dist` held is no longer the production build its stamp names (`npm run dev` writes here too).
  if (outDir === path.join(root, 'dist/public')) fs.rmSync(BUILD_STAMP, { force: true });
  fs.rmSync(outDir, { recursive: true, force: true });
  const assetsDir = path.join(outDir, 'assets');
  const names = islandNames();

  const scripts = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [
      { in: 'islands/runtime/boot.ts', out: 'boot' },
      { in: 'islands/runtime/chrome.ts', out: 'chrome' },
      ...names.map((name) => ({ in: `island:${name}`, out: `islands/${name}` })),
    ],
    outdir: assetsDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2020', 'chrome100', 'firefox100', 'safari15'],
    jsx: 'automatic',
    entryNames: '[dir]/[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    minify: production,
    sourcemap: production ? false : 'linked',
    define: { 'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development') },
    legalComments: 'none',
    metafile: true,
    plugins: [islandEntries],
    logLevel: 'warning',
  });

  const styles = await esbuild.build({
    absWorkingDir: root,
    entryPoints: [{ in: 'static/css/site.css', out: 'site' }],
    outdir: assetsDir,
    bundle: true,
    entryNames: '[name]-[hash]',
    assetNames: 'media/[name]-[hash]',
    loader: { '.svg': 'file', '.png': 'file', '.woff2': 'file', '.gif': 'file' },
    minify: production,
    metafile: true,
    logLevel: 'warning',
  });

  const url = (file: string) => `/${path.relative(outDir, path.join(root, file)).split(path.sep).join('/')}`;
  const manifest: AssetManifest = { boot: '', chrome: '', islands: {}, styles: [], files: copyStaticFiles(outDir) };
  for (const [file, output] of Object.entries(scripts.metafile.outputs)) {
    if (!output.entryPoint) continue;
    if (output.entryPoint === 'islands/runtime/boot.ts') manifest.boot = url(file);
    else if (output.entryPoint === 'islands/runtime/chrome.ts') manifest.chrome = url(file);
    else if (output.entryPoint.startsWith('island:')) manifest.islands[output.entryPoint.slice('island:'.length)] = url(file);
  }
  for (const [file, output] of Object.entries(styles.metafile.outputs)) {
    if (output.entryPoint && file.endsWith('.css')) manifest.styles.push(url(file));
  }
  fs.writeFileSync(path.join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}
