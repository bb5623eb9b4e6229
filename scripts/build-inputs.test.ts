import fs from 'node:fs';
import path from 'node:path';
import { buildInputsHash } from './build-inputs';

/** A file written beside the build's inputs for one test, and removed after it. */
function withFile(name: string, text: string, check: () => void): void {
  const file = path.join(__dirname, name);
  fs.writeFileSync(file, text);
  try {
    check();
  } finally {
    fs.rmSync(file, { force: true });
  }
}

describe('what the production build is made from (a restart skips a build of the same inputs)', () => {
  it('is the same for the same files, and changes with a byte of code', () => {
    const before = buildInputsHash();
    expect(buildInputsHash()).toBe(before);
    withFile('build-inputs-probe.ts', 'export const probe = 1;\n', () => expect(buildInputsHash()).not.toBe(before));
    expect(buildInputsHash()).toBe(before);
  });

  it('does not change with a test, which nothing builds', () => {
    const before = buildInputsHash();
    withFile('build-inputs-probe.test.ts', 'it("x", () => undefined);\n', () => expect(buildInputsHash()).toBe(before));
  });
});
