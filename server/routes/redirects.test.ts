import request from 'supertest';
import { createRedirects } from '../redirects';
import { createAuditTrail } from '../services/audit';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';
import { redirectMessages, type RedirectAddedJson, type RedirectListJson } from '../../shared/redirects';

describe('the Redirects list', () => {
  let t: TestApp;
  let owner: AdminTestSession;
  let editor: AdminTestSession;
  const api = () => request(t.app.callback());
  const add = (from: string, to: string, session = owner) => api().post('/api/redirects').set(session.headers).send({ from, to });
  const list = async () => (await api().get('/api/redirects').set(owner.headers).expect(200)).body as RedirectListJson;
  const stored = async (from: string) => (await list()).redirects.find((redirect) => redirect.from === from);

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signInAsAdmin(t, { username: 'redirect-owner' });
    editor = await signInAsAdmin(t, { username: 'redirect-editor', role: 'editor' });
  });
  afterAll(() => t.destroy());

  it('is for signed-in staff, editors included; visitors are refused', async () => {
    await api().get('/api/redirects').expect(401);
    await api().post('/api/redirects').send({ from: '/a', to: '/about' }).expect(401);
    await api().delete('/api/redirects/00000000-0000-4000-8000-000000000000').expect(401);
    const listed = (await api().get('/api/redirects').set(editor.headers).expect(200)).body as RedirectListJson;
    // The addresses built into the code are listed, read-only.
    expect(listed.builtIn).toEqual([{ from: '/industries/automobile', to: '/industries/automotive' }]);
    const made = (await add('/editors-too', '/about', editor).expect(201)).body as RedirectAddedJson;
    expect(made.redirect).toMatchObject({ from: '/editors-too', to: '/about', hits: 0, createdBy: editor.username, automatic: false, lastHitAt: null });
    // Named as staff know each other once the account has a display name, in the list and when added.
    await t.db('admin_users').where({ username: editor.username }).update({ display_name: 'Eddie Editor' });
    expect(await stored('/editors-too')).toMatchObject({ createdBy: 'Eddie Editor' });
    const named = (await add('/editors-named', '/about', editor).expect(201)).body as RedirectAddedJson;
    expect(named.redirect.createdBy).toBe('Eddie Editor');
    await api().delete(`/api/redirects/${named.redirect.id}`).set(editor.headers).expect(204);
    await api().delete(`/api/redirects/${made.redirect.id}`).set(editor.headers).expect(204);
  });

  it('answers an old address 301 to the new one, in any spelling, counting each use', async () => {
    await api().get('/old-about-us.html').expect(404);
    const made = (await add('/Old-About-Us.html/', '/about').expect(201)).body as RedirectAddedJson;
    expect(made.redirect.from).toBe('/old-about-us.html');
    // A 404 just answered is not remembered: the redirect answers at once.
    const moved = await api().get('/old-about-us.html').expect(301);
    expect(moved.headers.location).toBe('/about');
    expect(moved.headers['cache-control']).toBe('no-store');
    await api().get('/OLD-about-us.html?utm_source=old').expect(301).expect('Location', '/about');
    await api().head('/old-about-us.html').expect(301);
    const counted = await stored('/old-about-us.html');
    expect(counted).toMatchObject({ hits: 3 });
    expect(counted!.lastHitAt).not.toBeNull();
    // Only reads are redirected; other methods still find nothing.
    await api().post('/old-about-us.html').send({}).expect(404);
  });

  it('keeps a retired slug of a page family working, and sends to another site over https', async () => {
    await api().get('/services/retired-service').expect(404);
    await add('/services/retired-service', '/services').expect(201);
    await api().get('/services/retired-service').expect(301).expect('Location', '/services');
    await add('/blog', 'https://blog.example.com/posts?page=1').expect(201);
    await api().get('/blog').expect(301).expect('Location', 'https://blog.example.com/posts?page=1');
    // The site's own address, written in full, is kept as its path.
    const own = (await add('/own-address', 'https://agency.test/Contact').expect(201)).body as RedirectAddedJson;
    expect(own.redirect.to).toBe('/contact');
  });

  it('refuses bad addresses with the reason beside the field', async () => {
    const refusals: [string, string, 'from' | 'to', string][] = [
      ['', '/about', 'from', redirectMessages.fromMissing],
      ['https://old.example.com/page', '/about', 'from', redirectMessages.fromNotPath],
      ['old-page', '/about', 'from', redirectMessages.fromNotPath],
      ['//old.example.com/page', '/about', 'from', redirectMessages.fromNotPath],
      ['/page?id=3', '/about', 'from', redirectMessages.fromQuery],
      ['/', '/about', 'from', redirectMessages.fromHome],
      ['/admin/old', '/about', 'from', redirectMessages.fromReserved('/admin/old')],
      ['/API/old', '/about', 'from', redirectMessages.fromReserved('/api/old')],
      ['/media/old.png', '/about', 'from', redirectMessages.fromReserved('/media/old.png')],
      ['/preview/old', '/about', 'from', redirectMessages.fromReserved('/preview/old')],
      ['/assets/app.js', '/about', 'from', redirectMessages.fromReserved('/assets/app.js')],
      ['/sitemap.xml', '/about', 'from', redirectMessages.fromReserved('/sitemap.xml')],
      ['/About', '/contact', 'from', redirectMessages.fromLivePage('/about')],
      ['/services/seo', '/contact', 'from', redirectMessages.fromLivePage('/services/seo')],
      // The portfolio route answers every item address itself (with its own "not found" page).
      ['/portfolio/old-item', '/portfolio', 'from', redirectMessages.fromLivePage('/portfolio/old-item')],
      ['/industries/automobile', '/about', 'from', redirectMessages.fromBuiltIn('/industries/automobile', '/industries/automotive')],
      ['/old', '', 'to', redirectMessages.toMissing],
      ['/old', 'about', 'to', redirectMessages.toNotAddress],
      ['/old', 'http://other.example.com/', 'to', redirectMessages.toNotAddress],
      ['/old', 'javascript:alert(1)', 'to', redirectMessages.toNotAddress],
      ['/old', '/Old/', 'to', redirectMessages.toSame],
      ['/old', '/industries/automobile', 'to', redirectMessages.toChain('/industries/automobile', '/industries/automotive')],
      [`/${'a'.repeat(2001)}`, '/about', 'from', redirectMessages.tooLong],
    ];
    const wrong: string[] = [];
    for (const [from, to, field, message] of refusals) {
      const answer = await add(from, to);
      if (answer.status !== 400 || answer.body.fields?.[field] !== message || answer.body.error !== `${field}: ${message}`) wrong.push(`${from} → ${to}: ${answer.status} ${JSON.stringify(answer.body)}`);
    }
    expect(wrong).toEqual([]);
    const unknown = await api().post('/api/redirects').set(owner.headers).send({ from: '/x', to: '/about', code: 302 }).expect(400);
    expect(unknown.body.fields).toEqual({ code: redirectMessages.unknownField });
    expect((await list()).redirects.map((redirect) => redirect.from)).not.toContain('/old');
  });

  it('takes one step, never a chain: a chain is refused, a redirect to a new old address is pointed past it, a loop is refused', async () => {
    await add('/chain-a', '/chain-b').expect(201);
    // Leading to an address that itself redirects: refused, naming the address to give instead.
    const chained = await add('/chain-c', '/chain-a').expect(400);
    expect(chained.body.fields).toEqual({ to: redirectMessages.toChain('/chain-a', '/chain-b') });
    // The address another redirect leads to now redirects: that one is pointed past it.
    const past = (await add('/chain-b', '/contact').expect(201)).body as RedirectAddedJson;
    expect(past.repointed).toEqual([{ from: '/chain-a', to: '/contact' }]);
    expect((await stored('/chain-a'))!.to).toBe('/contact');
    await api().get('/chain-a').expect(301).expect('Location', '/contact');
    // Back where it came from: a loop.
    await add('/loop-a', '/loop-b').expect(201);
    const loop = await add('/loop-b', '/loop-a').expect(400);
    expect(loop.body.fields).toEqual({ to: redirectMessages.toLoop('/loop-a', '/loop-b') });
    // An old address redirects once.
    const again = await add('/loop-a', '/about').expect(400);
    expect(again.body.fields).toEqual({ from: redirectMessages.fromTaken('/loop-a', '/loop-b') });
  });

  it('deletes a redirect (its address is not found again), audited like every staff change', async () => {
    const made = (await add('/to-delete', '/about').expect(201)).body as RedirectAddedJson;
    await api().get('/to-delete').expect(301);
    await api().delete(`/api/redirects/${made.redirect.id}`).set(owner.headers).expect(204);
    await api().get('/to-delete').expect(404);
    await api().delete(`/api/redirects/${made.redirect.id}`).set(owner.headers).expect(404);
    await api().delete('/api/redirects/not-an-id').set(owner.headers).expect(404);
    const audit = await t.db('audit_log').whereIn('action', ['redirect.create', 'redirect.delete']).where({ target_id: '/to-delete' }).orderBy('id').select('action', 'actor_name', 'summary');
    expect(audit).toEqual([
      { action: 'redirect.create', actor_name: owner.username, summary: '/to-delete → /about' },
      { action: 'redirect.delete', actor_name: owner.username, summary: '/to-delete → /about' },
    ]);
  });

  it('records a rename: the old address redirects, those leading to it are pointed on, one from the new address is dropped', async () => {
    const redirects = createRedirects({ db: t.db, audit: createAuditTrail({ db: t.db }), takenBy: async () => undefined, publicUrl: 'https://agency.test' });
    const actor = { id: null, name: 'system' };
    await redirects.record('/services/video', '/services/video-production', actor);
    await redirects.record('/services/video-production', '/services/video', actor);
    // Renamed back: `/services/video` is a page again, so nothing redirects from it.
    expect(await stored('/services/video')).toBeUndefined();
    expect(await stored('/services/video-production')).toMatchObject({ to: '/services/video', automatic: true, createdBy: 'system' });
    await redirects.record('/services/video', '/services/film', actor);
    expect((await stored('/services/video-production'))!.to).toBe('/services/film');
    expect((await stored('/services/video'))!.to).toBe('/services/film');
    await api().get('/services/video-production').expect(301).expect('Location', '/services/film');
  });

  it('leaves an unknown address not found, page and API alike', async () => {
    await api().get('/never-was-a-page').expect(404);
    await api().get('/api/never').set(owner.headers).expect(404);
  });
});
