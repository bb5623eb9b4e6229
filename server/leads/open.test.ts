import { randomUUID } from 'node:crypto';
import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { VALID_FORMS } from '../../tests/helpers/form-fixtures';
import { validateForm } from '../../shared/form-schemas';
import { responseFigures } from './dashboard-queries';
import { countOpenLeads, listOpenLeads, sectionRange } from './reply-queue-queries';
import type { LeadRow } from '../db/tables';
import { isOpenLead, whereOpen } from './open';
import { storeLead, updateLeads } from './queries';

const HOUR = 3600_000;

/**
 * Every reader of open leads (Tasks, their counts, the morning digest, the dashboard's overdue
 * share) against the one rule, over every combination of the columns it reads: a reader that
 * writes its own copy of "open" and gets it wrong disagrees here.
 */
describe('open leads, one rule for every reader', () => {
  let testDb: TestDb;
  let rows: LeadRow[];
  const now = new Date('2026-03-10T12:00:00Z');
  const ids = (list: { id: string }[]) => list.map((row) => row.id).sort();

  beforeAll(async () => {
    testDb = await createTestDb();
    const validation = validateForm('contact', VALID_FORMS.contact);
    if (!validation.ok) throw new Error('the contact fixture is invalid');
    const states = [null, 'set'] as const;
    for (const spam of states) {
      for (const responded of states) {
        for (const due of [null, 'overdue', 'later'] as const) {
          const submittedAt = new Date(now.getTime() - 30 * HOUR);
          const { id } = await storeLead(testDb.db, 'contact', { id: randomUUID(), data: validation.data, clientToken: null, submittedAt }, null);
          await updateLeads(testDb.db, [id], {
            spam_at: spam && submittedAt,
            spam_reason: spam && 'test',
            responded_at: responded && new Date(now.getTime() - 20 * HOUR),
            status: responded ? 'responded' : 'new',
            due_at: due === null ? null : new Date(now.getTime() + (due === 'overdue' ? -6 : 6) * HOUR),
          });
        }
      }
    }
    rows = await testDb.db<LeadRow>('leads').select('*');
  });
  afterAll(() => testDb.destroy());

  const open = () => rows.filter(isOpenLead);
  const overdue = () => open().filter((row) => row.due_at! < now);

  it('finds in SQL exactly the leads the check calls open: in the inbox, never answered, with a reply clock', async () => {
    expect(rows).toHaveLength(12);
    expect(open().map((row) => [row.spam_at, row.responded_at, row.due_at !== null])).toEqual([
      [null, null, true],
      [null, null, true],
    ]);
    expect(ids(await whereOpen(testDb.db('leads')).select('id'))).toEqual(ids(open()));
  });

  it('gives Tasks, their counts and the morning digest the open leads and no others', async () => {
    const bounds = { now, endOfToday: new Date(now.getTime() + 24 * HOUR) };
    const later = () => open().filter((row) => row.due_at! >= now);
    expect(ids(await listOpenLeads(testDb.db, { limit: 100 }))).toEqual(ids(open()));
    expect(await countOpenLeads(testDb.db, bounds, 1000)).toEqual({ open: open().length, overdue: overdue().length, today: later().length, later: 0 });
    // The morning digest reads Tasks' overdue and due-today sections.
    expect(ids(await listOpenLeads(testDb.db, { ...sectionRange('overdue', bounds), limit: 100 }))).toEqual(ids(overdue()));
    expect(ids(await listOpenLeads(testDb.db, { ...sectionRange('today', bounds), limit: 100 }))).toEqual(ids(later()));
  });

  it('counts the open and overdue leads as late in the dashboard’s share answered within the promise', async () => {
    const answered = rows.filter((row) => row.spam_at === null && row.responded_at !== null);
    const inTime = answered.filter((row) => row.due_at !== null && row.responded_at! <= row.due_at);
    const figures = await responseFigures(testDb.db, new Date(now.getTime() - 30 * 24 * HOUR), now);
    expect(figures.answered).toBe(answered.length);
    expect(figures.withinPromise).toBeCloseTo(inTime.length / (answered.length + overdue().length));
  });
});
