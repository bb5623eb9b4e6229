/**
 * The bench's bare answers: each captured page sent exactly as the site sent it to a browser (the
 * same headers, the same brotli bytes), by nothing but `node:http`. The ceiling server runs it in a
 * process of its own (./ceiling-server.ts), and the site's process runs it too, on a port of its
 * own (./bare-in-site.ts), so the bench can tell what the site's code costs from what its process
 * costs. A URL with a query string it does not know gets its path's answer, as the site's
 * canonical page would be.
 */
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface CapturedPage {
  /** Path and query string as requested. */
  url: string;
  headers: Record<string, string>;
  /** The body as sent (brotli), base64. */
  body: string;
}

interface Answer {
  headers: Record<string, string>;
  body: Buffer;
}

/** The captured pages the bench wrote to `file` (JSON). */
export function readCapturedPages(file: string): CapturedPage[] {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as CapturedPage[];
}

export function bareAnswers(pages: CapturedPage[]): (req: IncomingMessage, res: ServerResponse) => void {
  const byUrl = new Map<string, Answer>(pages.map((page) => [page.url, { headers: page.headers, body: Buffer.from(page.body, 'base64') }]));
  return (req, res) => {
    const url = req.url ?? '/';
    const answer = byUrl.get(url) ?? byUrl.get(url.split('?')[0]!);
    if (!answer) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, answer.headers);
    res.end(answer.body);
  };
}
