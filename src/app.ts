import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { MAX_PARAM_LENGTH, clientErrorHandler, frameworkErrors, installErrorHandling } from './http/error-handler.js';
import { registerConsole } from './http/console.js';
import { registerCors } from './http/cors.js';
import { LazySchemas } from './http/lazy-schemas.js';
import { loggerOptions, requestId } from './http/logging.js';
import { registerHealth } from './http/health.js';
import { registerMetrics } from './http/metrics.js';
import { LoadShedder, registerOverloadProtection } from './http/overload.js';
import { registerOpenApi } from './http/openapi.js';
import { registerWarmUp } from './http/warm-up.js';
import { registerRequestPipeline } from './http/request-pipeline.js';
import { validatorCompiler } from './http/validation.js';
import { Housekeeping } from './jobs/housekeeping.js';
import { createMailer, type Mailer } from './jobs/mailer.js';
import type { Lookup } from './jobs/webhooks/address-guard.js';
import { WebhookDeliverer } from './jobs/webhooks/deliverer.js';
import { LiveMembershipLoop } from './modules/segment-membership/loop.js';
import { Worker } from './jobs/worker.js';
import { type Clock, systemClock } from './lib/time.js';
import { mailingPublicRoutes } from './modules/mailings/public-routes.js';
import { consoleSessionRoutes } from './modules/people/console-routes.js';
import { presentRequest } from './modules/requests/service.js';
import { apiRoutes } from './routes.js';
import { buildRepositories, buildServices, requestHandlers } from './services.js';

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Replaces the SMTP mailer built from config.smtpUrl. */
  mailer?: Mailer | null;
  /** Replaces the system's resolver for webhook hosts (W1): tests name hosts a stub resolves. */
  webhookLookup?: Lookup;
  /** Compile every schema and open the database's connections once listening, `/ready` 503 until done (the server; `http/warm-up.ts`). */
  warmUp?: boolean;
}

/** Builds the whole application; never listens and never reads process.env. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const schemas = new LazySchemas(); // cold start: each route's schemas compile on first use
  // O5: refusals are decided and answered in the server's request listener, before Fastify.
  const shedder = new LoadShedder({ eventLoopDelayMs: config.overloadEventLoopDelayMs, intervalMs: config.overloadIntervalMs, maxInFlight: config.overloadMaxInFlight });
  const app = Fastify({
    serverFactory: shedder.serverFactory,
    logger: options.logger ?? loggerOptions(config.logLevel),
    bodyLimit: config.bodyLimitBytes,
    requestIdHeader: false, // requestId() keeps a sane incoming X-Request-Id, else makes a UUID
    genReqId: requestId,
    trustProxy: config.trustProxy,
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // The platform's client configured with a host ending in "/" sends "//apiv3/…".
    rewriteUrl: (request) => {
      const url = request.url ?? '/';
      return url.charCodeAt(1) === 47 ? url.replace(/^\/{2,}/, '/') : url;
    },
    frameworkErrors,
    clientErrorHandler,
    schemaController: { compilersFactory: { buildSerializer: schemas.serializerFactory() } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(schemas.validatorCompiler(validatorCompiler));
  const warm = registerWarmUp(app, { schemas, database, atStart: options.warmUp === true });
  installErrorHandling(app);
  const { state: load, admit } = registerOverloadProtection(app, shedder);
  await registerCors(app, config.corsOrigins);

  await registerRequestPipeline(app, { admit });

  await registerOpenApi(app);
  await registerConsole(app);

  registerHealth(app, { database, warm });
  const clock = options.clock ?? systemClock;
  // The background worker (K3) lives in the server process; with WORKER_ENABLED=false this process
  // only accepts requests and another one runs them.
  const repositories = buildRepositories(database.db);
  const mailer = options.mailer !== undefined ? options.mailer : createMailer(config.smtpUrl, config.mailFrom);
  const worker = new Worker({
    db: database.db,
    repositories: buildRepositories,
    clock,
    log: app.log.child({ component: 'worker' }),
    handlers: requestHandlers,
    mailer,
    pollMs: config.workerPollMs,
    presentRequest,
  });
  // W4: the webhook outbox is sent by the processes that run the worker.
  const deliverer = new WebhookDeliverer({
    messages: repositories.webhookMessages,
    clock,
    log: app.log.child({ component: 'webhooks' }),
    allowPrivate: config.webhookAllowPrivate,
    timeoutMs: config.webhookTimeoutMs,
    leaseMs: config.webhookLeaseMs,
    lookup: options.webhookLookup,
    pollMs: config.workerPollMs,
  });
  const { services, housekeeping, jobCounts, mailingSender, liveMembership } = buildServices({
    db: database.db,
    repositories,
    clock,
    config,
    jobs: worker,
    snapshot: (work) => database.snapshot(work),
    webhookSending: deliverer,
    webhookLookup: options.webhookLookup,
    log: app.log.child({ component: 'mailings' }),
    mailer,
  });
  registerMetrics(app, { config, database, load, shedder, authenticate: (key) => services.accounts.authenticate(key), jobCounts });
  // M8: the pages and links of the people who receive mailings, outside /apiv3, without a key.
  await app.register(mailingPublicRoutes, { mailings: services.mailings });
  const site = { publicOrigin: new URL(config.publicUrl).origin, publicUrlSet: config.publicUrlSet };
  // T1–T2: sign-in, sign-out and passwords, outside /apiv3 and its keys.
  await app.register(consoleSessionRoutes, { people: services.people, site });
  await app.register(apiRoutes, { prefix: '/apiv3', services, config, rateLimit: { db: database.db, clock, perMinute: config.rateLimitPerMinute }, site });

  // SG7: the live segments loop runs in the processes that run the worker.
  const liveSegments = new LiveMembershipLoop(liveMembership, config.segmentPollMs, app.log.child({ component: 'segments' }));
  const upkeep = new Housekeeping(housekeeping, (task, error) => app.log.warn({ err: error, task: task.name }, 'housekeeping failed'));
  app.addHook('onReady', async () => {
    await upkeep.start();
    if (config.workerEnabled) {
      worker.start();
      deliverer.start();
      mailingSender.start();
      liveSegments.start();
    }
  });
  // Before the database closes: the worker stops between two steps and hands its request back.
  app.addHook('preClose', async () => {
    upkeep.stop();
    await Promise.all([worker.stop(), deliverer.stop(), mailingSender.stop(), liveSegments.stop()]);
  });
  return app;
}
