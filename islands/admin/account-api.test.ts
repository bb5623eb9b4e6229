import { accountApi } from './account-api';
import { fakeNetwork, headersOf, json, requestLines } from './test-network';

const noContent = () => new Response(null, { status: 204 });

describe('account API client', () => {
  it("calls your account's paths with what each change sends", async () => {
    const own = { email: 'ada@example.com', emailVerified: false, verificationSentTo: 'ada@example.com' };
    const { api, calls } = fakeNetwork(
      json({ username: 'ada' }),
      json({ displayName: 'Ada Lovelace' }),
      json({ secret: 'S', otpauthUrl: 'otpauth://x', qrSvg: '<svg/>' }),
      json({ recoveryCodes: ['a', 'b'] }),
      noContent(),
      json(own),
      json(own),
      noContent(),
      json([{ id: 's1' }]),
      noContent(),
    );
    const account = accountApi(api);
    await expect(account.load()).resolves.toEqual({ username: 'ada' });
    await expect(account.setDisplayName('Ada Lovelace')).resolves.toEqual({ displayName: 'Ada Lovelace' });
    await expect(account.startTwoFactor()).resolves.toMatchObject({ secret: 'S', qrSvg: '<svg/>' });
    await expect(account.enableTwoFactor('123456')).resolves.toEqual({ recoveryCodes: ['a', 'b'] });
    await expect(account.disableTwoFactor('pw')).resolves.toBeNull();
    await expect(account.setEmail(null, 'pw')).resolves.toEqual(own);
    await expect(account.sendConfirmation()).resolves.toEqual(own);
    await account.changePassword('old pw', 'new pw');
    await expect(account.sessions()).resolves.toEqual([{ id: 's1' }]);
    await account.endSession('a/b');
    expect(requestLines(calls)).toEqual([
      'GET /api/account',
      'POST /api/account/display-name',
      'POST /api/account/totp/setup',
      'POST /api/account/totp/enable',
      'POST /api/account/totp/disable',
      'POST /api/account/email',
      'POST /api/account/email/confirmation',
      'POST /api/account/password',
      'GET /api/account/sessions',
      'DELETE /api/account/sessions/a%2Fb',
    ]);
    expect(calls.map((call) => call.init.body)).toEqual([
      undefined,
      '{"displayName":"Ada Lovelace"}',
      undefined,
      '{"code":"123456"}',
      '{"password":"pw"}',
      '{"email":null,"password":"pw"}',
      undefined,
      '{"currentPassword":"old pw","newPassword":"new pw"}',
      undefined,
      undefined,
    ]);
    for (const call of calls.filter((each) => each.init.method !== 'GET')) expect(headersOf(call)['X-CSRF-Token']).toBe('tok');
  });

  it('says what failed when the server gave no reason', async () => {
    const { api } = fakeNetwork(new Response('oops', { status: 500 }), json({ error: 'The code is wrong.' }, 400));
    await expect(accountApi(api).changePassword('a', 'b')).rejects.toMatchObject({ message: 'Failed to change your password.', fromServer: false });
    await expect(accountApi(api).enableTwoFactor('000000')).rejects.toMatchObject({ message: 'The code is wrong.', fromServer: true });
  });
});
