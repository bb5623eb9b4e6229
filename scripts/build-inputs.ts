import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

/** What the production build is made from: the code, the static files and the locked dependencies. */
const INPUT_DIRS = ['server', 'shared', 'views', 'islands', 'static', 'migrations', 'scripts'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.json'];
/** Tests are not built into anything. */
const NOT_BUILT = /\.test\.tsx?$/;

/** Where a production build records what it was made from; any other build of `dist/public` removes it. */
export const BUILD_STAMP = path.join(root, 'dist', 'build-inputs.sha256');

/** One hash of every input's path and bytes (about 800 files, a few milliseconds). */
export function buildInputsHash(): string {
  const hash = createHash('sha256');
  const add = (file: string) => {
    hash.update(path.relative(root, file));
    hash.update('\0');
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  };
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile() && !NOT_BUILT.test(entry.name)) add(full);
    }
  };
  for (const dir of INPUT_DIRS) if (fs.existsSync(path.join(root, dir))) walk(path.join(root, dir));
  for (const file of INPUT_FILES) if (fs.existsSync(path.join(root, file))) add(path.join(root, file));
  hash.update(process.version);
  return hash.digest('hex');
}

/** True when `dist` holds a production build of exactly these inputs. */
export function buildIsCurrent(inputs: string): boolean {
  try {
    return fs.readFileSync(BUILD_STAMP, 'utf8') === inputs;
  } catch {
    return false;
  }
}
