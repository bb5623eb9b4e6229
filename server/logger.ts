import pino, { type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs; secrets never reach them (cookies and auth headers are redacted). */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', '*.password'],
  });
}
