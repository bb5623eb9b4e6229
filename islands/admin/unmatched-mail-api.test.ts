import { unmatchedMailApi } from './unmatched-mail-api';
import { fakeNetwork, headersOf, json, requestLines } from './test-network';

describe('unmatched mail API client', () => {
  it('calls the endpoints of the contract, with the token on each action', async () => {
    const { api, calls } = fakeNetwork(
      json({ messages: [{ id: 'm1' }], next: 'c 2' }),
      json({ messages: [] }),
      json({ unmatched: 4 }),
      json({ lead: { type: 'quote', id: 'l1' } }),
      json({ lead: { type: 'email', id: 'l2' } }, 201),
      json({ ok: true }),
    );
    const mail = unmatchedMailApi(api);
    await expect(mail.list()).resolves.toEqual({ messages: [{ id: 'm1' }], next: 'c 2' });
    await expect(mail.list('c 2')).resolves.toEqual({ messages: [], next: null });
    await expect(mail.count()).resolves.toBe(4);
    await expect(mail.attach('m/1', { type: 'quote', id: 'l1' })).resolves.toEqual({ type: 'quote', id: 'l1' });
    await expect(mail.newLead('m1')).resolves.toEqual({ type: 'email', id: 'l2' });
    await mail.dismiss('m1');
    expect(requestLines(calls)).toEqual([
      'GET /api/inbound-mail',
      'GET /api/inbound-mail?before=c%202',
      'GET /api/inbound-mail/count',
      'POST /api/inbound-mail/m%2F1/attach',
      'POST /api/inbound-mail/m1/new-lead',
      'POST /api/inbound-mail/m1/dismiss',
    ]);
    expect(calls[3]!.init.body).toBe(JSON.stringify({ type: 'quote', id: 'l1' }));
    for (const call of calls.slice(3)) expect(headersOf(call)['X-CSRF-Token']).toBe('tok');
  });

  it('says a refusal in the server’s words', async () => {
    const { api } = fakeNetwork(json({ error: 'This message was filed already.' }, 409), new Response('oops', { status: 500 }));
    await expect(unmatchedMailApi(api).attach('m1', { type: 'quote', id: 'l1' })).rejects.toMatchObject({ message: 'This message was filed already.', status: 409, fromServer: true });
    await expect(unmatchedMailApi(api).dismiss('m1')).rejects.toMatchObject({ message: 'The message could not be dismissed. Try again.', fromServer: false });
  });
});
