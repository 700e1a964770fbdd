import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { type Config, appVersion, describeDatabase } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { serverSettingWarnings } from './db/server-settings.js';
import { consoleBanner } from './http/console.js';
import { setHashConcurrency } from './lib/passwords.js';
import { systemClock } from './lib/time.js';
import type { Kysely } from 'kysely';
import type { DB } from './db/types.js';
import { buildAccounts, buildPeople } from './services.js';

/** Makes the first owner (OWNER_EMAIL) and answers the lines that show their welcome link. */
async function firstOwnerLink(db: Kysely<DB>, config: Config, accountId: number): Promise<string> {
  const people = buildPeople(db, { clock: systemClock, publicUrl: config.publicUrl, mailer: null, audit: { record: async () => undefined }, log: { warn() {}, info() {} } });
  const { url } = await people.addFromCommandLine(accountId, config.ownerEmail, 'owner');
  return `Its owner, ${config.ownerEmail} (OWNER_EMAIL), sets a password and signs in to the console here (valid 72 hours, once):\n${url}\n\n`;
}

/** config -> database -> migrate -> first account -> app -> listen; SIGTERM/SIGINT close gracefully. */
export async function startServer(config: Config): Promise<FastifyInstance> {
  const startedAt = systemClock.now();
  setHashConcurrency(config.passwordHashConcurrency);
  const database = openDatabase(config.database);
  await migrateToLatest(database);

  const { created, key, accountId } = await buildAccounts(database.db, systemClock).bootstrap(config.bootstrapApiKey);
  // T1: the first account's owner, whose welcome link is printed beside the key (never logged).
  const welcome = created && accountId !== undefined ? await firstOwnerLink(database.db, config, accountId) : '';
  if (created && key) {
    // The one place a key is ever shown: the operator needs it, and it is never logged.
    process.stdout.write(`\nCreated the first account. Its API key (shown once, keep it safe):\n${key}\n\n${welcome}`);
  } else if (created) {
    process.stdout.write(`Created the first account with the key given in BOOTSTRAP_API_KEY.\n${welcome}`);
  }

  const app = await buildApp({ config, database, warmUp: true });

  app.addHook('onClose', async () => {
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
  // A server that will not show its settings is no reason not to serve: no warning then.
  for (const warning of await serverSettingWarnings(database.db as Kysely<unknown>).catch(() => [])) {
    app.log.warn({ setting: warning.setting, value: warning.value }, warning.message);
  }
  process.stdout.write(consoleBanner(address));
  return app;
}
