/**
 * What the bench loads: a fresh site given 12 portfolio items through its own admin API, then one
 * scenario per route, the addresses a cache must not be fooled by (campaign parameters, unknown
 * parameters, each portfolio category, a portfolio change under load), and a mix of page views
 * with contact form posts.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Request as AutocannonRequest } from 'autocannon';
import { SAMPLE_PROJECTS, sampleDrawing } from '../../server/seed/portfolio-samples';
import { rasterizeDrawing } from '../../server/services/portfolio-images';
import { VIEW_PIXEL_PATH } from '../../shared/analytics-pixel';
import { distinctDisplayCategories } from '../../shared/portfolio/display';
import type { PortfolioItemJson } from '../../shared/portfolio/item';
import type { CapturedPage } from './bare-answers';
import { publishStaffMadeAs } from '../../tests/e2e/staff-pages';

export interface Scenario {
  name: string;
  requests: AutocannonRequest[];
  /** Whether the ceiling server can answer it (GETs of captured answers only). */
  hasCeiling: boolean;
  /** The cached page's scenario this one is held against (goal: ≥ 90% of its req/s). */
  comparedTo?: string;
  /**
   * Judged by its CPU per request against its page's (./cpu.ts), not by req/s: the load generator
   * writes a new request for each call, which costs it, and so the site on shared cores, req/s.
   */
  judgedByCpu?: boolean;
  /** Runs beside each round of load on the site; the function it returns stops it and says what it did. */
  beside?: (baseUrl: string) => () => Promise<string>;
}

interface AdminSession {
  cookie: string;
  csrfToken: string;
}

export interface PreparedSite {
  /** Public pages loaded one by one, also measured for JavaScript weight. */
  pagePaths: string[];
  /** JSON calls loaded one by one. */
  apiPaths: string[];
  /** `/portfolio?category=…` for each category the items carry. */
  categoryUrls: string[];
  /** Every loaded GET answer, as the site sends it to a browser, for the ceiling server. */
  pages: CapturedPage[];
  /** The 12 items as the API lists them (the render timing renders /portfolio from them). */
  items: PortfolioItemJson[];
  admin: AdminSession;
}

export const BENCH_ADMIN = { username: 'bench-admin', password: 'bench admin password' };
const PORTFOLIO_ITEMS = 12;

const BROWSER_ENCODINGS = 'br, gzip';

/** One answer as sent: status, headers and the compressed bytes. */
function rawGet(url: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': BROWSER_ENCODINGS } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/**
 * The answer a browser gets once the page is kept: asked for until two answers in a row are the
 * same bytes (the high-ratio variants replace the quick first one in the background).
 */
async function capture(baseUrl: string, url: string): Promise<CapturedPage> {
  let previous: Buffer | undefined;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const answer = await rawGet(baseUrl + url);
    if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}`);
    if (previous?.equals(answer.body)) {
      const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name))) as Record<string, string>;
      return { url, headers, body: answer.body.toString('base64') };
    }
    previous = answer.body;
    await sleep(50);
  }
  throw new Error(`GET ${url} did not settle`);
}

export async function signIn(baseUrl: string): Promise<AdminSession> {
  const login = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl }, body: JSON.stringify(BENCH_ADMIN) });
  if (!login.ok) throw new Error(`bench login answered ${login.status}`);
  const cookie = login.headers.getSetCookie().find((line) => /^(__Host-)?sid=/.test(line))!.split(';')[0]!;
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  return { cookie, csrfToken };
}

const projectFields = (index: number) => {
  const project = SAMPLE_PROJECTS[index % SAMPLE_PROJECTS.length]!;
  return { ...project.fields, title: `${project.fields.title} ${index + 1}` };
};

const formOf = (fields: Record<string, string | readonly string[]>) => {
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value as string]) form.append(field, one);
  }
  return form;
};

/** Adds the portfolio items as an admin would, through the login and the multipart API. */
async function addPortfolioItems(baseUrl: string, { cookie, csrfToken }: AdminSession): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < PORTFOLIO_ITEMS; index += 1) {
    const project = SAMPLE_PROJECTS[index % SAMPLE_PROJECTS.length]!;
    const form = formOf(projectFields(index));
    form.append('image', new Blob([new Uint8Array(await rasterizeDrawing(sampleDrawing(project, 0, 1600, 1200)))], { type: 'image/png' }), 'main.png');
    for (let slide = 1; slide <= 2; slide += 1) form.append('sliderImages', new Blob([new Uint8Array(await rasterizeDrawing(sampleDrawing(project, slide, 1600, 1200)))], { type: 'image/png' }), `slide-${slide}.png`);
    const response = await fetch(`${baseUrl}/api/portfolio`, { method: 'POST', headers: { cookie, 'x-csrf-token': csrfToken, origin: baseUrl }, body: form });
    if (response.status !== 201) throw new Error(`adding a portfolio item answered ${response.status}: ${await response.text()}`);
    ids.push(((await response.json()) as { _id: string })._id);
  }
  return ids;
}

/** Brings a fresh site to the state the bench measures, and captures the answers for the ceiling. */
export async function prepareSite(baseUrl: string): Promise<PreparedSite> {
  const admin = await signIn(baseUrl);
  const [firstItem] = await addPortfolioItems(baseUrl, admin);
  // A service and a page staff made in the admin are served like the built-in ones (issue 41).
  await publishStaffMadeAs(baseUrl, admin);
  const pagePaths = ['/', '/about', '/services/web-development', '/portfolio', `/portfolio/${firstItem}`, '/portfolio/web-development', '/industries/real-estate', '/contact', '/services/video-production', '/careers'];
  const apiPaths = ['/api/portfolio'];
  const items = (await (await fetch(`${baseUrl}/api/portfolio`)).json()) as PortfolioItemJson[];
  // Spelled as the filter's links spell them.
  const categoryUrls = distinctDisplayCategories(items).map((category) => `/portfolio?category=${encodeURIComponent(category)}`);
  const pages: CapturedPage[] = [];
  for (const url of [...pagePaths, ...apiPaths, ...categoryUrls]) pages.push(await capture(baseUrl, url));
  return { pagePaths, apiPaths, categoryUrls, pages, items, admin };
}

/**
 * Changes the first portfolio item (its title) every `intervalMs` while the site is under load,
 * as staff editing during a campaign would: each change empties the render cache, so the next
 * requests for /portfolio all miss at once.
 */
function portfolioChanges(site: PreparedSite, intervalMs: number): (baseUrl: string) => () => Promise<string> {
  let edition = 0;
  return (baseUrl) => {
    let running = true;
    let changes = 0;
    const loop = (async () => {
      while (running) {
        await sleep(intervalMs);
        edition += 1;
        const form = formOf({ ...projectFields(0), title: `${projectFields(0).title} (edition ${edition})` });
        const response = await fetch(`${baseUrl}/api/portfolio/${site.items[0]!._id}`, { method: 'PUT', headers: { cookie: site.admin.cookie, 'x-csrf-token': site.admin.csrfToken, origin: baseUrl }, body: form });
        if (!response.ok) throw new Error(`changing the portfolio answered ${response.status}: ${await response.text()}`);
        changes += 1;
      }
    })();
    return async () => {
      running = false;
      await loop;
      return `${changes} changes`;
    };
  };
}

/** GETs of `path`, each with `parameter` set to a value no request before it used. */
export function uniqueParameter(path: string, parameter: string): AutocannonRequest {
  let click = 0;
  return { method: 'GET', path, setupRequest: (request) => ({ ...request, path: `${path}?${parameter}=${Date.now().toString(36)}${(click += 1).toString(36)}` }) };
}

/**
 * The page-view pixel as a browser loads it after a page: each view from a different browser, so
 * every request is a new visitor of the day (the costliest case for the batch it joins).
 */
function pageViewPixel(): AutocannonRequest {
  let view = 0;
  return {
    method: 'GET',
    path: VIEW_PIXEL_PATH,
    setupRequest: (request) => {
      view += 1;
      const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.${view} Safari/537.36`;
      return { ...request, path: `${VIEW_PIXEL_PATH}?p=%2Fabout&r=https%3A%2F%2Fwww.google.com%2F`, headers: { ...request.headers, 'user-agent': userAgent } };
    },
  };
}

/**
 * Page views counted beside the load: `perSecond` pixel requests a second, each a new visitor, so
 * the batches of views are being gathered and written while cached pages are served.
 */
function viewsCounted(perSecond: number): (baseUrl: string) => () => Promise<string> {
  return (baseUrl) => {
    let sent = 0;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const timer = setInterval(() => {
      for (let i = 0; i < perSecond / 20; i += 1) {
        sent += 1;
        const userAgent = `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.${sent} Safari/537.36`;
        http.get(`${baseUrl}${VIEW_PIXEL_PATH}?p=%2F&r=`, { agent, headers: { 'user-agent': userAgent } }, (answer) => answer.resume()).on('error', () => undefined);
      }
    }, 50);
    return async () => {
      clearInterval(timer);
      agent.destroy();
      return `${sent} views counted`;
    };
  };
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
  const addresses: Scenario[] = [
    { name: 'GET /portfolio?utm_source=<unique>', requests: [uniqueParameter('/portfolio', 'utm_source')], hasCeiling: true, comparedTo: 'GET /portfolio', judgedByCpu: true },
    { name: 'GET /?x=<unique>', requests: [uniqueParameter('/', 'x')], hasCeiling: true, comparedTo: 'GET /', judgedByCpu: true },
    { name: 'GET /portfolio?category=<each>', requests: site.categoryUrls.map((path) => ({ method: 'GET' as const, path })), hasCeiling: true, comparedTo: 'GET /portfolio' },
    { name: `GET /portfolio, a change every ${CHANGE_INTERVAL_MS} ms`, requests: [{ method: 'GET', path: '/portfolio' }], hasCeiling: true, comparedTo: 'GET /portfolio', beside: portfolioChanges(site, CHANGE_INTERVAL_MS) },
  ];
  // Counting views is the pixel's own request (batched in memory), never part of the page's.
  const counting: Scenario[] = [
    { name: 'GET /api/analytics/view.gif (a new visitor each)', requests: [pageViewPixel()], hasCeiling: false },
    { name: `GET /, ${VIEWS_COUNTED_PER_SECOND} views/s counted beside`, requests: [{ method: 'GET', path: '/' }], hasCeiling: false, comparedTo: 'GET /', beside: viewsCounted(VIEWS_COUNTED_PER_SECOND) },
  ];
  return [...single, ...addresses, ...counting, mix];
}

/** Page views a second counted while cached pages are measured (a busy day's peak for an agency site, many times over). */
const VIEWS_COUNTED_PER_SECOND = 200;

/** How often the change scenario edits the portfolio under load. */
const CHANGE_INTERVAL_MS = 500;
