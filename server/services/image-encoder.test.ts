import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { htmlFile, picture, upload } from '../../tests/helpers/portfolio-fixtures';
import { UnsupportedTypeError } from '../errors';
import { createImageEncoder, encodeImagesInChildProcess } from './image-encoder';
import { MAIN_IMAGE_VARIANTS, SLIDER_IMAGE_VARIANTS } from './image-renditions';

/** A child script written for the test, to see how the site copes with a broken encoder. */
function childScript(source: string) {
  const script = path.join(mkdtempSync(path.join(tmpdir(), 'encoder-')), 'child.js');
  writeFileSync(script, source);
  return { script, execArgv: [] };
}

/** The npm packages a bundle of `entry` loads when it starts, as `npm run build` bundles it. */
async function packagesOf(entry: string): Promise<Set<string>> {
  const { metafile } = await esbuild.build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', packages: 'external', jsx: 'automatic', write: false, metafile: true, logLevel: 'silent' });
  return new Set(Object.values(metafile.outputs).flatMap((output) => output.imports.filter((item) => item.external).map((item) => item.path)));
}

describe('image encoder in a child process', () => {
  it("is the only process that loads sharp: the site's own never does", async () => {
    const root = path.resolve(__dirname, '..', '..');
    const site = await packagesOf(path.join(root, 'server/index.ts'));
    expect(site).toContain('react-dom/server');
    expect([...site].filter((name) => name === 'sharp' || name.startsWith('sharp/'))).toEqual([]);
    expect(await packagesOf(path.join(root, 'server/image-encoder-child.ts'))).toContain('sharp');
  });

  it("draws the site's own SVG drawings before encoding them, and still refuses an uploaded SVG", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="600"><rect width="100%" height="100%" fill="#045e63"/></svg>');
    const [drawn] = await encodeImagesInChildProcess([{ upload: upload(svg, 'Sample image'), variants: MAIN_IMAGE_VARIANTS, drawn: true }]);
    expect([drawn!.sourceWidth, drawn!.sourceHeight]).toEqual([900, 600]);
    await expect(encodeImagesInChildProcess([{ upload: upload(svg, 'Main image (logo.svg)'), variants: MAIN_IMAGE_VARIANTS }])).rejects.toBeInstanceOf(UnsupportedTypeError);
  });

  it('encodes every job in order and hands back Buffers the database driver can store', async () => {
    const [main, slide] = await encodeImagesInChildProcess([
      { upload: upload(await picture('png', 1200, 800)), variants: MAIN_IMAGE_VARIANTS },
      { upload: upload(await picture('jpeg', 1600, 1200), 'Slider image 1'), variants: SLIDER_IMAGE_VARIANTS },
    ]);
    expect(main!.sourceWidth).toBe(1200);
    expect(slide!.sourceWidth).toBe(1600);
    expect(new Set(main!.files.map((file) => file.variant))).toEqual(new Set(MAIN_IMAGE_VARIANTS));
    expect(new Set(slide!.files.map((file) => file.variant))).toEqual(new Set(SLIDER_IMAGE_VARIANTS));
    for (const file of [...main!.files, ...slide!.files]) {
      expect(Buffer.isBuffer(file.data)).toBe(true);
      expect(file.data.length).toBeGreaterThan(100);
    }
  });

  it('answers nothing for no images without starting a child', async () => {
    const neverStarts = createImageEncoder({ entry: { script: '/nonexistent/child.js', execArgv: [] } });
    await expect(neverStarts([])).resolves.toEqual([]);
  });

  it("rejects a file that is not an image with the upload's own message, as an unsupported type", async () => {
    const rejection = encodeImagesInChildProcess([{ upload: upload(htmlFile, 'Slider image 2 (page.html)'), variants: SLIDER_IMAGE_VARIANTS }]);
    await expect(rejection).rejects.toBeInstanceOf(UnsupportedTypeError);
    await expect(rejection).rejects.toMatchObject({ message: expect.stringContaining('Slider image 2 (page.html)') });
  });

  it('fails the call, not the site, when the child dies, and the next call still runs', async () => {
    const crashing = createImageEncoder({ entry: childScript("process.on('message', () => process.exit(3));") });
    await expect(crashing([{ upload: upload(Buffer.from('x')), variants: MAIN_IMAGE_VARIANTS }])).rejects.toThrow('Image encoder exited early (3)');
    await expect(crashing([{ upload: upload(Buffer.from('x')), variants: MAIN_IMAGE_VARIANTS }])).rejects.toThrow('exited early');
  });

  it('gives up on a child that never answers and kills it', async () => {
    const stuck = createImageEncoder({ entry: childScript("process.on('message', () => setInterval(() => {}, 1000));"), timeoutMs: 500 });
    await expect(stuck([{ upload: upload(Buffer.from('x')), variants: MAIN_IMAGE_VARIANTS }])).rejects.toThrow('Image encoder timed out');
  });

  it('runs one child at a time, in the order the calls came', async () => {
    const log = path.join(mkdtempSync(path.join(tmpdir(), 'encoder-')), 'log');
    const slow = createImageEncoder({
      entry: childScript(
        `const fs = require('fs');
         process.on('message', (jobs) => {
           fs.appendFileSync(${JSON.stringify(log)}, 'start ' + jobs[0].upload.label + '\\n');
           setTimeout(() => { fs.appendFileSync(${JSON.stringify(log)}, 'end ' + jobs[0].upload.label + '\\n'); process.send({ ok: true, images: [] }, () => process.exit(0)); }, 200);
         });`,
      ),
    });
    await Promise.all(['a', 'b'].map((label) => slow([{ upload: upload(Buffer.from('x'), label), variants: MAIN_IMAGE_VARIANTS }])));
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual(['start a', 'end a', 'start b', 'end b']);
  });
});
