import { loadConfig } from '../config';
import { SAMPLE_PROJECTS } from '../seed/portfolio-samples';
import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { createContentVersion } from './content-version';
import { encodeImagesInChildProcess, type EncodeJob } from './image-encoder';
import { createPortfolioService } from './portfolio';
import { seedSamplePortfolio, seedSamplePortfolioInBackground, seedSamplePortfolioOnFirstStart } from './portfolio-seed';

describe('sample portfolio', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb.destroy());

  it('is on by default only for the embedded database outside tests', () => {
    expect(loadConfig({}).seedSamplePortfolio).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seedSamplePortfolio).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/site' }).seedSamplePortfolio).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/site', SEED_SAMPLE_PORTFOLIO: 'true' }).seedSamplePortfolio).toBe(true);
    expect(loadConfig({ SEED_SAMPLE_PORTFOLIO: 'false' }).seedSamplePortfolio).toBe(false);
  });

  it('loads every sample with generated images on the first start only, and npm run seed adds only what is missing', async () => {
    const contentVersion = createContentVersion(testDb.db);
    const portfolio = createPortfolioService({ db: testDb.db, contentVersion });
    // The pictures go where uploads go: the encoder's child process, as the site's own SVG drawings.
    const batches: EncodeJob[][] = [];
    const encodeImages = (jobs: EncodeJob[]) => {
      batches.push(jobs);
      return encodeImagesInChildProcess(jobs);
    };
    expect(await seedSamplePortfolioOnFirstStart({ db: testDb.db, contentVersion, encodeImages })).toBe(SAMPLE_PROJECTS.length);
    expect(batches).toHaveLength(SAMPLE_PROJECTS.length);
    for (const job of batches.flat()) {
      expect(job.drawn).toBe(true);
      expect(job.upload.data.subarray(0, 4).toString()).toBe('<svg');
    }
    const items = await portfolio.list();
    expect(items.map((item) => item.title).sort()).toEqual(SAMPLE_PROJECTS.map((project) => project.fields.title).sort());
    for (const item of items) {
      expect(item.imageSet?.avif).toHaveLength(2);
      expect(item.sliderImageSets).toHaveLength(2);
      expect(item.categories.length).toBeGreaterThan(0);
    }

    // Deleted samples stay deleted on the next start.
    await portfolio.remove(items[0]!._id);
    expect(await seedSamplePortfolioOnFirstStart({ db: testDb.db, contentVersion })).toBe(0);
    // The seed command puts back only the missing one.
    expect(await seedSamplePortfolio({ db: testDb.db, contentVersion })).toBe(1);
    expect(await portfolio.list()).toHaveLength(SAMPLE_PROJECTS.length);
  }, 120_000);

  it('loads in the background after the site listens: a stop keeps what was stored and leaves the rest to the next start', async () => {
    const fresh = await createTestDb();
    const count = async () => Number((await fresh.db('portfolio_items').count({ n: '*' }).first<{ n: string | number }>())!.n);
    try {
      const contentVersion = createContentVersion(fresh.db);
      const logged: string[] = [];
      const logger = { info: (_: object, message: string) => void logged.push(message), warn: (_: object, message: string) => void logged.push(message) };
      // The site stops while the first project's pictures are being encoded.
      const stopDuringFirst = (jobs: EncodeJob[]) => {
        void first.stop();
        return encodeImagesInChildProcess(jobs);
      };
      const first = seedSamplePortfolioInBackground({ db: fresh.db, contentVersion, encodeImages: stopDuringFirst, logger });
      await first.done;
      expect(logged).toEqual([]);
      expect(await count()).toBe(1);
      // Not marked as done: the next start adds the others, and says so.
      await seedSamplePortfolioInBackground({ db: fresh.db, contentVersion, logger }).done;
      expect(await count()).toBe(SAMPLE_PROJECTS.length);
      expect(logged).toEqual(['sample portfolio ready']);
      expect(await seedSamplePortfolioOnFirstStart({ db: fresh.db, contentVersion })).toBe(0);
    } finally {
      await fresh.destroy();
    }
  }, 120_000);
});
