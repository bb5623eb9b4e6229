import { auditApi, auditQuery } from './audit-api';
import { fakeNetwork, json, requestLines } from './test-network';

const NONE = { actor: '', action: '', from: '', to: '' };

describe('audit API client', () => {
  it('asks for a page with only the filters given and the cursor', async () => {
    const { api, calls } = fakeNetwork(json({ items: [], nextCursor: null }), json({ items: [], nextCursor: null }));
    await expect(auditApi(api).list(NONE, null)).resolves.toEqual({ items: [], nextCursor: null });
    await auditApi(api).list({ ...NONE, actor: 'ada b', from: '2026-03-01' }, 'c 1');
    expect(requestLines(calls)).toEqual(['GET /api/audit?', 'GET /api/audit?actor=ada+b&from=2026-03-01&cursor=c+1']);
  });

  it('tells one list from another by its filters alone', () => {
    expect(auditQuery({ ...NONE, action: 'user.create' }, null)).toBe('action=user.create');
  });
});
