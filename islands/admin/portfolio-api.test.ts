import { portfolioApi } from './portfolio-api';
import { fakeNetwork, headersOf, json, requestLines } from './test-network';

describe('portfolio API client', () => {
  it('lists the items and deletes one with the token', async () => {
    const { api, calls } = fakeNetwork(json([{ _id: 'p1', title: 'Bakery' }]), new Response(null, { status: 204 }));
    await expect(portfolioApi(api).list()).resolves.toEqual([{ _id: 'p1', title: 'Bakery' }]);
    await portfolioApi(api).remove('p 1');
    expect(requestLines(calls)).toEqual(['GET /api/portfolio', 'DELETE /api/portfolio/p%201']);
    expect(headersOf(calls[1]!)['X-CSRF-Token']).toBe('tok');
  });

  it('refuses a list answer that is not an array', async () => {
    const { api } = fakeNetwork(json({ items: [] }));
    await expect(portfolioApi(api).list()).rejects.toMatchObject({ message: 'Failed to load portfolio items', fromServer: false });
  });
});
