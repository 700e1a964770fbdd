import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { requireAccount } from './http/auth.js';
import { registerRateLimit } from './http/rate-limit.js';
import { AccountsService } from './modules/accounts/service.js';
import { categoriesRoutes } from './modules/categories/routes.js';
import { eventsRoutes } from './modules/events/routes.js';
import { requestsRoutes } from './modules/requests/routes.js';
import { userEventsRoutes } from './modules/user-events/routes.js';
import { benefitsRoutes } from './modules/benefits/routes.js';
import { couponsRoutes } from './modules/coupons/routes.js';
import { customAttributesRoutes } from './modules/custom-attributes/routes.js';
import { integrationStatsRoutes } from './modules/integration-stats/routes.js';
import { blacklistRoutes } from './modules/blacklist/routes.js';
import { usersRoutes } from './modules/users/routes.js';

/** Every API module, registered under /apiv3 behind the account hook: the one place to read the API. */
export async function apiRoutes(app: FastifyInstance, { context }: { context: AppContext }): Promise<void> {
  requireAccount(app, new AccountsService(context.db, context.clock));
  await registerRateLimit(app, context.config.rateLimitPerMinute);

  await app.register(usersRoutes, { context });
  await app.register(eventsRoutes, { context });
  await app.register(userEventsRoutes, { context });
  await app.register(categoriesRoutes, { context });
  await app.register(requestsRoutes, { context });
  await app.register(customAttributesRoutes, { context });
  await app.register(benefitsRoutes, { context });
  await app.register(couponsRoutes, { context });
  await app.register(integrationStatsRoutes, { context });
  await app.register(blacklistRoutes, { context });
}
