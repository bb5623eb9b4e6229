import { accountApi } from './account-api';
import { fakeNetwork, headersOf, json, requestLines } from './test-network';

const noContent = () => new Response(null, { status: 204 });
const bodies = (calls: { init: RequestInit }[]) => calls.map((call) => call.init.body);

describe('account API client', () => {
  it('reads the account and saves your name and e-mail address, with the token', async () => {
    const own = { email: 'ada@example.com', emailVerified: false, verificationSentTo: 'ada@example.com' };
    const { api, calls } = fakeNetwork(json({ username: 'ada' }), json({ displayName: 'Ada Lovelace' }), json(own), json(own));
    const account = accountApi(api);
    await expect(account.load()).resolves.toEqual({ username: 'ada' });
    await expect(account.setDisplayName('Ada Lovelace')).resolves.toEqual({ displayName: 'Ada Lovelace' });
    await expect(account.setEmail(null, 'pw')).resolves.toEqual(own);
    await expect(account.sendConfirmation()).resolves.toEqual(own);
    expect(requestLines(calls)).toEqual(['GET /api/account', 'POST /api/account/display-name', 'POST /api/account/email', 'POST /api/account/email/confirmation']);
    expect(bodies(calls)).toEqual([undefined, '{"displayName":"Ada Lovelace"}', '{"email":null,"password":"pw"}', undefined]);
    for (const call of calls.slice(1)) expect(headersOf(call)['X-CSRF-Token']).toBe('tok');
  });

  it('sets two-factor sign-in up, turns it on with a code and off with the password', async () => {
    const { api, calls } = fakeNetwork(json({ secret: 'S', otpauthUrl: 'otpauth://x', qrSvg: '<svg/>' }), json({ recoveryCodes: ['a', 'b'] }), noContent());
    const account = accountApi(api);
    await expect(account.startTwoFactor()).resolves.toMatchObject({ secret: 'S', qrSvg: '<svg/>' });
    await expect(account.enableTwoFactor('123456')).resolves.toEqual({ recoveryCodes: ['a', 'b'] });
    await expect(account.disableTwoFactor('pw')).resolves.toBeNull();
    expect(requestLines(calls)).toEqual(['POST /api/account/totp/setup', 'POST /api/account/totp/enable', 'POST /api/account/totp/disable']);
    expect(bodies(calls)).toEqual([undefined, '{"code":"123456"}', '{"password":"pw"}']);
  });

  it('changes the password and lists and ends sessions, the id encoded', async () => {
    const { api, calls } = fakeNetwork(noContent(), json([{ id: 's1' }]), noContent());
    const account = accountApi(api);
    await account.changePassword('old pw', 'new pw');
    await expect(account.sessions()).resolves.toEqual([{ id: 's1' }]);
    await account.endSession('a/b');
    expect(requestLines(calls)).toEqual(['POST /api/account/password', 'GET /api/account/sessions', 'DELETE /api/account/sessions/a%2Fb']);
    expect(calls[0]!.init.body).toBe('{"currentPassword":"old pw","newPassword":"new pw"}');
  });

  it('says what failed when the server gave no reason', async () => {
    const { api } = fakeNetwork(new Response('oops', { status: 500 }), json({ error: 'The code is wrong.' }, 400));
    await expect(accountApi(api).changePassword('a', 'b')).rejects.toMatchObject({ message: 'Failed to change your password.', fromServer: false });
    await expect(accountApi(api).enableTwoFactor('000000')).rejects.toMatchObject({ message: 'The code is wrong.', fromServer: true });
  });
});
