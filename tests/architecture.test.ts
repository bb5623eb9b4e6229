import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The layers of docs/decisions/feature-folders.md, checked on the import graph of every source file
 * (tests left out) under server/, shared/, views/ and islands/. Each rule is a function of the graph,
 * so the last block can show that each one reports a deliberately broken import.
 */

const ROOT = path.resolve(__dirname, '..');
const SOURCE_FOLDERS = ['server', 'shared', 'views', 'islands'];

/** The files that put the app together: they may import the routes, and each feature's index. */
const WIRING = ['server/app.ts', 'server/app-parts.ts', 'server/index.ts'];
/** Folders that hold one feature each; the layers below them (db/, services/) never import them. */
const FEATURES = ['server/leads', 'server/content', 'server/auth', 'server/backup', 'server/site'];
/** The layers below every feature. */
const SHARED_LAYERS = ['server/db', 'server/services'];

/** Imports of a feature's inside from outside it, allowed with a reason. The check also fails when one of these is gone, so the list only shrinks. */
const INSIDE_IMPORTS: { from: string; to: string; reason: string }[] = [];

type ImportGraph = Map<string, string[]>;

const isSource = (file: string) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts');

function sourceFiles(folder: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .map((file) => `${folder}/${file.split(path.sep).join('/')}`)
    .filter((file) => !file.includes('/node_modules/') && isSource(file));
}

/** Each file's relative imports (and re-exports, `import()` and `require`), resolved to files of the graph. */
function importGraph(): ImportGraph {
  const files = SOURCE_FOLDERS.flatMap(sourceFiles);
  const known = new Set(files);
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(path.join(ROOT, file), 'utf8'), true, true);
    const targets = new Set<string>();
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), fileName)).replace(/\.js$/, '');
      const target = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((candidate) => known.has(candidate));
      if (target) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

const within = (file: string, folder: string) => file.startsWith(`${folder}/`);
const edges = (graph: ImportGraph) => [...graph].flatMap(([from, targets]) => targets.map((to) => ({ from, to })));
const line = ({ from, to }: { from: string; to: string }) => `${from} -> ${to}`;

/** Every import cycle, each as the path that closes it (`a -> b -> a`); one per strongly connected group. */
function importCycles(graph: ImportGraph): string[] {
  // Tarjan's strongly connected components, then the shortest way round each one.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file)!, index.get(next)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1 || (graph.get(file) ?? []).includes(file)) groups.push(group);
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);

  return groups.map((group) => {
    const members = new Set(group);
    const start = [...group].sort()[0]!;
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const file = queue.shift()!;
      const next = (graph.get(file) ?? []).filter((target) => members.has(target));
      if (next.includes(start)) {
        const way = [file];
        while (way[0] !== start) way.unshift(cameFrom.get(way[0]!)!);
        return [...way, start].join(' -> ');
      }
      for (const target of next) {
        if (!cameFrom.has(target) && target !== start) {
          cameFrom.set(target, file);
          queue.push(target);
        }
      }
    }
    return group.join(' -> ');
  });
}

/** Imports of server/routes/ from anything but the wiring and other routes. */
function routeImports(graph: ImportGraph): string[] {
  return edges(graph)
    .filter(({ from, to }) => within(to, 'server/routes') && !within(from, 'server/routes') && !WIRING.includes(from))
    .map(line);
}

/** Imports of a feature folder from server/db or server/services. */
function sharedLayerFeatureImports(graph: ImportGraph): string[] {
  return edges(graph)
    .filter(({ from, to }) => SHARED_LAYERS.some((layer) => within(from, layer)) && FEATURES.some((feature) => within(to, feature)))
    .map(line);
}

/** The feature folders with an index.ts: the only file of theirs others may import. */
function indexedFeatures(graph: ImportGraph): string[] {
  return FEATURES.filter((feature) => graph.has(`${feature}/index.ts`));
}

/** Imports into a feature folder with an index, from outside it, of anything but that index. */
function insideImports(graph: ImportGraph, features = indexedFeatures(graph)): string[] {
  return edges(graph)
    .filter(({ from, to }) => features.some((feature) => within(to, feature) && !within(from, feature) && to !== `${feature}/index.ts`))
    .map(line);
}

/** Imports of server/ from shared/, views/ or islands/ (code that also runs in the browser, or renders for it). */
function serverImportsFromClientSide(graph: ImportGraph): string[] {
  return edges(graph)
    .filter(({ from, to }) => ['shared', 'views', 'islands'].some((folder) => within(from, folder)) && within(to, 'server'))
    .map(line);
}

describe('the layers (docs/decisions/feature-folders.md)', () => {
  const graph = importGraph();

  it('reads the source files and their imports', () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get('server/app.ts')).toContain('server/leads/index.ts');
  });

  it('has no import cycle between files', () => {
    expect(importCycles(graph)).toEqual([]);
  });

  it('imports server/routes only from the wiring (app.ts, app-parts.ts, index.ts) and other routes', () => {
    expect(routeImports(graph)).toEqual([]);
  });

  it('keeps server/db and server/services below the features: they import none', () => {
    expect(sharedLayerFeatureImports(graph)).toEqual([]);
  });

  it("reaches a feature folder that has an index.ts only through it (the listed exceptions aside)", () => {
    const allowed = new Set(INSIDE_IMPORTS.map(line));
    expect(insideImports(graph).filter((edge) => !allowed.has(edge))).toEqual([]);
    expect(indexedFeatures(graph)).toEqual(expect.arrayContaining(['server/leads', 'server/auth']));
  });

  it('lists only exceptions that still exist', () => {
    const present = new Set(insideImports(graph));
    expect(INSIDE_IMPORTS.map(line).filter((edge) => !present.has(edge))).toEqual([]);
  });

  it('never imports server/ from shared/, views/ or islands/', () => {
    expect(serverImportsFromClientSide(graph)).toEqual([]);
  });
});

describe('each rule reports a broken import', () => {
  const broken = (extra: Record<string, string[]>): ImportGraph => new Map(Object.entries({ 'server/app.ts': [], 'server/leads/index.ts': [], ...extra }));

  it('a cycle, with its path', () => {
    const graph = broken({ 'server/a.ts': ['server/b.ts'], 'server/b.ts': ['server/c.ts'], 'server/c.ts': ['server/a.ts', 'server/d.ts'], 'server/d.ts': [] });
    expect(importCycles(graph)).toEqual(['server/a.ts -> server/b.ts -> server/c.ts -> server/a.ts']);
    expect(importCycles(broken({ 'server/a.ts': ['server/a.ts'] }))).toEqual(['server/a.ts -> server/a.ts']);
  });

  it('a route imported by a service, not by the wiring', () => {
    const graph = broken({ 'server/app.ts': ['server/routes/users.ts'], 'server/routes/users.ts': [], 'server/services/mail.ts': ['server/routes/users.ts'] });
    expect(routeImports(graph)).toEqual(['server/services/mail.ts -> server/routes/users.ts']);
  });

  it('a shared service or query importing a feature', () => {
    const graph = broken({ 'server/services/mail.ts': ['server/leads/index.ts'], 'server/db/rows.ts': ['server/auth/credentials.ts'], 'server/auth/credentials.ts': [] });
    expect(sharedLayerFeatureImports(graph)).toEqual(['server/services/mail.ts -> server/leads/index.ts', 'server/db/rows.ts -> server/auth/credentials.ts']);
  });

  it("a feature's inside imported from outside it", () => {
    const graph = broken({ 'server/routes/leads.ts': ['server/leads/service.ts', 'server/leads/index.ts'], 'server/leads/service.ts': [], 'server/leads/dashboard.ts': ['server/leads/service.ts'] });
    expect(insideImports(graph)).toEqual(['server/routes/leads.ts -> server/leads/service.ts']);
  });

  it('the server imported by shared code, a view or an island', () => {
    const graph = broken({ 'shared/a.ts': ['server/db/tables.ts'], 'views/B.tsx': ['shared/a.ts'], 'islands/C.tsx': ['server/leads/index.ts'], 'server/db/tables.ts': [] });
    expect(serverImportsFromClientSide(graph)).toEqual(['shared/a.ts -> server/db/tables.ts', 'islands/C.tsx -> server/leads/index.ts']);
  });
});
