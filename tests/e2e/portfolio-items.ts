import { createDb } from '../../server/db/connection';
import { migrateLatest } from '../../server/db/migrate';
import { createContentVersion } from '../../server/services/content-version';
import { createPortfolioService } from '../../server/services/portfolio';
import { picture, submission } from '../helpers/portfolio-fixtures';

/**
 * Two portfolio items, one with a slider and one without, written through the portfolio service
 * into an embedded database folder before a server opens it; their ids.
 */
export async function preparePortfolio(dataDir: string): Promise<string[]> {
  const db = createDb({ dataDir });
  try {
    await migrateLatest(db);
    const portfolio = createPortfolioService({ db, contentVersion: createContentVersion(db) });
    const image = async (colour: string, width = 1200, height = 900) => ({ label: 'Image', data: await picture('png', width, height, colour) });
    const withSlider = await portfolio.create(
      submission({ displayCategories: ['Web Development', 'Food'] }, { mainImage: await image('#b45309', 900, 600), sliderImages: [await image('#dc2626'), await image('#16a34a')] }),
    );
    const withoutSlider = await portfolio.create(submission({ title: 'Studio Logo', displayCategories: ['Graphic Designing'] }, { mainImage: await image('#7c3aed', 900, 600) }));
    return [withSlider._id, withoutSlider._id];
  } finally {
    await db.destroy();
  }
}
