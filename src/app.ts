import formbody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, type HookHandlerDoneFunction } from 'fastify';
import type { Config } from './config.js';
import { type Database, isReachable } from './db/database.js';
import { MAX_PARAM_LENGTH, clientErrorHandler, frameworkErrors, installErrorHandling } from './http/error-handler.js';
import { registerConsole } from './http/console.js';
import { AppError } from './lib/errors.js';
import { registerCors } from './http/cors.js';
import { LazySchemas } from './http/lazy-schemas.js';
import { loggerOptions, requestId } from './http/logging.js';
import { answering, registerMetrics } from './http/metrics.js';
import { LoadShedder, registerOverloadProtection } from './http/overload.js';
import { registerOpenApi } from './http/openapi.js';
import { checkJsonText, normaliseBody, rejectNulCharacters, validatorCompiler } from './http/validation.js';
import { Housekeeping } from './jobs/housekeeping.js';
import { createMailer, type Mailer } from './jobs/mailer.js';
import type { Lookup } from './jobs/webhooks/address-guard.js';
import { WebhookDeliverer } from './jobs/webhooks/deliverer.js';
import { Worker } from './jobs/worker.js';
import { type Clock, systemClock } from './lib/time.js';
import { mailingPublicRoutes } from './modules/mailings/public-routes.js';
import { presentRequest } from './modules/requests/service.js';
import { apiRoutes } from './routes.js';
import { buildServices, requestHandlers } from './services.js';

export interface AppOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  /** Replaces the SMTP mailer built from config.smtpUrl. */
  mailer?: Mailer | null;
  /** Replaces the system's resolver for webhook hosts (W1): tests name hosts a stub resolves. */
  webhookLookup?: Lookup;
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
  app.addHook('onListen', async () => {
    void schemas.warmUp((error) => app.log.error({ err: error }, 'a route schema does not compile'));
  });
  installErrorHandling(app);
  const { state: load, admit } = registerOverloadProtection(app, shedder);
  await registerCors(app, config.corsOrigins);

  // O3: once shutdown starts, requests still arriving on open connections get the envelope 503.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // The hooks every request runs are callback hooks, not async ones: their work is synchronous, and
  // an async hook costs a promise and a turn of the microtask queue per request (issue 11). Each
  // hook and each stage with a hook costs its runner, so the root has this one onRequest hook: load
  // shedding for requests that did not pass the server (app.inject), the request kept for the
  // metrics, and the request id header (O7) set once, rather than in an onSend hook: headers set now
  // stay on every answer, errors included (frameworkErrors, whose replies run no onRequest hook,
  // sets it itself).
  app.addHook('onRequest', (request, reply, done) => {
    if (!admit(request, reply)) return;
    answering(reply, request);
    reply.header('x-request-id', request.id);
    if (closing) return done(new AppError(503, 'service_unavailable', 'the server is shutting down; retry shortly', { 'retry-after': '5' }));
    done();
  });

  // Clients send Content-Type: application/json on bodiless requests too (DELETE /categories/bulk):
  // an empty JSON body is "no body", not an error.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
    const refused = checkJsonText(request, body as string); // O4: nesting limit, before parsing
    if (refused) return done(refused, undefined);
    parseJson(request, body as string, done);
  });
  app.removeContentTypeParser('text/plain');
  await app.register(formbody);
  // Body normalisation only on routes that take a body: Fastify reads no body for GET and HEAD, so
  // there it would have nothing to do but still cost a hook stage per request.
  const normalise = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    normaliseBody(request);
    done();
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => method === 'GET' || method === 'HEAD')) return;
    const existing = route.preValidation;
    route.preValidation = existing === undefined ? [normalise] : [normalise, ...(Array.isArray(existing) ? existing : [existing])];
  });
  app.addHook('preHandler', (request, _reply, done) => {
    try {
      rejectNulCharacters(request);
    } catch (error) {
      return done(error as Error);
    }
    done();
  });

  await registerOpenApi(app);
  await registerConsole(app);

  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    if (await isReachable(database.db)) return { status: 'ok' };
    reply.header('retry-after', '5');
    return reply.status(503).send({ status: 'unavailable' });
  });
  const clock = options.clock ?? systemClock;
  // The background worker (K3) lives in the server process; with WORKER_ENABLED=false this process
  // only accepts requests and another one runs them.
  const worker = new Worker({
    db: database.db,
    clock,
    log: app.log.child({ component: 'worker' }),
    handlers: requestHandlers,
    mailer: options.mailer !== undefined ? options.mailer : createMailer(config.smtpUrl, config.mailFrom),
    pollMs: config.workerPollMs,
    presentRequest,
  });
  // W4: the webhook outbox is sent by the processes that run the worker.
  const deliverer = new WebhookDeliverer({
    db: database.db,
    clock,
    log: app.log.child({ component: 'webhooks' }),
    allowPrivate: config.webhookAllowPrivate,
    timeoutMs: config.webhookTimeoutMs,
    leaseMs: config.webhookLeaseMs,
    lookup: options.webhookLookup,
    pollMs: config.workerPollMs,
  });
  const { services, housekeeping, jobCounts, mailingSender } = buildServices({
    db: database.db,
    clock,
    config,
    jobs: worker,
    snapshot: (work) => database.snapshot(work),
    webhookSending: deliverer,
    webhookLookup: options.webhookLookup,
    log: app.log.child({ component: 'mailings' }),
  });
  registerMetrics(app, { config, database, load, shedder, authenticate: (key) => services.accounts.authenticate(key), jobCounts });
  // M8: the pages and links of the people who receive mailings, outside /apiv3, without a key.
  await app.register(mailingPublicRoutes, { mailings: services.mailings });
  await app.register(apiRoutes, { prefix: '/apiv3', services, rateLimit: { db: database.db, clock, perMinute: config.rateLimitPerMinute } });

  const upkeep = new Housekeeping(housekeeping, (task, error) => app.log.warn({ err: error, task: task.name }, 'housekeeping failed'));
  app.addHook('onReady', async () => {
    await upkeep.start();
    if (config.workerEnabled) {
      worker.start();
      deliverer.start();
      mailingSender.start();
    }
  });
  // Before the database closes: the worker stops between two steps and hands its request back.
  app.addHook('preClose', async () => {
    upkeep.stop();
    await Promise.all([worker.stop(), deliverer.stop(), mailingSender.stop()]);
  });
  return app;
}
