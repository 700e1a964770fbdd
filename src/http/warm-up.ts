import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import type { LazySchemas } from './lazy-schemas.js';

/**
 * O5: warming up is neither overload nor the first requests' cost. A fresh server on PostgreSQL
 * gave its first requests the compilation of their routes' schemas and a new connection each (a
 * backend to start), so their answers took longer than the shedding target, and load shedding,
 * taking the slow answers for a queue, refused a 16-worker client. With `beforeReady` (the server),
 * every route's schemas are compiled and every database connection opened before the app is
 * ready: before it listens, so before `/ready` can answer 200, and before load shedding starts
 * following the event loop (its onReady hook is registered after this one). Without it (tests,
 * which build hundreds of apps and use a few routes of each), the schemas compile on first use or
 * in idle slices once the app listens.
 */
export function registerWarmUp(app: FastifyInstance, { schemas, database, beforeReady }: { schemas: LazySchemas; database: Database; beforeReady: boolean }): void {
  const onError = (error: unknown) => app.log.error({ err: error }, 'a route schema does not compile');
  if (!beforeReady) {
    app.addHook('onListen', async () => {
      void schemas.warmUp(onError);
    });
    return;
  }
  app.addHook('onReady', async () => {
    const started = performance.now();
    schemas.compileAll(onError);
    const compiledMs = performance.now() - started;
    try {
      await database.warm();
    } catch (error) {
      // The database went away since migrating: requests get 503 until it is back (O6), and the
      // pool opens connections then.
      app.log.warn({ err: error }, 'warm-up could not open the database connections');
    }
    app.log.info({ compiledMs: Math.round(compiledMs), warmUpMs: Math.round(performance.now() - started) }, 'warmed up: route schemas compiled, database connections open');
  });
}
