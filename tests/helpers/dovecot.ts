import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ImapFlow } from 'imapflow';
import { localhostCertificate } from './smtp-inbox';

/** Debian's Dovecot (`dovecot-imapd`), installed by `.ci/run` when missing. */
export const DOVECOT = '/usr/sbin/dovecot';

export interface Dovecot {
  /** Where it listens: loopback, as the tests' mail servers do (Settings need `SMTP_ALLOW_PRIVATE` to point there). */
  host: '127.0.0.1';
  /** IMAP over TLS from the start. */
  tlsPort: number;
  /** IMAP with STARTTLS (required: Dovecot refuses to sign in before it). */
  starttlsPort: number;
  user: string;
  password: string;
  /** The certificate authority that signed its certificate (`localhostCertificate()`), for `tls: { ca }`. */
  ca: string;
  /**
   * Puts a message into a folder (INBOX by default) with APPEND, as a mail server delivering it
   * would, filed under `arrived` (now by default); answers its UID.
   */
  append(raw: string | Buffer, mailbox?: string, arrived?: Date): Promise<number>;
  /** Makes a folder. */
  createFolder(name: string): Promise<void>;
  /** Deletes a folder and makes it again: its messages gone and a new UIDVALIDITY, as after a server's mail store is rebuilt. */
  recreateFolder(name: string): Promise<void>;
  /** What Dovecot logged (to explain a failure). */
  log(): string;
  stop(): Promise<void>;
}

/** A port nobody listens on right now (asked of the system, then freed for Dovecot). */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** True once something accepts connections on the port. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * The users Dovecot's processes run as. Its login processes never run as root, so under root (CI)
 * they are the package's own `dovecot` and `dovenull` users, and mail is stored as `dovecot`; under
 * anyone else every process stays that user, who cannot switch to another.
 */
function processUsers(): { user: string; group: string; login: string; uid: number; gid: number } {
  const { uid, gid, username } = os.userInfo();
  if (uid !== 0) {
    const group = new RegExp(`^([^:]+):[^:]*:${gid}:`, 'm').exec(fs.readFileSync('/etc/group', 'utf8'))?.[1] ?? username;
    return { user: username, group, login: username, uid, gid };
  }
  const passwd = fs.readFileSync('/etc/passwd', 'utf8');
  const dovecot = /^dovecot:[^:]*:(\d+):(\d+):/m.exec(passwd);
  if (!dovecot || !/^dovenull:/m.test(passwd)) throw new Error('The dovecot and dovenull users are missing: install dovecot-imapd (.ci/run does).');
  return { user: 'dovecot', group: 'dovecot', login: 'dovenull', uid: Number(dovecot[1]), gid: Number(dovecot[2]) };
}

/**
 * A real IMAP server for a test file: Dovecot with a configuration of its own in a temporary
 * folder (a password file with one user, a Maildir, TLS with `localhostCertificate()`, its log in a
 * file) on free loopback ports, with IDLE as any Dovecot offers it. Nothing of the machine's own
 * Dovecot set-up or service is used. `stop()` ends it and removes the folder; a test process that
 * ends without stopping it kills it on exit.
 */
export async function startDovecot({ user = 'agency', password = 'mailbox-secret' } = {}): Promise<Dovecot> {
  if (!fs.existsSync(DOVECOT)) throw new Error(`${DOVECOT} is missing: install Debian's dovecot-imapd (.ci/run does).`);
  const users = processUsers();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dovecot-'));
  // Dovecot's own users read the password file and write the mail folder.
  fs.chmodSync(dir, 0o755);
  const mailRoot = path.join(dir, 'mail');
  fs.mkdirSync(mailRoot);
  fs.chownSync(mailRoot, users.uid, users.gid);
  const { cert, key } = localhostCertificate();
  fs.writeFileSync(path.join(dir, 'cert.pem'), cert);
  fs.writeFileSync(path.join(dir, 'key.pem'), key, { mode: 0o600 });
  fs.writeFileSync(path.join(dir, 'passwd'), `${user}:{PLAIN}${password}::::::\n`, { mode: 0o644 });
  const [tlsPort, starttlsPort] = [await freePort(), await freePort()];
  const logFile = path.join(dir, 'dovecot.log');
  fs.writeFileSync(
    path.join(dir, 'dovecot.conf'),
    `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${logFile}
protocols = imap
listen = 127.0.0.1
shutdown_clients = yes
default_internal_user = ${users.user}
default_internal_group = ${users.group}
default_login_user = ${users.login}
first_valid_uid = 1
first_valid_gid = 1
ssl = required
ssl_cert = <${dir}/cert.pem
ssl_key = <${dir}/key.pem
auth_mechanisms = plain login
# Tests try wrong passwords on purpose: answered at once, not after Dovecot's two seconds.
auth_failure_delay = 0
passdb {
  driver = passwd-file
  args = scheme=PLAIN ${dir}/passwd
}
userdb {
  driver = static
  args = uid=${users.uid} gid=${users.gid} home=${mailRoot}/%u
}
mail_location = maildir:~/Maildir
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${starttlsPort}
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = ${tlsPort}
    ssl = yes
  }
}
service anvil {
  chroot =
}
`,
  );
  const child: ChildProcess = spawn(DOVECOT, ['-F', '-c', path.join(dir, 'dovecot.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const log = () => `${stderr}${fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''}`;

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (running) {
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(killed);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  // Ready once both ports answer; a configuration Dovecot refuses ends it at once, with its reason.
  const deadline = Date.now() + 15_000;
  while (!((await answers(tlsPort)) && (await answers(starttlsPort)))) {
    if (!running || Date.now() > deadline) {
      const why = log();
      await stop();
      throw new Error(`Dovecot did not start: ${why}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  /** A short session of the test's own (not the app's): TLS, signed in as the user. */
  const session = async <T>(work: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const client = new ImapFlow({ host: '127.0.0.1', port: tlsPort, secure: true, servername: 'localhost', tls: { ca: cert }, auth: { user, pass: password }, logger: false });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout().catch(() => client.close());
    }
  };

  return {
    host: '127.0.0.1',
    tlsPort,
    starttlsPort,
    user,
    password,
    ca: cert,
    async append(raw, mailbox = 'INBOX', arrived) {
      const appended = await session((client) => client.append(mailbox, raw, [], arrived));
      if (!appended || !appended.uid) throw new Error('Dovecot did not answer the appended message’s UID');
      return appended.uid;
    },
    async createFolder(name) {
      await session((client) => client.mailboxCreate(name));
    },
    async recreateFolder(name) {
      await session(async (client) => {
        await client.mailboxDelete(name);
        await client.mailboxCreate(name);
      });
    },
    log,
    stop,
  };
}
