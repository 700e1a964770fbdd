import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { elapsed } from './envelope.js';

/**
 * O5 load shedding: when this process is overloaded, new requests are refused at once with 503
 * `service_unavailable` and `Retry-After` (in the envelope) instead of joining a queue that grows
 * latency and memory without bound. Two signals:
 * - event-loop delay (the signal on SQLite, whose queries run on the event loop), two ways. Within
 *   one turn of the loop: once the requests of the current turn have taken OVERLOAD_EVENT_LOOP_DELAY_MS,
 *   the rest of that turn's requests are refused, so a burst (2,000 clients at once) never holds the
 *   loop much longer than that. Across turns: every SAMPLE_MS
 *   the mean delay of the loop is compared with OVERLOAD_EVENT_LOOP_DELAY_MS. While it is above and
 *   the loop was busy (at least BUSY of the sample), the share of requests admitted shrinks in
 *   proportion (target / delay); once it is below, the share grows back. Admitting a share, rather
 *   than all or nothing, keeps the loop just under the target: requests that are served stay fast,
 *   the rest are refused for a few microseconds each. A delay with an idle loop means other
 *   processes hold the CPU; refusing requests would not help there.
 * - requests in flight beyond OVERLOAD_MAX_IN_FLIGHT (the signal on PostgreSQL: requests waiting for
 *   connections or locks) — a hard cap.
 * 503 rather than 429: the server, not the client, is the cause; the platform's client retries 503
 * with exponential backoff. Retry-After is 1–3 s at random so refused clients do not return in step.
 * /health, /ready and /metrics are never shed: an orchestrator must not kill or blind a busy process.
 */

const SAMPLE_MS = 100;
const RESOLUTION_MS = 10;
/** Event-loop utilisation over the sample at or above which a delay counts as this process's own overload. */
const BUSY = 0.9;
const EXEMPT = new Set(['/health', '/ready', '/metrics']);

interface Sample {
  delayMs: number;
  busy: number;
}

/** One per process: the event loop is the process's, whatever the number of apps in it (tests). */
class EventLoopMonitor {
  private readonly histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private last = performance.now();
  private utilisation = performance.eventLoopUtilization();
  readonly listeners = new Set<(sample: Sample) => void>();
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
    for (const listener of this.listeners) listener({ delayMs: this.delayMs, busy: this.busy });
  }
}

let monitor: EventLoopMonitor | undefined;

export interface LoadState {
  /** Requests received and not yet answered (or abandoned) by this app. */
  readonly inFlight: number;
  /** Mean event-loop delay over the last sample, in milliseconds. */
  readonly eventLoopDelayMs: number;
  /** Share of requests admitted now (1: all). */
  readonly admitted: number;
  /** Requests refused so far, by reason. */
  readonly shed: { event_loop_delay: number; in_flight: number };
}

export interface OverloadOptions {
  /** 0 turns this signal off. */
  eventLoopDelayMs: number;
  /** 0 turns this signal off. */
  maxInFlight: number;
}

/** The share of requests to admit after a sample. */
export function nextAdmitted(admitted: number, sample: Sample, targetMs: number): number {
  if (sample.delayMs > targetMs && sample.busy >= BUSY) {
    const share = admitted * Math.min(0.9, targetMs / sample.delayMs);
    return share < 0.01 ? 0 : share; // far over the target: refuse everything for a sample
  }
  return Math.min(1, admitted * 1.25 + 0.02);
}

/** Registers the shedding hook first on the root, so a refused request costs as little as possible. */
export function registerOverloadProtection(app: FastifyInstance, options: OverloadOptions): LoadState {
  monitor ??= new EventLoopMonitor();
  const loop = monitor;
  const state = {
    inFlight: 0,
    admitted: 1,
    get eventLoopDelayMs() {
      return loop.delayMs;
    },
    shed: { event_loop_delay: 0, in_flight: 0 },
  };
  if (options.eventLoopDelayMs > 0) {
    const listener = (sample: Sample) => {
      state.admitted = nextAdmitted(state.admitted, sample, options.eventLoopDelayMs);
    };
    app.addHook('onReady', async () => {
      loop.restart();
      loop.listeners.add(listener);
    });
    app.addHook('onClose', async () => {
      loop.listeners.delete(listener);
    });
  }
  const done = () => {
    state.inFlight -= 1;
  };
  // Start of the loop turn whose requests are being handled; reset once the turn's I/O is done.
  let turnStart = 0;
  const endTurn = () => {
    turnStart = 0;
  };
  // A callback hook (every request runs it; an async one costs a promise per request).
  app.addHook('onRequest', (request, reply, next) => {
    state.inFlight += 1;
    // 'close' fires once the answer is sent or the connection died, whichever comes first.
    reply.raw.once('close', done);
    if (EXEMPT.has(request.routeOptions.url ?? '')) return next();
    let reason: keyof LoadState['shed'] | undefined;
    if (options.maxInFlight > 0 && state.inFlight > options.maxInFlight) reason = 'in_flight';
    else if (options.eventLoopDelayMs > 0) {
      const now = performance.now();
      if (turnStart === 0) {
        turnStart = now;
        setImmediate(endTurn);
      }
      if (now - turnStart > options.eventLoopDelayMs || (state.admitted < 1 && Math.random() >= state.admitted)) reason = 'event_loop_delay';
    }
    if (reason === undefined) return next();
    state.shed[reason] += 1;
    // Answered here rather than thrown: no stack trace to capture, no error handler to run (and
    // `next` not called: the reply is sent).
    const retryAfter = 1 + Math.floor(Math.random() * 3);
    reply.code(503).header('retry-after', String(retryAfter));
    reply.send({ payload: null, message: `the server is overloaded; retry in ${retryAfter} s`, code: 'service_unavailable', time: elapsed(reply) });
  });
  return state;
}
