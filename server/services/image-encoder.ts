import { fork } from 'node:child_process';
import path from 'node:path';
import type { ImageVariant } from '../db/tables';
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

/** The one message the child sends back before it exits. */
export type EncoderReply = { ok: true; images: EncodedImage[] } | { ok: false; kind?: PlainErrorKind; message: string };

/**
 * Image encoding runs in a short-lived child process, one batch at a time. libvips and the AVIF
 * encoder need a few hundred megabytes while they work, and a long-lived process never hands that
 * memory back to the system; a child that exits does, so the site's own memory stays flat however
 * many images the admins upload. Queuing bounds what two admins uploading at once could take.
 */
export function createImageEncoder({ entry = encoderEntry(), timeoutMs = 120_000 }: ImageEncoderOptions = {}): EncodeImages {
  let queue: Promise<unknown> = Promise.resolve();
  return (jobs) => {
    if (jobs.length === 0) return Promise.resolve([]);
    const turn = queue.then(() => runEncoderChild(entry, timeoutMs, jobs));
    queue = turn.catch(() => undefined);
    return turn;
  };
}

export interface ImageEncoderOptions {
  /** The child's script and node flags (tests swap in a misbehaving child). */
  entry?: { script: string; execArgv: string[] };
  /** A stuck decoder must not hold an admin's request, or the queue, for ever. */
  timeoutMs?: number;
}

export const encodeImagesInChildProcess = createImageEncoder();

function runEncoderChild(entry: { script: string; execArgv: string[] }, timeoutMs: number, jobs: EncodeJob[]): Promise<EncodedImage[]> {
  return new Promise((resolve, reject) => {
    const child = fork(entry.script, [], { execArgv: entry.execArgv, serialization: 'advanced', stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let settled = false;
    const settle = (done: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (child.exitCode === null) child.kill();
      done();
    };
    const timer = setTimeout(() => settle(() => reject(new Error('Image encoder timed out'))), timeoutMs);
    child.once('message', (reply: EncoderReply) =>
      settle(() => {
        if (reply.ok) resolve(reply.images.map(asBuffers));
        else reject(reply.kind ? domainErrorOfKind(reply.kind, reply.message) : new Error(reply.message));
      }),
    );
    child.once('error', (error) => settle(() => reject(error)));
    child.once('exit', (code, signal) => settle(() => reject(new Error(`Image encoder exited early (${signal ?? code})`))));
    child.send(jobs);
  });
}

/**
 * The child's script and node flags: next to the bundle in a build (`dist/image-encoder.js`),
 * the TypeScript source through tsx when the server itself runs from source (dev and tests).
 */
function encoderEntry(): { script: string; execArgv: string[] } {
  if (!__filename.endsWith('.ts')) return { script: path.join(__dirname, 'image-encoder.js'), execArgv: [] };
  return { script: path.join(__dirname, '..', 'image-encoder-child.ts'), execArgv: ['--import', 'tsx'] };
}

/** Structured clone turns Buffers into plain Uint8Arrays; the database driver wants Buffers. */
export function asBuffers(image: EncodedImage): EncodedImage {
  return { ...image, files: image.files.map((file) => ({ ...file, data: toBuffer(file.data) })) };
}

export function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
