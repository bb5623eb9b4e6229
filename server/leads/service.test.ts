import { createLogger } from '../logger';
import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { SHIPPED_SERVICE_OPTIONS, VALID_FORMS, humanMeta } from '../../tests/helpers/form-fixtures';
import { NotFoundError, ValidationError } from '../errors';
import { createAuditTrail } from '../services/audit';
import { createFormService } from './form-submissions';
import { createLeadReplies } from './replies';
import { createLeadService, type LeadService } from './service';

const ADMIN = { id: 1, name: 'alice' };

/**
 * The per-form inbox the spec's calls adapt (the HTTP calls need a signed-in admin; their 401s are
 * tested in routes/forms.test.ts).
 */
describe('lead service: one form’s inbox', () => {
  let testDb: TestDb;
  let leads: LeadService;
  const ids: string[] = [];
  beforeAll(async () => {
    testDb = await createTestDb();
    const forms = createFormService({
      db: testDb.db,
      config: { formRateLimit: 1000, formRateWindowSeconds: 600, formMinFillSeconds: 3, publicUrl: 'https://agency.test' },
      logger: createLogger('silent'),
      serviceOptions: () => SHIPPED_SERVICE_OPTIONS,
    });
    leads = createLeadService({ db: testDb.db, audit: createAuditTrail({ db: testDb.db }), publicUrl: 'https://agency.test', replies: createLeadReplies({ db: testDb.db, audit: createAuditTrail({ db: testDb.db }), sender: () => 'site@agency.test' }) });
    for (const [index, name] of ['First', 'Second', 'Third'].entries()) {
      const result = await forms.submit('quote', { ...VALID_FORMS.quote, name, ...humanMeta() }, { ip: '192.0.2.1', channel: 'api' });
      if (result.outcome !== 'stored') throw new Error(`the ${name} fixture was not stored`);
      ids.push(result.id);
      // One second apart, oldest first, without waiting for the clock to move.
      await testDb.db('leads').where({ id: result.id }).update({ submitted_at: new Date(Date.UTC(2026, 0, 1, 0, 0, index)) });
    }
  });
  afterAll(() => testDb.destroy());

  const names = (rows: { name: string | null }[]) => rows.map((row) => row.name);

  it('lists newest first, page by page, with the total', async () => {
    const first = await leads.listOfForm('quote', { page: 1, limit: 2 });
    expect(first.total).toBe(3);
    expect(names(first.rows)).toEqual(['Third', 'Second']);
    expect(names((await leads.listOfForm('quote', { page: 2, limit: 2 })).rows)).toEqual(['First']);
    expect((await leads.listOfForm('contact', { page: 1, limit: 20 })).total).toBe(0);
  });

  it('changes a status to one of its type, and refuses others', async () => {
    const updated = await leads.setStatus('quote', ids[0]!, 'accepted', ADMIN);
    expect(updated).toMatchObject({ id: ids[0], status: 'accepted', name: 'First', responded_at: expect.any(Date) });
    await expect(leads.setStatus('quote', ids[0]!, 'responded', ADMIN)).rejects.toBeInstanceOf(ValidationError);
    await expect(leads.setStatus('quote', '00000000-0000-4000-8000-000000000000', 'read', ADMIN)).rejects.toBeInstanceOf(NotFoundError);
    await expect(leads.setStatus('quote', 'not-a-uuid', 'read', ADMIN)).rejects.toBeInstanceOf(NotFoundError);
    // Another form's name for this lead finds nothing.
    await expect(leads.setStatus('enquiry', ids[1]!, 'read', ADMIN)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('deletes a lead once', async () => {
    await leads.remove('quote', ids[1]!, ADMIN);
    await expect(leads.remove('quote', ids[1]!, ADMIN)).rejects.toBeInstanceOf(NotFoundError);
    await expect(leads.remove('quote', "'; drop table leads; --", ADMIN)).rejects.toBeInstanceOf(NotFoundError);
    expect((await leads.listOfForm('quote', { page: 1, limit: 20 })).total).toBe(2);
  });

  it('refuses a status outside the CHECK constraint at the database too', async () => {
    await expect(testDb.db('leads').insert({ id: '00000000-0000-4000-8000-000000000001', type: 'enquiry', ...VALID_FORMS.enquiry, status: 'quoted' })).rejects.toThrow(/leads_status_check/);
  });
});
