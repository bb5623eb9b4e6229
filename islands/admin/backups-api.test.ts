import { backupsApi } from './backups-api';
import { fakeNetwork, headersOf, json, requestLines } from './test-network';

describe('backups API client', () => {
  it('lists, follows, starts and downloads backups, the name encoded and the password in the body', async () => {
    const status = { running: null, last: null };
    const { api, calls } = fakeNetwork(json({ ...status, backups: [] }), json(status), json(status, 202), json({ url: '/api/backups/download/t1' }));
    const backups = backupsApi(api);
    await expect(backups.list()).resolves.toMatchObject({ backups: [] });
    await expect(backups.status()).resolves.toEqual(status);
    await expect(backups.start()).resolves.toEqual(status);
    await expect(backups.downloadLink('site 1.tar.gz', 'pw')).resolves.toEqual({ url: '/api/backups/download/t1' });
    expect(requestLines(calls)).toEqual(['GET /api/backups', 'GET /api/backups/status', 'POST /api/backups', 'POST /api/backups/site%201.tar.gz/download']);
    expect(calls[3]!.init.body).toBe('{"password":"pw"}');
    expect(headersOf(calls[2]!)['X-CSRF-Token']).toBe('tok');
  });

  it('says what failed when the server gave no reason', async () => {
    const { api } = fakeNetwork(new Response('oops', { status: 500 }));
    await expect(backupsApi(api).start()).rejects.toMatchObject({ message: 'Failed to start the backup.', fromServer: false });
  });
});
