import { firstRunApi } from './first-run-api';
import { fakeNetwork, headersOf, json, requestLines } from './test-network';

describe('first-run API client', () => {
  it('reads the checklist and dismisses an item, answering with the checklist after it', async () => {
    const checklist = { items: [{ key: 'team', state: 'dismissed' }] };
    const { api, calls } = fakeNetwork(json({ items: [] }), json(checklist));
    await expect(firstRunApi(api).load()).resolves.toEqual({ items: [] });
    await expect(firstRunApi(api).dismiss('team')).resolves.toEqual(checklist);
    expect(requestLines(calls)).toEqual(['GET /api/first-run', 'POST /api/first-run/dismissals']);
    expect(calls[1]!.init.body).toBe('{"item":"team"}');
    expect(headersOf(calls[1]!)['X-CSRF-Token']).toBe('tok');
  });
});
