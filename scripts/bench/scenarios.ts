/**
 * What the bench loads: a fresh site given 12 portfolio items through its own admin API, then one
 * scenario per route, and a mix of page views with contact form posts.
 */
import { randomUUID } from 'node:crypto';
import type { Request as AutocannonRequest } from 'autocannon';
import { SAMPLE_PROJECTS, sampleImage } from '../../server/seed/portfolio-samples';
import type { CapturedPage } from './ceiling-server';

export interface Scenario {
  name: string;
  requests: AutocannonRequest[];
  /** Whether the ceiling server can answer it (GETs of captured answers only). */
  hasCeiling: boolean;
}

export interface PreparedSite {
  /** Public pages loaded one by one, also measured for JavaScript weight. */
  pagePaths: string[];
  /** JSON calls loaded one by one. */
  apiPaths: string[];
  /** Every loaded GET answer, for the ceiling server. */
  pages: CapturedPage[];
}

export const BENCH_ADMIN = { username: 'bench-admin', password: 'bench admin password' };
const PORTFOLIO_ITEMS = 12;

async function capture(baseUrl: string, path: string): Promise<CapturedPage> {
  const response = await fetch(baseUrl + path, { headers: { 'accept-encoding': 'identity' } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return { path, contentType: response.headers.get('content-type') ?? 'text/html', body: await response.text() };
}

/** Adds the portfolio items as an admin would, through the login and the multipart API. */
async function addPortfolioItems(baseUrl: string): Promise<string[]> {
  const login = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl }, body: JSON.stringify(BENCH_ADMIN) });
  if (!login.ok) throw new Error(`bench login answered ${login.status}`);
  const cookie = login.headers.getSetCookie().find((line) => /^(__Host-)?sid=/.test(line))!.split(';')[0]!;
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  const ids: string[] = [];
  for (let index = 0; index < PORTFOLIO_ITEMS; index += 1) {
    const project = SAMPLE_PROJECTS[index % SAMPLE_PROJECTS.length]!;
    const form = new FormData();
    for (const [field, value] of Object.entries({ ...project.fields, title: `${project.fields.title} ${index + 1}` })) {
      for (const one of Array.isArray(value) ? value : [value]) form.append(field, one);
    }
    form.append('image', new Blob([new Uint8Array(await sampleImage(project, 0, 1600, 1200))], { type: 'image/png' }), 'main.png');
    for (let slide = 1; slide <= 2; slide += 1) form.append('sliderImages', new Blob([new Uint8Array(await sampleImage(project, slide, 1600, 1200))], { type: 'image/png' }), `slide-${slide}.png`);
    const response = await fetch(`${baseUrl}/api/portfolio`, { method: 'POST', headers: { cookie, 'x-csrf-token': csrfToken, origin: baseUrl }, body: form });
    if (response.status !== 201) throw new Error(`adding a portfolio item answered ${response.status}: ${await response.text()}`);
    ids.push(((await response.json()) as { _id: string })._id);
  }
  return ids;
}

/** Brings a fresh site to the state the bench measures, and captures the answers for the ceiling. */
export async function prepareSite(baseUrl: string): Promise<PreparedSite> {
  const [firstItem] = await addPortfolioItems(baseUrl);
  const pagePaths = ['/', '/about', '/services/web-development', '/portfolio', `/portfolio/${firstItem}`, '/portfolio/web-development', '/industries/real-estate'];
  const apiPaths = ['/api/portfolio'];
  const pages = await Promise.all([...pagePaths, ...apiPaths].map((path) => capture(baseUrl, path)));
  return { pagePaths, apiPaths, pages };
}

function contactPost(): AutocannonRequest {
  return {
    method: 'POST',
    path: '/api/forms/contact',
    headers: { 'content-type': 'application/json' },
    setupRequest: (request) => ({
      ...request,
      body: JSON.stringify({ name: 'Bench Visitor', phone: '+44 20 7946 0000', email: 'bench@example.com', subject: 'Bench', message: 'A message sent under load.', fillMs: 5000, clientToken: randomUUID() }),
    }),
  };
}

export function benchScenarios(site: PreparedSite): Scenario[] {
  const single = [...site.pagePaths, ...site.apiPaths].map((path) => ({ name: `GET ${path.replace(/[0-9a-f-]{36}$/, '{id}')}`, requests: [{ method: 'GET' as const, path }], hasCeiling: true }));
  // Four page views to one form post, each post a new submission (a fresh client token).
  const mix: Scenario = { name: 'mix: 4 page views + 1 contact post', requests: [...site.pagePaths.slice(0, 4).map((path) => ({ method: 'GET' as const, path })), contactPost()], hasCeiling: false };
  return [...single, mix];
}
