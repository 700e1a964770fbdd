import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { type Config, appVersion, describeDatabase } from './config.js';
import { type Database, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { consoleBanner } from './http/console.js';
import { formatDateTime, systemClock } from './lib/time.js';
import { AccountsService } from './modules/accounts/service.js';
import { BlacklistRepository } from './modules/blacklist/repository.js';

/**
 * An upload left open this long is abandoned: a live upload touches its row every minute while data
 * arrives. Every process sweeps them every SWEEP_EVERY_MS, so an upload of a process that crashed
 * is cleaned by the survivors (or by itself once restarted) within minutes.
 */
const ABANDONED_AFTER_MS = 5 * 60_000;
const SWEEP_EVERY_MS = 60_000;

/** Deletes abandoned blacklist uploads (and their staged rows) untouched since `cutoff`. */
async function sweepUploads(database: Database, cutoff: Date): Promise<number> {
  const repository = new BlacklistRepository(database.db);
  let total = 0;
  for (;;) {
    const swept = await repository.sweepAbandonedUploads(formatDateTime(cutoff), 20);
    total += swept;
    if (swept < 20) return total;
  }
}

/** config -> database -> migrate -> first account -> app -> listen; SIGTERM/SIGINT close gracefully. */
export async function startServer(config: Config): Promise<FastifyInstance> {
  const startedAt = systemClock.now();
  const database = openDatabase(config.database);
  await migrateToLatest(database);

  const { created, key } = await new AccountsService(database.db, systemClock).bootstrap(config.bootstrapApiKey);
  if (created && key) {
    // The one place a key is ever shown: the operator needs it, and it is never logged.
    process.stdout.write(`\nCreated the first account. Its API key (shown once, keep it safe):\n${key}\n\n`);
  } else if (created) {
    process.stdout.write('Created the first account with the key given in BOOTSTRAP_API_KEY.\n');
  }

  const app = await buildApp({ config, database });

  // Uploads interrupted by the previous run. A SQLite file is served by one process, so every
  // upload opened before this start is dead; on PostgreSQL another process may be mid-upload, so
  // only uploads untouched for ABANDONED_AFTER_MS are.
  const abandonedBefore = () => new Date(systemClock.now().getTime() - ABANDONED_AFTER_MS);
  // (Stored times have whole seconds: on SQLite the cut-off includes the second of the start.)
  const swept = await sweepUploads(database, database.dialect === 'sqlite' ? new Date(startedAt.getTime() + 1000) : abandonedBefore());
  if (swept > 0) app.log.info({ uploads: swept }, 'discarded the staged rows of interrupted blacklist uploads');
  const sweeper = setInterval(() => {
    sweepUploads(database, abandonedBefore()).catch((error: unknown) => app.log.warn({ err: error }, 'sweeping abandoned uploads failed'));
  }, SWEEP_EVERY_MS);
  sweeper.unref();

  app.addHook('onClose', async () => {
    clearInterval(sweeper);
    await database.close();
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down: no new connections, finishing in-flight requests');
    // In-flight requests get SHUTDOWN_TIMEOUT_MS to finish; then the connections are cut and the
    // process exits anyway (background work is resumable: its lease lapses and it is picked up again).
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      app.log.warn({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown timed out: closing the remaining connections');
      app.server.closeAllConnections();
      setTimeout(() => process.exit(1), 2000).unref(); // should closing itself hang
    }, config.shutdownTimeoutMs);
    deadline.unref();
    app.close().then(
      () => process.exit(timedOut ? 1 : 0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  // A deep accept queue: with Node's default (511) a burst of connections overflows it and clients
  // wait for SYN retransmissions (1 s, 3 s, 7 s) before the server even sees them.
  const address = await app.listen({ host: config.host, port: config.port, backlog: 4096 });
  app.log.info(
    { version: appVersion(), database: describeDatabase(config.database), address, pid: process.pid, startupMs: Date.now() - startedAt.getTime() },
    `Rapport ${appVersion()} serving ${address} on ${describeDatabase(config.database)}`,
  );
  process.stdout.write(consoleBanner(address));
  return app;
}
