import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '../../src/routes.js';
import { buildServices } from '../../src/services.js';
import type { TestApp } from './app.js';

/** Registers the /apiv3 routes on `app` (a bare Fastify whose onRoute hooks are set), readies and closes it: the routes the API registers. */
export async function registerApiRoutes(app: FastifyInstance, t: TestApp): Promise<void> {
  const { services } = buildServices({
    db: t.database.db,
    clock: t.clock,
    config: t.config,
    jobs: { wake() {} },
    webhookSending: { sendNow: async () => undefined, wake() {} },
    snapshot: (work) => work(t.database.db),
  });
  await app.register(apiRoutes, { prefix: '/apiv3', services, config: t.config, rateLimit: { db: t.database.db, clock: t.clock, perMinute: 1000 } });
  await app.ready();
  await app.close();
}
