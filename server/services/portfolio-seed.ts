import type { Db } from '../db/connection';
import { SAMPLE_PROJECTS, sampleDrawing } from '../seed/portfolio-samples';
import type { ContentVersion } from './content-version';
import { encodeImagesInChildProcess, type EncodeImages } from './image-encoder';
import { createPortfolioService } from './portfolio';

const SEEDED_KEY = 'portfolio_samples_seeded';

export interface SeedDeps {
  db: Db;
  contentVersion: Pick<ContentVersion, 'bump'>;
  /** The uploads' encoder (a child process that exits); tests may watch it. */
  encodeImages?: EncodeImages;
  /** Asked before each project: true once the site is stopping (the rest waits for the next start). */
  stopping?: () => boolean;
}

/**
 * Adds the sample projects whose titles are not in the portfolio yet, with generated images.
 * Returns how many were added. The pictures take the uploads' way, through the portfolio service
 * and the image encoder's child process, marked as the site's own drawings: the child draws each
 * SVG before checking and encoding it like any upload, and the site's process never runs sharp.
 */
export async function seedSamplePortfolio({ db, contentVersion, encodeImages = encodeImagesInChildProcess, stopping = () => false }: SeedDeps): Promise<number> {
  const portfolio = createPortfolioService({ db, contentVersion, encodeImages: (jobs) => encodeImages(jobs.map((job) => ({ ...job, drawn: true }))) });
  const existing = new Set((await db('portfolio_items').select('title')).map((row: { title: string }) => row.title));
  let added = 0;
  for (const project of SAMPLE_PROJECTS) {
    if (existing.has(project.fields.title)) continue;
    // Not marked as seeded: the next start adds the projects still missing.
    if (stopping()) return added;
    const [main, ...sliders] = [sampleDrawing(project, 0, 1200, 800), sampleDrawing(project, 1, 1200, 900), sampleDrawing(project, 2, 1200, 900)];
    await portfolio.create({
      fields: project.fields,
      mainImage: { label: 'Sample image', data: main! },
      sliderImages: sliders.map((data, index) => ({ label: `Sample slider image ${index + 1}`, data })),
    });
    added++;
  }
  await db('app_settings').insert({ key: SEEDED_KEY, value: new Date().toISOString() }).onConflict('key').ignore();
  return added;
}

/** Where the background seed says how it ended (the site's logger). */
interface SeedLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * The sample portfolio of a first start, loaded after the site listens: its pictures take seconds
 * to encode, and a first visit should not wait for them (the portfolio fills in project by project,
 * each publish emptying the page caches). `stop` lets the project being stored finish, and leaves
 * the rest to the next start. Logs "sample portfolio ready" when it is done.
 */
export function seedSamplePortfolioInBackground(deps: SeedDeps & { logger: SeedLogger }): { done: Promise<void>; stop(): Promise<void> } {
  let stopping = false;
  const done = seedSamplePortfolioOnFirstStart({ ...deps, stopping: () => stopping }).then(
    (added) => {
      if (!stopping) deps.logger.info({ projects: added }, 'sample portfolio ready');
    },
    (error: unknown) => deps.logger.warn({ err: error }, 'the sample portfolio could not be loaded; the next start tries again'),
  );
  return {
    done,
    async stop() {
      stopping = true;
      await done;
    },
  };
}

/**
 * The embedded first start: seeds once per database, so deleting the samples later does not
 * bring them back on the next start.
 */
export async function seedSamplePortfolioOnFirstStart(deps: SeedDeps): Promise<number> {
  const seeded = await deps.db('app_settings').where({ key: SEEDED_KEY }).first('key');
  if (seeded) return 0;
  return seedSamplePortfolio(deps);
}
