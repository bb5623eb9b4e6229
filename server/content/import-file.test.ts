import { Readable } from 'node:stream';
import { TooLargeError, ValidationError } from '../errors';
import { ContentFileReader, readContentFile } from './import-file';

const file = {
  format: 'brightpath-content',
  schemaVersion: 1,
  documents: { home: { title: 'Héllo — "quoted" \\ text', list: [1, 2.5, true, null, { data: 'not an image' }], '{"tricky": [': ']}' } },
  images: {
    '/media/content/a': { name: 'a.png', width: 2, height: 1, files: [{ variant: 'content', format: 'jpeg', width: 2, height: 1, sha256: 'x', data: Buffer.from('first image').toString('base64') }] },
    '/media/content/b': { name: 'b', width: 1, height: 1, files: [{ data: 'AB/CD+==' }, { data: 'EF' }] },
  },
};

/** Feeds `text` to a reader in pieces of `size` bytes. */
function read(text: string, size: number, limits?: ConstructorParameters<typeof ContentFileReader>[0]): unknown {
  const reader = new ContentFileReader(limits);
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += size) reader.write(bytes.subarray(at, at + size));
  return reader.end();
}

describe('reading a content file within its limits', () => {
  it('gives what JSON.parse gives, however the file is cut into chunks', () => {
    // `\/` is a writer's way to escape the slashes of base64.
    const text = JSON.stringify(file, null, 1).replace('AB/CD', 'AB\\/CD');
    for (const size of [1, 2, 3, 7, 64, text.length]) expect(read(text, size)).toEqual(file);
  });

  it('refuses a file past a limit while reading it, naming the limit', () => {
    const limits = { maxBytes: 1000, maxStructureBytes: 300, maxEntries: 20, maxDepth: 5 };
    const image = (length: number) => JSON.stringify({ images: { x: { files: [{ data: 'A'.repeat(length) }] } } });
    // Image data counts against the whole file only.
    expect(read(image(900), 10, limits)).toEqual(JSON.parse(image(900)));
    expect(() => read(image(1000), 10, limits)).toThrow(new TooLargeError('The content file is larger than 0 MB, the most an import takes.'));
    expect(() => read(JSON.stringify({ padding: 'A'.repeat(400) }), 10, limits)).toThrow(TooLargeError);
    expect(() => read(JSON.stringify({ list: Array.from({ length: 21 }, () => 0) }), 10, limits)).toThrow(new ValidationError('The content file holds more than 20 keys and list items, the most an import takes.'));
    expect(() => read(JSON.stringify(Object.fromEntries(Array.from({ length: 21 }, (_, n) => [`k${n}`, 0]))), 10, limits)).toThrow(/more than 20 keys/);
    expect(() => read('[[[[[[]]]]]]', 1, limits)).toThrow(new ValidationError('The content file is nested deeper than 5 levels, the most an import takes.'));
    expect(read('[[[[[]]]]]', 1, limits)).toEqual([[[[[]]]]]);
    expect(() => read('{"format":', 3)).toThrow(new ValidationError('The content file is not valid JSON.'));
  });

  it('reads a stream, and stops listening to it at the first refusal', async () => {
    expect(await readContentFile(Readable.from([Buffer.from('{"a":'), Buffer.from('[1]}')]))).toEqual({ a: [1] });
    let stopped = false;
    const stream = Readable.from((function* () {
      yield Buffer.from('[');
      for (;;) yield Buffer.from('[');
    })());
    await expect(readContentFile(stream, { stop: () => (stopped = true) })).rejects.toThrow(/deeper than 32 levels/);
    expect(stopped).toBe(true);
    await expect(readContentFile(Readable.from([]), { declaredBytes: 41 * 1024 * 1024 })).rejects.toThrow(/larger than 40 MB/);
  });
});
