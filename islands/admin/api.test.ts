import { ApiError, createDashboardApi, uploadPercent } from './api';
import { fakeNetwork, headersOf, json } from './test-network';

describe('dashboard API transport', () => {
  it('reads with the cookie and no token', async () => {
    const { api, calls } = fakeNetwork(json({ items: [] }));
    await expect(api.send('GET', '/api/things?q=a', 'Failed.')).resolves.toEqual({ items: [] });
    expect(calls[0]!.url).toBe('/api/things?q=a');
    expect(calls[0]!.init.credentials).toBe('same-origin');
    expect(calls[0]!.init.method).toBe('GET');
    expect(calls[0]!.init.body).toBeUndefined();
    expect(headersOf(calls[0]!)['X-CSRF-Token']).toBeUndefined();
  });

  it('sends the CSRF token and JSON on a change, the token on deletes, and answers null for 204', async () => {
    const { api, calls } = fakeNetwork(json({ status: 'read' }), new Response(null, { status: 204 }));
    await expect(api.send('PATCH', '/api/things/1', 'Failed.', { status: 'read' })).resolves.toEqual({ status: 'read' });
    await expect(api.send('DELETE', '/api/things/1', 'Failed.')).resolves.toBeNull();
    for (const call of calls) {
      expect(headersOf(call)['X-CSRF-Token']).toBe('tok');
      expect(call.init.credentials).toBe('same-origin');
    }
    expect(calls[0]!.init.body).toBe('{"status":"read"}');
    expect(headersOf(calls[0]!)['Content-Type']).toBe('application/json');
    expect(headersOf(calls[1]!)['Content-Type']).toBeUndefined();
  });

  it("uses the server's error text, else the caller's fallback, with the per-field messages and the body", async () => {
    const refusal = { error: 'Check the fields.', fields: { email: 'Enter an e-mail address.' } };
    const { api } = fakeNetwork(json({ error: 'Database unavailable' }, 503), new Response('oops', { status: 500 }), json({}, 500), json(refusal, 400));
    await expect(api.send('GET', '/api/things', 'Failed.')).rejects.toMatchObject({ message: 'Database unavailable', fromServer: true, status: 503 });
    await expect(api.send('DELETE', '/api/things/1', 'The thing could not be deleted.')).rejects.toMatchObject({ message: 'The thing could not be deleted.', fromServer: false, status: 500 });
    await expect(api.send('PATCH', '/api/things/1', 'Failed to update.')).rejects.toMatchObject({ message: 'Failed to update.', fromServer: false });
    await expect(api.send('POST', '/api/things', 'Failed.', {})).rejects.toMatchObject({ message: 'Check the fields.', status: 400, fields: refusal.fields, body: refusal });
  });

  it('calls onUnauthorized on a 401 (the page then reloads into the login)', async () => {
    const { fetchImpl } = fakeNetwork(json({ error: 'Sign in first' }, 401));
    let unauthorized = 0;
    const api = createDashboardApi({ csrfToken: 'tok', fetchImpl, onUnauthorized: () => unauthorized++ });
    await expect(api.send('GET', '/api/things', 'Failed.')).rejects.toBeInstanceOf(ApiError);
    expect(unauthorized).toBe(1);
  });

  it('turns upload progress into whole percentages that reach 100 only at the end', () => {
    expect(uploadPercent(0, 1000)).toBe(0);
    expect(uploadPercent(505, 1000)).toBe(50);
    expect(uploadPercent(999, 1000)).toBe(99);
    expect(uploadPercent(1000, 1000)).toBe(100);
    expect(uploadPercent(10, 0)).toBe(0);
  });
});
