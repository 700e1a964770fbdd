import { timingSafeEqual } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, type Metric, Registry, collectDefaultMetrics } from 'prom-client';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { presentedKey } from './auth.js';
import { ForbiddenError } from '../lib/errors.js';
import type { LoadShedder, LoadState } from './overload.js';

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
  load: LoadState;
  /** The app's one key check (and key cache): the account of a live key, or undefined. */
  authenticate(key: string): number | Promise<number | undefined>;
  /** Background requests not finished by status, notification mail and webhook messages waiting (jobs/). */
  jobCounts(): Promise<{ requests: Record<string, number>; mailPending: number; webhooksPending: number; segmentMarksPending: number }>;
  /** Tells of every admitted request once answered (its 'close' listener on the response). */
  shedder: LoadShedder;
}

/** The request being answered, on its response, for the tally (route pattern and method). */
const REQUEST = Symbol('rapport.metrics.request');
type Answering = ServerResponse & { [REQUEST]?: FastifyRequest };

/** Called by the root's onRequest hook: the answer will be counted under this request's route. */
export function answering(reply: FastifyReply, request: FastifyRequest): void {
  (reply.raw as Answering)[REQUEST] = request;
}

export function registerMetrics(app: FastifyInstance, options: MetricsOptions): void {
  const { database, load } = options;
  const registry = new Registry();
  const tally = new RequestTally();
  registry.registerMetric(tally.counter('rapport_http_requests_total', 'HTTP requests answered, by route pattern and status') as unknown as Metric);
  registry.registerMetric(
    tally.histogram('rapport_http_request_duration_seconds', 'Time from receiving a request to its answer, by route pattern and status') as unknown as Metric,
  );
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
  new Gauge({
    name: 'rapport_http_shedding',
    help: '1 while the event loop\'s delay has been sustained above the target long enough for requests to be refused on it (O5), else 0',
    registers: [registry],
    collect() {
      this.set(load.shedding ? 1 : 0);
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
  // The job gauges read one count of the job tables per scrape; an unreachable database must not fail it.
  type JobCounts = Awaited<ReturnType<MetricsOptions['jobCounts']>>;
  let counting: Promise<JobCounts | null> | undefined;
  const jobCounts = () =>
    (counting ??= options
      .jobCounts()
      .catch(() => null)
      .finally(() => setImmediate(() => (counting = undefined))));
  new Gauge({
    name: 'rapport_background_requests',
    help: 'Background requests (bulk deletes) not finished, by status, across every process on the database',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const counts = await jobCounts();
      if (counts === null) return;
      this.reset();
      this.labels('pending').set(counts.requests.pending ?? 0);
      this.labels('running').set(counts.requests.running ?? 0);
    },
  });
  const pendingGauge = (name: string, help: string, pending: (counts: JobCounts) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const counts = await jobCounts();
        if (counts) this.set(pending(counts));
      },
    });
  pendingGauge('rapport_mail_outbox_pending', 'Notification e-mails waiting to be sent, across every process on the database', (counts) => counts.mailPending);
  pendingGauge('rapport_segment_marks_pending', 'Customers marked by a write and not yet evaluated against the live segments (SG7), across every process on the database', (counts) => counts.segmentMarksPending);
  pendingGauge('rapport_webhook_messages_pending', 'Webhook messages not yet delivered (W4), across every process on the database', (counts) => counts.webhooksPending);

  // Counted in the shedder's 'close' listener, which every admitted request has anyway: an onResponse
  // hook would cost every request a hook stage (measured by bench/reads.ts). Answers that ran no onRequest hook
  // (frameworkErrors) count as unmatched; refusals are counted by the shedder alone, abandoned requests
  // not at all.
  options.shedder.onAnswered((response, seconds) => {
    if (!response.writableEnded) return; // the connection died before the answer
    const request = (response as Answering)[REQUEST];
    tally.record(request?.method ?? response.req.method ?? 'GET', request?.routeOptions.url ?? '(unmatched)', response.statusCode, seconds);
  });

  const token = options.config.metricsToken ? Buffer.from(options.config.metricsToken) : undefined;
  const authorised = async (request: FastifyRequest): Promise<boolean> => {
    if (token) {
      const presented = Buffer.from(/^bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1] ?? '');
      return presented.length === token.length && timingSafeEqual(presented, token);
    }
    const key = presentedKey(request);
    return key !== undefined && (await options.authenticate(key)) !== undefined;
  };

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!(await authorised(request))) throw new ForbiddenError(options.config.metricsToken ? 'invalid or missing metrics token' : undefined);
    const merged = Registry.merge([processMetrics(), registry]);
    reply.header('content-type', merged.contentType);
    return merged.metrics();
  });
}

/** The answers of one method, route pattern and status: count, sum of durations, bucket counts. */
interface Tally {
  labels: { method: string; route: string; status: string };
  count: number;
  sum: number;
  /** Answers per bucket, not cumulative: buckets[i] counts durations in (LATENCY_BUCKETS[i-1], LATENCY_BUCKETS[i]]. */
  buckets: number[];
}

interface MetricValue {
  value: number;
  labels: Record<string, string | number>;
  metricName?: string;
}

/**
 * The request counter and latency histogram, counted in plain objects and shown to prom-client's
 * registry as two metrics at scrape time. prom-client's own Counter and Histogram turn the label
 * set into a sorted string key on every inc() and observe(), twice per request (a cost bench/reads.ts saw); here a
 * request costs two Map lookups (route, then method and status) and a few additions.
 */
class RequestTally {
  /** Route pattern → (method and status) → tally. */
  private readonly routes = new Map<string, Map<string, Tally>>();

  record(method: string, route: string, status: number, seconds: number): void {
    let byStatus = this.routes.get(route);
    if (!byStatus) this.routes.set(route, (byStatus = new Map()));
    const key = method + status;
    let tally = byStatus.get(key);
    if (!tally) {
      tally = { labels: { method, route, status: String(status) }, count: 0, sum: 0, buckets: LATENCY_BUCKETS.map(() => 0) };
      byStatus.set(key, tally);
    }
    tally.count += 1;
    tally.sum += seconds;
    let bucket = 0;
    while (bucket < LATENCY_BUCKETS.length && seconds > LATENCY_BUCKETS[bucket]!) bucket += 1;
    if (bucket < LATENCY_BUCKETS.length) tally.buckets[bucket]! += 1;
  }

  private *tallies(): Iterable<Tally> {
    for (const byStatus of this.routes.values()) yield* byStatus.values();
  }

  /** What prom-client's Registry needs of a metric to print it (name, help, type, get). */
  counter(name: string, help: string) {
    return {
      name,
      help,
      type: 'counter',
      get: async () => ({ name, help, type: 'counter', aggregator: 'sum', values: [...this.tallies()].map((t): MetricValue => ({ value: t.count, labels: t.labels })) }),
    };
  }

  histogram(name: string, help: string) {
    return {
      name,
      help,
      type: 'histogram',
      get: async () => {
        const values: MetricValue[] = [];
        for (const t of this.tallies()) {
          let cumulative = 0;
          LATENCY_BUCKETS.forEach((le, i) => {
            cumulative += t.buckets[i]!;
            values.push({ metricName: `${name}_bucket`, value: cumulative, labels: { le, ...t.labels } });
          });
          values.push({ metricName: `${name}_bucket`, value: t.count, labels: { le: '+Inf', ...t.labels } });
          values.push({ metricName: `${name}_sum`, value: t.sum, labels: t.labels });
          values.push({ metricName: `${name}_count`, value: t.count, labels: t.labels });
        }
        return { name, help, type: 'histogram', aggregator: 'sum', values };
      },
    };
  }
}
