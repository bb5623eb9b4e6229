import { randomUUID } from 'node:crypto';
import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { VALID_FORMS, shippedServices } from '../../tests/helpers/form-fixtures';
import { FORM_STATUSES, FORM_TYPES, type FormType } from '../../shared/form-types';
import { BUDGET, FORM_DEFINITIONS } from '../../shared/forms';
import { validateForm } from '../../shared/form-schemas';
import { LEAD_FIELD_COLUMNS, storeLead, toColumns, updateLeads } from './queries';

/**
 * Migrations are history and never import the field definitions (changing a definition must not
 * change what an old migration did), so this is where the `leads` table and the definitions in
 * `shared/forms.ts` are held to agree: a column per field, each type's required fields enforced
 * by the CHECK, and the CHECKs allowing exactly the statuses and budget range the forms use.
 */
describe('the leads table agrees with the form definitions', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb.destroy());

  const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

  function validData(type: FormType) {
    const validation = validateForm(type, VALID_FORMS[type], shippedServices(type));
    if (!validation.ok) throw new Error(`fixture of ${type} is invalid`);
    return validation.data;
  }

  async function store(type: FormType): Promise<string> {
    const { id } = await storeLead(testDb.db, type, { id: randomUUID(), data: validData(type), clientToken: null, submittedAt: new Date() }, { publicUrl: 'https://agency.test' });
    return id;
  }

  it('has a nullable column for every field of every form', async () => {
    const result = await testDb.db.raw<{ rows: { column_name: string; is_nullable: 'YES' | 'NO' }[] }>(
      "select column_name, is_nullable from information_schema.columns where table_schema = current_schema() and table_name = 'leads'",
    );
    const nullable = new Map(result.rows.map((row) => [row.column_name, row.is_nullable === 'YES']));
    const fields = new Set(FORM_TYPES.flatMap((type) => FORM_DEFINITIONS[type].fields.map((field) => snake(field.name))));
    expect([...fields].sort()).toEqual([...LEAD_FIELD_COLUMNS].sort());
    for (const column of fields) expect([column, nullable.get(column)]).toEqual([column, true]);
  });

  it.each(FORM_TYPES)('%s: each required field is required by the CHECK, the optional ones are not', async (type) => {
    for (const field of FORM_DEFINITIONS[type].fields) {
      const row = { id: randomUUID(), type, ...toColumns(validData(type)), [snake(field.name)]: null };
      const insert = testDb.db('leads').insert(row);
      if (field.required) await expect(insert).rejects.toThrow(/leads_required_fields_check/);
      else await insert;
    }
  });

  it.each(FORM_TYPES)('%s: the status check allows every status of the type and nothing else', async (type) => {
    const id = await store(type);
    for (const status of FORM_STATUSES[type]) expect(await updateLeads(testDb.db, [id], { status })).toMatchObject([{ status }]);
    await expect(updateLeads(testDb.db, [id], { status: 'archived' })).rejects.toThrow(/leads_status_check/);
  });

  it("the budget check allows the slider's range and nothing beyond it", async () => {
    const id = await store('quote');
    const setBudget = (budget: number) => testDb.db('leads').where({ id }).update({ budget });
    await setBudget(BUDGET.min);
    await setBudget(BUDGET.max);
    await expect(setBudget(BUDGET.min - 1)).rejects.toThrow(/leads_budget_check/);
    await expect(setBudget(BUDGET.max + 1)).rejects.toThrow(/leads_budget_check/);
  });
});
