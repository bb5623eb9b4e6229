/**
 * Two instances on one PostgreSQL database, as behind a load balancer: a login made on one is
 * valid on the other, a portfolio item added through one shows on the other's cached public page
 * within 1 s, and the form rate limit counts the posts both received.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { newAppKey } from '../../server/app-key';
import { startServer, type RunningServer } from '../../tests/e2e/server';
import { freshDatabase } from '../lib/fresh-database';
import { freePort } from '../lib/net';
import { CheckReport, type CheckResult } from './check';

const PUBLIC_URL = 'https://agency.example';
const ADMIN = { username: 'drill-admin', password: 'two instances, one database' };
const RATE_LIMIT = 6;

async function login(instance: RunningServer): Promise<{ cookie: string; csrfToken: string }> {
  const response = await fetch(`${instance.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
    body: JSON.stringify({ ...ADMIN, remember: false }),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}`);
  const cookie = response.headers.getSetCookie().find((line) => /^(__Host-)?sid=/.test(line))!.split(';')[0]!;
  return { cookie, csrfToken: ((await response.json()) as { csrfToken: string }).csrfToken };
}

async function addPortfolioItem(instance: RunningServer, session: { cookie: string; csrfToken: string }, title: string): Promise<number> {
  const image = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#045e63' } }).png().toBuffer();
  const form = new FormData();
  form.append('image', new Blob([image], { type: 'image/png' }), 'cover.png');
  form.append('title', title);
  form.append('categories', 'web');
  form.append('displayCategories', 'Web Development');
  form.append('client', 'Drill Client');
  form.append('description', 'An item added on one instance and looked for on the other.');
  const response = await fetch(`${instance.url}/api/portfolio`, {
    method: 'POST',
    headers: { cookie: session.cookie, 'x-csrf-token': session.csrfToken, origin: PUBLIC_URL },
    body: form,
  });
  return response.status;
}

function postContact(instance: RunningServer): Promise<number> {
  const body = { name: 'Rate Drill', phone: '+44 20 7946 0000', email: 'rate@example.com', subject: 'Limits', message: 'Counting across instances.', fillMs: 5000, clientToken: randomUUID() };
  return fetch(`${instance.url}/api/forms/contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.status);
}

export async function twoInstances(): Promise<CheckResult> {
  const report = new CheckReport();
  const database = await freshDatabase(undefined, 'resilience');
  if (!database) throw new Error('no local PostgreSQL to run against');
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    // Every instance of one deployment shares the application key.
    APP_KEY: newAppKey(),
    PUBLIC_URL,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    FORM_RATE_LIMIT: String(RATE_LIMIT),
  };
  // One after the other: the first applies the migrations and creates the admin.
  const a = await startServer({ ...env, PORT: String(await freePort()) });
  const b = await startServer({ ...env, PORT: String(await freePort()) });
  try {
    const session = await login(a);
    const onB = await fetch(`${b.url}/api/forms/contact`, { headers: { cookie: session.cookie } });
    report.figure('admin call on B with the session from A', onB.status);
    report.expect(onB.status === 200, `B answered ${onB.status} to A's session`);

    const title = `Cross-instance item ${Date.now()}`;
    await fetch(`${b.url}/portfolio`); // B now holds /portfolio in its render cache
    const created = await addPortfolioItem(a, session, title);
    const createdAt = Date.now();
    report.expect(created === 201, `adding the item on A answered ${created}`);
    let seenAfter: number | undefined;
    while (Date.now() - createdAt < 3000) {
      if ((await (await fetch(`${b.url}/portfolio`)).text()).includes(title)) {
        seenAfter = Date.now() - createdAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    report.figure('item added on A shown on B after', seenAfter === undefined ? 'not within 3 s' : `${seenAfter} ms`);
    report.expect(seenAfter !== undefined && seenAfter <= 1000, 'the change did not reach B within 1 s');

    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT + 1; i += 1) statuses.push(await postContact(i % 2 === 0 ? a : b));
    report.figure(`form posts alternating A and B (limit ${RATE_LIMIT})`, statuses.join(', '));
    report.expect(statuses.slice(0, RATE_LIMIT).every((s) => s === 201) && statuses[RATE_LIMIT] === 429, 'the rate limit did not count across both instances');
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    await database.drop();
  }
  return report.result();
}
