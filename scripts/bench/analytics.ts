/**
 * `npm run bench:analytics`: how fast the Analytics view's data loads with two years of daily
 * counts for 200 pages. A fresh PostgreSQL database is filled by `npm run seed -- --analytics`,
 * the production build started on it, and `GET /api/analytics/report` timed for the view's ranges
 * with a signed-in session (p50 and p95 of 50 requests each, after 5 to warm up).
 */
import { execFileSync } from 'node:child_process';
import { startServer } from '../../tests/e2e/server';
import { freshDatabase, LOCAL_POSTGRES } from '../lib/fresh-database';
import { freePort } from '../lib/net';
import { BENCH_ADMIN } from './scenarios';
import { addDays, localDate } from '../../shared/local-date';
import { DEFAULT_TIME_ZONE } from '../../shared/content/defaults/business';

const REQUESTS = 50;

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
}

async function main(): Promise<void> {
  const database = await freshDatabase(LOCAL_POSTGRES, 'bench_analytics');
  if (!database) throw new Error('bench:analytics needs PostgreSQL on localhost:5432');
  try {
    const seeded = execFileSync('npx', ['tsx', 'server/cli/seed.ts', '--analytics', '730', '200'], { env: { ...process.env, DATABASE_URL: database.url }, encoding: 'utf8' });
    console.log(seeded.trim());
    const site = await startServer({ NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(await freePort()), DATABASE_URL: database.url, ADMIN_USERNAME: BENCH_ADMIN.username, ADMIN_PASSWORD: BENCH_ADMIN.password });
    try {
      const login = await fetch(`${site.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: site.url }, body: JSON.stringify(BENCH_ADMIN) });
      const cookie = login.headers.getSetCookie().find((line) => /^(__Host-)?sid=/.test(line))!.split(';')[0]!;
      const today = localDate(new Date(), DEFAULT_TIME_ZONE);
      console.log('\n| GET /api/analytics/report (730 days × 200 pages seeded) | p50 | p95 |\n|---|---|---|');
      for (const days of [7, 30, 90, 730]) {
        const url = `${site.url}/api/analytics/report?from=${addDays(today, -(days - 1))}&to=${today}`;
        const times: number[] = [];
        for (let i = 0; i < REQUESTS + 5; i++) {
          const started = performance.now();
          const response = await fetch(url, { headers: { cookie } });
          if (!response.ok) throw new Error(`report answered ${response.status}`);
          await response.arrayBuffer();
          if (i >= 5) times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        console.log(`| ${days} days | ${percentile(times, 0.5).toFixed(1)} ms | ${percentile(times, 0.95).toFixed(1)} ms |`);
      }
    } finally {
      await site.stop();
    }
  } finally {
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
