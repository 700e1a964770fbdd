import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { systemClock } from './lib/time.js';
import { AccountsService } from './modules/accounts/service.js';

/** config -> database -> migrate -> first account -> app -> listen; SIGTERM/SIGINT close gracefully. */
export async function startServer(config: Config): Promise<FastifyInstance> {
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
  app.addHook('onClose', async () => {
    await database.close();
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  return app;
}
