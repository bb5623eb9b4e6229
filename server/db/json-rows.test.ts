import { createTestDb, type TestDb } from '../../tests/helpers/test-db';
import { JSON_ROW_TYPES, rowsFromJson, type JsonRowTable } from './json-rows';

const TABLES = Object.keys(JSON_ROW_TYPES) as JsonRowTable[];

describe('rows read as JSON', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.destroy());

  it.each(TABLES)("lists every timestamp and bigint column of %s (a new one cannot be left as JSON's text or number)", async (table) => {
    const columns: { column_name: string; data_type: string }[] = await t.db('information_schema.columns').where({ table_schema: 'public', table_name: table }).select('column_name', 'data_type');
    const ofType = (type: string) => columns.filter((column) => column.data_type === type).map((column) => column.column_name).sort();
    expect(ofType('timestamp with time zone')).toEqual([...JSON_ROW_TYPES[table].timestamps].sort());
    expect(ofType('bigint')).toEqual([...JSON_ROW_TYPES[table].bigints].sort());
    // Types JSON would also change and rowsFromJson does not turn back.
    expect(columns.filter((column) => ['numeric', 'bytea', 'timestamp without time zone', 'date', 'json', 'jsonb'].includes(column.data_type))).toEqual([]);
  });

  it('gives each table its rows as a plain read does, every column filled', async () => {
    // Microseconds, which both reads cut to the millisecond.
    const at = (minute: number) => t.db.raw(`'2026-11-28 09:${String(minute).padStart(2, '0')}:07.123456+00'::timestamptz`);
    const [lead] = await t.db('leads')
      .insert({
        type: 'quote', name: 'Ada', email: 'ada@example.com', phone: '+1 555 0100', company: 'Engines', subject: 'Hello', service: 'Web Design', message: 'Hello',
        budget: 5000, timeline: '1-3 months', project_details: 'A site', submitted_at: t.db.raw(`'2026-11-28 09:00:01.123+00'::timestamptz`), status: 'accepted', read_at: at(11), responded_at: at(12),
        due_at: at(13), spam_reason: 'none', spam_at: at(14), client_token: 'token-123', source_path: '/quote', referrer_host: 'example.com', utm_source: 'news', utm_medium: 'email',
        utm_campaign: 'winter', landing_path: '/', project_stage: 'delivered', project_stage_at: at(15), reply_tag: 'abcdefgh2345',
      })
      .returning('id');
    const leadId = (lead as { id: string }).id;
    const [account] = await t.db('admin_users').insert({ username: 'grace', password_hash: '$argon2id$v=19$m=19456,t=2,p=1$bm90IHVzZWQ$bm90IHVzZWQgaGVyZQ' }).returning('id');
    const authorId = (account as { id: number }).id;
    const ids: Record<JsonRowTable, unknown> = {
      leads: leadId,
      lead_notes: (await t.db('lead_notes').insert({ lead_id: leadId, author_id: authorId, author: 'Grace', body: 'Called back', created_at: at(1) }).returning('id'))[0].id,
      audit_log: (
        await t.db('audit_log')
          .insert({ at: at(2), actor_id: authorId, actor_name: 'Grace', action: 'lead.note', target_type: 'lead', target_id: leadId, summary: 'note', ip: '127.0.0.1', repeats: 2, last_at: at(3), repeat_key: 'k' })
          .returning('id')
      )[0].id,
      form_notifications: (
        await t.db('form_notifications')
          .insert({
            form_type: 'contact', submission_id: leadId, subject: 'Re: hello', body: 'Thanks', reply_to: 'grace@example.com', status: 'sent', attempts: 1,
            next_attempt_at: at(4), locked_until: at(5), last_error: 'none', sent_at: at(6), created_at: at(7), kind: 'reply', to_address: 'ada@example.com',
            from_name: 'Grace', message_id: '<1@example.com>', in_reply_to: '<0@example.com>', thread_references: '<0@example.com>', author_id: authorId, author: 'Grace', smtp_response: '250 OK',
          })
          .returning('id')
      )[0].id,
      inbound_messages: (
        await t.db('inbound_messages')
          .insert({
            mailbox: 'INBOX', uid_validity: '7', uid: 4_000_000_000, message_id: '<2@example.com>', from_address: 'ada@example.com', from_name: 'Ada', to_text: 'hello@agency.test',
            subject: 'Re: hello', sent_at: at(8), received_at: at(9), text: 'Thank you', quoted: '> Thanks', in_reply_to: '<1@example.com>', thread_references: '<1@example.com>',
            lead_id: leadId, state: 'filed', reason: 'reply', attachments_omitted: 1, decided_at: at(10),
          })
          .returning('id')
      )[0].id,
    };
    for (const table of TABLES) {
      const plain = await t.db(table).where({ id: ids[table] }).first();
      expect(Object.values(plain).every((value) => value !== null)).toBe(true);
      const { rows } = (await t.db.raw(`select json_agg(t) as rows from ?? t where t.id = ?`, [table, ids[table] as string])).rows[0] as { rows: Record<string, unknown>[] };
      // A bigint comes as the row types declare it (text), as PostgreSQL's driver gives it; PGlite's gives a number.
      const asDeclared = { ...plain, ...Object.fromEntries(JSON_ROW_TYPES[table].bigints.map((column) => [column, String(plain[column])])) };
      expect(rowsFromJson(table, rows)).toEqual([asDeclared]);
    }
  });
});
