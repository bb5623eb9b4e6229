/**
 * The app's own route table, walked: every method and path its routers answer (a route added later
 * is in it without anyone remembering) is called without a session, with an editor's session, with
 * a password-only session while two-factor is required, without its CSRF token or from another
 * site, and under other spellings of its path. No answer may be the handler's: only 401, 403, 404 or
 * the redirect to the one spelling.
 */
import request from 'supertest';
import { SLUG_KINDS } from '../../shared/content/documents';
import { Secret, TOTP } from 'otpauth';
import { routeTableOf, type Access, type RouteEntry } from '../middleware/access';
import { createPortfolioService } from '../services/portfolio';
import { signInAsAdmin, type AdminTestSession } from '../../tests/helpers/admin-session';
import { VALID_FORMS, humanMeta } from '../../tests/helpers/form-fixtures';
import { picture, submission, upload } from '../../tests/helpers/portfolio-fixtures';
import { expectedForSpelling, fillRoutePath, mediaFileIn, otherSpellings, type RouteSamples } from '../../tests/helpers/route-spellings';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app';

const ORIGIN = 'https://agency.test';
const EVIL = 'https://evil.example';

type Headers = Record<string, string>;

describe('every route in the app’s route table', () => {
  let t: TestApp;
  let routes: RouteEntry[];
  let owner: AdminTestSession;
  let editor: AdminTestSession;
  let passwordOnly: AdminTestSession;
  let samples: RouteSamples;
  const api = () => request(t.app.callback());
  const concrete = (routePath: string) => fillRoutePath(routePath, samples);

  /** Calls one route; the body is JSON (`{}`) for every method but GET. */
  const call = (route: RouteEntry, path: string, headers: Headers) => {
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    const pending = api()[method](path).set(headers).redirects(0);
    return route.method === 'GET' ? pending : pending.send({});
  };

  const signedIn = (session: AdminTestSession): Headers => ({ ...session.headers });
  type GuardedRoute = RouteEntry & { access: Exclude<Access, { who: 'anyone' }> };
  const guarded = () => routes.filter((route): route is GuardedRoute => route.access !== undefined && route.access.who !== 'anyone');
  const stateChanging = (route: RouteEntry) => route.method !== 'GET';

  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: '100' });
    routes = routeTableOf(t.app);
    owner = await signInAsAdmin(t, { username: 'route-owner' });
    const setup = await api().post('/api/account/totp/setup').set(owner.headers).expect(200);
    const code = new TOTP({ secret: Secret.fromBase32(setup.body.secret) }).generate();
    await api().post('/api/account/totp/enable').set(owner.headers).send({ code }).expect(200);
    editor = await signInAsAdmin(t, { username: 'route-editor', role: 'editor' });
    passwordOnly = await signInAsAdmin(t, { username: 'route-second-owner' });

    const leadId = (await api().post('/api/forms/quote').send({ ...VALID_FORMS.quote, ...humanMeta() }).expect(201)).body._id as string;
    await api().patch(`/api/forms/quote/${leadId}/status`).set(owner.headers).send({ status: 'accepted' }).expect(200);
    const item = await createPortfolioService({ db: t.db, contentVersion: t.contentVersion }).create(submission({}, { mainImage: upload(await picture('png')) }));
    const sessions = (await api().get('/api/account/sessions').set(owner.headers).expect(200)).body as { id: string }[];
    // A page, a service and an industry staff made, published: `/:slug`, `/services/:slug` and
    // `/industries/:slug` are walked at addresses they answer, besides the ones that ship.
    for (const [key, data] of [
      ['pages/careers', SLUG_KINDS.pages.starting('Careers')],
      ['services/video-production', SLUG_KINDS.services.starting('Video Production')],
      ['industries/logistics', SLUG_KINDS.industries.starting('Logistics')],
    ] as const) {
      await api().put(`/api/content/${key}/draft`).set(owner.headers).send({ data, baseVersion: 0 }).expect(201);
      await api().post(`/api/content/${key}/publish`).set(owner.headers).send({ version: 1 }).expect(200);
    }
    samples = { leadId, itemId: item._id, mediaFile: mediaFileIn(JSON.stringify(item)), sessionId: sessions[0]!.id, username: editor.username, pageSlug: 'careers', serviceSlug: 'video-production', industrySlug: 'logistics' };
  });
  afterAll(() => t.destroy());

  it('has a declaration of who may call it on every route', () => {
    expect(routes.length).toBeGreaterThan(50);
    expect(routes.filter((route) => !route.access).map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });

  it('refuses every admin and owner route without a session (401)', async () => {
    expect(guarded().length).toBeGreaterThan(40);
    const wrong: string[] = [];
    for (const route of guarded()) {
      const response = await call(route, concrete(route.path), { Origin: ORIGIN, 'X-CSRF-Token': 'no-session-no-token' });
      if (response.status !== 401) wrong.push(`${route.method} ${route.path} → ${response.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses every owner route to an editor (403)', async () => {
    const ownerRoutes = guarded().filter((candidate) => candidate.access.who === 'owner');
    expect(ownerRoutes.length).toBeGreaterThan(8);
    const wrong: string[] = [];
    for (const route of ownerRoutes) {
      const response = await call(route, concrete(route.path), signedIn(editor));
      if (response.status !== 403) wrong.push(`${route.method} ${route.path} → ${response.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses every state change without the session’s token, with a wrong one, or from another site (403)', async () => {
    const wrong: string[] = [];
    const attempts: [string, Headers][] = [
      ['no token', { Cookie: owner.cookie, Origin: ORIGIN }],
      ['a wrong token', { Cookie: owner.cookie, Origin: ORIGIN, 'X-CSRF-Token': 'not-the-token' }],
      ['another origin', { ...owner.headers, Origin: EVIL }],
      ['a cross-site fetch', { Cookie: owner.cookie, 'X-CSRF-Token': owner.csrfToken, 'Sec-Fetch-Site': 'cross-site' }],
    ];
    for (const route of guarded().filter(stateChanging)) {
      for (const [label, headers] of attempts) {
        const response = await call(route, concrete(route.path), headers);
        if (response.status !== 403) wrong.push(`${route.method} ${route.path} with ${label} → ${response.status}`);
      }
    }
    // Public calls that act for a browser (signing in, setting a password, signing out) take our own pages only.
    for (const route of routes.filter((candidate) => candidate.access?.who === 'anyone' && candidate.access.from === 'our-pages' && stateChanging(candidate))) {
      const response = await call(route, concrete(route.path), { Origin: EVIL });
      if (response.status !== 403) wrong.push(`${route.method} ${route.path} from another origin → ${response.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a password-only session every route that needs two-factor, while the owners require it (403)', async () => {
    const { id } = (await t.db('admin_users').where({ username: owner.username }).first('id')) as { id: number };
    await t.settings.update({ requireTwoFactor: true }, { id, name: owner.username });
    try {
      const wrong: string[] = [];
      for (const route of guarded().filter((candidate) => candidate.access.twoFactor === 'complete')) {
        const response = await call(route, concrete(route.path), signedIn(passwordOnly));
        if (response.status !== 403) wrong.push(`${route.method} ${route.path} → ${response.status}`);
      }
      expect(wrong).toEqual([]);
      // The owner with two-factor is still served.
      await api().get('/api/users').set(owner.headers).expect(200);
    } finally {
      await t.settings.update({ requireTwoFactor: false }, { id, name: owner.username });
    }
  });

  it('answers every other spelling of every path with 404 (API) or a redirect to its one spelling (pages), signed in or not', async () => {
    const wrong: string[] = [];
    let tried = 0;
    const walked = new Set<string>();
    // Each route at the pages staff made and at the ones that ship (a service's, an industry's).
    const shipped: RouteSamples = { ...samples, serviceSlug: undefined, industrySlug: undefined };
    for (const route of routes) {
      for (const filled of new Set([samples, shipped].map((sample) => fillRoutePath(route.path, sample)))) {
        const sample = filled === concrete(route.path) ? samples : shipped;
        walked.add(`${route.method} ${filled}`);
        const expected = expectedForSpelling(route.path, route.method, filled);
        for (const spelling of otherSpellings(route.path).map((template) => fillRoutePath(route.path, sample, template))) {
          for (const [who, headers] of [['signed in', signedIn(owner)], ['anonymous', { Origin: ORIGIN }]] as const) {
            tried += 1;
            const response = await call(route, spelling, headers);
            const right = response.status === expected.status && (expected.status === 404 || response.headers.location === expected.location);
            if (!right) wrong.push(`${route.method} ${spelling} (${who}) → ${response.status}${response.headers.location ? ` ${response.headers.location}` : ''}`);
          }
        }
      }
    }
    expect([...walked]).toEqual(expect.arrayContaining(['GET /careers', 'GET /services/video-production', 'GET /services/web-development', 'GET /industries/logistics', 'GET /industries/real-estate']));
    expect(tried).toBeGreaterThan(500);
    expect(wrong).toEqual([]);
    // Hundreds of requests, one after another: minutes on a busy machine, not the default 30 s.
  }, 180_000);
});
