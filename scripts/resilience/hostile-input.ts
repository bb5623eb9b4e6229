/**
 * Hostile input: every route and call fuzzed with malformed requests (JSON and urlencoded bodies,
 * multipart, compressed bodies that do not decode, headers, paths, query strings, and every route
 * of the app's own table spelled otherwise: letter case, escapes, `//`, a final `/`, `.` and `..`
 * segments), signed in and not. Another spelling must be answered 404 or moved to the route's own
 * path, never by its handler. No answer may be a 5xx or carry a stack trace, the server may log nothing at error level (a
 * log an anonymous client can flood), and nothing refused may be stored: every stored submission
 * belongs to a request that was answered with success.
 */
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import knexFactory from 'knex';
import sharp from 'sharp';
import { startServer } from '../../tests/e2e/server';
import { expectedForSpelling, fillRoutePath, mediaFileIn, type RouteSamples } from '../../tests/helpers/route-spellings';
import type { RouteEntry } from '../../server/middleware/access';
import { freshDatabase } from '../lib/fresh-database';
import { freePort } from '../lib/net';
import { productionRouteTable } from '../lib/route-table';
import { CheckReport, type CheckResult } from './check';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2400);
const ADMIN = { username: 'fuzz-admin', password: 'fuzzing is fun, mostly' };
const FORM_TYPES = ['contact', 'enquiry', 'quote', 'free-offer'] as const;
type FormType = (typeof FORM_TYPES)[number];
const FORM_PAGES: Record<FormType, string> = { contact: '/contact', enquiry: '/enquire', quote: '/quote', 'free-offer': '/free-offer' };
const VALID: Record<FormType, Record<string, unknown>> = {
  enquiry: { name: 'Ada', email: 'ada@example.com', phone: '+44 20 7946 0000', company: 'Ada Ltd', service: 'Web Development', message: 'Hello' },
  quote: { name: 'Ada', email: 'ada@example.com', phone: '+44 20 7946 0000', company: '', service: 'Web Development', budget: 5000, timeline: '1-3 months', projectDetails: 'Hello' },
  'free-offer': { email: 'ada@example.com', message: 'Hello' },
  contact: { name: 'Ada', phone: '+44 20 7946 0000', email: 'ada@example.com', subject: 'Hi', message: 'Hello' },
};
const GET_PATHS = ['/', '/about', '/services', '/services/seo', '/toolkit', '/contact', '/enquire', '/quote', '/free-offer', '/regions', '/thank-you/contact', '/portfolio', '/portfolio/web-development', '/industries/real-estate', '/industries/automobile', '/admin/dashboard', '/admin/dashboard/forms/quote', '/sitemap.xml', '/robots.txt', '/api/portfolio', '/healthz', '/readyz'];

/** A small seeded generator, so a failing run can be repeated exactly (FUZZ_SEED). */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick, int: (max: number) => Math.floor(next() * max) };
}

const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '<img src=x onerror=alert(1)>',
  '"><script>alert(1)</script>',
  "' OR '1'='1",
  "1; DROP TABLE leads; --",
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '%00',
  '\r\nSet-Cookie: evil=1',
  'ﷺ𝕏🎉 زبان 中文',
  'x'.repeat(5000),
  'x'.repeat(120_000),
  '{"a":',
  'null',
  '__proto__',
];
const NASTY_VALUES: unknown[] = [...NASTY_STRINGS, null, true, false, 0, -1, 1e308, Number.MAX_SAFE_INTEGER, [], ['a', 'b'], {}, { $gt: '' }, { __proto__: { polluted: true } }, [[[[[]]]]]];

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  formType?: FormType;
  clientToken?: string;
  /** Another spelling of a route: what it must be answered with instead of the handler's answer. */
  spelled?: ReturnType<typeof expectedForSpelling>;
}

/**
 * A route's path spelled otherwise by one to three changes that each leave it another spelling of
 * the same address: a letter of a fixed segment in the other case or escaped (an unreserved
 * character escaped), `//`, a final `/`, a `.` segment or a `x/..` pair (also escaped).
 */
function randomSpelling(random: ReturnType<typeof prng>, template: string): string {
  let path = template;
  const fixedCharacters = () => [...path.matchAll(/(?<=\/)[^/:{}%]+(?=\/|$)/g)].flatMap((segment) => [...segment[0]].map((_, i) => segment.index + i));
  const changes = [
    () => {
      const letters = fixedCharacters().filter((i) => /[a-z]/i.test(path[i]!));
      if (letters.length === 0) return false;
      const i = random.pick(letters);
      path = path.slice(0, i) + (path[i] === path[i]!.toLowerCase() ? path[i]!.toUpperCase() : path[i]!.toLowerCase()) + path.slice(i + 1);
      return true;
    },
    () => {
      const characters = fixedCharacters();
      if (characters.length === 0) return false;
      const i = random.pick(characters);
      const hex = path.charCodeAt(i).toString(16).padStart(2, '0');
      path = `${path.slice(0, i)}%${random.next() < 0.5 ? hex : hex.toUpperCase()}${path.slice(i + 1)}`;
      return true;
    },
    () => {
      const slashes = [...path].flatMap((character, i) => (character === '/' ? [i] : []));
      const i = random.pick(slashes);
      path = `${path.slice(0, i)}/${path.slice(i)}`;
      return true;
    },
    () => {
      path = `${path}/`;
      return true;
    },
    () => {
      const slashes = [...path].flatMap((character, i) => (character === '/' ? [i] : []));
      const i = random.pick(slashes);
      path = `${path.slice(0, i)}${random.pick(['/.', '/%2e', '/x/..', '/x/%2E%2E', '/%2E/x/..'])}${path.slice(i)}`;
      return true;
    },
  ];
  let made = 0;
  for (let attempt = 0; made < 1 + random.int(3) && attempt < 10; attempt += 1) if (random.pick(changes)()) made += 1;
  return path === template ? `${path}/` : path;
}

function send(baseUrl: string, request: Sent, freshConnection = false): Promise<{ status: number; body: string; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve) => {
    // The path goes out as written, only what HTTP cannot carry escaped (a URL string would also
    // have its `.` and `..` segments resolved first).
    const { hostname, port } = new URL(baseUrl);
    const path = request.path.replace(/[^\x21-\x7e]/gu, (character) => Buffer.from(character).toString('hex').replace(/../g, '%$&'));
    const req = http.request({ hostname, port, path, method: request.method, headers: request.headers, ...(freshConnection ? { agent: false } : {}) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('latin1'), headers: res.headers }));
    });
    let timedOut = false;
    // A refused oversize upload may close the socket before all of it is sent: that is an answer
    // too. A request given up on is not: the server may still act on it.
    req.on('error', (error: NodeJS.ErrnoException) => {
      const closed = error.code === 'EPIPE' || error.code === 'ECONNRESET';
      // A kept-alive connection the server closed just as this request went out on it: the server
      // never read the request, so it is sent again on a connection of its own (as Node's
      // documentation of `reusedSocket` advises), not counted as the server's answer.
      if (closed && req.reusedSocket && !freshConnection) return void send(baseUrl, request, true).then(resolve);
      resolve(timedOut ? { status: 0, body: 'no answer within 20 s', headers: {} } : { status: closed ? 413 : 0, body: error.code ?? '', headers: {} });
    });
    req.setTimeout(20_000, () => {
      timedOut = true;
      req.destroy();
    });
    req.end(request.body);
  });
}

function mutateObject(random: ReturnType<typeof prng>, base: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = { ...base };
  const keys = Object.keys(body);
  for (let i = 0, n = 1 + random.int(3); i < n; i += 1) {
    const action = random.int(4);
    if (action === 0 && keys.length > 0) delete body[random.pick(keys)];
    else if (action === 1) body[random.pick([...keys, 'extra', '__proto__', 'constructor', 'status', '_id', 'submittedAt'])] = random.pick(NASTY_VALUES);
    else if (action === 2 && keys.length > 0) body[random.pick(keys)] = random.pick(NASTY_VALUES);
    else body[random.pick(keys.length > 0 ? keys : ['x'])] = random.pick(NASTY_STRINGS);
  }
  return body;
}

/** Percent-encodes anything, lone surrogates included (as the invalid UTF-8 bytes a bad client sends). */
function encodeHostile(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value.split(/(\p{Cs})/u).map((part) => (/\p{Cs}/u.test(part) ? '%ED%A0%80' : encodeURIComponent(part))).join('');
  }
}

function urlencoded(body: Record<string, unknown>): string {
  return Object.entries(body)
    .map(([key, value]) => `${encodeHostile(key)}=${encodeHostile(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))}`)
    .join('&');
}

/**
 * A multipart body: most often a valid add-item form (real image, required fields) with one field
 * made hostile, so the hostile value reaches validation and storage; otherwise random parts.
 */
function multipart(random: ReturnType<typeof prng>, validImage: Buffer): { body: Buffer; contentType: string } {
  const boundary = `----fuzz${random.int(1e9)}`;
  const parts: Buffer[] = [];
  const field = (name: string, value: string) => parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (random.next() < 0.6) {
    const fields: Record<string, string> = { title: 'Fuzz', client: 'Fuzz Ltd', description: 'Fuzzed item', categories: 'web', displayCategories: 'Web Development' };
    const target = random.pick([...Object.keys(fields), 'technologies', 'challenge', 'completionDate', 'date', 'websiteLink', 'bgColor', 'testimonial', 'whatWeDelivered']);
    const hostile = random.pick(NASTY_VALUES);
    fields[target] = target === 'testimonial' || target === 'whatWeDelivered' ? JSON.stringify({ text: hostile, description: hostile, author: hostile, items: [{ title: hostile }] }) : typeof hostile === 'string' ? hostile : JSON.stringify(hostile);
    for (const [name, value] of Object.entries(fields)) field(name, value);
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\n`), validImage, Buffer.from(`\r\n--${boundary}--\r\n`));
    return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
  }
  for (let i = 0, n = random.int(6); i < n; i += 1) {
    const name = random.pick(['image', 'sliderImages', 'title', 'categories', 'displayCategories', 'client', 'description', 'testimonial', 'whatWeDelivered', 'websiteLink', 'bgColor', 'x']);
    const asFile = random.next() < 0.4;
    const content = asFile
      ? random.pick([Buffer.from('<html><script>alert(1)</script></html>'), Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), Buffer.alloc(0), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]), Buffer.from('GIF89a')])
      : Buffer.from(String(random.pick(NASTY_VALUES) ?? ''));
    const disposition = asFile ? `form-data; name="${name}"; filename="${random.pick(['a.png', '../../x.png', 'x.svg', ''])}"` : `form-data; name="${name}"`;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${asFile ? 'Content-Type: image/png\r\n' : ''}\r\n`), content, Buffer.from('\r\n'));
  }
  if (random.next() < 0.8) parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${random.next() < 0.9 ? boundary : 'wrong'}` };
}

const COMPRESS: Record<string, (data: Buffer) => Buffer> = { gzip: zlib.gzipSync, deflate: zlib.deflateSync, br: zlib.brotliCompressSync };

/**
 * A form, login or upload body under a `Content-Encoding`: sometimes really compressed, more often
 * not compressed at all, cut short, or compressed with another algorithm than the header names.
 */
function encodedBody(random: ReturnType<typeof prng>, headers: Record<string, string>, admin: { origin: string }, validImage: Buffer): Sent {
  const formType = random.pick(FORM_TYPES);
  const clientToken = randomUUID();
  const upload = multipart(random, validImage);
  // The token the mutated body still carries, if any (a mutation may drop or replace it).
  const mutated = mutateObject(random, { ...VALID[formType], fillMs: 5000, clientToken });
  const targets: (Omit<Sent, 'method' | 'headers' | 'body'> & { contentType: string; body: string | Buffer })[] = [
    { path: `/api/forms/${formType}`, contentType: 'application/json', body: JSON.stringify(mutated), formType, clientToken: typeof mutated.clientToken === 'string' ? mutated.clientToken : undefined },
    { path: `/api/forms/${formType}`, contentType: 'application/json', body: JSON.stringify({ ...VALID[formType], fillMs: 5000, clientToken }), formType, clientToken },
    { path: FORM_PAGES[formType], contentType: 'application/x-www-form-urlencoded', body: urlencoded(mutateObject(random, { ...VALID[formType], fillMs: '5000' })), formType },
    { path: '/api/auth/login', contentType: 'application/json', body: JSON.stringify({ username: ADMIN.username, password: 'wrong password' }) },
    { path: '/admin/login', contentType: 'application/x-www-form-urlencoded', body: `username=${ADMIN.username}&password=wrong+password` },
    { path: '/api/portfolio', contentType: upload.contentType, body: upload.body },
  ];
  const { contentType, body: text, ...target } = random.pick(targets);
  const plain = Buffer.from(text);
  const encoding = random.pick(Object.keys(COMPRESS));
  const compressed = COMPRESS[encoding]!(plain);
  const otherEncoding = random.pick(Object.keys(COMPRESS).filter((other) => other !== encoding));
  const body = random.pick([
    compressed,
    compressed.subarray(0, Math.max(1, random.int(compressed.length))),
    plain,
    COMPRESS[otherEncoding]!(plain),
    Buffer.from(Array.from({ length: 1 + random.int(200) }, () => random.int(256))),
  ]);
  return { ...target, method: 'POST', headers: { ...headers, origin: admin.origin, 'content-type': contentType, 'content-encoding': encoding }, body };
}

/** One hostile request of a random kind. */
function hostileRequest(random: ReturnType<typeof prng>, admin: { cookie: string; csrfToken: string; origin: string }, validImage: Buffer, routes: RouteEntry[], samples: RouteSamples): Sent {
  const signedIn = random.next() < 0.5;
  const headers: Record<string, string> = signedIn ? { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken, origin: admin.origin } : {};
  const kind = random.int(10);
  if (kind === 9) {
    const route = random.pick(routes);
    const method = route.method === 'GET' && random.next() < 0.2 ? 'HEAD' : route.method;
    const path = fillRoutePath(route.path, samples, randomSpelling(random, route.path));
    const body = method === 'GET' || method === 'HEAD' ? undefined : '{}';
    return { method, path, headers: body ? { ...headers, 'content-type': 'application/json', 'content-length': '2' } : headers, body, spelled: expectedForSpelling(route.path, method, fillRoutePath(route.path, samples)) };
  }
  if (kind <= 1) {
    const formType = random.pick(FORM_TYPES);
    const clientToken = randomUUID();
    const body = mutateObject(random, { ...VALID[formType], fillMs: 5000, clientToken });
    const raw = random.next() < 0.15 ? JSON.stringify(body).slice(0, -1 - random.int(5)) : JSON.stringify(body);
    return { method: 'POST', path: `/api/forms/${formType}`, headers: { ...headers, 'content-type': random.pick(['application/json', 'application/json', 'text/plain', 'application/json; charset=latin1', 'application/x-www-form-urlencoded']) }, body: raw, formType, clientToken: typeof body.clientToken === 'string' ? body.clientToken : undefined };
  }
  if (kind === 2) {
    const formType = random.pick(FORM_TYPES);
    const body = mutateObject(random, { ...VALID[formType], fillMs: '5000' });
    return { method: 'POST', path: FORM_PAGES[formType], headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, body: random.next() < 0.1 ? `a=%ZZ&b[c][d]=1&${urlencoded(body)}` : urlencoded(body), formType };
  }
  if (kind === 3) {
    const { body, contentType } = multipart(random, validImage);
    const path = random.pick(['/api/portfolio', '/api/portfolio', `/api/portfolio/${random.pick(['1', randomUUID(), "1' OR '1'='1", '-1', '99999999999999999999'])}`]);
    return { method: path === '/api/portfolio' ? 'POST' : random.pick(['PUT', 'DELETE', 'GET']), path, headers: { ...headers, 'content-type': contentType }, body };
  }
  if (kind === 4) {
    const type = random.pick(['contact', 'enquiry', 'quote', 'free-offer', 'nope', '..', '%00']);
    const id = random.pick([randomUUID(), '1', "' OR 1=1 --", 'x'.repeat(300), '%2e%2e%2f']);
    const choice = random.int(3);
    if (choice === 0) return { method: 'GET', path: `/api/forms/${type}?page=${random.pick(['-1', '0', '1e9', 'x', '1&page=2', ''])}&limit=${random.pick(['-5', '0', '1000000', 'abc', '20'])}`, headers };
    if (choice === 1) return { method: 'PATCH', path: `/api/forms/${type}/${id}/status`, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ status: random.pick(NASTY_VALUES) }) };
    return { method: 'DELETE', path: `/api/forms/${type}/${id}`, headers };
  }
  if (kind === 5) {
    const body = mutateObject(random, { username: ADMIN.username, password: 'wrong password', remember: false });
    // Never with the fuzz's own session: a valid logout would sign every later request out.
    return { method: 'POST', path: random.pick(['/api/auth/login', '/admin/login', '/api/auth/logout', '/admin/logout']), headers: { 'content-type': random.pick(['application/json', 'application/x-www-form-urlencoded']), origin: random.pick([admin.origin, 'null', 'https://evil.example']) }, body: JSON.stringify(body) };
  }
  if (kind === 6) {
    const base = random.pick(GET_PATHS);
    const path = random.pick([
      base,
      `${base}?category=${encodeHostile(random.pick(NASTY_STRINGS).slice(0, 2000))}`,
      `${base}?__proto__[polluted]=1&category[]=a&category[]=b`,
      `${base}/${'a/'.repeat(random.int(50))}`,
      '/..%2f..%2f..%2fetc%2fpasswd',
      '/assets/..%2f..%2fpackage.json',
      '/assets/',
      '/assets//',
      '/assets/.',
      '/media/..%2f..%2fetc%2fpasswd',
      `/media/${'f'.repeat(64)}.png`,
      `/portfolio/${encodeHostile(random.pick(NASTY_STRINGS).slice(0, 1000))}`,
      `/industries/${encodeHostile(random.pick(NASTY_STRINGS).slice(0, 1000))}`,
      '/%E0%A4%A',
      '/%00',
      `/${'x'.repeat(6000)}`,
      `/?${'a=1&'.repeat(2000)}`,
    ]);
    return { method: random.pick(['GET', 'GET', 'HEAD', 'OPTIONS', 'PUT', 'TRACE']), path, headers };
  }
  if (kind === 7) return encodedBody(random, headers, admin, validImage);
  // Hostile headers on an ordinary route.
  const path = random.pick([...GET_PATHS, '/api/forms/contact']);
  const hostile: Record<string, string> = {
    ...headers,
    [random.pick(['cookie', 'x-csrf-token', 'origin', 'accept-encoding', 'accept', 'if-none-match', 'range', 'x-request-id', 'x-forwarded-for', 'content-type', 'sec-fetch-site', 'accept-language'])]: random.pick([
      'x'.repeat(7000),
      'sid=' + 'a'.repeat(4000),
      'sid=../../etc; sid=x',
      'null',
      '*',
      'br;q=abc, gzip;q=-1',
      'bytes=99999999-1',
      '"; DROP TABLE admin_sessions; --',
      'multipart/form-data',
      'application/json; charset=utf-7',
      'ünïcödé'.normalize('NFD').replace(/[^\x20-\x7e]/g, '?'),
    ]),
  };
  return { method: path.startsWith('/api/') ? 'POST' : 'GET', path, headers: hostile, body: path.startsWith('/api/') ? '{"x":' : undefined };
}

const STACK_TRACE = /\n\s+at [\w$.<>]+ \(|node_modules\/|\/work\/|dist\/server\.js|\bTypeError\b|\bReferenceError\b/;

export async function hostileInput(): Promise<CheckResult> {
  const report = new CheckReport();
  const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1e6);
  const random = prng(seed);
  const database = await freshDatabase(undefined, 'resilience');
  if (!database) throw new Error('no local PostgreSQL to run against');
  const server = await startServer({ LOG_LEVEL: 'warn', PORT: String(await freePort()), DATABASE_URL: database.url, ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, FORM_RATE_LIMIT: '1000000' });
  const db = knexFactory({ client: 'pg', connection: database.url, pool: { min: 0, max: 2 } });
  try {
    const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify({ ...ADMIN, remember: false }) });
    const cookie = login.headers.getSetCookie().find((line) => /^(__Host-)?sid=/.test(line))!.split(';')[0]!;
    const admin = { cookie, csrfToken: ((await login.json()) as { csrfToken: string }).csrfToken, origin: server.url };

    const results: ({ sent: Sent } & Awaited<ReturnType<typeof send>>)[] = [];
    const validImage = await sharp({ create: { width: 640, height: 420, channels: 3, background: '#204060' } }).png().toBuffer();

    // Rows for the routes' parameters to name, made (and counted) like any accepted request.
    const made = async (sent: Sent) => {
      const answer = await send(server.url, sent);
      results.push({ sent, ...answer });
      return JSON.parse(answer.body) as { _id: string };
    };
    const quoteToken = randomUUID();
    const quote = await made({ method: 'POST', path: '/api/forms/quote', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...VALID.quote, fillMs: 5000, clientToken: quoteToken }), formType: 'quote', clientToken: quoteToken });
    const boundary = 'fuzz-sample-item';
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const itemBody = Buffer.concat([
      Buffer.from(['title', 'client', 'description'].map((name) => field(name, 'Fuzz sample')).join('') + field('displayCategories', 'Web Development')),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="cover.png"\r\nContent-Type: image/png\r\n\r\n`),
      validImage,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const item = await made({ method: 'POST', path: '/api/portfolio', headers: { cookie, 'x-csrf-token': admin.csrfToken, origin: server.url, 'content-type': `multipart/form-data; boundary=${boundary}` }, body: itemBody });
    const itemJson = await (await fetch(`${server.url}/api/portfolio/${item._id}`)).text();
    const sessions = (await (await fetch(`${server.url}/api/account/sessions`, { headers: { cookie } })).json()) as { id: string }[];
    const samples: RouteSamples = { leadId: quote._id, itemId: item._id, mediaFile: mediaFileIn(itemJson), sessionId: sessions[0]!.id, username: ADMIN.username };
    const routes = await productionRouteTable();

    const queue = Array.from({ length: REQUESTS }, () => hostileRequest(random, admin, validImage, routes, samples));
    let index = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (index < queue.length) {
          const sent = queue[index++]!;
          results.push({ sent, ...(await send(server.url, sent)) });
        }
      }),
    );

    const serverErrors = results.filter((r) => r.status >= 500 || r.status === 0);
    if (process.env.FUZZ_DEBUG) {
      for (const r of serverErrors) console.log(JSON.stringify({ ...r.sent, body: String(r.sent.body).slice(0, 300) }));
      console.log(server.logs.filter((line) => /"level":50/.test(line)).slice(0, 5).join('\n'));
    }
    const traces = results.filter((r) => STACK_TRACE.test(r.body));
    const spelled = results.filter((r) => r.sent.spelled);
    const misanswered = spelled.filter(({ sent, status, headers }) => status !== sent.spelled!.status || (sent.spelled!.status === 301 && headers.location !== sent.spelled!.location));
    const errorLogLines = server.logs.filter((line) => /"level":(50|60)\b/.test(line));
    // Every stored submission must come from a request answered with success: a row with a client
    // token needs an accepted request that sent it; rows without one cannot outnumber the accepted
    // requests that sent none.
    const succeeded = (r: (typeof results)[number]) => r.status >= 200 && r.status < 400;
    let storedFromRefused = 0;
    let storedWithoutToken = 0;
    for (const type of FORM_TYPES) {
      const ofType = results.filter((r) => r.sent.formType === type);
      const acceptedTokens = new Set(ofType.filter((r) => succeeded(r) && r.sent.clientToken).map((r) => r.sent.clientToken!));
      const rows = (await db('leads').where({ type }).whereNull('spam_at').select('client_token')) as { client_token: string | null }[];
      storedFromRefused += rows.filter((row) => row.client_token !== null && !acceptedTokens.has(row.client_token)).length;
      const tokenlessRows = rows.filter((row) => row.client_token === null).length;
      storedWithoutToken += Math.max(0, tokenlessRows - ofType.filter((r) => succeeded(r) && !r.sent.clientToken).length);
    }
    const acceptedCount = results.filter((r) => r.sent.formType && succeeded(r)).length;
    // Portfolio items: exactly those whose creation was answered 201, less those deleted (images
    // hang off items with cascading keys, so no image can outlive a refused item).
    const itemsCreated = results.filter((r) => r.sent.method === 'POST' && r.sent.path === '/api/portfolio' && r.status === 201).length;
    const itemsDeleted = results.filter((r) => r.sent.method === 'DELETE' && r.sent.path.startsWith('/api/portfolio/') && r.status === 204).length;
    const itemsStored = Number(((await db('portfolio_items').count('* as count')) as { count: string }[])[0]!.count);
    const statusCounts = results.reduce<Record<number, number>>((counts, r) => ({ ...counts, [r.status]: (counts[r.status] ?? 0) + 1 }), {});
    report.figure('seed', seed);
    report.figure('requests by status', JSON.stringify(statusCounts));
    report.figure('form posts answered with success', acceptedCount);
    report.figure('portfolio items created / stored', `${itemsCreated} / ${itemsStored}`);
    report.figure('other spellings of routes answered 404 or moved to their own', `${spelled.length - misanswered.length} of ${spelled.length}`);
    report.expect(results.length >= 2000, `only ${results.length} requests`);
    report.expect(spelled.length > 100 && misanswered.length === 0, `other spellings answered otherwise: ${misanswered.slice(0, 5).map((r) => `${r.sent.method} ${r.sent.path} → ${r.status} ${r.headers.location ?? ''}`).join(' | ')}`);
    report.expect(serverErrors.length === 0, `${serverErrors.length} answers were 5xx or no answer, e.g. ${serverErrors.slice(0, 3).map((r) => `${r.sent.method} ${r.sent.path.slice(0, 80)} → ${r.status} ${r.body.slice(0, 120)}`).join(' | ')}`);
    report.expect(traces.length === 0, `${traces.length} answers showed internals, e.g. ${traces[0]?.sent.path.slice(0, 80)}: ${traces[0]?.body.slice(0, 200)}`);
    report.figure('error-level log lines', errorLogLines.length);
    report.expect(errorLogLines.length === 0, `${errorLogLines.length} error-level log lines, e.g. ${errorLogLines[0]?.slice(0, 300)}`);
    report.expect(itemsStored === itemsCreated - itemsDeleted, `${itemsStored} portfolio items stored for ${itemsCreated - itemsDeleted} accepted`);
    report.expect(storedFromRefused === 0 && storedWithoutToken === 0, `${storedFromRefused} rows from refused requests, ${storedWithoutToken} rows nobody was told were accepted`);
  } finally {
    await db.destroy();
    await server.stop();
    await database.drop();
  }
  return report.result();
}
