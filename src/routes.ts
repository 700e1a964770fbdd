import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { requireAccount } from './http/auth.js';
import { AccountsService } from './modules/accounts/service.js';
import { blacklistRoutes } from './modules/blacklist/routes.js';

/** Every API module, registered under /apiv3 behind the account hook: the one place to read the API. */
export async function apiRoutes(app: FastifyInstance, { context }: { context: AppContext }): Promise<void> {
  requireAccount(app, new AccountsService(context.db, context.clock));
  await app.register(blacklistRoutes, { context });
}
