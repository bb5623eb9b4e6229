import type { Knex } from 'knex';
import pg from 'pg';
import type { Logger } from '../logger';

const KEY = 'content_version';
/** The PostgreSQL channel a bump is announced on, so other instances need not wait for their poll. */
export const CONTENT_VERSION_CHANNEL = 'content_version';
/** The channel a change of the planned publishes is announced on, so every instance wakes at their time. */
export const CONTENT_SCHEDULES_CHANNEL = 'content_schedules';
/** How long a lost listening connection waits before connecting again (polling carries on meanwhile). */
const RELISTEN_MS = 2000;

/** True for a knex on a PostgreSQL server (the embedded database has no other instances to tell). */
const isServer = (db: Knex) => (db.client as { config?: { client?: unknown } }).config?.client === 'pg';

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
  /**
   * Tells the other instances, when `trx` commits, that the planned publishes changed (on
   * PostgreSQL; the embedded database has no other instances).
   */
  announceSchedules(trx: Knex | Knex.Transaction): Promise<void>;
  /** Called when another instance announced a change of the planned publishes, or may have while this one was not listening. */
  onSchedulesChanged(listener: () => void): void;
  /** Polls every `intervalMs` until `stop()`. Read failures are logged once and retried. */
  start(intervalMs?: number): void;
  /**
   * Also listens for bumps and planned-publish changes on PostgreSQL (`NOTIFY`) on a connection
   * of its own to `databaseUrl`, so a change made on another instance applies here at once;
   * polling stays as the fallback.
   */
  listen(databaseUrl: string): void;
  stop(): void;
}

/** The dedicated connection `listen` keeps (replaced when lost). */
interface Listening {
  client: pg.Client | undefined;
  retry: NodeJS.Timeout | undefined;
  stopped: boolean;
}

export function createContentVersion(db: Knex, logger?: Logger): ContentVersion {
  let current: string | null = null;
  let timer: NodeJS.Timeout | undefined;
  let failing = false;
  let listener: Listening | undefined;
  const listeners: ((version: string) => void)[] = [];
  const scheduleListeners: (() => void)[] = [];
  const schedulesChanged = () => {
    for (const listener of scheduleListeners) listener();
  };

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
      // Delivered to listening instances when (and only if) the transaction commits.
      if (isServer(db)) await trx.raw('select pg_notify(?, ?)', [CONTENT_VERSION_CHANNEL, row.value]);
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
    async announceSchedules(trx) {
      if (isServer(db)) await trx.raw('select pg_notify(?, ?)', [CONTENT_SCHEDULES_CHANNEL, '']);
    },
    onSchedulesChanged(listener) {
      scheduleListeners.push(listener);
    },
    start(intervalMs = 500) {
      if (timer) return;
      void refresh();
      timer = setInterval(() => void refresh(), intervalMs);
      timer.unref();
    },
    listen(databaseUrl) {
      if (listener) return;
      const state: Listening = { client: undefined, retry: undefined, stopped: false };
      listener = state;
      const connect = async () => {
        const client = new pg.Client({ connectionString: databaseUrl, application_name: 'agency-site-content-listener' });
        state.client = client;
        const again = (error: unknown) => {
          if (state.stopped || state.client !== client) return;
          logger?.warn({ err: error }, 'content version listener lost; polling until it is back');
          state.client = undefined;
          void client.end().catch(() => undefined);
          state.retry = setTimeout(() => void connect(), RELISTEN_MS);
          state.retry.unref();
        };
        client.on('error', again);
        client.on('end', () => again(new Error('connection ended')));
        client.on('notification', (message) => {
          if (message.channel === CONTENT_VERSION_CHANNEL && message.payload) apply(message.payload);
          else if (message.channel === CONTENT_SCHEDULES_CHANNEL) schedulesChanged();
        });
        try {
          await client.connect();
          await client.query(`listen ${CONTENT_VERSION_CHANNEL}; listen ${CONTENT_SCHEDULES_CHANNEL}`);
          // A bump or a plan made while not listening is read now rather than at the next poll.
          await refresh();
          schedulesChanged();
        } catch (error) {
          again(error);
        }
      };
      void connect();
    },
    stop() {
      clearInterval(timer);
      timer = undefined;
      if (listener) {
        listener.stopped = true;
        clearTimeout(listener.retry);
        void listener.client?.end().catch(() => undefined);
        listener = undefined;
      }
    },
  };
}
