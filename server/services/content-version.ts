import type { Knex } from 'knex';
import type { Logger } from '../logger';

const KEY = 'content_version';

/**
 * Which version of the site's content the pages show. Every change to content stored in the
 * database (the portfolio) bumps it in the same transaction; every instance polls it, so a change
 * made on one instance empties the page caches of all of them within a poll interval.
 */
export interface ContentVersion {
  /** The version this instance last saw; `null` until first read. */
  readonly current: string | null;
  /** Records a content change inside `trx` and applies it to this instance at once. */
  bump(trx: Knex | Knex.Transaction): Promise<void>;
  /** Reads the stored version now (what the poller does on each tick). */
  refresh(): Promise<void>;
  /** Called with the new version whenever it changes. */
  onChange(listener: (version: string) => void): void;
  /** Polls every `intervalMs` until `stop()`. Read failures are logged once and retried. */
  start(intervalMs?: number): void;
  stop(): void;
}

export function createContentVersion(db: Knex, logger?: Logger): ContentVersion {
  let current: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  let failing = false;
  const listeners: ((version: string) => void)[] = [];

  const apply = (version: string) => {
    if (version === current) return;
    current = version;
    for (const listener of listeners) listener(version);
  };

  const refresh = async () => {
    try {
      const row = await db('app_settings').where({ key: KEY }).first<{ value: string } | undefined>('value');
      apply(row?.value ?? '0');
      if (failing) logger?.info('content version readable again');
      failing = false;
    } catch (error) {
      if (!failing) logger?.warn({ err: error }, 'cannot read the content version; cached pages stay as they are');
      failing = true;
    }
  };

  return {
    get current() {
      return current;
    },
    async bump(trx) {
      const [row] = await trx('app_settings')
        .insert({ key: KEY, value: '1', updated_at: trx.fn.now() })
        .onConflict('key')
        .merge({ value: trx.raw('(app_settings.value::bigint + 1)::text'), updated_at: trx.fn.now() })
        .returning<{ value: string }[]>('value');
      if (!row) return;
      // Applied locally as soon as the change is committed (the instance that wrote must never
      // serve the old page after it), and not before: a page rendered while the transaction is
      // still open would read the old data and be kept as if it were new.
      if (trx.isTransaction) void (trx as Knex.Transaction).executionPromise.then(() => apply(row.value), () => undefined);
      else apply(row.value);
    },
    refresh,
    onChange(listener) {
      listeners.push(listener);
    },
    start(intervalMs = 500) {
      if (timer) return;
      void refresh();
      timer = setInterval(() => void refresh(), intervalMs);
      timer.unref();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
