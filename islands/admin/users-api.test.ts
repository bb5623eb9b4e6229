import { usersApi } from './users-api';
import { fakeNetwork, json, requestLines } from './test-network';

describe('users API client', () => {
  it('lists, adds, changes and deletes accounts, the username encoded', async () => {
    const answer = { user: { username: 'carla b' }, setPasswordUrl: 'https://example.com/set' };
    const { api, calls } = fakeNetwork(json([]), json(answer, 201), json(answer), new Response(null, { status: 204 }));
    const users = usersApi(api);
    await expect(users.list()).resolves.toEqual([]);
    await expect(users.create({ username: 'carla b', displayName: 'Carla', role: 'editor', passwordSetup: 'link' })).resolves.toEqual(answer);
    await expect(users.update('carla b', { resetPassword: 'email' })).resolves.toEqual(answer);
    await expect(users.remove('carla b')).resolves.toBeNull();
    expect(requestLines(calls)).toEqual(['GET /api/users', 'POST /api/users', 'PATCH /api/users/carla%20b', 'DELETE /api/users/carla%20b']);
    expect(calls[1]!.init.body).toBe('{"username":"carla b","displayName":"Carla","role":"editor","passwordSetup":"link"}');
    expect(calls[2]!.init.body).toBe('{"resetPassword":"email"}');
  });

  it('says what failed when the server gave no reason', async () => {
    const { api } = fakeNetwork(new Response('oops', { status: 500 }));
    await expect(usersApi(api).remove('x')).rejects.toMatchObject({ message: 'Failed to delete the account.', fromServer: false });
  });
});
