import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { requireAccount } from './http/auth.js';
import { AccountsService } from './modules/accounts/service.js';
import { categoriesRoutes } from './modules/categories/routes.js';
import { eventsRoutes } from './modules/events/routes.js';
import { requestsRoutes } from './modules/requests/routes.js';
import { userEventsRoutes } from './modules/user-events/routes.js';
import { usersRoutes } from './modules/users/routes.js';

/** Every API module, registered under /apiv3 behind the account hook: the one place to read the API. */
export async function apiRoutes(app: FastifyInstance, { context }: { context: AppContext }): Promise<void> {
  requireAccount(app, new AccountsService(context.db, context.clock));

  await app.register(usersRoutes, { context });
  await app.register(eventsRoutes, { context });
  await app.register(userEventsRoutes, { context });
  await app.register(categoriesRoutes, { context });
  await app.register(requestsRoutes, { context });
}
