/**
 * The image encoder's child process (see services/image-encoder.ts): receives one batch of
 * uploads (or the site's own drawings, drawn here first), encodes them in order, sends the
 * renditions back and exits, returning its memory.
 */
import { DomainError } from './errors';
import { toBuffer, type EncodeJob, type EncoderReply } from './services/image-encoder';
import type { EncodedImage } from './services/image-renditions';
import { encodeImage, rasterizeDrawing } from './services/portfolio-images';

const reply = (message: EncoderReply) => process.send!(message, () => process.exit(0));

process.once('message', async (jobs: EncodeJob[]) => {
  try {
    const images: EncodedImage[] = [];
    for (const { upload, variants, drawn } of jobs) {
      const data = drawn ? await rasterizeDrawing(toBuffer(upload.data)) : toBuffer(upload.data);
      images.push(await encodeImage({ label: upload.label, data }, variants));
    }
    reply({ ok: true, images });
  } catch (error) {
    // A bad upload's error goes back as its kind and message, to be answered as such.
    const kind = error instanceof DomainError ? error.kind : undefined;
    reply(kind && kind !== 'rate-limited' ? { ok: false, kind, message: (error as DomainError).message } : { ok: false, message: String(error) });
  }
});

// The site went away (shut down or crashed): nobody is waiting for the result.
process.once('disconnect', () => process.exit(0));
