import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APP_KEY_FILE, createKeyring, parseAppKeys } from '../app-key';
import { createDb } from '../db/connection';
import { createLogger } from '../logger';
import { createAdminAuth } from '../auth';

const root = path.resolve(__dirname, '../..');

/**
 * Runs the real CLI with the password on stdin, against an embedded database in a temporary folder
 * (the CLI's code is the same for both databases; only the connection differs).
 */
function runCli(dataDir: string, args: string[], stdin: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: 'test', ...extraEnv };
  return new Promise((resolve) => {
    const child = execFile(path.join(root, 'node_modules/.bin/tsx'), ['server/cli/admin.ts', ...args], { cwd: root, env, encoding: 'utf8' }, (error, stdout, stderr) => {
      resolve({ status: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
    child.stdin!.end(stdin);
  });
}

describe('npm run admin', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-cli-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  async function loginOutcome(username: string, password: string) {
    const db = createDb({ dataDir });
    try {
      const auth = createAdminAuth({ db, logger: createLogger('silent'), failureDelayMs: 0 });
      return (await auth.login({ username, password, remember: false, ip: '192.0.2.1' })).outcome;
    } finally {
      await db.destroy();
    }
  }

  /** Display names, by username. */
  async function displayNames(): Promise<Record<string, string | null>> {
    const db = createDb({ dataDir });
    try {
      return Object.fromEntries((await db('admin_users').select('username', 'display_name')).map((row: { username: string; display_name: string | null }) => [row.username, row.display_name]));
    } finally {
      await db.destroy();
    }
  }

  it('creates an admin named with --name and changes its password, reading the password from stdin', async () => {
    const created = await runCli(dataDir, ['create', 'cli-admin', '--name', ' Carla Admin '], 'first password 123\n');
    expect(created.stderr).toBe('');
    expect(created.stdout).toContain('Admin "cli-admin" (owner) created; replies are signed "Carla Admin".');
    expect(created.status).toBe(0);
    expect(await loginOutcome('cli-admin', 'first password 123')).toBe('signed-in');

    const changed = await runCli(dataDir, ['set-password', 'CLI-ADMIN'], 'second password 456\n');
    expect(changed.status).toBe(0);
    expect(changed.stdout).toContain('Password of "cli-admin" changed');
    expect(await loginOutcome('cli-admin', 'first password 123')).toBe('invalid');
    expect(await loginOutcome('cli-admin', 'second password 456')).toBe('signed-in');

    const editor = await runCli(dataDir, ['create', 'cli-editor', 'editor', '--name=Ed Itor'], 'editor password 789\n');
    expect(editor.stdout).toContain('Admin "cli-editor" (editor) created; replies are signed "Ed Itor".');
    expect(await displayNames()).toEqual({ 'cli-admin': 'Carla Admin', 'cli-editor': 'Ed Itor' });
  }, 120_000);

  it('asks for the name on a terminal, shown as typed, before the password, which it hides', async () => {
    // `script` (util-linux, on every Debian) gives the command a terminal, as a person at a shell has.
    const child = spawn('script', ['-qfec', `${path.join(root, 'node_modules/.bin/tsx')} server/cli/admin.ts create cli-terminal editor`, '/dev/null'], {
      cwd: root,
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: 'test', TERM: 'dumb' },
    });
    let screen = '';
    // Each prompt is answered once it shows (each shows only after the one before was answered).
    const answers: [RegExp, string][] = [
      [/signed with \(such as Maria Lopez\): /, 'Tess Terminal\r'],
      [/New password \(at least 12 characters\): /, 'terminal password 1\r'],
      [/Same password again: /, 'terminal password 1\r'],
    ];
    child.stdout.on('data', (chunk: Buffer) => {
      screen += chunk.toString();
      while (answers[0]?.[0].test(screen)) child.stdin.write(answers.shift()![1]);
    });
    // A prompt that never shows fails the test instead of leaving the command waiting for input.
    const stop = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    clearTimeout(stop);
    expect(answers.map(([prompt]) => prompt.source)).toEqual([]);
    expect(status).toBe(0);
    expect(screen).toContain('Tess Terminal');
    expect(screen).not.toContain('terminal password 1');
    // An owner when it is the first account (this test alone), else the editor asked for.
    expect(screen).toMatch(/Admin "cli-terminal" \((owner|editor)\) created; replies are signed "Tess Terminal"\./);
    expect((await displayNames())['cli-terminal']).toBe('Tess Terminal');
    expect(await loginOutcome('cli-terminal', 'terminal password 1')).toBe('signed-in');
  }, 120_000);

  it('unlock clears the failures counted against a username, so the daily ceiling no longer holds it, and is audited', async () => {
    const db = createDb({ dataDir });
    const at = new Date();
    const failures = Array.from({ length: 100 }, (_, i) => ({ kind: 'password', username_key: 'cli-admin', ip: `203.0.113.${i}`, device_id: null, failed_at: at }));
    try {
      await db('login_failures').insert([...failures, { kind: 'password', username_key: 'cli-editor', ip: '203.0.113.1', device_id: null, failed_at: at }]);
    } finally {
      await db.destroy();
    }
    // Refused at the ceiling (no second factor), and counted as one more failure of its address.
    expect(await loginOutcome('cli-admin', 'second password 456')).toBe('throttled');

    const unlocked = await runCli(dataDir, ['unlock', 'CLI-Admin'], '');
    expect(unlocked.stderr).toBe('');
    expect(unlocked.status).toBe(0);
    expect(unlocked.stdout).toContain('Sign-in failures of "cli-admin" cleared (101).');
    expect(await loginOutcome('cli-admin', 'second password 456')).toBe('signed-in');

    const after = createDb({ dataDir });
    try {
      // Only that username's failures went; the audit trail says who was unlocked, from the command line.
      expect(await after('login_failures').pluck('username_key')).toEqual(['cli-editor']);
      expect(await after('audit_log').where({ action: 'user.unlock' }).select('actor_name', 'target_id', 'summary')).toEqual([
        { actor_name: 'system', target_id: 'cli-admin', summary: '101 failures cleared (npm run admin -- unlock)' },
      ]);
    } finally {
      await after.destroy();
    }
    const unknown = await runCli(dataDir, ['unlock', 'nobody-here'], '');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('nobody-here');
  }, 120_000);

  it('refuses a short password and a wrong command with a message and exit code 1', async () => {
    // Duplicate and unknown accounts are the service's errors (admin-auth.test.ts), printed the same way.
    const cases: [string[], string, string][] = [
      [['create', 'another', '--name', 'An Other'], 'short\n', 'Passwords need at least 12 characters.'],
      // Without a terminal stdin holds the password: the name must come as --name.
      [['create', 'another'], 'a long password 123\n', 'Give the account\'s name with --name "Maria Lopez": replies to clients are signed with it. Nothing was changed.'],
      [['create', 'another', '--name', 'An Other <another@agency.test>'], 'a long password 123\n', 'Leave out < > @ and ": the name is shown as the sender of our e-mails. Nothing was changed.'],
      [['create', 'another', '--name', ''], 'a long password 123\n', 'Enter a name, such as Maria Lopez.'],
      [['set-password', 'cli-admin', '--name', 'Carla'], 'a long password 123\n', 'Usage: npm run admin -- create <username>'],
      [['create', 'another', '--nickname', 'An'], 'a long password 123\n', 'Usage: npm run admin -- create <username>'],
      [['delete', 'cli-admin'], '', 'Usage: npm run admin -- create <username>'],
      [['create', 'another', 'admin'], '', 'Usage: npm run admin -- create <username>'],
    ];
    for (const [args, stdin, message] of cases) {
      const result = await runCli(dataDir, args, stdin);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(message);
    }
    expect(Object.keys(await displayNames())).not.toContain('another');
  }, 120_000);

  it('rotate-key re-encrypts the secrets under a new key in the data folder, the old key gone; with APP_KEY it guides each step', async () => {
    const keyFile = path.join(dataDir, APP_KEY_FILE);
    // The commands above generated the data folder's key, owner-only.
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const oldKeyring = createKeyring(parseAppKeys(fs.readFileSync(keyFile, 'utf8')));
    const db = createDb({ dataDir });
    let id: number;
    try {
      ({ id } = await db('admin_users').where({ username: 'cli-admin' }).first<{ id: number }>('id'));
      await db('admin_users').where({ id }).update({ totp_secret: oldKeyring.seal('JBSWY3DPEHPK3PXP', `totp:${id}`) });
    } finally {
      await db.destroy();
    }
    const rotated = await runCli(dataDir, ['rotate-key'], '');
    expect(rotated.stderr).toBe('');
    expect(rotated.stdout).toContain('1 two-factor secret(s), 0 SMTP password and 0 mailbox password re-encrypted');
    const keys = fs.readFileSync(keyFile, 'utf8').trim().split(',');
    expect(keys).toHaveLength(1);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const newKeyring = createKeyring(parseAppKeys(keys[0]!));
    expect(newKeyring.currentKeyId).not.toBe(oldKeyring.currentKeyId);
    const after = createDb({ dataDir });
    try {
      const { totp_secret: stored } = await after('admin_users').where({ id }).first<{ totp_secret: string }>('totp_secret');
      expect(newKeyring.open(stored, `totp:${id}`)).toBe('JBSWY3DPEHPK3PXP');
    } finally {
      await after.destroy();
    }

    const fresh = await runCli(dataDir, ['new-key'], '');
    expect(fresh.stdout.trim()).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    const one = await runCli(dataDir, ['rotate-key'], '', { APP_KEY: keys[0] });
    expect(one.status).toBe(0);
    expect(one.stdout).toContain(`set APP_KEY="`);
    const both = await runCli(dataDir, ['rotate-key'], '', { APP_KEY: `${fresh.stdout.trim()},${keys[0]}` });
    expect(both.stdout).toContain('1 two-factor secret(s), 0 SMTP password and 0 mailbox password re-encrypted');
    expect(both.stdout).toContain('remove the others');
  }, 120_000);
});
