import { createLogger } from '../logger';
import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { VALID_FORMS, humanMeta } from '../../tests/helpers/form-fixtures';
import { NotFoundError, ValidationError } from '../errors';
import { messages } from '../messages';
import { createFormService, type FormService } from './forms';

/**
 * The admin inbox through the service layer (the HTTP calls need a signed-in admin; their 401s are
 * tested in routes/forms.test.ts).
 */
describe('form service: admin inbox', () => {
  let testDb: TestDb;
  let forms: FormService;
  const ids: string[] = [];
  beforeAll(async () => {
    testDb = await createTestDb();
    forms = createFormService({
      db: testDb.db,
      config: { formRateLimit: 1000, formRateWindowSeconds: 600, formMinFillSeconds: 3, publicUrl: 'https://agency.test' },
      logger: createLogger('silent'),
    });
    for (const [index, name] of ['First', 'Second', 'Third'].entries()) {
      const result = await forms.submit('quote', { ...VALID_FORMS.quote, name, ...humanMeta() }, { ip: '192.0.2.1', channel: 'api' });
      if (result.outcome !== 'stored') throw new Error(`the ${name} fixture was not stored`);
      ids.push(result.id);
      // One second apart, oldest first, without waiting for the clock to move.
      await testDb.db('leads').where({ id: result.id }).update({ submitted_at: new Date(Date.UTC(2026, 0, 1, 0, 0, index)) });
    }
  });
  afterAll(() => testDb.destroy());

  it('lists newest first, page by page, with the total and the spec field names', async () => {
    const first = await forms.list('quote', { page: 1, limit: 2 });
    expect(first.total).toBe(3);
    expect(first.records.map((record) => record.name)).toEqual(['Third', 'Second']);
    expect(first.records[0]).toEqual({
      _id: ids[2],
      submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      status: 'new',
      name: 'Third',
      email: 'grace@example.com',
      phone: '(555) 010-2040',
      company: 'Compilers Inc',
      service: 'Mobile App',
      budget: 7500,
      timeline: '3-6 months',
      projectDetails: 'A booking app for iOS and Android.',
    });
    const second = await forms.list('quote', { page: 2, limit: 2 });
    expect(second.records.map((record) => record.name)).toEqual(['First']);
    expect((await forms.list('contact', { page: 1, limit: 20 })).total).toBe(0);
  });

  it('changes a status to one of its type, and refuses others', async () => {
    const updated = await forms.setStatus('quote', ids[0]!, 'accepted');
    expect(updated).toMatchObject({ _id: ids[0], status: 'accepted', name: 'First' });
    await expect(forms.setStatus('quote', ids[0]!, 'responded')).rejects.toEqual(new ValidationError(messages.forms.unknownStatus('quote')));
    await expect(forms.setStatus('enquiry', ids[0]!, 'quoted')).rejects.toBeInstanceOf(ValidationError);
    await expect(forms.setStatus('quote', ids[0]!, 42)).rejects.toBeInstanceOf(ValidationError);
    await expect(forms.setStatus('quote', '00000000-0000-4000-8000-000000000000', 'read')).rejects.toBeInstanceOf(NotFoundError);
    await expect(forms.setStatus('quote', 'not-a-uuid', 'read')).rejects.toBeInstanceOf(NotFoundError);
    // A status of another type's id does not touch this type's table.
    await expect(forms.setStatus('enquiry', ids[1]!, 'read')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('deletes a submission once', async () => {
    await forms.remove('quote', ids[1]!);
    await expect(forms.remove('quote', ids[1]!)).rejects.toEqual(new NotFoundError(messages.forms.submissionNotFound));
    await expect(forms.remove('quote', "'; drop table quote_requests; --")).rejects.toBeInstanceOf(NotFoundError);
    expect((await forms.list('quote', { page: 1, limit: 20 })).total).toBe(2);
  });

  it('refuses a status outside the CHECK constraint at the database too', async () => {
    await expect(testDb.db('leads').insert({ id: '00000000-0000-4000-8000-000000000001', type: 'enquiry', ...VALID_FORMS.enquiry, status: 'quoted' })).rejects.toThrow(/leads_status_check/);
  });
});
