import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { z } from 'zod';
import { CONTENT_DOCUMENTS, CONTENT_SCHEMA_VERSION, contentDocument, slugKeyOf, slugProblem, type ContentDocumentDefinition } from '../../shared/content/documents';
import { upgradeDocument } from '../../shared/content/upgrade';
import { findFile } from '../db/portfolio';
import { insertContentImage, listContentImages } from '../db/content-images';
import { contentImageId } from '../../shared/content/images';
import { ValidationError } from '../errors';
import { messages } from '../messages';
import type { AuditActor, createAuditTrail } from '../services/audit';
import { checkRenditionsInChildProcess, type CheckRenditions } from '../services/image-encoder';
import { FILE_EXTENSIONS } from '../services/image-renditions';
import { DEFAULT_DOCUMENTS } from '../../shared/content/defaults';
import { addressTakenProblem } from './page-addresses';

/**
 * Moving the site's content between sites (staging to live) as one JSON file: every document by
 * its stable key, and the stored images they show. An import never publishes: each document it
 * changes lands as a draft, to be previewed and published as any other edit.
 */

export const CONTENT_FILE_FORMAT = 'brightpath-content';

export interface ContentFile {
  format: typeof CONTENT_FILE_FORMAT;
  schemaVersion: number;
  exportedAt: string;
  /** Every document's published data, by key. */
  documents: Record<string, unknown>;
  /** The uploaded images the documents show (`/media/content/<id>`), each with its encoded files. */
  images: Record<string, TransferredImage>;
}

const SHA256 = /^[0-9a-f]{64}$/;

/** An uploaded image as the file carries it: what `content_images` keeps, and each rendition's bytes (base64). */
const transferredImageSchema = z.strictObject({
  name: z.string().max(300),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  files: z
    .array(
      z.strictObject({
        variant: z.literal('content'),
        format: z.enum(['avif', 'webp', 'jpeg']),
        width: z.number().int().positive(),
        height: z.number().int().positive(),
        sha256: z.string().regex(SHA256),
        data: z.string(),
      }),
    )
    .min(1)
    .max(30),
});
export type TransferredImage = z.infer<typeof transferredImageSchema>;

/** What an import would do to one document of the file. */
export interface ImportChange {
  key: string;
  /** `new`: a document of this site not stored yet; `unknown`: no document of this site (left out). */
  status: 'unchanged' | 'changed' | 'new' | 'unknown';
  /** The fields that differ from the draft (or, without one, the published data), as dotted paths. */
  fields: string[];
}

/** Something that stops the import, named by document and field (or image). */
export interface ImportProblem {
  key?: string;
  field?: string;
  image?: string;
  message: string;
}

export interface ImportPlan {
  changes: ImportChange[];
  problems: ImportProblem[];
}

const envelopeSchema = z.object({
  format: z.literal(CONTENT_FILE_FORMAT),
  schemaVersion: z.number().int().min(1),
  exportedAt: z.string().optional(),
  documents: z.record(z.string(), z.unknown()),
  images: z.record(z.string(), transferredImageSchema).optional(),
});


/** Every uploaded image a document shows (each image field's `src` under `/media/`). */
export function mediaPathsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const each of value) mediaPathsIn(each, found);
  else if (value && typeof value === 'object') {
    for (const [name, each] of Object.entries(value)) {
      if (name === 'src' && typeof each === 'string' && each.startsWith('/media/')) found.add(each);
      else mediaPathsIn(each, found);
    }
  }
  return found;
}

/**
 * Where two values differ, as dotted paths (`location.city`, `socials.2.href`): down to the
 * leaves, except a list whose length changed, named as a whole.
 */
export function changedFields(before: unknown, after: unknown, path = ''): string[] {
  const here = path || '(document)';
  if (Array.isArray(before) && Array.isArray(after)) {
    if (before.length !== after.length) return [here];
    return after.flatMap((each, index) => changedFields(before[index], each, path ? `${path}.${index}` : String(index)));
  }
  const isObject = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
  if (isObject(before) && isObject(after)) {
    // In the new value's order (the schema's): jsonb keeps keys in an order of its own.
    const names = [...new Set([...Object.keys(after), ...Object.keys(before)])];
    return names.flatMap((name) => changedFields(before[name], after[name], path ? `${path}.${name}` : name));
  }
  return Object.is(before, after) ? [] : [here];
}

/** A zod issue's path as a dotted field name. */
const fieldOf = (path: readonly PropertyKey[]) => path.map(String).join('.') || '(document)';

type AuditTrail = Pick<ReturnType<typeof createAuditTrail>, 'record'>;

interface DocumentRow {
  key: string;
  version: number;
  published_data: unknown;
  draft_data: unknown;
}

const json = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);

/** An image the file carries that this site lacks, its files decoded. */
interface ImageWrite {
  id: string;
  src: string;
  name: string;
  files: (Omit<TransferredImage['files'][number], 'data'> & { data: Buffer })[];
}

/** One image file as checked: the same bytes declared the same way need no second check. */
const checkKey = (file: { sha256: string; format: string; width: number; height: number }) => `${file.sha256} ${file.format} ${file.width}×${file.height}`;

/** A file with problems is refused whole: 400 naming each document and field, or image. */
function refuse(problems: ImportProblem[]): never {
  const fields = Object.fromEntries(problems.map((problem) => [problem.key ? [problem.key, problem.field].filter(Boolean).join('.') : (problem.image ?? 'file'), problem.message]));
  throw new ValidationError(`${messages.contentTransfer.invalid} ${problems.map((problem) => problem.message).join(' ')}`, fields);
}

export interface ContentTransferDeps {
  db: Knex;
  audit: AuditTrail;
  now?: () => Date;
  /** Checks carried images as uploads are checked; by default in the image encoder's child process. */
  checkRenditions?: CheckRenditions;
}

export function createContentTransfer({ db, audit, now = () => new Date(), checkRenditions = checkRenditionsInChildProcess }: ContentTransferDeps) {
  /** Reads the file's envelope; a file that is not one of ours is refused before anything else. */
  const envelopeOf = (file: unknown) => {
    const parsed = envelopeSchema.safeParse(file);
    if (!parsed.success) throw new ValidationError(messages.contentTransfer.notAContentFile);
    if (parsed.data.schemaVersion > CONTENT_SCHEMA_VERSION) throw new ValidationError(messages.contentTransfer.newerSchema(parsed.data.schemaVersion, CONTENT_SCHEMA_VERSION));
    return parsed.data;
  };

  /**
   * What importing `file` would change, each document checked against its schema; reads only.
   * `checked`: the image files found to be what they say (by `checkKey`), not checked again.
   */
  const plan = async (file: unknown, trx: Knex = db, checked = new Set<string>()): Promise<ImportPlan & { writes: { key: string; data: unknown; exists: boolean }[]; imageWrites: ImageWrite[] }> => {
    const envelope = envelopeOf(file);
    const rows = await trx<DocumentRow>('content_documents').select('key', 'version', 'published_data', 'draft_data');
    const stored = new Map(rows.map((row) => [row.key, row]));
    const changes: ImportChange[] = [];
    const problems: ImportProblem[] = [];
    const writes: { key: string; data: unknown; exists: boolean }[] = [];
    const images = new Set<string>();

    for (const [key, data] of Object.entries(envelope.documents)) {
      const definition = contentDocument(key);
      // A service, industry or page whose address cannot be: refused by name, not left out unseen.
      const slugged = slugKeyOf(key);
      const badSlug = slugged && slugProblem(slugged.slug);
      if (badSlug) {
        problems.push({ key, message: `${key}: there can be no such document: ${badSlug}` });
        continue;
      }
      if (!definition) {
        changes.push({ key, status: 'unknown', fields: [] });
        continue;
      }
      // A file exported before the documents' last change of shape reads as it would have been migrated.
      const parsed = definition.schema.safeParse(upgradeDocument(key, data, envelope.schemaVersion));
      if (!parsed.success) {
        for (const issue of parsed.error.issues) problems.push({ key, field: fieldOf(issue.path), message: `${key}, ${fieldOf(issue.path)}: ${issue.message}` });
        continue;
      }
      mediaPathsIn(parsed.data, images);
      const row = stored.get(key);
      const taken = row ? undefined : await addressTakenProblem(trx, key);
      if (taken) {
        problems.push({ key, message: `${key}: ${taken}` });
        continue;
      }
      if (!row) {
        changes.push({ key, status: 'new', fields: Object.keys(parsed.data as object) });
        writes.push({ key, data: parsed.data, exists: false });
        continue;
      }
      const fields = changedFields(json(row.draft_data ?? row.published_data), parsed.data);
      changes.push({ key, status: fields.length > 0 ? 'changed' : 'unchanged', fields });
      if (fields.length > 0) writes.push({ key, data: parsed.data, exists: true });
    }

    const given = envelope.images ?? {};
    const imageWrites: ImageWrite[] = [];
    for (const src of [...images].sort()) {
      const id = contentImageId(src);
      if (!id) {
        problems.push({ image: src, message: messages.contentTransfer.notAnImage(src) });
        continue;
      }
      if (await trx('content_images').where({ id }).first('id')) continue;
      const carried = given[src];
      if (!carried) {
        problems.push({ image: src, message: messages.contentTransfer.missingImage(src) });
        continue;
      }
      // Decoded once, for the checks and the insert.
      const files = carried.files.map(({ data, ...file }) => ({ ...file, data: Buffer.from(data, 'base64') }));
      const intact = files.every((file) => createHash('sha256').update(file.data).digest('hex') === file.sha256);
      if (!intact) problems.push({ image: src, message: messages.contentTransfer.badImage(src) });
      else if (!files.some((file) => file.format === 'jpeg')) problems.push({ image: src, message: messages.contentTransfer.noJpeg(src) });
      else imageWrites.push({ id, src, name: carried.name, files });
    }

    // Each file is then checked as an upload is (its bytes are stored and served as they are):
    // what is not the image it says it is, by its content, is refused by name.
    const renditions = imageWrites.flatMap(({ src, name, files }) =>
      files.filter((file) => !checked.has(checkKey(file))).map((file) => ({ src, file, label: messages.contentTransfer.imageFile(src, name, `${file.sha256}.${FILE_EXTENSIONS[file.format]}`) })),
    );
    const refusals = await checkRenditions(renditions.map(({ label, file }) => ({ label, data: file.data, format: file.format, width: file.width, height: file.height })));
    const refused = new Set<string>();
    renditions.forEach(({ src, file }, index) => {
      const refusal = refusals[index];
      if (!refusal) return void checked.add(checkKey(file));
      refused.add(src);
      problems.push({ image: src, message: refusal });
    });
    return { changes, problems, writes, imageWrites: imageWrites.filter(({ src }) => !refused.has(src)) };
  };

  return {
    /** The whole published content and the stored images it shows, as one file. */
    async exportAll(actor?: AuditActor): Promise<ContentFile> {
      const rows = await db<DocumentRow>('content_documents').select('key', 'published_data');
      const byKey = new Map(rows.map((row) => [row.key, json(row.published_data)]));
      // In the editor's order, each document's fields in its schema's (jsonb keeps an order of its
      // own): two exports of the same content are the same file but for the date, and read as the editor shows it.
      const inSchemaOrder = (definition: ContentDocumentDefinition, data: unknown) => {
        const parsed = definition.schema.safeParse(data);
        return parsed.success ? parsed.data : data;
      };
      // The documents that ship, then those staff added (published ones only: a draft never
      // published is no content of the site), by key.
      const added = [...byKey.keys()].filter((key) => byKey.get(key) !== null && !CONTENT_DOCUMENTS.some((definition) => definition.key === key)).sort();
      const definitions = [...CONTENT_DOCUMENTS.filter((definition) => byKey.has(definition.key)), ...added.flatMap((key) => contentDocument(key) ?? [])];
      const documents = Object.fromEntries(definitions.map((definition) => [definition.key, inSchemaOrder(definition, byKey.get(definition.key))]));
      const images: Record<string, TransferredImage> = {};
      for (const src of [...mediaPathsIn(documents)].sort()) {
        const id = contentImageId(src);
        const [stored] = id ? await listContentImages(db, { id }) : [];
        if (!stored) continue;
        const files: TransferredImage['files'] = [];
        for (const file of stored.files) {
          const bytes = await findFile(db, file.sha256);
          if (bytes) files.push({ variant: 'content', format: file.format, width: file.width, height: file.height, sha256: file.sha256, data: bytes.data.toString('base64') });
        }
        images[src] = { name: stored.name, width: stored.width, height: stored.height, files };
      }
      if (actor) await audit.record(actor, { action: 'content.export', summary: `${Object.keys(documents).length} documents, ${Object.keys(images).length} images` });
      return { format: CONTENT_FILE_FORMAT, schemaVersion: CONTENT_SCHEMA_VERSION, exportedAt: now().toISOString(), documents, images };
    },

    /** What importing `file` would change (a dry run): nothing is written. */
    async dryRun(file: unknown): Promise<ImportPlan> {
      const { changes, problems } = await plan(file);
      return { changes, problems };
    },

    /**
     * Writes every document of `file` that differs as a new draft (never published), in one
     * transaction: a file with any problem is refused whole (400 naming each document and field).
     */
    async importAsDrafts(file: unknown, actor: AuditActor): Promise<ImportPlan> {
      // The images are checked first (seconds in the encoder's child for a large file), outside
      // the transaction, so that the site's other writes do not wait for them.
      const checked = new Set<string>();
      const first = await plan(file, db, checked);
      if (first.problems.length > 0) refuse(first.problems);
      return db.transaction(async (trx) => {
        // The rows are locked first, so a save in between cannot be overwritten unseen.
        await trx('content_documents').select('key').forUpdate();
        const { changes, problems, writes, imageWrites } = await plan(file, trx, checked);
        if (problems.length > 0) refuse(problems);
        // Images the documents show that this site did not have keep their address.
        for (const { id, name, files } of imageWrites) {
          // Its size is its largest JPEG's, checked, as an upload's is (not what the file says).
          const largest = files.filter((file) => file.format === 'jpeg').reduce((a, b) => (b.width > a.width ? b : a));
          await insertContentImage(trx, { id, name, width: largest.width, height: largest.height, createdBy: actor.name, files });
        }
        for (const { key, data, exists } of writes) {
          const draft = { draft_data: JSON.stringify(data), draft_saved_at: now(), draft_saved_by: actor.name };
          if (exists) {
            // A new version of the document, saved as its draft (the published data stays live).
            await trx('content_documents')
              .where({ key })
              .update({ ...draft, version: trx.raw('version + 1'), draft_version: trx.raw('version + 1') });
          } else if (DEFAULT_DOCUMENTS[key] === undefined) {
            // A service, industry or page staff added on the other site: added here as a draft,
            // never published (as "Add" does), so it goes live with its first publish.
            await trx('content_documents').insert({ key, version: 1, schema_version: CONTENT_SCHEMA_VERSION, published_version: 0, published_data: null, published_at: now(), draft_version: 1, ...draft });
            await trx('content_draft_versions').insert({ key, version: 1, data: draft.draft_data, saved_at: draft.draft_saved_at });
          } else {
            // A document this site did not store yet: its published data is the shipped default
            // the editor would otherwise show, the imported data its first draft
            // (stored as its first revision, as the migration stores every document's).
            const shipped = JSON.stringify(contentDocument(key)!.schema.parse(DEFAULT_DOCUMENTS[key]));
            await trx('content_documents').insert({ key, version: 2, schema_version: CONTENT_SCHEMA_VERSION, published_version: 1, published_data: shipped, draft_version: 2, ...draft });
            await trx('content_revisions').insert({ key, version: 1, schema_version: CONTENT_SCHEMA_VERSION, data: shipped });
          }
        }
        const changed = changes.filter((change) => change.status === 'changed' || change.status === 'new').map((change) => change.key);
        await audit.record(actor, { action: 'content.import', summary: changed.length > 0 ? `Drafts of ${changed.join(', ')}`.slice(0, 1000) : 'Nothing changed' }, trx);
        return { changes, problems };
      });
    },
  };
}

export type ContentTransfer = ReturnType<typeof createContentTransfer>;
