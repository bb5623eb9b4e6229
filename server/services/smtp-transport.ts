import nodemailer, { type Transporter } from 'nodemailer';

/** Where outgoing mail goes: today `SMTP_URL` (`smtp://user:pass@host:587`); unset means mail is off. */
export type SmtpSource = () => string | undefined;

/**
 * The one way the outbox reaches an SMTP server: a transport for the server `source` names now,
 * with timeouts so a stalled server fails an attempt (and it is retried) instead of hanging the
 * worker. Rebuilt when the source changes, so a server configured later is used from its next send.
 */
export function createSmtpTransports(source: SmtpSource) {
  let current: { url: string; transport: Transporter } | undefined;
  return {
    /** Whether a server is configured right now. */
    get enabled(): boolean {
      return Boolean(source());
    },
    /** The transport of the configured server; throws when mail is off. */
    get(): Transporter {
      const url = source();
      if (!url) throw new Error('no SMTP server configured');
      if (current?.url !== url) {
        current?.transport.close();
        current = { url, transport: nodemailer.createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as Parameters<typeof nodemailer.createTransport>[0]) };
      }
      return current.transport;
    },
    close(): void {
      current?.transport.close();
      current = undefined;
    },
  };
}

export type SmtpTransports = ReturnType<typeof createSmtpTransports>;
