import { randomUUID } from 'node:crypto';
import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { VALID_FORMS } from '../../tests/helpers/form-fixtures';
import { FORM_STATUSES, FORM_TYPES } from '../../shared/form-types';
import { BUDGET, FORM_DEFINITIONS } from '../../shared/forms';
import { validateForm } from '../../shared/form-schemas';
import { SUBMISSION_TABLES, storeSubmission, updateSubmissionStatus } from './form-submissions';

/**
 * Migrations are history and never import the field definitions (changing a definition must not
 * change what an old migration did), so this is where the tables and the definitions in
 * `shared/forms.ts` are held to agree: one column per field, NOT NULL exactly for the required
 * ones, and the CHECK constraints allowing exactly the statuses and budget range the forms use.
 */
describe('submission tables agree with the form definitions', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb.destroy());

  const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

  async function store(type: (typeof FORM_TYPES)[number]): Promise<string> {
    const validation = validateForm(type, VALID_FORMS[type]);
    if (!validation.ok) throw new Error(`fixture of ${type} is invalid`);
    const { id } = await storeSubmission(testDb.db, type, { id: randomUUID(), data: validation.data, clientToken: null }, { subject: 's', body: 'b', replyTo: null });
    return id;
  }

  it.each(FORM_TYPES)('%s: one column per field, NOT NULL for the required ones', async (type) => {
    const result = await testDb.db.raw<{ rows: { column_name: string; is_nullable: 'YES' | 'NO' }[] }>(
      'select column_name, is_nullable from information_schema.columns where table_schema = current_schema() and table_name = ?',
      [SUBMISSION_TABLES[type]],
    );
    const columns = new Map(result.rows.map((row) => [row.column_name, row.is_nullable === 'NO']));
    const fields = FORM_DEFINITIONS[type].fields;
    expect([...columns.keys()].sort()).toEqual(['client_token', 'id', 'status', 'submitted_at', ...fields.map((field) => snake(field.name))].sort());
    for (const field of fields) expect([field.name, columns.get(snake(field.name))]).toEqual([field.name, field.required]);
  });

  it.each(FORM_TYPES)('%s: the status check allows every status of the type and nothing else', async (type) => {
    const id = await store(type);
    for (const status of FORM_STATUSES[type]) expect(await updateSubmissionStatus(testDb.db, type, id, status)).toMatchObject({ status });
    await expect(updateSubmissionStatus(testDb.db, type, id, 'archived')).rejects.toThrow(/status_check/);
  });

  it("the budget check allows the slider's range and nothing beyond it", async () => {
    const id = await store('quote');
    const setBudget = (budget: number) => testDb.db(SUBMISSION_TABLES.quote).where({ id }).update({ budget });
    await setBudget(BUDGET.min);
    await setBudget(BUDGET.max);
    await expect(setBudget(BUDGET.min - 1)).rejects.toThrow(/quote_requests_budget_check/);
    await expect(setBudget(BUDGET.max + 1)).rejects.toThrow(/quote_requests_budget_check/);
  });
});
