import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { APP_KEY_FILE, createKeyring, loadKeyring, newAppKey, parseAppKeys, writeKeyFile, type Keyring } from '../app-key';
import { loadConfig, type Config } from '../config';
import { createDb, type Db } from '../db/connection';
import { migrateLatest } from '../db/migrate';
import { createLogger } from '../logger';
import { createAdminAuth } from '../auth';
import { SYSTEM_ACTOR } from '../services/audit';
import { resealSecrets, type Resealed } from '../services/secrets';
import { isAdminRole } from '../../shared/admin-auth';
import { displayNameProblem, displayNameSchema } from '../../shared/admin-users';

const USAGE =
  'Usage: npm run admin -- create <username> [owner|editor] [--name "Maria Lopez"]\n       npm run admin -- set-password <username>\n       npm run admin -- unlock <username>\n' +
  '       npm run admin -- new-key\n       npm run admin -- rotate-key\n' +
  'A password is asked for (hidden) on a terminal, or read from the first line of stdin.\n' +
  'A new account\'s name (what replies to clients are signed with) is --name, or asked for on a terminal.';

/** Asks on the terminal, showing what is typed (a name, not a secret). */
async function promptLine(question: string): Promise<string> {
  const prompt = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  try {
    return await prompt.question(question);
  } finally {
    prompt.close();
  }
}

/**
 * The new account's display name: `--name`, else asked for on a terminal. Without a terminal stdin
 * carries the password, so the name must come as `--name`. Checked before the password is asked for.
 */
async function readDisplayName(given: string | undefined): Promise<string> {
  if (given === undefined && !process.stdin.isTTY) throw new Error('Give the account\'s name with --name "Maria Lopez": replies to clients are signed with it. Nothing was changed.');
  const typed = given ?? (await promptLine('Name replies to clients are signed with (such as Maria Lopez): '));
  const problem = displayNameProblem(typed);
  if (problem) throw new Error(`${problem} Nothing was changed.`);
  return displayNameSchema.parse(typed);
}

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

const resealedText = ({ twoFactorSecrets, smtpPassword, imapPassword }: Resealed) => `${twoFactorSecrets} two-factor secret(s), ${smtpPassword} SMTP password and ${imapPassword} mailbox password re-encrypted`;

/**
 * `npm run admin -- rotate-key`: every stored secret encrypted again under a new application key
 * (docs/decisions/secrets.md). On the embedded database the key file is rewritten: first with the
 * new key and the old ones (a crash in between leaves every secret readable), then with the new one
 * alone. With `APP_KEY` the new key has to reach every instance first: given one key, it prints a
 * new one to put in front; given several, it re-encrypts under the first, after which the others
 * can go.
 */
async function rotateKey(config: Config, db: Db, keyring: Keyring): Promise<void> {
  if (config.appKey) {
    if (keyring.keyIds.length === 1) {
      console.log(
        `APP_KEY holds one key. To rotate it:\n 1. set APP_KEY="${newAppKey()},<the current key>" on every instance and restart them;\n` +
          ' 2. run `npm run admin -- rotate-key` again with that APP_KEY, which re-encrypts every secret under the new key;\n 3. remove the old key from APP_KEY.',
      );
      return;
    }
    const resealed = await resealSecrets(db, keyring);
    console.log(`${resealedText(resealed)} under key ${keyring.currentKeyId}. Every secret now opens with the first key of APP_KEY: remove the others.`);
    return;
  }
  const fresh = newAppKey();
  const old = parseAppKeys(keyringText(config)).map((key) => key.toString('base64'));
  writeKeyFile(config.dataDir, [fresh, ...old]);
  const rotated = createKeyring(parseAppKeys(fresh));
  const resealed = await resealSecrets(db, createKeyring(parseAppKeys([fresh, ...old].join(','))));
  writeKeyFile(config.dataDir, [fresh]);
  console.log(`${resealedText(resealed)} under the new key ${rotated.currentKeyId}, now the only one in ${config.dataDir}/app-key. Start the server again to use it.`);
}

/** The key file's text (what `loadKeyring` read it from). */
function keyringText(config: Config): string {
  return readFileSync(path.join(config.dataDir, APP_KEY_FILE), 'utf8');
}

/** The command's words and its one option, `--name "Maria Lopez"` (or `--name=…`); anything else is a usage error. */
function parseCommandLine(args: string[]): { positionals: string[]; name?: string } {
  try {
    const { positionals, values } = parseArgs({ args, options: { name: { type: 'string' } }, allowPositionals: true, strict: true });
    return { positionals, name: values.name };
  } catch {
    throw new Error(USAGE);
  }
}

/**
 * `npm run admin -- create <username> [owner|editor] [--name "Maria Lopez"]`, `npm run admin -- set-password <username>`,
 * `npm run admin -- unlock <username>`, `npm run admin -- new-key` and `npm run admin -- rotate-key`.
 */
async function run(): Promise<void> {
  const { positionals, name } = parseCommandLine(process.argv.slice(2));
  const [command, username, role, ...extra] = positionals;
  if (name !== undefined && command !== 'create') throw new Error(USAGE);
  if (command === 'new-key' && username === undefined) {
    console.log(newAppKey());
    return;
  }
  const keyCommand = command === 'rotate-key' && username === undefined;
  const roleGiven = role === undefined || (command === 'create' && isAdminRole(role));
  const accountCommand = (command === 'create' || command === 'set-password' || command === 'unlock') && Boolean(username) && roleGiven && extra.length === 0;
  if (!keyCommand && !accountCommand) throw new Error(USAGE);
  // Asked (or checked) first, so a missing or unusable name stops the command before it opens the database.
  const displayName = command === 'create' ? await readDisplayName(name) : undefined;
  const config = loadConfig();
  const { keyring } = loadKeyring(config);
  const db = createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateLatest(db, { keyring });
    if (keyCommand) return await rotateKey(config, db, keyring);
    if (!username) throw new Error(USAGE);
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
      const row = await auth.createAdmin(username, password, role !== undefined && isAdminRole(role) ? role : 'owner', displayName);
      console.log(`Admin "${row.username}" (${row.role}) created; replies are signed "${row.display_name}".`);
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
