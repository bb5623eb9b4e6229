import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { createContentVersion } from '../services/content-version';
import { createSiteContentStore } from './store';
import { BUILT_IN_DEFAULTS, type Settings } from '../../shared/settings';

describe('site content store', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb.destroy());

  function storeWith(settings: Pick<Settings, 'replyPromiseHours' | 'workingHoursOnly'> = BUILT_IN_DEFAULTS) {
    const contentVersion = createContentVersion(testDb.db);
    let settingsListener = () => undefined as void;
    let current = settings;
    const store = createSiteContentStore({
      db: testDb.db,
      contentVersion,
      settings: { current: () => current, onChange: (listener) => (settingsListener = listener) },
    });
    return { store, contentVersion, changeSettings: (next: typeof settings) => ((current = next), settingsListener()) };
  }

  it('serves what is published in the database, and tells its listeners at once and again once the new content is in place', async () => {
    const { store, contentVersion } = storeWith();
    await store.load();
    expect(store.current().business.phone).toBe('+1 (555) 010-2030');

    const seen: string[] = [];
    store.onChange(() => seen.push(store.current().business.phone));
    await testDb.db.transaction(async (trx) => {
      const row = await trx('content_documents').where({ key: 'business' }).first('published_data');
      const data = typeof row.published_data === 'string' ? JSON.parse(row.published_data) : row.published_data;
      await trx('content_documents').where({ key: 'business' }).update({ published_data: JSON.stringify({ ...data, phone: '+44 20 7946 0000' }), published_at: trx.fn.now() });
      await contentVersion.bump(trx);
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await store.load();
    // At once (the render cache empties for the portfolio's sake), then with the documents read.
    expect(seen[0]).toBe('+1 (555) 010-2030');
    expect(seen.slice(1)).toContain('+44 20 7946 0000');
    expect(store.current().business.phone).toBe('+44 20 7946 0000');
    // The newest publish of the documents asked about: the agency details, just now.
    const businessAt = store.lastPublishedOf(['business'])!;
    expect(store.lastPublishedOf(['privacy', 'business'])).toEqual(businessAt);
    expect(store.lastPublishedOf(['privacy'])!.getTime()).toBeLessThan(businessAt.getTime());
    expect(store.lastPublishedOf([])).toBeUndefined();
  });

  it('says the reply promise in force, and follows a change of Settings', async () => {
    const { store, changeSettings } = storeWith();
    await store.load();
    expect(store.current().contact.lead).toContain('within 24 hours');
    let changes = 0;
    store.onChange(() => (changes += 1));
    changeSettings({ replyPromiseHours: 8, workingHoursOnly: true });
    expect(changes).toBe(1);
    expect(store.current().contact.lead).toContain('within 8 working hours');
  });

  it('lays a draft over the published content without changing what is served', async () => {
    const { store } = storeWith();
    await store.load();
    const published = store.current().toolkit.heading;
    const preview = store.assemble({ toolkit: { ...(store.publishedDocuments().toolkit as object), heading: 'Tools, soon' } });
    expect(preview.toolkit.heading).toBe('Tools, soon');
    expect(store.current().toolkit.heading).toBe(published);
  });
});
