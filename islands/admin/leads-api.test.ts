import { leadsApi } from './leads-api';
import { fakeNetwork, headersOf, json, requestLines } from './test-network';

describe('leads API client', () => {
  it('lists leads with the filters and the cursor in the query', async () => {
    const { api, calls } = fakeNetwork(json({ items: [], nextCursor: null }), json({ items: [], nextCursor: null }));
    await expect(leadsApi(api).list({ type: 'quote', status: 'new' }, 'c 1')).resolves.toEqual({ items: [], nextCursor: null });
    await leadsApi(api).list({}, null, 10);
    expect(requestLines(calls)).toEqual(['GET /api/leads?type=quote&status=new&limit=20&cursor=c%201', 'GET /api/leads?limit=10']);
  });

  it("calls a lead's own paths, its id encoded", async () => {
    const lead = { _id: 'a b', type: 'quote' };
    const { api, calls } = fakeNetwork(json(lead), json(lead), json(lead), json(lead), new Response(null, { status: 204 }), json({ changed: 2 }), json({ count: 3 }), json({ id: 'r1', messageId: 'm1', state: 'queued' }, 201));
    const leads = leadsApi(api);
    await leads.load('quote', 'a b');
    await leads.act('quote', 'a b', 'not-spam');
    await leads.setStatus('quote', 'a b', 'won');
    await leads.addNote('quote', 'a b', 'Called back.');
    await leads.remove('quote', 'a b');
    await expect(leads.bulk('spam', ['a', 'b'])).resolves.toBe(2);
    await expect(leads.unreadCount()).resolves.toBe(3);
    await expect(leads.reply('email', 'a b', { subject: 'Re: hello', body: 'Thanks.' })).resolves.toMatchObject({ state: 'queued' });
    expect(requestLines(calls)).toEqual([
      'GET /api/leads/quote/a%20b',
      'POST /api/leads/quote/a%20b/not-spam',
      'PATCH /api/leads/quote/a%20b/status',
      'POST /api/leads/quote/a%20b/notes',
      'DELETE /api/leads/quote/a%20b',
      'POST /api/leads/bulk',
      'GET /api/leads/unread-count',
      'POST /api/leads/email/a%20b/replies',
    ]);
    expect(calls[5]!.init.body).toBe(JSON.stringify({ action: 'spam', ids: ['a', 'b'] }));
    expect(calls[7]!.init.body).toBe(JSON.stringify({ subject: 'Re: hello', body: 'Thanks.' }));
  });

  it("changes and deletes a form's submission through the spec's calls, with the token", async () => {
    const { api, calls } = fakeNetwork(json({ _id: 'a b', status: 'read' }), new Response(null, { status: 204 }));
    await leadsApi(api).setFormStatus('contact', 'a b', 'read');
    await leadsApi(api).deleteForm('contact', 'a b');
    expect(requestLines(calls)).toEqual(['PATCH /api/forms/contact/a%20b/status', 'DELETE /api/forms/contact/a%20b']);
    for (const call of calls) expect(headersOf(call)['X-CSRF-Token']).toBe('tok');
    expect(calls[0]!.init.body).toBe('{"status":"read"}');
  });

  it('says what failed in the product’s words when the server gave none', async () => {
    const { api } = fakeNetwork(new Response('oops', { status: 500 }), json({}, 500));
    // What failed and what to do (the spec's "Failed to delete form." said neither).
    await expect(leadsApi(api).deleteForm('free-offer', 'x')).rejects.toMatchObject({ message: 'The message could not be deleted. Try again.', fromServer: false });
    await expect(leadsApi(api).setFormStatus('quote', 'x', 'won')).rejects.toMatchObject({ message: 'Failed to update form status.' });
  });
});
