import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import { AttributeValuesRepository } from './db/attribute-values.js';
import { IdempotencyKeysRepository } from './db/idempotency-keys.js';
import { isPostgres } from './db/schema-helpers.js';
import { groupCommit, transactor } from './db/transactions.js';
import type { DB } from './db/types.js';
import { IdempotentRequests, REFRESH_CLAIMS_EVERY_MS, IDEMPOTENCY_SWEEP_EVERY_MS } from './http/idempotency.js';
import { CLOCK_GATE_TICK_MS, clockGated } from './jobs/clock-gate.js';
import type { HousekeepingTask } from './jobs/housekeeping.js';
import { MailOutbox } from './jobs/outbox.js';
import { RequestQueue } from './jobs/queue.js';
import { privateStepTargetMs, stepTurns } from './jobs/stepping.js';
import type { JobsNotifier, RequestHandler, RequestSteps } from './jobs/types.js';
import { normaliseEmail } from './lib/fields.js';
import { type Clock, formatDateTime } from './lib/time.js';
import { AbandonedCartsRepository } from './modules/abandoned-carts/repository.js';
import { AbandonedCartsService } from './modules/abandoned-carts/service.js';
import { AccountSummaryRepository } from './modules/account-summary/repository.js';
import { AccountSummaryService } from './modules/account-summary/service.js';
import { apiKeyCacheFor, forgetApiKeys } from './modules/accounts/key-cache.js';
import { AccountsRepository } from './modules/accounts/repository.js';
import { AccountsService } from './modules/accounts/service.js';
import { AccountSettingsRepository } from './modules/account-settings/repository.js';
import { AccountSettingsService } from './modules/account-settings/service.js';
import { PeopleRepository } from './modules/people/repository.js';
import { type PeopleDeps, PeopleService } from './modules/people/service.js';
import type { Mailer } from './jobs/mailer.js';
import { AuditLogRepository } from './modules/audit-log/repository.js';
import { AUDIT_SWEEP_EVERY_MS, AuditLogService } from './modules/audit-log/service.js';
import { BenefitsRepository } from './modules/benefits/repository.js';
import { BenefitsService } from './modules/benefits/service.js';
import { purgeBlacklist } from './modules/blacklist/jobs.js';
import { BlacklistRepository } from './modules/blacklist/repository.js';
import { BlacklistService, SWEEP_EVERY_MS } from './modules/blacklist/service.js';
import { deleteBranch } from './modules/branches/jobs.js';
import { BranchesRepository } from './modules/branches/repository.js';
import { BranchesService } from './modules/branches/service.js';
import { deleteAllCategories, deleteCategoryTree } from './modules/categories/jobs.js';
import { CategoryPathsRepository } from './modules/categories/path.js';
import { CategoriesRepository } from './modules/categories/repository.js';
import { CategoriesService } from './modules/categories/service.js';
import { CouponsRepository } from './modules/coupons/repository.js';
import { CouponsService } from './modules/coupons/service.js';
import { CustomAttributesRepository } from './modules/custom-attributes/repository.js';
import { CustomAttributesService } from './modules/custom-attributes/service.js';
import { ErasureService } from './modules/customer-data/erasure.js';
import { type CustomerRecords, CustomerExportService } from './modules/customer-data/export.js';
import { bulkEraseCustomers } from './modules/customer-data/jobs.js';
import { ErasureRepository } from './modules/customer-data/repository.js';
import { EventsRepository } from './modules/events/repository.js';
import { EventsService } from './modules/events/service.js';
import { FamilyMembersRepository } from './modules/family-members/repository.js';
import { FamilyMembersService } from './modules/family-members/service.js';
import { IntegrationStatsRepository } from './modules/integration-stats/repository.js';
import { IntegrationStatsService } from './modules/integration-stats/service.js';
import { ProductsRepository } from './modules/products/repository.js';
import { ProductsService } from './modules/products/service.js';
import { BulkPurchases } from './modules/purchases/bulk.js';
import { PurchaseCatalogue } from './modules/purchases/catalogue.js';
import { PurchaseReads } from './modules/purchases/reads.js';
import { PurchasesRepository } from './modules/purchases/repository.js';
import { PurchasesService } from './modules/purchases/service.js';
import { PurchaseSummaryRepository } from './modules/purchases/summary-repository.js';
import { PurchaseSummaryService } from './modules/purchases/summary.js';
import { RequestsService } from './modules/requests/service.js';
import { SignInFailures } from './db/sign-in-failures.js';
import { SegmentExport } from './modules/segments/export.js';
import { SegmentsRepository } from './modules/segments/repository.js';
import { SegmentMembers } from './modules/segments/members.js';
import { SegmentsService } from './modules/segments/service.js';
import { MembershipRepository } from './modules/segment-membership/repository.js';
import { LiveMembership } from './modules/segment-membership/service.js';
import { SegmentChangesService } from './modules/segment-membership/changes.js';
import { membershipReads, segmentEvaluator } from './modules/segments/live-evaluator.js';
import { bulkDeleteUserEvents } from './modules/user-events/jobs.js';
import { applyRetention } from './modules/user-events/retention-jobs.js';
import { RetentionRepository } from './modules/user-events/retention-repository.js';
import { RETENTION_CHECK_EVERY_MS, RetentionService } from './modules/user-events/retention.js';
import { UserEventsRepository } from './modules/user-events/repository.js';
import { UserEventsService } from './modules/user-events/service.js';
import { UserDirectory } from './modules/users/directory.js';
import { PointsLedger } from './modules/users/points.js';
import { UsersRepository } from './modules/users/repository.js';
import { UsersService } from './modules/users/service.js';
import { ClubService } from './modules/users/club.js';
import { MailingFoldersRepository } from './modules/mailing-folders/repository.js';
import { MailingFoldersService } from './modules/mailing-folders/service.js';
import { MailingsRepository } from './modules/mailings/repository.js';
import { type BouncePort, MailingSender } from './modules/mailings/sender.js';
import { MailingsService } from './modules/mailings/service.js';
import { createMailingTransport } from './modules/mailings/transport.js';
import { refreshValueGroupsRequest } from './modules/value-groups/jobs.js';
import { VALUE_GROUPS_CHECK_EVERY_MS } from './modules/value-groups/refresh.js';
import { ValueGroupsRepository } from './modules/value-groups/repository.js';
import { ValueGroupsService } from './modules/value-groups/service.js';
import { WebhooksRepository } from './modules/webhooks/repository.js';
import { WebhooksService } from './modules/webhooks/service.js';
import type { Lookup } from './jobs/webhooks/address-guard.js';
import type { WebhookSending } from './jobs/webhooks/deliverer.js';
import { WEBHOOK_LOG_SWEEP_EVERY_MS, WebhookMessages, sweepWebhookLog } from './jobs/webhooks/messages.js';
import { WebhookOutbox } from './jobs/webhooks/outbox.js';
import { forgetWebhookEndpoints, type Subscriber, webhookEndpointCacheFor } from './jobs/webhooks/endpoint-cache.js';
import type { TtlCache } from './lib/ttl-cache.js';

const silentLog = { error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined };

// The composition root: every repository is built here (bound to the database, or to a
// transaction through `transactor`), and every service receives exactly what it uses.

/** Every repository, bound to `db` (the database, or one transaction). */
const SIGN_IN_FAILURES_SWEEP_EVERY_MS = 10 * 60_000;

export function buildRepositories(db: Kysely<DB>) {
  return {
    accounts: new AccountsRepository(db),
    accountSettings: new AccountSettingsRepository(db),
    people: new PeopleRepository(db),
    accountSummaries: new AccountSummaryRepository(db),
    attributeValues: new AttributeValuesRepository(db),
    auditLog: new AuditLogRepository(db),
    benefits: new BenefitsRepository(db),
    blacklist: new BlacklistRepository(db),
    branches: new BranchesRepository(db),
    carts: new AbandonedCartsRepository(db),
    categories: new CategoriesRepository(db),
    categoryPaths: new CategoryPathsRepository(db),
    coupons: new CouponsRepository(db),
    customAttributes: new CustomAttributesRepository(db),
    erasure: new ErasureRepository(db),
    events: new EventsRepository(db),
    idempotencyKeys: new IdempotencyKeysRepository(db),
    mailingFolders: new MailingFoldersRepository(db),
    mailings: new MailingsRepository(db),
    members: new FamilyMembersRepository(db),
    outbox: new MailOutbox(db),
    products: new ProductsRepository(db),
    purchases: new PurchasesRepository(db),
    purchaseSummaries: new PurchaseSummaryRepository(db),
    queue: new RequestQueue(db),
    retention: new RetentionRepository(db),
    segments: new SegmentsRepository(db),
    signInFailures: new SignInFailures(db),
    segmentMembers: new SegmentMembers(db),
    membership: new MembershipRepository(db),
    stats: new IntegrationStatsRepository(db),
    userEvents: new UserEventsRepository(db),
    users: new UsersRepository(db),
    valueGroups: new ValueGroupsRepository(db),
    webhookMessages: new WebhookMessages(db),
    webhookOutbox: new WebhookOutbox(db),
    webhooks: new WebhooksRepository(db),
  };
}

export type Repositories = ReturnType<typeof buildRepositories>;

/** A segment's changes past 90 days are swept this often (a few batches each time). */
const SEGMENT_CHANGES_SWEEP_EVERY_MS = 60 * 60_000;

/** This process, as the holder of a lease (host, pid and a random part: a restarted pid is another holder). */
function processHolder(): string {
  return `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
}

/**
 * SG7–SG8: live membership over `db` (the server builds one per process; tests build two to race
 * them). `segments` compiles the definitions; one is made when not given.
 */
export function buildLiveMembership(
  db: Kysely<DB>,
  options: { clock: Clock; refreshMinutes: number; endpointCache?: TtlCache<Subscriber[]>; segments?: Pick<SegmentsService, 'compile'>; holder?: string; dirtyBatch?: number; rangeSize?: number },
): LiveMembership {
  const r = buildRepositories(db);
  const segments =
    options.segments ??
    new SegmentsService({ segments: r.segments, members: r.segmentMembers, directory: new UserDirectory({ users: r.users, attributeValues: r.attributeValues }), clock: options.clock });
  return new LiveMembership({
    membership: r.membership,
    tx: transactor(db, (trx) => {
      const t = buildRepositories(trx);
      return { membership: t.membership, webhookOutbox: new WebhookOutbox(trx, options.endpointCache), evaluator: segmentEvaluator(t.segments, t.segmentMembers, segments), db: trx };
    }),
    clock: options.clock,
    holder: options.holder ?? processHolder(),
    refreshMinutes: options.refreshMinutes,
    stepTargetMs: privateStepTargetMs(db),
    ...(options.dirtyBatch !== undefined ? { dirtyBatch: options.dirtyBatch } : {}),
    ...(options.rangeSize !== undefined ? { rangeSize: options.rangeSize } : {}),
  });
}

/** A module's background steps, run by the worker with repositories bound to each step's transaction. */
function bound<P, R>(steps: RequestSteps<P, R>, bind: (db: Kysely<DB>) => R): RequestHandler<P> {
  return { ...steps, step: (trx, accountId, params, limit, now) => steps.step(bind(trx), accountId, params, limit, now) };
}

/** Every kind of background request the worker knows how to run. */
export const requestHandlers: RequestHandler[] = [
  bound(bulkDeleteUserEvents, buildRepositories),
  bound(deleteCategoryTree, buildRepositories),
  bound(deleteAllCategories, buildRepositories),
  bound(deleteBranch, buildRepositories),
  bound(purgeBlacklist, buildRepositories),
  bound(applyRetention, buildRepositories),
  bound(bulkEraseCustomers, buildRepositories),
  bound(refreshValueGroupsRequest, buildRepositories),
];

/** Accounts and keys: the server, the command-line tool and the tests use the same service. */
export function buildAccounts(db: Kysely<DB>, clock: Clock, keyCacheMs = 0): AccountsService {
  return new AccountsService({
    accounts: new AccountsRepository(db),
    tx: transactor(db, buildRepositories),
    clock,
    keyCache: keyCacheMs > 0 ? apiKeyCacheFor(db, keyCacheMs) : undefined,
    forgetKeys: () => forgetApiKeys(db),
  });
}

/**
 * People and their console sessions (T1–T4): the server, the command-line tool and the tests use
 * the same service. `audit` records sign-ins and password changes (the API's calls are recorded by
 * the audit trail).
 */
export function buildPeople(
  db: Kysely<DB>,
  options: { clock: Clock; publicUrl: string; mailer: Mailer | null; audit: PeopleDeps['audit']; log: Pick<FastifyBaseLogger, 'warn' | 'info'> },
): PeopleService {
  const accounts = new AccountsRepository(db);
  return new PeopleService({
    people: new PeopleRepository(db),
    tx: transactor(db, (trx) => ({ people: new PeopleRepository(trx) })),
    accountName: async (accountId) => (await accounts.find(accountId))?.name,
    failures: new SignInFailures(db),
    audit: options.audit,
    clock: options.clock,
    publicUrl: options.publicUrl,
    mailer: options.mailer,
    log: options.log,
  });
}

export interface ServiceOptions {
  db: Kysely<DB>;
  /** The repositories bound to `db`, when the caller built them already (src/app.ts: the deliverer shares them). */
  repositories?: Repositories;
  clock: Clock;
  config: Pick<
    Config,
    | 'uploadLimitBytes'
    | 'apiKeyCacheMs'
    | 'bodyLimitBytes'
    | 'workerEnabled'
    | 'webhookAllowPrivate'
    | 'smtpUrl'
    | 'mailFrom'
    | 'publicUrl'
    | 'publicUrlSet'
    | 'mailingConcurrency'
    | 'mailingRatePerSecond'
    | 'mailingLeaseMs'
    | 'segmentRefreshMinutes'
    | 'dkim'
    | 'workerPollMs'
  >;
  /** The mailing sender's log (M6), and the people module's. */
  log?: FastifyBaseLogger;
  /** T1–T2: invitation and reset e-mails (null: SMTP not configured, links only printed or answered). */
  mailer?: Mailer | null;
  /** Wakes the background worker after a request is accepted. */
  jobs: JobsNotifier;
  /** Sends a webhook message now (W5) and wakes the deliverer (jobs/webhooks/deliverer.ts). */
  webhookSending: WebhookSending;
  /** Resolves webhook hosts (W1); the system's resolver unless a test gives its own. */
  webhookLookup?: Lookup;
  /** Runs work on one consistent snapshot of the database (db/database.ts). */
  snapshot<T>(work: (db: Kysely<DB>) => Promise<T>): Promise<T>;
}

/**
 * The services of the API's routes, the periodic upkeep of every process (jobs/housekeeping.ts),
 * and the job counts /metrics shows.
 */
export function buildServices({ db, repositories, clock, config, jobs, snapshot, webhookSending, webhookLookup, log, mailer }: ServiceOptions) {
  const r = repositories ?? buildRepositories(db);
  // The API's writes find the account's webhook endpoints in a cache kept as long as an API key's.
  const endpointCache = config.apiKeyCacheMs > 0 ? webhookEndpointCacheFor(db, config.apiKeyCacheMs) : undefined;
  // In a write's transaction, beside the repositories: the user directory (U4 objects of webhook
  // messages, read there) and the points ledger (every change of points with its points.changed).
  const inTransaction = (trx: Kysely<DB>) => {
    const t = { ...buildRepositories(trx), webhookOutbox: new WebhookOutbox(trx, endpointCache) };
    return {
      ...t,
      directory: new UserDirectory({ users: t.users, attributeValues: t.attributeValues }),
      points: new PointsLedger({ users: t.users, webhookOutbox: t.webhookOutbox, clock }),
    };
  };
  const tx = transactor(db, inTransaction);
  const commit = groupCommit(db, inTransaction);
  const directory = new UserDirectory({ users: r.users, attributeValues: r.attributeValues });
  const catalogue = new PurchaseCatalogue({ attributeValues: r.attributeValues, products: r.products });
  const blacklist = new BlacklistService({
    blacklist: r.blacklist,
    clock,
    uploadLimitBytes: config.uploadLimitBytes,
    jobs,
    stepping: { targetMs: privateStepTargetMs(db), turns: stepTurns(db) },
  });

  const segments = new SegmentsService({ segments: r.segments, members: r.segmentMembers, directory, clock });
  // SG7–SG8: stored membership, kept current by the live segments loop of the worker processes.
  const liveMembership = buildLiveMembership(db, { clock, refreshMinutes: config.segmentRefreshMinutes, endpointCache, segments });
  const segmentExport = new SegmentExport({
    service: segments,
    settings: r.accountSettings,
    snapshot: (work) =>
      snapshot((sdb) => {
        const s = buildRepositories(sdb);
        return work({ segments: s.segments, members: s.segmentMembers, directory: new UserDirectory({ users: s.users, attributeValues: s.attributeValues }), scores: s.valueGroups });
      }),
  });

  // D6: answers kept for Idempotency-Key retries, at most as large as a request body may be.
  const idempotency = new IdempotentRequests({ keys: r.idempotencyKeys, clock, maxStoredBytes: config.bodyLimitBytes });
  // D3: each part of a customer's export from the module that serves its own endpoint (called once
  // `services` below exists).
  const customerRecords: CustomerRecords = {
    pointsLedger: (accountId, userId) => services.users.ledgerOf(accountId, userId),
    purchases: (accountId, user) => services.purchases.reads.ofUser(accountId, user),
    userEvents: (accountId, userId) => services.userEvents.ofUser(accountId, userId),
    coupons: (accountId, userId) => services.coupons.ofUser(accountId, userId),
    familyMembers: (accountId, userId) => services.members.ofUser(accountId, userId),
    abandonedCarts: (accountId, userId) => services.carts.ofUser(accountId, userId),
    segments: (accountId, userId) => segments.segmentsOfUserId(accountId, userId),
    mailings: (accountId, userId) => mailings.ofUser(accountId, userId),
    value: (accountId, userId) => valueGroups.ofUserId(accountId, userId),
  };

  // M1–M8: mailings. The sender (a loop of the worker processes) and the service share one SMTP pool.
  const mailingFolders = new MailingFoldersService({ folders: r.mailingFolders, clock });
  const mailingTransport = config.smtpUrl
    ? createMailingTransport({ smtpUrl: config.smtpUrl, concurrency: config.mailingConcurrency, ratePerSecond: config.mailingRatePerSecond, dkim: config.dkim })
    : null;
  const accountName = async (accountId: number) => (await r.accounts.find(accountId))?.name ?? '';
  const dialect = isPostgres(db as Kysely<unknown>) ? 'postgres' : 'sqlite';
  // M6: a hard bounce puts the address on the e-mail blacklist and announces email.bounced, in the recording transaction.
  const bouncesIn = (t: Repositories): BouncePort => ({
    async bounced(accountId, mailingId, recipients, user, now) {
      const at = formatDateTime(now);
      for (const recipient of recipients) {
        const value = normaliseEmail(recipient.email);
        if (value) await t.blacklist.suppress(accountId, 'email', value, at);
        const found = user(recipient.userId);
        await t.webhookOutbox.emit(
          accountId,
          [{ type: 'email.bounced', userId: recipient.userId, data: { mailing_id: mailingId, user: { userapp_id: recipient.userId, user_id: recipient.userId, service_uid: found?.service_uid ?? null, email: recipient.email } } }],
          now,
        );
      }
    },
  });
  const mailingsTx = transactor(db, (trx) => {
    const t = buildRepositories(trx);
    return { mailings: t.mailings, webhookOutbox: t.webhookOutbox, bounces: bouncesIn(t), users: t.users };
  });
  const mailings = new MailingsService({
    mailings: r.mailings,
    tx: mailingsTx,
    folders: mailingFolders,
    audiences: {
      condition: async (accountId, segmentId) => {
        const row = await r.segments.findById(accountId, segmentId);
        return row ? segments.compile(accountId, row, await r.segments.catalogue(accountId)).countWhere(dialect) : undefined;
      },
      firstMember: async (accountId, segmentId) => (await segments.members(accountId, String(segmentId), { limit: 1 }))[0],
    },
    directory,
    accountName,
    transport: mailingTransport,
    // The sender is built below; the service wakes it only once requests are served.
    wakeSender: () => mailingSender.wake(),
    clock,
    config: { mailFrom: config.mailFrom, publicUrl: config.publicUrl },
  });
  const mailingSender = new MailingSender({
    mailings: r.mailings,
    service: mailings,
    directory,
    accountName,
    tx: mailingsTx,
    transport: mailingTransport,
    clock,
    log: (log ?? silentLog) as FastifyBaseLogger,
    pollMs: config.workerPollMs,
    leaseMs: config.mailingLeaseMs,
    concurrency: config.mailingConcurrency,
  });

  const users = new UsersService({ users: r.users, audiences: segments, attributeValues: r.attributeValues, directory, tx, clock });
  const auditLog = new AuditLogService({ auditLog: r.auditLog, clock });
  // D5: runs are scheduled by the worker processes (WORKER_ENABLED), checked on the app's clock.
  const retentionCheck = clockGated(clock, RETENTION_CHECK_EVERY_MS, () => retention.scheduleDueRuns());
  const retention = new RetentionService({
    retention: r.retention,
    events: r.events,
    queue: r.queue,
    tx,
    clock,
    jobs,
    checkSoon: () => retentionCheck.soon(),
  });

  const people = buildPeople(db, { clock, publicUrl: config.publicUrl, mailer: mailer ?? null, audit: auditLog, log: (log ?? silentLog) as FastifyBaseLogger });
  // U14: value groups; the daily refresh is run by the worker processes (WORKER_ENABLED).
  const valueGroups = new ValueGroupsService({
    valueGroups: r.valueGroups,
    directory,
    queue: r.queue,
    tx: transactor(db, (trx) => {
      const t = buildRepositories(trx);
      return { valueGroups: t.valueGroups, membership: t.membership };
    }),
    clock,
    jobs,
  });

  const services = {
    accounts: buildAccounts(db, clock, config.apiKeyCacheMs),
    accountSettings: new AccountSettingsService({ settings: r.accountSettings }),
    people,
    auditLog,
    retention,
    accountSummary: new AccountSummaryService({ summaries: r.accountSummaries, countSegments: (accountId) => r.segments.total(accountId), clock }),
    users,
    club: new ClubService({ users, reads: r.users, directory, failures: r.signInFailures, clock }),
    customAttributes: new CustomAttributesService({ customAttributes: r.customAttributes, tx, clock }),
    events: new EventsService({ events: r.events, clock }),
    userEvents: new UserEventsService({ userEvents: r.userEvents, events: r.events, users: r.users, tx, groupCommit: commit, clock, jobs }),
    categories: new CategoriesService({ categories: r.categories, queue: r.queue, tx, clock, jobs }),
    requests: new RequestsService({ queue: r.queue }),
    benefits: new BenefitsService({
      benefits: r.benefits,
      // W2 coupon.assigned: the coupon as GET /coupons answers it, read in the assignment's transaction.
      tx: transactor(db, (trx) => {
        const t = inTransaction(trx);
        return { ...t, coupons: new CouponsService({ coupons: t.coupons, benefits: t.benefits, directory: t.directory }) };
      }),
      clock,
    }),
    coupons: new CouponsService({ coupons: r.coupons, benefits: r.benefits, directory }),
    integrationStats: new IntegrationStatsService({ stats: r.stats, clock }),
    blacklist,
    products: new ProductsService({ products: r.products, categoryPaths: r.categoryPaths, attributeValues: r.attributeValues, tx, clock }),
    branches: new BranchesService({ branches: r.branches, tx, clock, jobs }),
    purchases: {
      purchases: new PurchasesService({ purchases: r.purchases, users: r.users, catalogue, tx, groupCommit: commit, clock }),
      bulk: new BulkPurchases({ purchases: r.purchases, users: r.users, catalogue, tx, clock }),
      reads: new PurchaseReads({ purchases: r.purchases, users: r.users, branches: r.branches, attributeValues: r.attributeValues }),
      summaries: new PurchaseSummaryService({ summaries: r.purchaseSummaries, branches: r.branches, clock }),
    },
    carts: new AbandonedCartsService({ carts: r.carts, directory, tx, clock }),
    members: new FamilyMembersService({ members: r.members, directory, tx, clock }),
    segments,
    segmentExport,
    erasure: new ErasureService({
      erasure: r.erasure,
      directory,
      segments,
      // D2: the suppressed values go through the blacklist module's repository, bound to the erasing transaction.
      tx: transactor(db, (trx) => {
        const t = buildRepositories(trx);
        return { erasure: t.erasure, suppressions: t.blacklist, queue: t.queue, webhookOutbox: t.webhookOutbox };
      }),
      clock,
      jobs,
    }),
    customerExport: new CustomerExportService({ directory, records: customerRecords }),
    idempotency,
    webhooks: new WebhooksService({
      webhooks: r.webhooks,
      sending: webhookSending,
      clock,
      allowPrivate: config.webhookAllowPrivate,
      lookup: webhookLookup,
      endpointsChanged: () => forgetWebhookEndpoints(db),
    }),
    mailingFolders,
    mailings,
    valueGroups,
    segmentChanges: new SegmentChangesService({ membership: r.membership, reads: membershipReads(r.segments, segments, directory) }),
  };

  const startedAt = clock.now();
  const housekeeping: HousekeepingTask[] = [
    {
      name: 'abandoned blacklist uploads',
      everyMs: SWEEP_EVERY_MS,
      // A SQLite file is served by one process, so at start every upload opened before is dead
      // (stored times have whole seconds: the cut-off includes the second of the start); on
      // PostgreSQL another process may be mid-upload, so only the abandoned ones go.
      run: (first) => blacklist.sweepAbandonedUploads(first && !isPostgres(db as Kysely<unknown>) ? new Date(startedAt.getTime() + 1000) : undefined),
    },
    // D7: entries older than 400 days, a few batches at a time, across accounts.
    { name: 'audit log past 400 days', everyMs: CLOCK_GATE_TICK_MS, run: clockGated(clock, AUDIT_SWEEP_EVERY_MS, () => auditLog.sweep()) },
    ...(config.workerEnabled ? [{ name: 'user events retention runs', everyMs: CLOCK_GATE_TICK_MS, run: retentionCheck }] : []),
    // T2, U13: a failure counts for 15 minutes; an hour's margin.
    { name: 'sign-in failures past their window', everyMs: SIGN_IN_FAILURES_SWEEP_EVERY_MS, run: () => r.signInFailures.sweep(clock.now().getTime() - 60 * 60_000) },
    // T2: sessions past their 12 idle hours or 7 days, links used or expired.
    { name: 'ended console sessions and links', everyMs: SIGN_IN_FAILURES_SWEEP_EVERY_MS, run: () => people.sweep() },
    ...(config.workerEnabled
      ? [
          {
            name: 'daily value groups',
            everyMs: CLOCK_GATE_TICK_MS,
            // Not at start-up: housekeeping's first run is awaited before the process serves, and a
            // large account's refresh would hold the start back; the first check is a minute later.
            run: clockGated(clock, VALUE_GROUPS_CHECK_EVERY_MS, (first) => (first ? Promise.resolve(0) : valueGroups.refreshDue())),
          },
        ]
      : []),
    { name: 'expired idempotency keys', everyMs: IDEMPOTENCY_SWEEP_EVERY_MS, run: () => idempotency.sweepExpired() },
    { name: 'running idempotency claims', everyMs: REFRESH_CLAIMS_EVERY_MS, run: () => idempotency.refreshRunning() },
    // W5: the delivery log keeps finished messages 30 days.
    // SG8: a segment's changes are kept 90 days.
    { name: 'segment changes past 90 days', everyMs: CLOCK_GATE_TICK_MS, run: clockGated(clock, SEGMENT_CHANGES_SWEEP_EVERY_MS, () => liveMembership.sweepChanges()) },
    { name: 'webhook delivery log past 30 days', everyMs: CLOCK_GATE_TICK_MS, run: clockGated(clock, WEBHOOK_LOG_SWEEP_EVERY_MS, () => sweepWebhookLog(r.webhookMessages, clock)) },
  ];
  return {
    services,
    housekeeping,
    mailingSender,
    liveMembership,
    jobCounts: async (): Promise<{ requests: Record<string, number>; mailPending: number; webhooksPending: number; segmentMarksPending: number }> => ({
      requests: await r.queue.countUnfinished(),
      mailPending: await r.outbox.countPending(),
      webhooksPending: await r.webhookMessages.countPending(),
      segmentMarksPending: await r.membership.countDirty(),
    }),
  };
}
