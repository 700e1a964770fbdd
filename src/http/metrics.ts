import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import type { Clock } from '../lib/time.js';
import { AccountsService } from '../modules/accounts/service.js';
import { presentedKey } from './auth.js';
import { ForbiddenError } from './errors.js';
import type { LoadState } from './overload.js';

/**
 * GET /metrics in Prometheus' text format (prom-client). Per app: requests and their latency by
 * method, route pattern and status; requests in flight and shed; the PostgreSQL pool; background
 * requests and mail waiting. Per process (prom-client's defaults): CPU, memory, event-loop lag, GC.
 * Protected like the API (any live key) or, when METRICS_TOKEN is set, by that token alone
 * (`Authorization: Bearer <token>`): the figures cover every account.
 */

let processRegistry: Registry | undefined;

/** Default metrics are process-wide: collected once, whatever the number of apps in the process. */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface MetricsOptions {
  config: Config;
  database: Database;
  clock: Clock;
  load: LoadState;
}

export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const { database, load } = options;
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'rapport_http_requests_total', help: 'HTTP requests answered, by route pattern and status', labelNames, registers: [registry] });
  const latency = new Histogram({
    name: 'rapport_http_request_duration_seconds',
    help: 'Time from receiving a request to its answer, by route pattern and status',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'rapport_http_in_flight_requests',
    help: 'Requests received and not yet answered',
    registers: [registry],
    collect() {
      this.set(load.inFlight);
    },
  });
  new Gauge({
    name: 'rapport_event_loop_delay_seconds',
    help: 'Mean event-loop delay over the last 100 ms (the load-shedding signal)',
    registers: [registry],
    collect() {
      this.set(load.eventLoopDelayMs / 1000);
    },
  });
  new Gauge({
    name: 'rapport_http_admitted_ratio',
    help: 'Share of requests admitted by the load shedding now (1: all; lower while the event loop is overloaded)',
    registers: [registry],
    collect() {
      this.set(load.admitted);
    },
  });
  new Counter({
    name: 'rapport_http_shed_requests_total',
    help: 'Requests refused with 503 because the process was overloaded, by signal',
    labelNames: ['reason'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [reason, count] of Object.entries(load.shed)) this.inc({ reason }, count);
    },
  });
  const poolStats = database.poolStats;
  if (poolStats) {
    new Gauge({
      name: 'rapport_db_pool_connections',
      help: 'PostgreSQL pool connections by state (in_use, idle, max) and requests waiting for one (waiting)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = poolStats();
        this.labels('in_use').set(stats.total - stats.idle);
        this.labels('idle').set(stats.idle);
        this.labels('waiting').set(stats.waiting);
        this.labels('max').set(stats.max);
      },
    });
  }
  new Gauge({
    name: 'rapport_background_requests',
    help: 'Background requests (bulk deletes) not finished, by status, across every process on the database',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const rows = await sql<{ status: string; n: number }>`select status, count(*) as n from requests where status in ('pending', 'running') group by status`
        .execute(database.db)
        .then((result) => result.rows)
        .catch(() => null); // an unreachable database must not fail the scrape
      if (rows === null) return;
      this.reset();
      this.labels('pending').set(0);
      this.labels('running').set(0);
      for (const row of rows) this.labels(row.status).set(Number(row.n));
    },
  });
  new Gauge({
    name: 'rapport_mail_outbox_pending',
    help: 'Notification e-mails waiting to be sent, across every process on the database',
    registers: [registry],
    async collect() {
      const row = await sql<{ n: number }>`select count(*) as n from mail_outbox where status = 'pending'`
        .execute(database.db)
        .then((result) => result.rows[0])
        .catch(() => null);
      if (row) this.set(Number(row.n));
    },
  });

  // A callback hook: every request runs it, and an async one costs a promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? '(unmatched)', status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const accounts = new AccountsService(database.db, options.clock);
  const token = options.config.metricsToken ? Buffer.from(options.config.metricsToken) : undefined;
  const authorised = async (request: FastifyRequest): Promise<boolean> => {
    if (token) {
      const presented = Buffer.from(/^bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1] ?? '');
      return presented.length === token.length && timingSafeEqual(presented, token);
    }
    const key = presentedKey(request);
    return key !== undefined && (await accounts.authenticate(key)) !== undefined;
  };

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!(await authorised(request))) throw new ForbiddenError(options.config.metricsToken ? 'invalid or missing metrics token' : undefined);
    const merged = Registry.merge([processMetrics(), registry]);
    reply.header('content-type', merged.contentType);
    return merged.metrics();
  });
}
