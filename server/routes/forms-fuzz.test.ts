import request from 'supertest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { VALID_FORMS, clientToken, countSubmissions } from '../../tests/helpers/form-fixtures';
import { toSubmissionRecord } from './admin-forms';
import { FORM_TYPES, type FormType } from '../../shared/form-types';
import { FORM_DEFINITIONS } from '../../shared/forms';
import type { LeadRow } from '../db/tables';

/** Small seeded generator so a failure can be replayed exactly. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T,>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!, chance: (p: number) => next() < p };
}

const HOSTILE_STRINGS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'; DROP TABLE enquiries; --",
  "Robert'); DELETE FROM quote_requests WHERE ('1'='1",
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  'Zoë Ñúñez 李小龍 محمد 🚀👩‍💻',
  'e\u0301\u0301\u0301 combining',
  'zero\u200bwidth\u200d joiner',
  'line\u2028separator',
  '\u00a0 non-breaking padded \u00a0',
  '  spaced out  ',
  '\u0000',
  'nul\u0000inside',
  'bell\u0007',
  'lone \ud83d surrogate',
  'reversed \udc00\ud800',
  '',
  ' ',
  '%00%27',
  '\\x00\\u0000',
  'ＡＢＣ full width',
];

const WRONG_TYPES: unknown[] = [null, 0, -1, 1e308, true, false, [], ['a'], {}, { $gt: '' }, 'NaN'];

function hugeString(rng: ReturnType<typeof seeded>): string {
  return rng.pick(['x', '😀', '<b>', "'", 'é']).repeat(rng.pick([5001, 20_000, 60_000]));
}

/** A hostile variant of a valid body: wrong types, missing or extra fields, odd text. */
function mutate(type: FormType, rng: ReturnType<typeof seeded>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...VALID_FORMS[type], fillMs: 9000, clientToken: clientToken() };
  const names = FORM_DEFINITIONS[type].fields.map((field) => field.name);
  const rounds = 1 + Math.floor(rng.next() * 3);
  for (let i = 0; i < rounds; i++) {
    const field = rng.pick(names);
    switch (rng.pick(['hostile', 'hostile', 'hostile', 'wrongType', 'missing', 'extra', 'huge', 'budget'] as const)) {
      case 'hostile':
        body[field] = rng.pick(HOSTILE_STRINGS) + (rng.chance(0.5) ? ` ${String(VALID_FORMS[type][field] ?? '')}` : '');
        break;
      case 'wrongType':
        body[field] = rng.pick(WRONG_TYPES);
        break;
      case 'missing':
        delete body[field];
        break;
      case 'extra':
        body[rng.pick(['__proto__', 'constructor', 'isAdmin', 'status', '_id', 'submittedAt', 'id'])] = rng.pick(['x', 1, true]);
        break;
      case 'huge':
        body[field] = hugeString(rng);
        break;
      case 'budget':
        body.budget = rng.pick([1000, 10000, 999, 10001, 1500, 1750, '2000', -500, 0, 1e9, 5000.5]);
        break;
    }
  }
  return body;
}

const RAW_BODIES = ['', '{', '}', 'null', '"string"', '123', 'true', '[]', '[{}]', '{"name":', '{"a":1}}', "{'single': 'quotes'}", '{"name":"\\u0000"}', '\u0000', '{"__proto__":{"admin":true}}'];

/** What the server must have stored for an accepted body: trimmed text, blank optional text as null. */
function expectedRecord(type: FormType, body: Record<string, unknown>): Record<string, unknown> {
  const expected: Record<string, unknown> = {};
  for (const field of FORM_DEFINITIONS[type].fields) {
    const value = body[field.name];
    const trimmed = typeof value === 'string' ? value.trim() : value;
    expected[field.name] = !field.required && (trimmed === '' || trimmed === undefined || trimmed === null) ? null : trimmed;
  }
  return expected;
}

describe('fuzzing the four form endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: '100000' });
  });
  afterAll(() => t.destroy());

  it('answers 600 malformed or hostile bodies with a JSON error or a 201, and stores exactly what it accepted', async () => {
    const rng = seeded(20261123);
    const tally: Record<number, number> = {};
    const accepted: { type: FormType; id: string; body: Record<string, unknown> }[] = [];
    for (let i = 0; i < 600; i++) {
      const type = rng.pick(FORM_TYPES);
      const raw = rng.chance(0.08);
      const body = raw ? undefined : mutate(type, rng);
      const payload = raw ? rng.pick(RAW_BODIES) : JSON.stringify(body);
      const res = await request(t.app.callback()).post(`/api/forms/${type}`).set('Content-Type', 'application/json').send(payload);
      tally[res.status] = (tally[res.status] ?? 0) + 1;
      const context = `#${i} ${type} ${payload.slice(0, 200)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
      expect([201, 400, 413].includes(res.status) ? '' : context).toBe('');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      if (res.status === 201) {
        expect(Object.keys(res.body)).toEqual(['_id']);
        accepted.push({ type, id: res.body._id, body: body! });
      } else {
        expect(typeof res.body.error === 'string' && res.body.error.length > 0 ? '' : context).toBe('');
      }
    }
    // Both outcomes must be well represented, or the fuzzer tests nothing.
    expect(tally[201]).toBeGreaterThan(40);
    expect(tally[400]).toBeGreaterThan(300);

    expect(await countSubmissions(t.db)).toBe(accepted.length);
    for (const { type, id, body } of accepted) {
      const row = await t.db('leads').where({ type, id }).first<LeadRow>();
      const { _id, submittedAt: _at, status, ...stored } = toSubmissionRecord(row!);
      expect(_id).toBe(id);
      expect(status).toBe('new');
      expect(stored).toEqual(expectedRecord(type, body));
    }
  });

  it('refuses NUL bytes in any text field with a 400, never a 500', async () => {
    for (const type of FORM_TYPES) {
      for (const field of FORM_DEFINITIONS[type].fields.filter((f) => f.kind !== 'range')) {
        const res = await request(t.app.callback())
          .post(`/api/forms/${type}`)
          .send({ ...VALID_FORMS[type], [field.name]: `before\u0000after`, fillMs: 9000, clientToken: clientToken() });
        expect(`${type}.${field.name} ${res.status}`).toBe(`${type}.${field.name} 400`);
        expect(res.body.fields[field.name]).toMatch(/not allowed|select/);
      }
    }
  });
});
