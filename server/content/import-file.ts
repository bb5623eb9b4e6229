import type { Readable } from 'node:stream';
import { TooLargeError, ValidationError } from '../errors';
import { messages } from '../messages';

/**
 * Reading a content file (`POST /api/content/import`, `npm run content -- import`) within limits
 * that hold what the server keeps of it to a known size, checked on each chunk as it arrives,
 * before anything is parsed:
 *
 * - `maxBytes`: the whole file, images included (their bytes are base64 inside it);
 * - `maxStructureBytes`: the file without its images' data (the documents, names, checksums);
 * - `maxEntries`: keys and list items together, whatever their size (each becomes a JavaScript
 *   object slot or value: 700,000 of them in 8 MB took a 192 MB heap);
 * - `maxDepth`: nesting of objects and lists.
 *
 * The images' data (each `images.<src>.files[n].data` string) is set aside as it is read, so only
 * the structure goes through `JSON.parse`; each data string is put back afterwards as a one-byte
 * string. The figures under `npm start`'s heap are in docs/performance.md ("Content import").
 */
export interface ContentImportLimits {
  maxBytes: number;
  maxStructureBytes: number;
  maxEntries: number;
  maxDepth: number;
}

export const CONTENT_IMPORT_LIMITS: Readonly<ContentImportLimits> = {
  maxBytes: 40 * 1024 * 1024,
  maxStructureBytes: 4 * 1024 * 1024,
  maxEntries: 100_000,
  maxDepth: 32,
};

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const KEY_BYTES_KEPT = 16;

interface Frame {
  array: boolean;
  /** The key it sits under in its parent object (undefined in a list, or for a key too long to matter). */
  key: string | undefined;
}

/** The placeholder written into the structure in place of the `n`th image data string. */
const placeholder = (n: number) => `#${n}`;
const PLACEHOLDER = /^#(\d+)$/;

/**
 * Takes a content file chunk by chunk, refusing it (TooLargeError, ValidationError naming the
 * limit) on the first chunk that passes a limit, then gives the parsed file.
 */
export class ContentFileReader {
  private bytes = 0;
  private structureBytes = 0;
  private entries = 0;
  private readonly stack: Frame[] = [];
  private readonly structure: Buffer[] = [];
  private readonly images: Buffer[][] = [];
  private inString = false;
  private escaped = false;
  private stringIsKey = false;
  private capture: Buffer[] | null = null;
  private keyBytes: number[] = [];
  private keyTooLong = false;
  private lastKey: string | undefined;
  private expectingKey = false;
  private inScalar = false;

  constructor(private readonly limits: ContentImportLimits = CONTENT_IMPORT_LIMITS) {}

  /** Refuses at once a file whose declared size is over the limit. */
  declare(bytes: number | undefined): void {
    if (bytes !== undefined && bytes > this.limits.maxBytes) this.tooLarge();
  }

  write(chunk: Buffer): void {
    this.bytes += chunk.length;
    if (this.bytes > this.limits.maxBytes) this.tooLarge();
    let segment = 0;
    let i = 0;
    while (i < chunk.length) {
      if (this.inString) {
        if (this.escaped) {
          this.escaped = false;
          if (this.stringIsKey) this.keyByte(chunk[i]!);
          i += 1;
          continue;
        }
        // Straight to the next quote or backslash: an image's base64 is megabytes of neither.
        const quote = chunk.indexOf(QUOTE, i);
        const slash = chunk.indexOf(BACKSLASH, i);
        const stop = quote === -1 ? slash : slash === -1 ? quote : Math.min(quote, slash);
        if (stop === -1) {
          if (this.stringIsKey) for (let k = i; k < chunk.length; k += 1) this.keyByte(chunk[k]!);
          break;
        }
        if (this.stringIsKey) for (let k = i; k < stop; k += 1) this.keyByte(chunk[k]!);
        if (chunk[stop] === BACKSLASH) {
          this.escaped = true;
          if (this.stringIsKey) this.keyByte(BACKSLASH);
          i = stop + 1;
          continue;
        }
        this.inString = false;
        if (this.capture) {
          this.capture.push(Buffer.from(chunk.subarray(segment, stop)));
          this.capture = null;
          segment = stop;
        } else if (this.stringIsKey) {
          this.lastKey = this.keyTooLong ? undefined : Buffer.from(this.keyBytes).toString('utf8');
        }
        i = stop + 1;
        continue;
      }
      const byte = chunk[i]!;
      switch (byte) {
        case 0x20:
        case 0x09:
        case 0x0a:
        case 0x0d:
          this.inScalar = false;
          break;
        case 0x7b: // {
        case 0x5b: {
          // [
          this.inScalar = false;
          this.valueStarts();
          const top = this.stack[this.stack.length - 1];
          this.stack.push({ array: byte === 0x5b, key: top && !top.array ? this.lastKey : undefined });
          if (this.stack.length > this.limits.maxDepth) throw new ValidationError(messages.contentTransfer.tooDeep(this.limits.maxDepth));
          this.expectingKey = byte === 0x7b;
          break;
        }
        case 0x7d: // }
        case 0x5d: // ]
          this.inScalar = false;
          this.stack.pop();
          this.expectingKey = false;
          break;
        case 0x2c: {
          // ,
          this.inScalar = false;
          const top = this.stack[this.stack.length - 1];
          this.expectingKey = Boolean(top && !top.array);
          break;
        }
        case 0x3a: // :
          this.inScalar = false;
          this.expectingKey = false;
          break;
        case QUOTE: {
          this.inScalar = false;
          const top = this.stack[this.stack.length - 1];
          this.inString = true;
          this.escaped = false;
          this.stringIsKey = Boolean(top && !top.array && this.expectingKey);
          if (this.stringIsKey) {
            this.count();
            this.keyBytes = [];
            this.keyTooLong = false;
          } else {
            this.valueStarts();
            if (this.atImageData()) {
              this.keep(chunk.subarray(segment, i + 1));
              this.keep(Buffer.from(placeholder(this.images.length)));
              this.capture = [];
              this.images.push(this.capture);
              segment = i + 1;
            }
          }
          break;
        }
        default:
          if (!this.inScalar) {
            this.inScalar = true;
            this.valueStarts();
          }
      }
      i += 1;
    }
    if (this.capture) this.capture.push(Buffer.from(chunk.subarray(segment)));
    else this.keep(chunk.subarray(segment));
  }

  /** The parsed file, each image's data back in place as a string. */
  end(): unknown {
    const text = Buffer.concat(this.structure).toString('utf8');
    this.structure.length = 0;
    let file: unknown;
    try {
      file = JSON.parse(text);
    } catch {
      throw new ValidationError(messages.contentTransfer.notJsonText);
    }
    const images = (file as { images?: unknown } | null)?.images;
    if (images && typeof images === 'object') {
      for (const image of Object.values(images)) {
        const files = (image as { files?: unknown } | null)?.files;
        if (!Array.isArray(files)) continue;
        for (const each of files) {
          const data = (each as { data?: unknown } | null)?.data;
          const n = typeof data === 'string' ? PLACEHOLDER.exec(data)?.[1] : undefined;
          const parts = n === undefined ? undefined : this.images[Number(n)];
          if (!parts) continue;
          const bytes = Buffer.concat(parts);
          parts.length = 0;
          // Base64 needs no escapes; a writer may still have used some (`\/`).
          (each as { data: string }).data = bytes.includes(BACKSLASH) ? (JSON.parse(`"${bytes.toString('utf8')}"`) as string) : bytes.toString('utf8');
        }
      }
    }
    return file;
  }

  private tooLarge(): never {
    throw new TooLargeError(messages.contentTransfer.tooLarge(megabytes(this.limits.maxBytes)));
  }

  private keep(bytes: Buffer): void {
    if (bytes.length === 0) return;
    this.structureBytes += bytes.length;
    if (this.structureBytes > this.limits.maxStructureBytes) throw new TooLargeError(messages.contentTransfer.structureTooLarge(megabytes(this.limits.maxStructureBytes)));
    // A copy: the chunk it came from may be reused by its stream.
    this.structure.push(Buffer.from(bytes));
  }

  private count(): void {
    this.entries += 1;
    if (this.entries > this.limits.maxEntries) throw new ValidationError(messages.contentTransfer.tooManyEntries(this.limits.maxEntries));
  }

  /** A value begins: a list item counts as an entry (an object's members are counted by their keys). */
  private valueStarts(): void {
    if (this.stack[this.stack.length - 1]?.array) this.count();
  }

  private keyByte(byte: number): void {
    if (this.keyBytes.length < KEY_BYTES_KEPT) this.keyBytes.push(byte);
    else this.keyTooLong = true;
  }

  /** At `images.<src>.files[n].data`, the one place image bytes are carried. */
  private atImageData(): boolean {
    const s = this.stack;
    return (
      s.length === 5 &&
      this.lastKey === 'data' &&
      !s[0]!.array &&
      !s[1]!.array &&
      s[1]!.key === 'images' &&
      !s[2]!.array &&
      s[3]!.array &&
      s[3]!.key === 'files' &&
      !s[4]!.array
    );
  }
}

const megabytes = (bytes: number) => Math.round(bytes / (1024 * 1024));

/**
 * Reads a content file from `stream` through a `ContentFileReader`. On a refusal it stops
 * listening at once and pauses the stream, leaving the rest of it unread; `stop` is called then,
 * for the caller to let go of what feeds the stream.
 */
export function readContentFile(stream: Readable, { declaredBytes, limits, stop }: { declaredBytes?: number; limits?: ContentImportLimits; stop?: () => void } = {}): Promise<unknown> {
  const reader = new ContentFileReader(limits);
  return new Promise((resolve, reject) => {
    const cleanUp = () => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', onError);
      stream.off('close', onClose);
      // Later errors (a decoder finding the end missing) have nobody left to tell.
      stream.on('error', () => undefined);
      stream.pause();
    };
    const fail = (error: unknown) => {
      cleanUp();
      stop?.();
      reject(error);
    };
    const onData = (chunk: Buffer | string) => {
      try {
        reader.write(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
      } catch (error) {
        fail(error);
      }
    };
    const onEnd = () => {
      cleanUp();
      try {
        resolve(reader.end());
      } catch (error) {
        reject(error);
      }
    };
    const onError = (error: Error) => fail(error);
    const onClose = () => fail(new Error('The content file ended before it was read whole.'));
    try {
      reader.declare(declaredBytes);
    } catch (error) {
      fail(error);
      return;
    }
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', onError);
    stream.once('close', onClose);
  });
}
