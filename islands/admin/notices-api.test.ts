import { noticesApi } from './notices-api';
import { fakeNetwork, headersOf, json, requestLines } from './test-network';

describe('notices API client', () => {
  it('reads the notices and marks them read', async () => {
    const notices = { notices: [{ id: 'n 1', text: 'Carla answered.', href: '/admin/dashboard', at: '2026-03-02T15:30:00.000Z', read: false }], unread: 1 };
    const { api, calls } = fakeNetwork(json(notices), json({}), json({}));
    await expect(noticesApi(api).list()).resolves.toEqual(notices);
    await noticesApi(api).read('n 1');
    await noticesApi(api).readAll();
    expect(requestLines(calls)).toEqual(['GET /api/notices', 'POST /api/notices/n%201/read', 'POST /api/notices/read-all']);
    expect(headersOf(calls[1]!)['X-CSRF-Token']).toBe('tok');
  });
});
