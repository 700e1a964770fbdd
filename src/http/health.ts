import type { FastifyInstance } from 'fastify';
import { type Database, isReachable } from '../db/database.js';
import type { WarmUpState } from './warm-up.js';

/** Liveness and readiness, without a key: `/ready` is 503 while warming up (O5) or while the database is unreachable (O6). */
export function registerHealth(app: FastifyInstance, { database, warm }: { database: Database; warm: WarmUpState }): void {
  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    if (!warm.done) {
      reply.header('retry-after', '1');
      return reply.status(503).send({ status: 'starting' });
    }
    if (await isReachable(database.db)) return { status: 'ok' };
    reply.header('retry-after', '5');
    return reply.status(503).send({ status: 'unavailable' });
  });
}
