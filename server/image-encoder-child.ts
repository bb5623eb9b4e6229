/**
 * The image encoder's child process (see services/image-encoder.ts): receives one batch of
 * uploads (or the site's own drawings, drawn here first) and encodes them in order, or one batch
 * of renditions a content file carries and checks each; sends the answer back and exits,
 * returning its memory.
 */
import { DomainError } from './errors';
import { toBuffer, type EncoderReply, type EncoderRequest } from './services/image-encoder';
import type { EncodedImage } from './services/image-renditions';
import { encodeImage, inspectRendition, rasterizeDrawing } from './services/portfolio-images';

const reply = (message: EncoderReply) => process.send!(message, () => process.exit(0));

process.once('message', async (request: EncoderRequest) => {
  try {
    if (!Array.isArray(request)) {
      // Every rendition is checked, so that the answer names each one refused.
      const refusals: (string | null)[] = [];
      for (const { label, data, format, width, height } of request.check) {
        try {
          await inspectRendition({ label, data: toBuffer(data) }, { format, width, height });
          refusals.push(null);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          refusals.push(error.message);
        }
      }
      reply({ ok: true, refusals });
      return;
    }
    const images: EncodedImage[] = [];
    for (const { upload, variants, drawn } of request) {
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
