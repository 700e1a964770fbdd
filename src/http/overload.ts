import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/**
 * O5 load shedding: when this process is overloaded, a new request is refused at once with 503
 * `service_unavailable` and `Retry-After` (in the envelope) instead of joining a queue that grows
 * latency and memory without bound. Two signals, either one sheds:
 * - event-loop delay: the mean delay of the event loop over the last sample (SAMPLE_MS) beyond
 *   OVERLOAD_EVENT_LOOP_DELAY_MS while the loop was busy at least BUSY of that time — the process
 *   has more work than CPU (the signal on SQLite, whose queries run on the event loop). A delay
 *   with an idle loop means other processes hold the CPU; refusing requests would not help there;
 * - requests in flight beyond OVERLOAD_MAX_IN_FLIGHT — requests are waiting on something slower than
 *   their arrival (PostgreSQL connections, a lock): the signal on PostgreSQL.
 * 503 rather than 429: the server, not the client, is the cause; the platform's client retries 503
 * with exponential backoff. Retry-After is 1–3 s at random so refused clients do not return in step.
 * /health, /ready and /metrics are never shed: an orchestrator must not kill or blind a busy process.
 */

const SAMPLE_MS = 250;
/** Event-loop utilisation over the sample at or above which a delay counts as this process's own overload. */
const BUSY = 0.9;
const RESOLUTION_MS = 10;
const EXEMPT = new Set(['/health', '/ready', '/metrics']);

/** One per process: the event loop is the process's, whatever the number of apps in it (tests). */
class EventLoopDelay {
  private readonly histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private last = performance.now();
  private utilisation = performance.eventLoopUtilization();
  /** Mean delay over the last sample, in milliseconds. */
  delayMs = 0;
  /** Share of the last sample the loop spent working (0–1). */
  busy = 0;

  constructor() {
    this.histogram.enable();
    setInterval(() => this.sample(), SAMPLE_MS).unref();
  }

  /** Starts a new sample: the start-up work (loading, migrating, compiling) is not overload. */
  restart(): void {
    this.histogram.reset();
    this.last = performance.now();
    this.utilisation = performance.eventLoopUtilization();
    this.delayMs = 0;
    this.busy = 0;
  }

  private sample(): void {
    const now = performance.now();
    // A loop blocked for the whole sample records nothing; the lateness of this timer tells it.
    const late = Math.max(0, now - this.last - SAMPLE_MS);
    const mean = this.histogram.count > 0 ? this.histogram.mean / 1e6 - RESOLUTION_MS : late;
    this.delayMs = Math.max(0, mean, late);
    this.histogram.reset();
    this.last = now;
    const utilisation = performance.eventLoopUtilization();
    this.busy = performance.eventLoopUtilization(utilisation, this.utilisation).utilization;
    this.utilisation = utilisation;
  }
}

let eventLoop: EventLoopDelay | undefined;

export interface LoadState {
  /** Requests received and not yet answered (or abandoned) by this app. */
  readonly inFlight: number;
  /** Mean event-loop delay over the last sample, in milliseconds. */
  readonly eventLoopDelayMs: number;
  /** Requests refused so far, by reason. */
  readonly shed: { event_loop_delay: number; in_flight: number };
}

export interface OverloadOptions {
  /** 0 turns this signal off. */
  eventLoopDelayMs: number;
  /** 0 turns this signal off. */
  maxInFlight: number;
}

/** Registers the shedding hook first on the root, so a refused request costs as little as possible. */
export function registerOverloadProtection(app: FastifyInstance, options: OverloadOptions): LoadState {
  eventLoop ??= new EventLoopDelay();
  const monitor = eventLoop;
  const state = {
    inFlight: 0,
    get eventLoopDelayMs() {
      return monitor.delayMs;
    },
    shed: { event_loop_delay: 0, in_flight: 0 },
  };
  app.addHook('onReady', async () => monitor.restart());
  const done = () => {
    state.inFlight -= 1;
  };
  app.addHook('onRequest', async (request, reply) => {
    state.inFlight += 1;
    // 'close' fires once the answer is sent or the connection died, whichever comes first.
    reply.raw.once('close', done);
    if (EXEMPT.has(request.routeOptions.url ?? '')) return;
    let reason: keyof LoadState['shed'] | undefined;
    if (options.maxInFlight > 0 && state.inFlight > options.maxInFlight) reason = 'in_flight';
    else if (options.eventLoopDelayMs > 0 && monitor.delayMs > options.eventLoopDelayMs && monitor.busy >= BUSY) reason = 'event_loop_delay';
    if (reason === undefined) return;
    state.shed[reason] += 1;
    const retryAfter = 1 + Math.floor(Math.random() * 3);
    throw new AppError(503, 'service_unavailable', `the server is overloaded; retry in ${retryAfter} s`, {
      'retry-after': String(retryAfter),
    });
  });
  return state;
}
