/**
 * Jest transformer: TypeScript and TSX to CommonJS with esbuild (already the project's bundler),
 * so tests run the same syntax the build accepts, with inline source maps for readable traces.
 */
const { transformSync } = require('esbuild');

module.exports = {
  process(source, filename) {
    const loader = filename.endsWith('.tsx') ? 'tsx' : filename.endsWith('.ts') ? 'ts' : 'js';
    const { code, map } = transformSync(source, {
      loader,
      format: 'cjs',
      target: 'node20',
      jsx: 'automatic',
      sourcemap: 'external',
      sourcefile: filename,
    });
    return { code, map };
  },
};
