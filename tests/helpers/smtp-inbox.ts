import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import net, { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { NO_KEYRING } from '../../server/app-key';
import { createMailServerCheck } from '../../server/services/mail-destination';
import { createMailer, type Mailer } from '../../server/services/mail-transport';

/** The test mail servers listen on loopback: Settings may point at them as with `SMTP_ALLOW_PRIVATE=true`. */
export const loopbackMailServers = createMailServerCheck({ allowPrivate: true });

/** A name the test certificate also holds, for a mail server reached through an injected resolver. */
export const CERTIFIED_TEST_HOST = 'mail.agency.test';

/** A mailer as `SMTP_URL=smtp://127.0.0.1:<port>` makes it, from site@agency.test. */
export function envMailer(port: number): Mailer {
  return createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, envFrom: 'site@agency.test', saved: () => null, keyring: NO_KEYRING });
}

export interface Inbox {
  messages: string[];
  /** Each message's envelope recipients (RCPT TO), in the order of `messages`. */
  recipients: string[][];
  /** Every sign-in attempt, right or wrong, with the password it carried. */
  logins: { user: string; password: string }[];
  /** Connections the server accepted. */
  connections: () => number;
  port: number;
  /** Forgets the messages received so far (and their recipients): a test then reads only its own. */
  clear: () => void;
  close: () => Promise<void>;
}

/** A certificate for `localhost` (and `CERTIFIED_TEST_HOST`) and its key, made once per test file with openssl (self-signed: it is its own authority). */
let certificate: { key: string; cert: string } | undefined;
export function localhostCertificate(): { key: string; cert: string } {
  if (certificate) return certificate;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'smtp-cert-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost', '-addext', `subjectAltName=DNS:localhost,DNS:${CERTIFIED_TEST_HOST}`, '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
    certificate = { key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
    return certificate;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export interface SmtpOptions {
  /** Offer STARTTLS (`starttls`) or speak TLS from the start (`tls`) with `localhostCertificate()`; plain by default. */
  security?: 'starttls' | 'tls';
  /** Require signing in with this user and password (only over TLS, as the server allows it). */
  auth?: { user: string; password: string };
}

/** A real SMTP server on loopback that keeps every message it receives. */
export function startSmtp(port = 0, { security, auth }: SmtpOptions = {}): Promise<Inbox> {
  const messages: string[] = [];
  const recipients: string[][] = [];
  const logins: Inbox['logins'] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: !auth,
    disabledCommands: security ? [] : ['STARTTLS'],
    secure: security === 'tls',
    ...(security ? localhostCertificate() : {}),
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    onAuth(login, _session, callback) {
      logins.push({ user: login.username ?? '', password: login.password ?? '' });
      if (auth && login.username === auth.user && login.password === auth.password) callback(null, { user: login.username });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
      // Undo quoted-printable soft line breaks so assertions can read whole lines.
      stream.on('end', () => {
        messages.push(data.replace(/=\r?\n/g, ''));
        recipients.push(session.envelope.rcptTo.map((rcpt) => rcpt.address));
        callback();
      });
    },
  });
  const clear = () => {
    messages.length = 0;
    recipients.length = 0;
  };
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve({ messages, recipients, logins, connections: () => connections, port: (server.server.address() as AddressInfo).port, clear, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

/** A service on loopback that is not a mail server: it greets every connection with `banner`, as SSH does. */
export function startBannerServer(banner: string): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket.on('close', () => sockets.delete(socket)).on('error', () => undefined));
    // Like SSH: its banner first, then it waits for the client's.
    socket.write(`${banner}\r\n`);
  });
  const close = () =>
    new Promise<void>((done) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => done());
    });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve({ port: (server.address() as AddressInfo).port, connections: () => connections, close }));
  });
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
