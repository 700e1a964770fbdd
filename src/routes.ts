import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { DB } from './db/types.js';
import { registerAuditTrail } from './http/audit-trail.js';
import { type ConsoleSite, requireAccount } from './http/auth.js';
import { type IdempotentRequests, registerIdempotency } from './http/idempotency.js';
import { registerRateLimit } from './http/rate-limit.js';
import type { Clock } from './lib/time.js';
import { abandonedCartsRoutes } from './modules/abandoned-carts/routes.js';
import type { AbandonedCartsService } from './modules/abandoned-carts/service.js';
import { accountSummaryRoutes } from './modules/account-summary/routes.js';
import type { AccountSummaryService } from './modules/account-summary/service.js';
import type { AccountsService } from './modules/accounts/service.js';
import { accountSettingsRoutes } from './modules/account-settings/routes.js';
import type { AccountSettingsService } from './modules/account-settings/service.js';
import { peopleRoutes } from './modules/people/routes.js';
import type { PeopleService } from './modules/people/service.js';
import { auditLogRoutes } from './modules/audit-log/routes.js';
import type { AuditLogService } from './modules/audit-log/service.js';
import { benefitsRoutes } from './modules/benefits/routes.js';
import type { BenefitsService } from './modules/benefits/service.js';
import { blacklistEntryRoutes, blacklistRoutes } from './modules/blacklist/routes.js';
import type { BlacklistService } from './modules/blacklist/service.js';
import { branchesRoutes } from './modules/branches/routes.js';
import type { BranchesService } from './modules/branches/service.js';
import { categoriesRoutes } from './modules/categories/routes.js';
import type { CategoriesService } from './modules/categories/service.js';
import { couponsRoutes } from './modules/coupons/routes.js';
import type { CouponsService } from './modules/coupons/service.js';
import { customAttributesRoutes } from './modules/custom-attributes/routes.js';
import type { CustomAttributesService } from './modules/custom-attributes/service.js';
import type { ErasureService } from './modules/customer-data/erasure.js';
import type { CustomerExportService } from './modules/customer-data/export.js';
import { customerDataRoutes } from './modules/customer-data/routes.js';
import { CartObject } from './modules/abandoned-carts/schemas.js';
import { Coupon } from './modules/coupons/schemas.js';
import { MemberObject } from './modules/family-members/schemas.js';
import { PurchaseObject } from './modules/purchases/schemas.js';
import { UserSegment } from './modules/segments/schemas.js';
import { UserEventObject } from './modules/user-events/schemas.js';
import { eventsRoutes } from './modules/events/routes.js';
import type { EventsService } from './modules/events/service.js';
import { familyMembersRoutes } from './modules/family-members/routes.js';
import type { FamilyMembersService } from './modules/family-members/service.js';
import { integrationStatsRoutes } from './modules/integration-stats/routes.js';
import type { IntegrationStatsService } from './modules/integration-stats/service.js';
import { notServedRoutes } from './modules/not-served/routes.js';
import { productsRoutes } from './modules/products/routes.js';
import type { ProductsService } from './modules/products/service.js';
import { type PurchasesServices, purchasesRoutes } from './modules/purchases/routes.js';
import { requestsRoutes } from './modules/requests/routes.js';
import type { SegmentExport } from './modules/segments/export.js';
import { segmentsRoutes } from './modules/segments/routes.js';
import { segmentMembershipRoutes } from './modules/segment-membership/routes.js';
import type { SegmentChangesService } from './modules/segment-membership/changes.js';
import type { SegmentsService } from './modules/segments/service.js';
import type { RequestsService } from './modules/requests/service.js';
import { userEventsRoutes } from './modules/user-events/routes.js';
import type { UserEventsService } from './modules/user-events/service.js';
import { retentionRoutes } from './modules/user-events/retention-routes.js';
import type { RetentionService } from './modules/user-events/retention.js';
import { usersRoutes } from './modules/users/routes.js';
import { valueGroupsRoutes } from './modules/value-groups/routes.js';
import type { ValueGroupsService } from './modules/value-groups/service.js';
import { CustomerValue } from './modules/value-groups/schemas.js';
import { webhooksRoutes } from './modules/webhooks/routes.js';
import type { WebhooksService } from './modules/webhooks/service.js';
import type { UsersService } from './modules/users/service.js';
import type { ClubService } from './modules/users/club.js';
import { mailingFoldersRoutes } from './modules/mailing-folders/routes.js';
import type { MailingFoldersService } from './modules/mailing-folders/service.js';
import { mailingsRoutes } from './modules/mailings/routes.js';
import { CustomerMailing } from './modules/mailings/schemas.js';
import type { MailingsService } from './modules/mailings/service.js';

/**
 * What the API's routes are served by: declared here, where it is used, and built by buildServices
 * (src/services.ts, the composition root). app.ts hands one to the other, so the compiler holds
 * them together; neither imports the other, which keeps both one floor below app.ts.
 */
export interface ApiServices {
  accounts: AccountsService;
  accountSettings: AccountSettingsService;
  people: PeopleService;
  accountSummary: AccountSummaryService;
  auditLog: AuditLogService;
  retention: RetentionService;
  users: UsersService;
  club: ClubService;
  customAttributes: CustomAttributesService;
  events: EventsService;
  userEvents: UserEventsService;
  categories: CategoriesService;
  requests: RequestsService;
  benefits: BenefitsService;
  coupons: CouponsService;
  integrationStats: IntegrationStatsService;
  blacklist: BlacklistService;
  products: ProductsService;
  branches: BranchesService;
  purchases: PurchasesServices;
  carts: AbandonedCartsService;
  members: FamilyMembersService;
  segments: SegmentsService;
  segmentChanges: SegmentChangesService;
  valueGroups: ValueGroupsService;
  segmentExport: SegmentExport;
  erasure: ErasureService;
  customerExport: CustomerExportService;
  /** D6: Idempotency-Key on every POST, PUT and DELETE (http/idempotency.ts). */
  idempotency: IdempotentRequests;
  webhooks: WebhooksService;
  mailingFolders: MailingFoldersService;
  mailings: MailingsService;
}

export interface ApiOptions {
  services: ApiServices;
  /** The largest blacklist upload, enforced by the multipart parser before the service sees a byte. */
  config: Pick<Config, 'uploadLimitBytes'>;
  /** The per-account request budget (O5): shared by every process through the database. */
  rateLimit: { db: Kysely<DB>; clock: Clock; perMinute: number };
  /** T3: where the server is, for the CSRF rule of writes made with a session cookie. */
  site?: ConsoleSite;
}

/**
 * Every API module, registered under /apiv3 behind the account hook: the one place to read the API.
 * The comment above each module lists its routes; test/http/route-table.test.ts holds them against
 * the routes the app serves. (Outside it, in app.ts: GET /health, GET /ready, GET /metrics,
 * GET /apiv3/openapi.json, /apiv3/docs, the console and its sign-in routes /console/session and
 * /console/password (T2), the public mailing routes /m/u, /m/o, /m/c, /m/v of M8.)
 */
export async function apiRoutes(scope: FastifyInstance, { services: s, config, rateLimit, site }: ApiOptions): Promise<void> {
  // A key, or a person's console session (T3) with the role src/http/roles.ts gives each route.
  requireAccount(scope, s.accounts, site && { sessions: s.people, site });
  registerRateLimit(scope, rateLimit);
  // D7: before any route, so that every recorded route (DELETEs, administrative writes) gets its hook.
  registerAuditTrail(scope, s.auditLog);
  registerIdempotency(scope, s.idempotency);

  // POST|GET /users, GET|PUT /users/:id, GET /users/:id/exist, POST|GET /users/:id/points,
  // GET /users/:id/transactions, GET /multiusers/exist, GET /multiusers/find, PUT /multiusers,
  // POST /multiusers/points, GET /multiusers/transactions, GET /transactions (U11),
  // POST /users/newsletter (U12), POST /users/register, POST /users/authenticate (U13),
  // GET /account/tags (the tags customers hold)
  await scope.register(usersRoutes, { users: s.users, club: s.club });
  // GET|POST /account/{,product-,purchase-,purchase-item-}custom-attributes,
  // PUT|DELETE /account/{,product-,purchase-,purchase-item-}custom-attributes/:name
  await scope.register(customAttributesRoutes, { service: s.customAttributes });
  // GET|POST /events (bare JSON), DELETE /events/:id
  await scope.register(eventsRoutes, { events: s.events });
  // POST|GET /user-events, DELETE /user-events/bulk (background)
  await scope.register(userEventsRoutes, { userEvents: s.userEvents });
  // POST|GET /categories, GET /categories/:code, DELETE /categories, DELETE /categories/bulk (background)
  await scope.register(categoriesRoutes, { categories: s.categories });
  // GET /requests, GET /requests/:request_id
  await scope.register(requestsRoutes, { requests: s.requests });
  // POST|GET /benefits, GET /benefits/all, GET|PUT|DELETE /benefits/:id, POST /benefits/:benefit_id/assign
  await scope.register(benefitsRoutes, { service: s.benefits });
  // GET /coupons
  await scope.register(couponsRoutes, { service: s.coupons });
  // POST|GET /integration-stats
  await scope.register(integrationStatsRoutes, { service: s.integrationStats });
  // POST|GET|DELETE /account/blacklist, GET /account/blacklist/:blacklist/:value
  await scope.register(blacklistRoutes, { service: s.blacklist, uploadLimitBytes: config.uploadLimitBytes });
  // PUT|DELETE /account/blacklist/:blacklist/:value (L7: one entry at a time)
  await scope.register(blacklistEntryRoutes, { service: s.blacklist });
  // POST|GET /products, GET|PUT|DELETE /products/:sku, GET /products/:sku/exist
  await scope.register(productsRoutes, { products: s.products });
  // POST|GET /branches, DELETE /branches (background), GET|PUT /branches/:id (PUT: base64 name),
  // PUT /branches, PUT /branches/* (raw base64 name)
  await scope.register(branchesRoutes, { branches: s.branches });
  // POST|PUT|GET /purchases, POST /purchases/bulk, GET /purchases/summary, GET|PUT|DELETE /purchases/:id,
  // GET /users/:id/purchases
  await scope.register(purchasesRoutes, s.purchases);
  // POST /multiusers/abandoned-cart, POST /users/:id/abandoned-cart, GET /users/:id/abandoned-carts
  await scope.register(abandonedCartsRoutes, { carts: s.carts });
  // POST|PUT /multiusers/members, POST|GET /users/:id/members
  await scope.register(familyMembersRoutes, { members: s.members });
  // GET /account/summary (the overview: totals, a window, the window before it, a series)
  await scope.register(accountSummaryRoutes, { service: s.accountSummary });
  // GET|PUT /account/settings (T5), GET /account/access (what the caller may do: a key's scope, a person's role)
  await scope.register(accountSettingsRoutes, { settings: s.accountSettings });
  // GET|POST /account/people, PUT|DELETE /account/people/:id, POST /account/people/:id/email-link
  // (T1, T4; the console's /console/session and /console/password are in app.ts)
  await scope.register(peopleRoutes, { people: s.people });
  // GET /account/audit-log (D7)
  await scope.register(auditLogRoutes, { auditLog: s.auditLog });
  // GET|PUT /account/retention (D5; the runs are background requests of the worker)
  await scope.register(retentionRoutes, { retention: s.retention });
  // POST|GET /segments, POST /segments/preview, GET|PUT|DELETE /segments/:id, GET /segments/:id/count,
  // GET /segments/:id/export, GET /users/:id/segments (a segment's members: the users listing with ?segment_id=, registered with users)
  await scope.register(segmentsRoutes, { segments: s.segments, exports: s.segmentExport });
  // GET /segments/:id/changes (SG8), GET /user/:id/belongsToSegment (U11)
  await scope.register(segmentMembershipRoutes, { changes: s.segmentChanges });
  // GET /users/:id/value, GET /account/value-groups, POST /account/value-groups/refresh (background) (U14)
  await scope.register(valueGroupsRoutes, { valueGroups: s.valueGroups });
  // DELETE /users/:id, DELETE /multiusers, DELETE /multiusers/bulk (background), GET /users/:id/export,
  // GET /multiusers/export (D1–D4; each part of an export in the schema of its own module's endpoint)
  await scope.register(customerDataRoutes, {
    erasure: s.erasure,
    exports: s.customerExport,
    exportParts: { purchase: PurchaseObject, userEvent: UserEventObject, coupon: Coupon, familyMember: MemberObject, abandonedCart: CartObject, segment: UserSegment, mailing: CustomerMailing, value: CustomerValue },
  });
  // POST|GET /webhooks, GET|PUT|DELETE /webhooks/:id, POST /webhooks/:id/rotate-secret,
  // GET /webhooks/:id/deliveries, POST /webhooks/:id/deliveries/:message_id/retry, POST /webhooks/:id/test
  await scope.register(webhooksRoutes, { webhooks: s.webhooks });
  // POST|GET /mailingfolders, GET|PUT|DELETE /mailingfolders/:id (M1)
  await scope.register(mailingFoldersRoutes, { folders: s.mailingFolders });
  // POST|GET /mailings, GET|PUT|DELETE /mailings/:id, POST /mailings/:id/copy, POST /mailings/:id/preview,
  // POST /mailings/:id/test, POST /mailings/:id/send, POST /mailings/:id/pause, POST /mailings/:id/resume,
  // POST /mailings/:id/cancel, GET /mailings/:id/recipients (M2–M7; the public /m/ routes of M8 are in app.ts),
  // GET /mailings/:id/audience (Rapport's own: who it would reach now, docs/mailings.md),
  // GET /users/:id/mailings (Rapport's own: a customer's mailings, docs/mailings.md)
  await scope.register(mailingsRoutes, { mailings: s.mailings });
  // GET /purchases/iin/:digits: 404 saying why (U10)
  await scope.register(notServedRoutes);
}
