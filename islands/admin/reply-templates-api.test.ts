import { replyTemplatesApi } from './reply-templates-api';
import { fakeNetwork, json, requestLines } from './test-network';

describe('saved replies API client', () => {
  it('lists, adds, changes and deletes saved replies, the id encoded', async () => {
    const template = { id: 't 1', name: 'Thanks', body: 'Thank you, {firstName}.', updatedAt: '2026-03-02T10:00:00.000Z' };
    const { api, calls } = fakeNetwork(json({ items: [template] }), json(template, 201), json(template), new Response(null, { status: 204 }));
    const templates = replyTemplatesApi(api);
    await expect(templates.list()).resolves.toEqual([template]);
    await expect(templates.add({ name: 'Thanks', body: 'Thank you.' })).resolves.toEqual(template);
    await expect(templates.change('t 1', { name: 'Thanks', body: 'Thank you, {firstName}.' })).resolves.toEqual(template);
    await expect(templates.remove('t 1')).resolves.toBeNull();
    expect(requestLines(calls)).toEqual(['GET /api/reply-templates', 'POST /api/reply-templates', 'PATCH /api/reply-templates/t%201', 'DELETE /api/reply-templates/t%201']);
    expect(calls[1]!.init.body).toBe('{"name":"Thanks","body":"Thank you."}');
    expect(calls[2]!.init.body).toBe('{"name":"Thanks","body":"Thank you, {firstName}."}');
  });

  it('says what failed when the server gave no reason', async () => {
    const { api } = fakeNetwork(new Response('oops', { status: 500 }));
    await expect(replyTemplatesApi(api).remove('x')).rejects.toMatchObject({ message: 'The saved reply could not be deleted.', fromServer: false });
  });
});
