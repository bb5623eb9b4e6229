import type { IncomingMessage } from 'node:http';
import { Writable } from 'node:stream';
import formidable, { errors as formidableErrors } from 'formidable';
import { HttpError } from '../http-errors';
import { messages } from '../messages';
import type { PortfolioSubmission } from '../services/portfolio';
import type { UploadedImage } from '../services/image-renditions';
import { PORTFOLIO_LIMITS } from '../../shared/portfolio/limits';
import { portfolioMessages } from '../../shared/portfolio/messages';

const REPEATED_FIELDS = new Set(['categories', 'displayCategories', 'keepSliderImages']);
const FILE_FIELDS = new Set(['image', 'sliderImages']);

/**
 * Reads a `multipart/form-data` portfolio form into memory with every limit enforced while the
 * body streams in: the upload limit per file, one main image, and the first three slider images
 * (later ones are skipped unread, as the spec asks). Nothing touches the disk. Throws 4xx `HttpError`s: the
 * body is the HTTP layer's to read; the service then checks each file by its content.
 */
export async function readPortfolioMultipart(req: IncomingMessage): Promise<PortfolioSubmission> {
  if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) {
    throw new HttpError(415, messages.portfolio.notMultipart);
  }
  const buffers = new Map<object, Buffer[]>();
  let mainCount = 0;
  let sliderCount = 0;
  let unknownFileField: string | undefined;

  const form = formidable({
    maxFileSize: PORTFOLIO_LIMITS.maxFileBytes,
    maxTotalFileSize: (1 + PORTFOLIO_LIMITS.maxSliderImages) * PORTFOLIO_LIMITS.maxFileBytes,
    maxFiles: 1 + PORTFOLIO_LIMITS.maxSliderImages,
    maxFields: 80,
    maxFieldsSize: 200 * 1024,
    allowEmptyFiles: true,
    minFileSize: 0,
    // Decides per file part before any byte is kept: extras and unknown fields are never buffered.
    filter: (part) => {
      if (!part.name || !FILE_FIELDS.has(part.name)) {
        unknownFileField = part.name ?? '(unnamed)';
        return false;
      }
      if (part.name === 'image') return ++mainCount === 1;
      return ++sliderCount <= PORTFOLIO_LIMITS.maxSliderImages;
    },
    fileWriteStreamHandler: (file) => {
      const chunks: Buffer[] = [];
      if (file) buffers.set(file, chunks);
      return new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(chunk);
          done();
        },
      });
    },
  });

  let parsed: [formidable.Fields, formidable.Files];
  try {
    parsed = await form.parse(req);
  } catch (error) {
    throw toHttpError(error);
  }
  if (unknownFileField) throw new HttpError(400, `${portfolioMessages.unknownFileField} (got "${unknownFileField}")`);
  const [rawFields, files] = parsed;

  const fields: Record<string, string | string[]> = {};
  for (const [name, values] of Object.entries(rawFields)) {
    if (!values) continue;
    fields[name] = REPEATED_FIELDS.has(name) ? values : (values[values.length - 1] ?? '');
  }
  const toUpload = (file: formidable.File, label: string): UploadedImage => ({
    label: file.originalFilename ? `${label} (${file.originalFilename})` : label,
    data: Buffer.concat(buffers.get(file) ?? []),
  });
  const main = files.image?.[0];
  return {
    fields,
    mainImage: main ? toUpload(main, 'Main image') : undefined,
    sliderImages: (files.sliderImages ?? []).map((file, index) => toUpload(file, `Slider image ${index + 1}`)),
  };
}

function toHttpError(error: unknown): HttpError {
  const code = (error as { code?: number }).code;
  switch (code) {
    case formidableErrors.biggerThanMaxFileSize:
      return new HttpError(413, portfolioMessages.fileTooLarge);
    case formidableErrors.biggerThanTotalMaxFileSize:
    case formidableErrors.maxFilesExceeded:
      return new HttpError(413, portfolioMessages.tooManyFiles);
    case formidableErrors.maxFieldsSizeExceeded:
    case formidableErrors.maxFieldsExceeded:
      return new HttpError(413, messages.portfolio.tooManyFields);
    default:
      return new HttpError(400, messages.portfolio.unreadableUpload);
  }
}
