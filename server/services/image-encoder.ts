import { childEntry, runChildJob, type ChildEntry } from '../child-job';
import type { ImageFormat, ImageVariant } from '../db/tables';
import { domainErrorOfKind, type PlainErrorKind } from '../errors';
import type { EncodedImage, UploadedImage } from './image-renditions';

export interface EncodeJob {
  upload: UploadedImage;
  variants: ImageVariant[];
  /**
   * The upload is an SVG the site drew itself (the sample portfolio's pictures): the child draws it
   * into a PNG, which is then checked and encoded as any upload. Never set for a file someone
   * sent: an uploaded SVG is refused.
   */
  drawn?: boolean;
}

/** Encodes every job of one portfolio change, in order; rejects with the first bad upload's domain error. */
export type EncodeImages = (jobs: EncodeJob[]) => Promise<EncodedImage[]>;

/** A rendition a content file carries, with what the file says it is (see `inspectRendition`). */
export interface RenditionCheck {
  /** Names it in a refusal, for example "/media/content/<id> (map.png), file <sha256>.jpg". */
  label: string;
  data: Buffer;
  format: ImageFormat;
  width: number;
  height: number;
}

/** Checks each rendition as an upload is checked: null for one that is what it says, else why not (naming its label). */
export type CheckRenditions = (renditions: RenditionCheck[]) => Promise<(string | null)[]>;

/** What the child is sent: uploads to encode, or renditions to check. */
export type EncoderRequest = EncodeJob[] | { check: RenditionCheck[] };

/** The one message the child sends back before it exits. */
export type EncoderReply = { ok: true; images: EncodedImage[] } | { ok: true; refusals: (string | null)[] } | { ok: false; kind?: PlainErrorKind; message: string };

/**
 * Image encoding runs in a short-lived child process, one batch at a time. libvips and the AVIF
 * encoder need a few hundred megabytes while they work, and a long-lived process never hands that
 * memory back to the system; a child that exits does, so the site's own memory stays flat however
 * many images the admins upload. Queuing bounds what two admins uploading at once could take.
 */
export function createImageEncoder({ entry = encoderEntry(), timeoutMs = 120_000 }: ImageEncoderOptions = {}): EncodeImages {
  return (jobs) => (jobs.length === 0 ? Promise.resolve([]) : inTurn(() => runEncoderChild(entry, timeoutMs, jobs)));
}

/**
 * Checks the renditions a content file carries in the encoder's child process (the site's own
 * process never loads sharp), in the same queue as uploads.
 */
export function createRenditionChecker({ entry = encoderEntry(), timeoutMs = 120_000 }: ImageEncoderOptions = {}): CheckRenditions {
  return (renditions) =>
    renditions.length === 0
      ? Promise.resolve([])
      : inTurn(() =>
          runChildJob<EncoderReply, (string | null)[]>(entry, { check: renditions }, {
            what: 'Image checker',
            timeoutMs,
            read: (reply) => ('refusals' in reply ? { result: reply.refusals } : { error: new Error('message' in reply ? reply.message : 'Image checker answered with images') }),
          }),
        );
}

let queue: Promise<unknown> = Promise.resolve();

/** One child at a time, whoever asks: two admins uploading at once, or an import meanwhile, wait their turn. */
function inTurn<T>(run: () => Promise<T>): Promise<T> {
  const turn = queue.then(run);
  queue = turn.catch(() => undefined);
  return turn;
}

export interface ImageEncoderOptions {
  /** The child's script and node flags (tests swap in a misbehaving child). */
  entry?: ChildEntry;
  /** A stuck decoder must not hold an admin's request, or the queue, for ever. */
  timeoutMs?: number;
}

export const encodeImagesInChildProcess = createImageEncoder();
export const checkRenditionsInChildProcess = createRenditionChecker();

function runEncoderChild(entry: ChildEntry, timeoutMs: number, jobs: EncodeJob[]): Promise<EncodedImage[]> {
  return runChildJob<EncoderReply, EncodedImage[]>(entry, jobs, {
    what: 'Image encoder',
    timeoutMs,
    read: (reply) =>
      'images' in reply ? { result: reply.images.map(asBuffers) } : { error: !reply.ok && reply.kind ? domainErrorOfKind(reply.kind, reply.message) : new Error('message' in reply ? reply.message : 'Image encoder answered with checks') },
  });
}

/** The encoder child: `dist/image-encoder.js` in a build, `server/image-encoder-child.ts` from source. */
function encoderEntry(): ChildEntry {
  return childEntry('image-encoder.js', 'image-encoder-child.ts');
}

/** Structured clone turns Buffers into plain Uint8Arrays; the database driver wants Buffers. */
export function asBuffers(image: EncodedImage): EncodedImage {
  return { ...image, files: image.files.map((file) => ({ ...file, data: toBuffer(file.data) })) };
}

export function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
