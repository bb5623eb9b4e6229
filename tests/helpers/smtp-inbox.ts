import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Inbox {
  messages: string[];
  /** Each message's envelope recipients (RCPT TO), in the order of `messages`. */
  recipients: string[][];
  port: number;
  close: () => Promise<void>;
}

/** A real SMTP server on loopback that keeps every message it receives. */
export function startSmtp(port = 0): Promise<Inbox> {
  const messages: string[] = [];
  const recipients: string[][] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
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
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve({ messages, recipients, port: (server.server.address() as AddressInfo).port, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
