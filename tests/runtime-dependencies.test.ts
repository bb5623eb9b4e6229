import { builtinModules } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * `npm install --omit=dev && npm start` (the README's first start) installs `dependencies` only:
 * whatever the build, the server, its child processes, its commands or the browser bundles import
 * at run time must be one of them. Tools only the tests, benches and checks use stay in
 * `devDependencies`, which `npm install` (the test command) adds.
 */

const ROOT = path.resolve(__dirname, '..');
const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
};

const isSource = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts');
const sourcesIn = (folder: string) =>
  fs
    .readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .map((file) => `${folder}/${file.split(path.sep).join('/')}`)
    .filter(isSource);

/**
 * Where a production install starts from: the build (which bundles `islands/` and `static/css/`
 * for browsers, and the server), the server and the children it spawns, the operator's commands
 * (`npm run migrate`, `admin`, …, run with tsx), and `npm run dev`.
 */
const ENTRIES = [
  'scripts/build.ts',
  'scripts/dev.ts',
  'server/index.ts',
  'server/image-encoder-child.ts',
  'server/backup-child.ts',
  ...sourcesIn('server/cli'),
  ...sourcesIn('islands'),
];
/** The npm scripts a production install runs: `npm start` and the operator's commands. */
const PRODUCTION_SCRIPTS = ['start', 'build', 'dev', 'migrate', 'admin', 'seed', 'backup', 'restore', 'content'];

/** The specifiers a file imports at run time: `import type` and type-only names are left out (erased). */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined && clause.namedBindings !== undefined && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      if (!typeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0]!)) {
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if (isRequire || node.expression.kind === ts.SyntaxKind.ImportKeyword) found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function resolveRelative(from: string, specifier: string): string | undefined {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier)).replace(/\.js$/, '');
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((candidate) => isSource(candidate) && fs.existsSync(path.join(ROOT, candidate)));
}

const BUILTINS = new Set(builtinModules);
/** The package a bare specifier names (`@scope/name/sub` → `@scope/name`); undefined for Node's own modules. */
function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith('node:') || BUILTINS.has(specifier) || BUILTINS.has(specifier.split('/')[0]!)) return undefined;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** Every package imported at run time from `entries` and the files they import, with a file that imports it. */
function packagesReachedFrom(entries: string[]): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of runtimeImports(file)) {
      if (specifier.startsWith('.')) {
        const target = resolveRelative(file, specifier);
        if (target) queue.push(target);
      } else {
        const name = packageOf(specifier);
        if (name && !packages.has(name)) packages.set(name, file);
      }
    }
  }
  return packages;
}

/** Packages the bundled styles `@import` (the build resolves them in node_modules). */
function packagesOfStyles(): Map<string, string> {
  const packages = new Map<string, string>();
  for (const file of fs.readdirSync(path.join(ROOT, 'static/css')).filter((name) => name.endsWith('.css'))) {
    for (const [, specifier] of fs.readFileSync(path.join(ROOT, 'static/css', file), 'utf8').matchAll(/@import\s+['"]([^'"]+)['"]/g)) {
      if (!specifier!.startsWith('.')) packages.set(packageOf(specifier!)!, `static/css/${file}`);
    }
  }
  return packages;
}

const notInDependencies = (packages: Map<string, string>) => [...packages].filter(([name]) => !(name in manifest.dependencies)).map(([name, file]) => `${name} (imported by ${file})`);

describe('what a production install holds', () => {
  it('has every package the build, the server, its commands and the browser bundles import', () => {
    const reached = packagesReachedFrom(ENTRIES);
    // The walk reaches the server's and the build's own packages (a check that it walks at all).
    expect([...reached.keys()]).toEqual(expect.arrayContaining(['koa', 'react-dom', 'esbuild', 'knex']));
    expect(notInDependencies(reached)).toEqual([]);
    expect(notInDependencies(packagesOfStyles())).toEqual([]);
  });

  it('runs npm start and the operator commands with installed tools only', () => {
    for (const script of PRODUCTION_SCRIPTS) {
      const programs = manifest.scripts[script]!.split('&&').map((command) => command.trim().split(/\s+/)[0]!);
      for (const program of programs) expect([script, program === 'node' || program in manifest.dependencies]).toEqual([script, true]);
    }
  });

  it('leaves the test tools out of it', () => {
    for (const tool of ['jest', 'lighthouse', 'vnu-jar', 'playwright-core', '@axe-core/playwright', 'autocannon', 's3rver', 'smtp-server', 'eslint', 'supertest']) {
      expect([tool, tool in manifest.dependencies]).toEqual([tool, false]);
    }
  });

  it('reports a devDependency imported at run time (the check itself)', () => {
    const reached = packagesReachedFrom(['scripts/build.ts']);
    const asDeclaredBefore = { ...manifest.dependencies };
    delete asDeclaredBefore.esbuild;
    expect([...reached].filter(([name]) => !(name in asDeclaredBefore)).map(([name]) => name)).toEqual(['esbuild']);
  });
});
