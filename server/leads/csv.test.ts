import { randomUUID } from 'node:crypto';
import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { storeLead } from './queries';
import { csvCellSql, leadsCsv } from './csv';

describe('the lead export', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(() => testDb.destroy());

  /** The cell the database writes for this text. */
  async function cell(text: string | null): Promise<string> {
    const result = await testDb.db.raw<{ rows: { cell: string }[] }>(`select ${csvCellSql('value')} as cell from (select ?::text as value) as input`, [text]);
    return result.rows[0]!.cell;
  }

  it('quotes cells with quotes, commas or line breaks (RFC 4180)', async () => {
    expect(await cell('plain text')).toBe('plain text');
    expect(await cell('a, b')).toBe('"a, b"');
    expect(await cell('say "hi"')).toBe('"say ""hi"""');
    expect(await cell('one\ntwo')).toBe('"one\ntwo"');
    expect(await cell('one\r\ntwo')).toBe('"one\r\ntwo"');
    expect(await cell('')).toBe('');
    expect(await cell(null)).toBe('');
  });

  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tcmd', '\rcmd', '=HYPERLINK("http://evil.example")', '\uFF1D1+1', '\uFF0B1', '\uFF0D1', '\uFF20SUM(A1)', '\u200B=1+1', '\u200C=1', '\u200D=1', '\u2060=1', '\uFEFF=1'])('neutralises a formula-like cell %j with a leading quote', async (text) => {
    expect((await cell(text)).replace(/^"/, '').startsWith(`'${text[0]}`)).toBe(true);
  });

  it('leaves text that only contains those characters later alone', async () => {
    expect(await cell('a=b')).toBe('a=b');
    expect(await cell('ada@example.com')).toBe('ada@example.com');
  });

  it('reads batch after batch by keyset, newest first, each lead once, even with equal arrival times', async () => {
    const at = new Date('2026-03-01T10:00:00.000Z');
    const stored: string[] = [];
    for (let index = 0; index < 7; index++) {
      const id = randomUUID();
      // Three share one arrival time, so the keyset must order them by id as well.
      const submittedAt = index < 3 ? at : new Date(at.getTime() - index * 60_000);
      await storeLead(testDb.db, 'free-offer', { id, data: { email: `lead${index}@example.com`, message: `Lead ${index}` }, clientToken: null, submittedAt }, null);
      stored.push(id);
    }
    const chunks: string[] = [];
    for await (const chunk of leadsCsv(testDb.db, { folder: 'inbox', type: 'free-offer' }, 3)) chunks.push(chunk);
    // 7 leads: batches of 3, 3 and 1.
    expect(chunks).toHaveLength(1 + 3);
    const rows = chunks.slice(1).join('').split('\r\n').slice(0, -1);
    expect(rows.map((row) => row.split(',')[0]).sort()).toEqual([...stored].sort());
    const times = rows.map((row) => row.split(',')[2]!);
    expect(times).toEqual([...times].sort().reverse());
    expect(times[0]).toBe('2026-03-01T10:00:00.000Z');
    expect(chunks[0]).toBe('\uFEFFid,type,submitted_at,status,read_at,responded_at,name,email,phone,company,subject,service,message,budget,timeline,project_details,spam_reason,source_path,referrer_host,utm_source,utm_medium,utm_campaign\r\n');
  });
});
