import type { Logger } from '../logger';

/** Upper bounds (ms) of the latency buckets; the last one takes everything slower. */
export const LATENCY_BUCKETS_MS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25, 50, 100, Infinity] as const;

interface PageFigures {
  /** Answers by status (200, or 304 to a revalidation). */
  status: Record<number, number>;
  /** Of them, HEAD requests. */
  head: number;
  /** Body bytes sent. */
  bytes: number;
  maxMs: number;
  /** Answers by latency bucket, as `LATENCY_BUCKETS_MS`. */
  buckets: number[];
}

export interface CachedAnswerLog {
  /** Counts one answer of a cached page (`url` as the cache keys it). */
  record(url: string, method: string, status: number, bytes: number, ms: number): void;
  /** Writes what was counted since the last line, if anything, as one line now. */
  flush(): void;
}

/**
 * The access log of answers served from the render cache: at thousands a second, one JSON line
 * each would cost a fifth of the CPU of the answer itself. Each is counted instead (per page, by
 * status, bytes, and latency histogram), and what was counted is written as one `cached answers`
 * line at most every `intervalMs` (only after something was counted). Every other request keeps
 * its own `request` line (`requestContext`).
 */
export function createCachedAnswerLog(logger: Logger, { intervalMs = 1000 }: { intervalMs?: number } = {}): CachedAnswerLog {
  let pages = new Map<string, PageFigures>();
  let since = Date.now();
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (pages.size === 0) return;
    const counted = pages;
    pages = new Map();
    const now = Date.now();
    let answers = 0;
    const byPage: Record<string, object> = {};
    for (const [url, figures] of counted) {
      let count = 0;
      for (const n of Object.values(figures.status)) count += n;
      answers += count;
      // Answers by bucket: "0.1" counts those over the previous bound (0.05 ms) and at most 0.1 ms.
      const latencyMs: Record<string, number> = {};
      figures.buckets.forEach((n, i) => {
        if (n > 0) latencyMs[i === LATENCY_BUCKETS_MS.length - 1 ? 'slower' : String(LATENCY_BUCKETS_MS[i])] = n;
      });
      byPage[url] = { count, status: figures.status, ...(figures.head > 0 ? { head: figures.head } : {}), bytes: figures.bytes, maxMs: round(figures.maxMs, 1000), latencyMs };
    }
    logger.info({ seconds: round((now - since) / 1000), answers, pages: byPage }, 'cached answers');
    since = now;
  };

  return {
    record(url, method, status, bytes, ms) {
      let figures = pages.get(url);
      if (!figures) {
        figures = { status: {}, head: 0, bytes: 0, maxMs: 0, buckets: LATENCY_BUCKETS_MS.map(() => 0) };
        pages.set(url, figures);
        if (!timer) {
          // The first answer counted opens a new period; an idle site writes nothing.
          if (pages.size === 1) since = Date.now();
          timer = setTimeout(flush, intervalMs);
          timer.unref();
        }
      }
      figures.status[status] = (figures.status[status] ?? 0) + 1;
      if (method === 'HEAD') figures.head += 1;
      figures.bytes += bytes;
      if (ms > figures.maxMs) figures.maxMs = ms;
      let bucket = 0;
      while (ms > LATENCY_BUCKETS_MS[bucket]!) bucket += 1;
      figures.buckets[bucket]! += 1;
    },
    flush,
  };
}

const round = (value: number, by = 100) => Math.round(value * by) / by;
