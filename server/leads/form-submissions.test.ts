import { createLogger } from '../logger';
import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { SHIPPED_SERVICE_OPTIONS, VALID_FORMS, humanMeta } from '../../tests/helpers/form-fixtures';
import { createFormService, type FormService } from './form-submissions';

describe('form service: the spam folder', () => {
  let testDb: TestDb;
  let clock = new Date('2026-03-01T12:00:00Z');
  const submitSpam = (forms: FormService, name: string) => forms.submit('contact', { ...VALID_FORMS.contact, name, website: 'x', ...humanMeta() }, { ip: '192.0.2.9', channel: 'api' });
  const spamNames = async () => (await testDb.db('leads').whereNotNull('spam_at').orderBy('submitted_at').select('name')).map((row: { name: string }) => row.name);
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb.destroy());

  it('keeps spam for its retention days, then deletes it; beyond the cap the oldest goes first', async () => {
    const forms = createFormService({
      db: testDb.db,
      config: { formRateLimit: 1000, formRateWindowSeconds: 600, formMinFillSeconds: 3, publicUrl: 'https://agency.test' },
      logger: createLogger('silent'),
      serviceOptions: () => SHIPPED_SERVICE_OPTIONS,
      spamRetentionDays: () => 30,
      spamFolderCap: 3,
      now: () => clock,
    });
    expect(await submitSpam(forms, 'Old')).toMatchObject({ outcome: 'spam' });
    clock = new Date('2026-03-20T12:00:00Z');
    await submitSpam(forms, 'Newer');
    expect(await spamNames()).toEqual(['Old', 'Newer']);
    clock = new Date('2026-03-31T12:00:01Z');
    expect(await forms.purgeExpiredSpam()).toBe(1);
    expect(await spamNames()).toEqual(['Newer']);
    for (const name of ['A', 'B', 'C']) {
      clock = new Date(clock.getTime() + 1000);
      await submitSpam(forms, name);
    }
    expect(await spamNames()).toEqual(['A', 'B', 'C']);
    expect(Number((await testDb.db('form_notifications').count({ count: '*' }).first())!.count)).toBe(0);
  });
});
