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
  let mainCount = 0;
  let sliderCount = 0;
  const { rawFields, files, toUpload } = await readImageMultipart(req, {
    notMultipart: messages.portfolio.notMultipart,
    maxFiles: 1 + PORTFOLIO_LIMITS.maxSliderImages,
    maxFields: 80,
    maxFieldsSize: 200 * 1024,
    fileFields: FILE_FIELDS,
    unknownFileField: portfolioMessages.unknownFileField,
    tooManyFiles: portfolioMessages.tooManyFiles,
    keep: (name) => (name === 'image' ? ++mainCount === 1 : ++sliderCount <= PORTFOLIO_LIMITS.maxSliderImages),
  });

  const fields: Record<string, string | string[]> = {};
  for (const [name, values] of Object.entries(rawFields)) {
    if (!values) continue;
    fields[name] = REPEATED_FIELDS.has(name) ? values : (values[values.length - 1] ?? '');
  }
  const main = files.image?.[0];
  return {
    fields,
    mainImage: main ? toUpload(main, 'Main image') : undefined,
    sliderImages: (files.sliderImages ?? []).map((file, index) => toUpload(file, `Slider image ${index + 1}`)),
  };
}

/**
 * Reads a `multipart/form-data` body holding one image in `field` (and no other file), with the
 * portfolio's upload limit: the content images' upload. The image is labelled by its file's name.
 */
export async function readOneImageMultipart(req: IncomingMessage, field: string): Promise<{ upload: UploadedImage; fileName: string }> {
  let count = 0;
  const { files, toUpload } = await readImageMultipart(req, {
    notMultipart: messages.contentImages.notMultipart(field),
    maxFiles: 1,
    maxFields: 10,
    maxFieldsSize: 10 * 1024,
    fileFields: new Set([field]),
    unknownFileField: messages.contentImages.unknownFileField(field),
    tooManyFiles: messages.contentImages.oneFile,
    keep: () => ++count === 1,
  });
  const file = files[field]?.[0];
  if (!file) throw new HttpError(400, messages.contentImages.noFile(field));
  // Kept as the image's name (and in the audit trail): no control characters (PostgreSQL refuses NUL).
  const fileName = [...(file.originalFilename ?? '')]
    .filter((character) => character >= ' ' && character !== '\u007f')
    .join('')
    .trim()
    .slice(0, 200);
  return { upload: toUpload(file, 'The image'), fileName };
}

interface ImageMultipartRules {
  /** The 415 message for a body of another type. */
  notMultipart: string;
  maxFiles: number;
  maxFields: number;
  maxFieldsSize: number;
  /** The fields that may carry files; a file in any other field is refused with `unknownFileField`. */
  fileFields: ReadonlySet<string>;
  unknownFileField: string;
  /** The 413 message for more files than allowed. */
  tooManyFiles: string;
  /** Whether to keep this file of an allowed field (false: skipped unread). */
  keep: (field: string) => boolean;
}

/** The body's fields and files, every file held in memory and each at most the upload limit. */
async function readImageMultipart(req: IncomingMessage, rules: ImageMultipartRules) {
  if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) {
    throw new HttpError(415, rules.notMultipart);
  }
  const buffers = new Map<object, Buffer[]>();
  let unknownFileField: string | undefined;

  const form = formidable({
    maxFileSize: PORTFOLIO_LIMITS.maxFileBytes,
    // One file's worth above the sum, so that a single oversized file is named as such.
    maxTotalFileSize: (rules.maxFiles + 1) * PORTFOLIO_LIMITS.maxFileBytes,
    maxFiles: rules.maxFiles,
    maxFields: rules.maxFields,
    maxFieldsSize: rules.maxFieldsSize,
    allowEmptyFiles: true,
    minFileSize: 0,
    // Decides per file part before any byte is kept: extras and unknown fields are never buffered.
    filter: (part) => {
      if (!part.name || !rules.fileFields.has(part.name)) {
        unknownFileField = part.name ?? '(unnamed)';
        return false;
      }
      return rules.keep(part.name);
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
    throw toHttpError(error, rules.tooManyFiles);
  }
  if (unknownFileField) throw new HttpError(400, `${rules.unknownFileField} (got "${unknownFileField}")`);
  const [rawFields, files] = parsed;
  const toUpload = (file: formidable.File, label: string): UploadedImage => ({
    label: file.originalFilename ? `${label} (${file.originalFilename})` : label,
    data: Buffer.concat(buffers.get(file) ?? []),
  });
  return { rawFields, files, toUpload };
}

function toHttpError(error: unknown, tooManyFiles: string): HttpError {
  const code = (error as { code?: number }).code;
  switch (code) {
    case formidableErrors.biggerThanMaxFileSize:
      return new HttpError(413, portfolioMessages.fileTooLarge);
    case formidableErrors.biggerThanTotalMaxFileSize:
    case formidableErrors.maxFilesExceeded:
      return new HttpError(413, tooManyFiles);
    case formidableErrors.maxFieldsSizeExceeded:
    case formidableErrors.maxFieldsExceeded:
      return new HttpError(413, messages.portfolio.tooManyFields);
    default:
      return new HttpError(400, messages.portfolio.unreadableUpload);
  }
}
