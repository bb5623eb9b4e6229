import type { Server } from 'node:http';
import type { Db } from './db/connection';
import type { Lifecycle } from './lifecycle';
import type { Logger } from './logger';

interface ShutdownDeps {
  server: Server;
  db: Db;
  lifecycle: Lifecycle;
  logger: Logger;
  /** Stops background work (pollers, workers) before the database closes. */
  onStop?: () => void | Promise<void>;
  /** How long readiness fails while connections are still accepted, before the listener closes. */
  drainMs?: number;
  /** Hard limit for the whole shutdown. */
  timeoutMs?: number;
}

/**
 * On SIGTERM or SIGINT: fail readiness (and, for `drainMs`, keep serving so a load balancer sees it
 * and moves traffic away), stop accepting connections, let in-flight requests finish
 * (their answers carry `Connection: close`), drop idle keep-alive connections, close the database,
 * and exit 0. Connections still busy near the deadline are cut so the process always exits in time.
 */
export function installGracefulShutdown({ server, db, lifecycle, logger, onStop, drainMs = 0, timeoutMs = 10_000 }: ShutdownDeps): void {
  const shutdown = async (signal: string) => {
    if (lifecycle.shuttingDown) return;
    lifecycle.shuttingDown = true;
    logger.info({ signal, drainMs }, 'shutting down');
    const deadline = setTimeout(() => {
      logger.warn('shutdown deadline reached, closing remaining connections');
      server.closeAllConnections();
    }, timeoutMs - 1500);
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    const sweepIdle = setInterval(() => server.closeIdleConnections(), 200);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    clearInterval(sweepIdle);
    clearTimeout(deadline);
    await Promise.resolve(onStop?.()).catch((error: unknown) => logger.warn({ err: error }, 'background work did not stop cleanly'));
    await db.destroy().catch((error: unknown) => logger.warn({ err: error }, 'database close failed'));
    logger.info('stopped');
    process.exit(0);
  };
  const hardStop = () => {
    setTimeout(() => process.exit(1), timeoutMs).unref();
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      hardStop();
      void shutdown(signal);
    });
  }
}
