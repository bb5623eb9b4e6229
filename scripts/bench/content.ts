/**
 * `npm run bench:content`: what editing the website costs the public site.
 *
 * - How soon a second instance serves a publish: two production servers on one fresh PostgreSQL
 *   database; staff publish a new phone number on the first, and the second's home page is asked
 *   for every 2 ms until it shows it. Printed: the delay after the publish answered, per round.
 * - The memory the published content takes in a server: the site content store loaded in this
 *   process (heap and RSS after garbage collection, before and after).
 *
 *   npm run bench:content          # builds for production first; BENCH_PUBLISHES=20 by default
 */
import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import { startServer, type RunningServer } from '../../tests/e2e/server';
import { freshDatabase, LOCAL_POSTGRES } from '../lib/fresh-database';
import { freePort } from '../lib/net';
import { PRODUCTION_RUNTIME_ENV } from '../lib/production-env';
import { BENCH_ADMIN, signIn } from './scenarios';
import { createSiteContentStore } from '../../server/content/store';
import { createContentVersion } from '../../server/services/content-version';
import { BUILT_IN_DEFAULTS } from '../../shared/settings';

const PUBLISHES = Number(process.env.BENCH_PUBLISHES ?? 20);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Publishes `phone` as the business's phone number on `baseUrl`, as the editor does. */
async function publishPhone(baseUrl: string, admin: { cookie: string; csrfToken: string }, phone: string): Promise<void> {
  const headers = { cookie: admin.cookie, 'x-csrf-token': admin.csrfToken, origin: baseUrl, 'content-type': 'application/json' };
  const current = await json<{ published: { version: number; data: Record<string, unknown> }; draft: { version: number } | null }>(await fetch(`${baseUrl}/api/content/business`, { headers }));
  const baseVersion = current.draft?.version ?? current.published.version;
  const saved = await json<{ version: number }>(
    await fetch(`${baseUrl}/api/content/business/draft`, { method: 'PUT', headers, body: JSON.stringify({ data: { ...current.published.data, phone }, baseVersion }) }),
  );
  await json(await fetch(`${baseUrl}/api/content/business/publish`, { method: 'POST', headers, body: JSON.stringify({ version: saved.version }) }));
}

/** Milliseconds until `url` shows `text`, asking every 2 ms (gives up after 5 s). */
async function untilShown(url: string, text: string, since: number): Promise<number> {
  while (performance.now() - since < 5000) {
    const body = await (await fetch(url)).text();
    if (body.includes(text)) return performance.now() - since;
    await sleep(2);
  }
  return Number.POSITIVE_INFINITY;
}

async function propagation(): Promise<void> {
  const database = await freshDatabase(LOCAL_POSTGRES, 'bench_content');
  if (!database) {
    console.log('No PostgreSQL server at localhost:5432: the two-instance figure needs one.');
    return;
  }
  const env = {
    ...PRODUCTION_RUNTIME_ENV,
    LOG_LEVEL: 'warn',
    DATABASE_URL: database.url,
    APP_KEY: randomBytes(32).toString('base64'),
    ADMIN_USERNAME: BENCH_ADMIN.username,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
  };
  const servers: RunningServer[] = [];
  try {
    servers.push(await startServer({ ...env, PORT: String(await freePort()) }));
    servers.push(await startServer({ ...env, PORT: String(await freePort()) }));
    const [first, second] = servers as [RunningServer, RunningServer];
    const admin = await signIn(first.url);
    const here: number[] = [];
    const there: number[] = [];
    for (let round = 1; round <= PUBLISHES; round += 1) {
      const phone = `+1 (555) 010-${String(2000 + round)}`;
      // Both home pages are cached with the old number before each publish, as on a live site.
      await Promise.all([fetch(`${first.url}/`), fetch(`${second.url}/`)]);
      await publishPhone(first.url, admin, phone);
      const published = performance.now();
      const [onFirst, onSecond] = await Promise.all([untilShown(`${first.url}/`, phone, published), untilShown(`${second.url}/`, phone, published)]);
      here.push(onFirst);
      there.push(onSecond);
    }
    console.log(`Publish → page shows it (${PUBLISHES} publishes, home page, PostgreSQL):`);
    console.log(`  same instance:   median ${median(here).toFixed(1)} ms, max ${Math.max(...here).toFixed(1)} ms`);
    console.log(`  second instance: median ${median(there).toFixed(1)} ms, max ${Math.max(...there).toFixed(1)} ms (goal ≤ 50 ms)`);
  } finally {
    for (const server of servers) await server.stop();
    await database.drop();
  }
}

async function memory(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const database = await freshDatabase(LOCAL_POSTGRES, 'bench_content_memory');
  if (!database || !gc) {
    console.log('Content memory: needs PostgreSQL and node --expose-gc.');
    if (database) await database.drop();
    return;
  }
  const db = knexFactory({ client: 'pg', connection: database.url, pool: { min: 1, max: 2 } });
  try {
    const { migrateLatest } = await import('../../server/db/migrate');
    await migrateLatest(db, {});
    const settings = { current: () => ({ ...BUILT_IN_DEFAULTS }), onChange: () => undefined };
    gc();
    const before = process.memoryUsage();
    const store = createSiteContentStore({ db, contentVersion: createContentVersion(db), settings });
    await store.load();
    gc();
    const after = process.memoryUsage();
    const bytes = Buffer.byteLength(JSON.stringify(store.publishedDocuments()));
    console.log(`Content in memory: ${(bytes / 1024).toFixed(0)} KB of JSON; heap +${((after.heapUsed - before.heapUsed) / 1048576).toFixed(2)} MB, RSS +${((after.rss - before.rss) / 1048576).toFixed(2)} MB (goal ≤ 10 MB)`);
  } finally {
    await db.destroy();
    await database.drop();
  }
}

async function main(): Promise<void> {
  await memory();
  await propagation();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
