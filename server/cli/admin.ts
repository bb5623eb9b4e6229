import { loadConfig } from '../config';
import { createDb } from '../db/connection';
import { migrateLatest } from '../db/migrate';
import { createLogger } from '../logger';
import { createAdminAuth } from '../services/admin-auth';
import { SYSTEM_ACTOR } from '../services/audit';
import { isAdminRole } from '../../shared/admin-auth';

const USAGE =
  'Usage: npm run admin -- create <username> [owner|editor]\n       npm run admin -- set-password <username>\n       npm run admin -- unlock <username>\n' +
  'A password is asked for (hidden) on a terminal, or read from the first line of stdin.';

/** Asks on the terminal without echoing what is typed. */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  // Raw mode first, so nothing typed after the question appears can be echoed.
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  process.stdout.write(question);
  return new Promise((resolve, reject) => {
    let typed = '';
    const finish = (outcome: () => void) => {
      stdin.off('data', onData);
      stdin.setRawMode(false);
      stdin.pause();
      process.stdout.write('\n');
      outcome();
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return finish(() => resolve(typed));
        if (char === '\u0003' || char === '\u0004') return finish(() => reject(new Error('Cancelled.')));
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1);
        else typed += char;
      }
    };
    stdin.on('data', onData);
  });
}

async function readFirstLineOfStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) text += String(chunk);
  return text.split(/\r?\n/)[0] ?? '';
}

async function readNewPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readFirstLineOfStdin();
  const password = await promptHidden('New password (at least 12 characters): ');
  const again = await promptHidden('Same password again: ');
  if (password !== again) throw new Error('The two passwords differ; nothing was changed.');
  return password;
}

/**
 * `npm run admin -- create <username> [owner|editor]`, `npm run admin -- set-password <username>`
 * and `npm run admin -- unlock <username>`.
 */
async function run(): Promise<void> {
  const [command, username, role, ...extra] = process.argv.slice(2);
  const roleGiven = role === undefined || (command === 'create' && isAdminRole(role));
  if ((command !== 'create' && command !== 'set-password' && command !== 'unlock') || !username || !roleGiven || extra.length > 0) throw new Error(USAGE);
  const config = loadConfig();
  const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateLatest(db);
    const auth = createAdminAuth({ db, logger: createLogger('warn') });
    if (command === 'unlock') {
      // Whoever has a shell on the server is trusted with the accounts (as with create); the trail
      // records the unlock as the system's, done from the command line.
      const { user, cleared } = await auth.unlock(username, SYSTEM_ACTOR, 'npm run admin -- unlock');
      console.log(`Sign-in failures of "${user.username}" cleared (${cleared}).`);
      return;
    }
    const password = await readNewPassword();
    if (command === 'create') {
      // Whoever has a shell on the server controls it anyway: accounts made here are owners unless told.
      const row = await auth.createAdmin(username, password, role ?? 'owner');
      console.log(`Admin "${row.username}" (${row.role}) created.`);
    } else {
      const row = await auth.setPassword(username, password);
      console.log(`Password of "${row.username}" changed; its sessions were signed out and its known browsers forgotten.`);
    }
  } finally {
    await db.destroy();
  }
}

run().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
