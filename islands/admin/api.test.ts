import { ApiError, createDashboardApi, uploadPercent } from './api';

interface Call {
  url: string;
  init: RequestInit;
}

/** A stand-in for the network (the outside world), answering each call with the next response. */
function fakeNetwork(...responses: Response[]) {
  const calls: Call[] = [];
  const fetchImpl = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const next = responses.shift();
    if (!next) throw new Error('unexpected call');
    return next;
  }) as unknown as typeof fetch;
  return { calls, fetchImpl };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

describe('dashboard API client', () => {
  it('lists leads with the filters and the cursor in the query, sending the cookie and no token', async () => {
    const { calls, fetchImpl } = fakeNetwork(json({ items: [], nextCursor: null }));
    const api = createDashboardApi({ csrfToken: 'tok', fetchImpl });
    await expect(api.listLeads({ type: 'quote', status: 'new' }, 'c 1')).resolves.toEqual({ items: [], nextCursor: null });
    expect(calls[0]!.url).toBe('/api/leads?type=quote&status=new&limit=20&cursor=c%201');
    expect(calls[0]!.init.credentials).toBe('same-origin');
    expect(calls[0]!.init.method).toBe('GET');
    expect((calls[0]!.init.headers as Record<string, string>)['X-CSRF-Token']).toBeUndefined();
  });

  it('sends the CSRF token and JSON on a status change, and the token on deletes', async () => {
    const { calls, fetchImpl } = fakeNetwork(json({ _id: 'a b', status: 'read' }), new Response(null, { status: 204 }), new Response(null, { status: 204 }));
    const api = createDashboardApi({ csrfToken: 'tok', fetchImpl });
    await api.setFormStatus('contact', 'a b', 'read');
    await api.deleteForm('contact', 'a b');
    await api.deletePortfolioItem('p1');
    expect(calls.map((call) => `${call.init.method} ${call.url}`)).toEqual(['PATCH /api/forms/contact/a%20b/status', 'DELETE /api/forms/contact/a%20b', 'DELETE /api/portfolio/p1']);
    for (const call of calls) {
      expect((call.init.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok');
      expect(call.init.credentials).toBe('same-origin');
    }
    expect(calls[0]!.init.body).toBe('{"status":"read"}');
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it("uses the server's error text, else the spec's fallback", async () => {
    const { fetchImpl } = fakeNetwork(json({ error: 'Database unavailable' }, 503), new Response('oops', { status: 500 }), json({}, 500));
    const api = createDashboardApi({ csrfToken: 'tok', fetchImpl });
    await expect(api.listLeads({ type: 'enquiry' }, null)).rejects.toMatchObject({ message: 'Database unavailable', fromServer: true, status: 503 });
    // What failed, in the product's words, and what to do (the spec's "Failed to delete form." said neither).
    await expect(api.deleteForm('free-offer', 'x')).rejects.toMatchObject({ message: 'The message could not be deleted. Try again.', fromServer: false });
    await expect(api.setFormStatus('quote', 'x', 'won')).rejects.toMatchObject({ message: 'Failed to update form status.' });
  });

  it('calls onUnauthorized on a 401 (the page then reloads into the login)', async () => {
    const { fetchImpl } = fakeNetwork(json({ error: 'Sign in first' }, 401));
    let unauthorized = 0;
    const api = createDashboardApi({ csrfToken: 'tok', fetchImpl, onUnauthorized: () => unauthorized++ });
    await expect(api.listPortfolio()).rejects.toBeInstanceOf(ApiError);
    expect(unauthorized).toBe(1);
  });

  it('rejects a list answer that is not an array', async () => {
    const { fetchImpl } = fakeNetwork(json({ items: [] }));
    const api = createDashboardApi({ csrfToken: 'tok', fetchImpl });
    await expect(api.listPortfolio()).rejects.toMatchObject({ message: 'Failed to load portfolio items' });
  });

  it('turns upload progress into whole percentages that reach 100 only at the end', () => {
    expect(uploadPercent(0, 1000)).toBe(0);
    expect(uploadPercent(505, 1000)).toBe(50);
    expect(uploadPercent(999, 1000)).toBe(99);
    expect(uploadPercent(1000, 1000)).toBe(100);
    expect(uploadPercent(10, 0)).toBe(0);
  });

  it('calls the unmatched mail endpoints of the contract, with the token on each action', async () => {
    const { calls, fetchImpl } = fakeNetwork(
      json({ messages: [{ id: 'm1' }], next: 'c 2' }),
      json({ messages: [] }),
      json({ unmatched: 4 }),
      json({ lead: { type: 'quote', id: 'l1' } }),
      json({ lead: { type: 'email', id: 'l2' } }, 201),
      json({ ok: true }),
    );
    const api = createDashboardApi({ csrfToken: 'tok', fetchImpl });
    await expect(api.inboundMail()).resolves.toEqual({ messages: [{ id: 'm1' }], next: 'c 2' });
    await expect(api.inboundMail('c 2')).resolves.toEqual({ messages: [], next: null });
    await expect(api.unmatchedMailCount()).resolves.toBe(4);
    await expect(api.attachInboundMail('m/1', { type: 'quote', id: 'l1' })).resolves.toEqual({ type: 'quote', id: 'l1' });
    await expect(api.leadFromInboundMail('m1')).resolves.toEqual({ type: 'email', id: 'l2' });
    await api.dismissInboundMail('m1');
    expect(calls.map((call) => `${call.init.method} ${call.url}`)).toEqual([
      'GET /api/inbound-mail',
      'GET /api/inbound-mail?before=c%202',
      'GET /api/inbound-mail/count',
      'POST /api/inbound-mail/m%2F1/attach',
      'POST /api/inbound-mail/m1/new-lead',
      'POST /api/inbound-mail/m1/dismiss',
    ]);
    expect(calls[3]!.init.body).toBe(JSON.stringify({ type: 'quote', id: 'l1' }));
    for (const call of calls.slice(3)) expect((call.init.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok');
  });

  it('says an unmatched action’s refusal in the server’s words', async () => {
    const { fetchImpl } = fakeNetwork(json({ error: 'This message was filed already.' }, 409), new Response('oops', { status: 500 }));
    const api = createDashboardApi({ csrfToken: 'tok', fetchImpl });
    await expect(api.attachInboundMail('m1', { type: 'quote', id: 'l1' })).rejects.toMatchObject({ message: 'This message was filed already.', status: 409, fromServer: true });
    await expect(api.dismissInboundMail('m1')).rejects.toMatchObject({ message: 'The message could not be dismissed. Try again.', fromServer: false });
  });

  it('reads the notices and marks them read', async () => {
    const notices = { notices: [{ id: 'n 1', text: 'Carla answered.', href: '/admin/dashboard', at: '2026-03-02T15:30:00.000Z', read: false }], unread: 1 };
    const { calls, fetchImpl } = fakeNetwork(json(notices), json({}), json({}));
    const api = createDashboardApi({ csrfToken: 'tok', fetchImpl });
    await expect(api.notices()).resolves.toEqual(notices);
    await api.readNotice('n 1');
    await api.readAllNotices();
    expect(calls.map((call) => `${call.init.method} ${call.url}`)).toEqual(['GET /api/notices', 'POST /api/notices/n%201/read', 'POST /api/notices/read-all']);
    expect((calls[1]!.init.headers as Record<string, string>)['X-CSRF-Token']).toBe('tok');
  });
});
