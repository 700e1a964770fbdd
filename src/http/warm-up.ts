import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database.js';
import type { LazySchemas } from './lazy-schemas.js';

/** Whether the app has warmed up: `GET /ready` answers 503 until it has. */
export interface WarmUpState {
  readonly done: boolean;
}

/**
 * O5: warming up is neither overload nor the first requests' cost. A fresh server on PostgreSQL
 * gave its first requests the compilation of their routes' schemas and a new connection each (a
 * backend to start), so their answers took longer than the shedding target, and load shedding,
 * taking the slow answers for a queue, refused a 16-worker client.
 * With `atStart` (the server), once it listens: every route's schemas are compiled, 20 ms at a time
 * so that `/health` and any early request still answer within the shedding target, then every
 * database connection of the pool is opened; `GET /ready` answers 503 until then, so a load
 * balancer sends nothing to a process still warming up. It listens first because the cold start
 * (the first `/health`, 0.25 s) is a target of its own, and compiling everything takes seconds.
 * Without it (tests, which build hundreds of apps and use a few routes of each), the app is ready
 * at once and the schemas compile on first use, or in idle slices once it listens.
 */
export function registerWarmUp(app: FastifyInstance, { schemas, database, atStart }: { schemas: LazySchemas; database: Database; atStart: boolean }): WarmUpState {
  const state = { done: !atStart };
  const onError = (error: unknown) => app.log.error({ err: error }, 'a route schema does not compile');
  app.addHook('onListen', async () => {
    if (!atStart) {
      void schemas.warmUp(onError);
      return;
    }
    const started = performance.now();
    void schemas
      .warmUp(onError, { sliceMs: 20, pauseMs: 0 })
      .then(() => database.warm())
      .catch((error: unknown) => {
        // The database went away since migrating: requests get 503 until it is back (O6), and the
        // pool opens connections then; /ready says so on its own.
        app.log.warn({ err: error }, 'warm-up could not open the database connections');
      })
      .finally(() => {
        state.done = true;
        app.log.info({ warmUpMs: Math.round(performance.now() - started) }, 'warmed up: route schemas compiled, database connections open');
      });
  });
  return state;
}
