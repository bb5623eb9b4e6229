import { SLUG_KINDS } from '../../shared/content/documents';
import { EVERY_SECTION_PAGE } from '../helpers/page-fixture';
import type { RunningServer } from './server';

/**
 * Pages staff made, for the walkers of every public page (phone width, W3C, axe): a service, an
 * industry and a page with every kind of section (questions and answers among them), published
 * through the content API as the admin's editor does, so a page staff add is checked like the
 * built-in ones (issue 41).
 */
export const STAFF_MADE = [
  { key: 'services/video-production', path: '/services/video-production', data: SLUG_KINDS.services.starting('Video Production'), shows: 'Video Production' },
  { key: 'industries/logistics', path: '/industries/logistics', data: SLUG_KINDS.industries.starting('Logistics'), shows: 'Logistics' },
  { key: 'pages/careers', path: '/careers', data: EVERY_SECTION_PAGE, shows: 'Do you hire juniors?' },
] as const;

export const STAFF_MADE_PATHS: readonly string[] = STAFF_MADE.map((made) => made.path);

/** The owner the walkers' servers start with (`ADMIN_*`), who publishes the pages staff make. */
const WALKER_OWNER = { username: 'walker-owner', password: 'a long and private walker passphrase' };

/** The environment that gives a server its first admin, the owner `publishStaffMade` signs in as. */
export const WALKER_OWNER_ENV = { ADMIN_USERNAME: WALKER_OWNER.username, ADMIN_PASSWORD: WALKER_OWNER.password, ADMIN_DISPLAY_NAME: 'Walker Owner' };

/**
 * Signs in as the walkers' owner (the server must have started with `WALKER_OWNER_ENV`), adds and
 * publishes each of `STAFF_MADE`, and waits until each answers 200 with its words: a publish
 * reaches the site by its content version.
 */
export async function publishStaffMade(server: RunningServer): Promise<void> {
  const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: server.url }, body: JSON.stringify(WALKER_OWNER) });
  if (login.status !== 200) throw new Error(`The walkers' owner could not sign in: ${login.status} ${await login.text()}`);
  const cookie = login.headers.getSetCookie().find((value) => /^(__Host-)?sid=/.test(value))?.split(';')[0];
  const { csrfToken } = (await login.json()) as { csrfToken: string };
  if (!cookie) throw new Error('The sign-in set no session cookie');
  await publishStaffMadeAs(server.url, { cookie, csrfToken });
}

/** Adds and publishes each of `STAFF_MADE` in the signed-in session of an editor or owner (the bench's too), and waits until each is shown. */
export async function publishStaffMadeAs(baseUrl: string, session: { cookie: string; csrfToken: string }): Promise<void> {
  const headers = { 'Content-Type': 'application/json', Origin: baseUrl, Cookie: session.cookie, 'X-CSRF-Token': session.csrfToken };
  const call = async (path: string, body: unknown, method = 'POST') => {
    const answer = await fetch(`${baseUrl}${path}`, { method, headers, body: JSON.stringify(body) });
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${await answer.text()}`);
  };
  for (const made of STAFF_MADE) {
    await call(`/api/content/${made.key}/draft`, { data: made.data, baseVersion: 0 }, 'PUT');
    await call(`/api/content/${made.key}/publish`, { version: 1 });
  }
  for (const made of STAFF_MADE) await untilShown(baseUrl, made.path, made.shows);
}

async function untilShown(baseUrl: string, path: string, text: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const answer = await fetch(`${baseUrl}${path}`);
    if (answer.status === 200 && (await answer.text()).includes(text)) return;
    if (Date.now() > deadline) throw new Error(`${path} never showed "${text}" (${answer.status})`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
