import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { requireAccount } from './http/auth.js';
import { registerRateLimit } from './http/rate-limit.js';
import { AccountsService } from './modules/accounts/service.js';
import { abandonedCartsRoutes } from './modules/abandoned-carts/routes.js';
import { benefitsRoutes } from './modules/benefits/routes.js';
import { blacklistRoutes } from './modules/blacklist/routes.js';
import { branchesRoutes } from './modules/branches/routes.js';
import { categoriesRoutes } from './modules/categories/routes.js';
import { couponsRoutes } from './modules/coupons/routes.js';
import { customAttributesRoutes } from './modules/custom-attributes/routes.js';
import { eventsRoutes } from './modules/events/routes.js';
import { familyMembersRoutes } from './modules/family-members/routes.js';
import { integrationStatsRoutes } from './modules/integration-stats/routes.js';
import { notServedRoutes } from './modules/not-served/routes.js';
import { productsRoutes } from './modules/products/routes.js';
import { purchasesRoutes } from './modules/purchases/routes.js';
import { requestsRoutes } from './modules/requests/routes.js';
import { userEventsRoutes } from './modules/user-events/routes.js';
import { usersRoutes } from './modules/users/routes.js';

/**
 * Every API module, registered under /apiv3 behind the account hook: the one place to read the API.
 * (Outside it, in app.ts: GET /health, GET /ready, GET /apiv3/openapi.json, /apiv3/docs.)
 */
export async function apiRoutes(app: FastifyInstance, { context }: { context: AppContext }): Promise<void> {
  requireAccount(app, new AccountsService(context.db, context.clock, { keyCacheMs: context.config.apiKeyCacheMs }));
  registerRateLimit(app, context);

  // POST|GET /users, GET|PUT /users/:id, GET /users/:id/exist, POST|GET /users/:id/points,
  // GET /multiusers/exist, GET /multiusers/find, PUT /multiusers
  await app.register(usersRoutes, { context });
  // GET|POST /account/{,product-,purchase-,purchase-item-}custom-attributes, PUT|DELETE …/:name
  await app.register(customAttributesRoutes, { context });
  // GET|POST /events (bare JSON), DELETE /events/:id
  await app.register(eventsRoutes, { context });
  // POST|GET /user-events, DELETE /user-events/bulk (background)
  await app.register(userEventsRoutes, { context });
  // POST|GET /categories, GET /categories/:code, DELETE /categories, DELETE /categories/bulk (background)
  await app.register(categoriesRoutes, { context });
  // GET /requests/:request_id
  await app.register(requestsRoutes, { context });
  // POST|GET /benefits, GET /benefits/all, GET|PUT|DELETE /benefits/:id, POST /benefits/:benefit_id/assign
  await app.register(benefitsRoutes, { context });
  // GET /coupons
  await app.register(couponsRoutes, { context });
  // POST|GET /integration-stats
  await app.register(integrationStatsRoutes, { context });
  // POST|GET|DELETE /account/blacklist, GET /account/blacklist/:blacklist/:value
  await app.register(blacklistRoutes, { context });
  // POST|GET /products, GET|PUT|DELETE /products/:sku, GET /products/:sku/exist
  await app.register(productsRoutes, { context });
  // POST|GET /branches, GET /branches/:id, PUT /branches/* (raw base64 name)
  await app.register(branchesRoutes, { context });
  // POST|PUT|GET /purchases, POST /purchases/bulk, GET|DELETE /purchases/:id, GET /users/:id/purchases
  await app.register(purchasesRoutes, { context });
  // POST /multiusers/abandoned-cart, POST /users/:id/abandoned-cart, GET /users/:id/abandoned-carts
  await app.register(abandonedCartsRoutes, { context });
  // POST|PUT /multiusers/members, GET /users/:id/members
  await app.register(familyMembersRoutes, { context });
  // GET /segments/:id, GET /purchases/iin/:digits: 404 saying why (U10)
  await app.register(notServedRoutes, { context });
}
