import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerFactory } from 'fastify';
import { requestId } from './logging.js';

/**
 * O5 load shedding: when this process is overloaded, new requests are refused at once with 503
 * `service_unavailable` and `Retry-After` (in the envelope) instead of joining a queue that grows
 * latency and memory without bound. It refuses only work it cannot serve in time:
 * - When to start (CoDel's idea): shedding starts once the queueing delay has stayed above the
 *   target (OVERLOAD_EVENT_LOOP_DELAY_MS) for a whole interval (OVERLOAD_INTERVAL_MS). Two measures
 *   of it, each the *smallest* over a sample: the event loop's delay while the loop was busy (on
 *   SQLite the queries run on the loop), and the quickest answer to an API request, receipt to
 *   answer (requests waiting for a connection or a lock). And within one turn of the loop: a turn
 *   that has lasted the whole interval is itself sustained overload (a flood of 2,000 connections
 *   held the loop in one turn for 5.7 s: libuv keeps polling while more than 1,024 sockets are
 *   ready, and every request of that turn waited behind it). One slow turn shorter than the
 *   interval, or a burst the process answers within about the interval (500 creates at once), never
 *   starts it; a flood does. A delay with an idle loop means other processes hold the CPU; refusing
 *   would not help there.
 * - How much to refuse, while shedding: once the requests of the current turn of the loop have taken
 *   the turn's budget, the rest of that turn's requests are refused, so a turn never holds the loop
 *   much longer than the target. The budget is that target less the time the previous turns spent
 *   past their budget (refusing the rest: with clients that ask again at once, a turn holds a request
 *   from nearly every connection), never below half the target, so a flood of refusals cannot starve
 *   the requests being served. Across turns, every SAMPLE_MS the mean delay (less that refusing time)
 *   is compared with the target: above it, the share of requests admitted shrinks in proportion
 *   (target / delay); below, it grows back. Admitting a share keeps the loop just under the target:
 *   requests that are served stay fast, the rest are refused for tens of microseconds each.
 * - When to stop: after an interval with the smallest delay under the target, every request
 *   admitted and none refused.
 * - Never while MIN_IN_FLIGHT (64) requests or fewer are in flight (counting the one arriving, and
 *   every request received in the current turn of the loop: in one long turn each is answered
 *   before the next is read, yet all of them waited): a client with 64 workers or fewer is never
 *   refused, whatever the loop's delay, the database's speed or the process's age.
 * - Slow answers count as a queue only in a sample when more than MIN_IN_FLIGHT requests were in
 *   flight. With fewer, a slow answer is the database's or the machine's time (a busy PostgreSQL, a
 *   process still opening connections), which refusing would not shorten: a fresh server on
 *   PostgreSQL took its first answers for a queue, started shedding, and with the first ten in flight
 *   always served and always slow on a busy machine, never saw a calm interval again (a 16-worker
 *   client had 673 of 2,000 creations refused). Warming up is done as soon as the server
 *   listens, in slices, with `/ready` answering 503 until it is done (`warm-up.ts`).
 * - Requests in flight beyond OVERLOAD_MAX_IN_FLIGHT (on PostgreSQL, requests waiting for connections
 *   or locks) are refused at once: a hard bound on memory.
 * 503 rather than 429: the server, not the client, is the cause; the platform's client retries 503
 * with exponential backoff. Retry-After is 1–3 s at random so refused clients do not return in step.
 * /health, /ready and /metrics are never shed: an orchestrator must not kill or blind a busy process.
 * Nor is the web console's page and its static files (its API calls are).
 *
 * Refusing must cost far less than serving: under overload most requests are refused, and a client
 * that asks again at once (not every client waits as told) sends thousands a second whose refusals
 * share the loop with the requests being served. So the decision is taken in the HTTP server's own
 * request listener (`serverFactory`), before Fastify routes the request, builds its request and reply,
 * runs hooks, logs it or reads its body; the answer is one of three pre-serialised envelopes. What a
 * refusal still costs is Node's HTTP parsing and the write on the socket. Refusals are neither logged one by one nor counted in the per-route request metrics:
 * `rapport_http_shed_requests_total` counts them, and a warning every REPORT_MS sums them up.
 */

const SAMPLE_MS = 100;
const RESOLUTION_MS = 10;
/** Event-loop utilisation over the sample at or above which a delay counts as this process's own overload. */
const BUSY = 0.9;
const EXEMPT = new Set(['/health', '/ready', '/metrics']);
const CONSOLE = '/console';
/** While requests are being refused, one warning line per this period sums them up. */
const REPORT_MS = 10_000;
/**
 * O5: a request is never refused while this many or fewer are in flight, itself included: a client
 * that bounds its own concurrency (a sync connector's 16 or 64 workers) bounds its load.
 */
export const MIN_IN_FLIGHT = 64;

interface Sample {
  /** Mean delay of the loop over the sample, in milliseconds. */
  delayMs: number;
  /** Smallest delay of the loop over the sample. */
  minDelayMs: number;
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
  /** Smallest delay over the last sample. */
  minDelayMs = 0;
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
    this.minDelayMs = 0;
    this.busy = 0;
  }

  private sample(): void {
    const now = performance.now();
    // A loop blocked for the whole sample records nothing; the lateness of this timer tells it.
    const late = Math.max(0, now - this.last - SAMPLE_MS);
    const mean = this.histogram.count > 0 ? this.histogram.mean / 1e6 - RESOLUTION_MS : late;
    this.delayMs = Math.max(0, mean, late);
    this.minDelayMs = this.histogram.count > 0 ? Math.max(0, this.histogram.min / 1e6 - RESOLUTION_MS) : late;
    this.histogram.reset();
    this.last = now;
    const utilisation = performance.eventLoopUtilization();
    this.busy = performance.eventLoopUtilization(utilisation, this.utilisation).utilization;
    this.utilisation = utilisation;
    for (const listener of this.listeners) listener({ delayMs: this.delayMs, minDelayMs: this.minDelayMs, busy: this.busy });
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
  /** Whether the loop's delay has been sustained long enough for requests to be refused on it. */
  readonly shedding: boolean;
  /** Requests refused so far, by reason. */
  readonly shed: { event_loop_delay: number; in_flight: number };
}

export interface OverloadOptions {
  /** The target delay; 0 turns this signal off. */
  eventLoopDelayMs: number;
  /** How long the smallest delay must stay above the target before requests are refused, and below it before they stop being. */
  intervalMs: number;
  /** 0 turns this signal off. */
  maxInFlight: number;
}

/** Where the decision to shed stands: CoDel's "above the target since", and "calm since" to stop. */
export interface Sustained {
  shedding: boolean;
  /** When the first sample of the current run above the target was taken (0: the last one was not). */
  aboveSince: number;
  /** When the first sample of the current calm run was taken, while shedding (0: none). */
  calmSince: number;
}

/**
 * After a sample taken at `at`: start shedding once every sample over a whole interval was above the
 * target — the loop's smallest delay while the loop was busy, or the quickest answer to an API
 * request (receipt to answer: requests waiting for their turn, for a connection or a lock; one quick
 * answer shows the queue is short) — where the first such sample only starts the clock, so one long
 * turn never starts it; stop once every sample over an interval was calm: both under the target,
 * every request admitted and none refused.
 */
export function nextSustained(
  state: Sustained,
  sample: Sample & { quickestAnswerMs?: number; at: number; admitted: number; refused: number },
  targetMs: number,
  intervalMs: number,
): Sustained {
  const loopAbove = sample.minDelayMs > targetMs && sample.busy >= BUSY;
  const answersAbove = sample.quickestAnswerMs !== undefined && sample.quickestAnswerMs > targetMs;
  if (!state.shedding) {
    if (!loopAbove && !answersAbove) return { shedding: false, aboveSince: 0, calmSince: 0 };
    if (state.aboveSince === 0) return { shedding: false, aboveSince: sample.at, calmSince: 0 };
    return sample.at - state.aboveSince >= intervalMs ? { shedding: true, aboveSince: 0, calmSince: 0 } : state;
  }
  const calm = sample.minDelayMs <= targetMs && !answersAbove && sample.admitted >= 1 && sample.refused === 0;
  if (!calm) return { shedding: true, aboveSince: 0, calmSince: 0 };
  if (state.calmSince === 0) return { shedding: true, aboveSince: 0, calmSince: sample.at };
  return sample.at - state.calmSince >= intervalMs ? { shedding: false, aboveSince: 0, calmSince: 0 } : state;
}

/** The share of requests to admit after a sample, while shedding. */
export function nextAdmitted(admitted: number, sample: Pick<Sample, 'delayMs' | 'busy'>, targetMs: number): number {
  if (sample.delayMs > targetMs && sample.busy >= BUSY) {
    const share = admitted * Math.min(0.9, targetMs / sample.delayMs);
    return share < 0.01 ? 0 : share; // far over the target: refuse everything for a sample
  }
  return Math.min(1, admitted * 1.25 + 0.02);
}

/** The answer to a refused request, serialised once per Retry-After value (1–3 s). */
const REFUSALS = [1, 2, 3].map((seconds) => ({
  retryAfter: String(seconds),
  body: Buffer.from(
    JSON.stringify({ payload: null, message: `the server is overloaded; retry in ${seconds} s`, code: 'service_unavailable', time: '0ms' }),
  ),
}));

/** The path as the router sees it: query ignored, leading slashes collapsed (rewriteUrl), a trailing slash ignored. */
function isExempt(url: string): boolean {
  let end = url.indexOf('?');
  if (end < 0) end = url.length;
  let start = 0;
  while (start < end - 1 && url.charCodeAt(start + 1) === 47) start += 1;
  if (end - start > 1 && url.charCodeAt(end - 1) === 47) end -= 1;
  const path = url.slice(start, end);
  // The console's page and files: refusing them breaks the page (a stylesheet that never loads), and
  // they are static, served from memory-mapped disk; its API calls are shed like any other.
  return EXEMPT.has(path) || path === CONSOLE || path.startsWith(`${CONSOLE}/`);
}

/** Set on a request the shedder has admitted, so the fallback hook does not decide twice. */
const ADMITTED = Symbol('rapport.overload.admitted');
type Marked = IncomingMessage & { [ADMITTED]?: true };
/** When an admitted request was received (performance.now()), on its response. */
const RECEIVED = Symbol('rapport.overload.received');
/** On the response of an admitted request that is not a probe nor the console's files: its time counts as a sojourn. */
const COUNTED = Symbol('rapport.overload.counted');
type Timed = ServerResponse & { [RECEIVED]?: number; [COUNTED]?: true };


/** Told of every admitted request once its answer is sent or its connection died: seconds since it was received. */
export type AnsweredListener = (response: ServerResponse, seconds: number) => void;

/** The shedding decision and the refusal, on the raw request and response. One per app. */
export class LoadShedder {
  private readonly loop: EventLoopMonitor;
  // Start of the loop turn whose requests are being handled (0: none yet), its budget in ms, and
  // when the budget ran out (0: not yet); reset once the turn's I/O is done.
  private turnStart = 0;
  private turnBudget = 0;
  private spentAt = 0;
  /** Time recent turns went on past their budget: rises at once, halves with every turn. */
  private tailMs = 0;
  /** Past-budget time and turns since the last sample. */
  private sampleTail = 0;
  private sampleTurns = 0;
  private readonly endTurn = () => {
    const tail = this.spentAt > 0 ? performance.now() - this.spentAt : 0;
    this.tailMs = tail > this.tailMs ? tail : (this.tailMs + tail) / 2;
    this.sampleTail += tail;
    this.sampleTurns += 1;
    this.turnStart = 0;
    this.spentAt = 0;
  };
  /** The response's 'close' listener (one function for every request: `this` is the response). */
  private readonly done: (this: ServerResponse) => void;
  private readonly answered: { listener?: AnsweredListener } = {};
  readonly state: { inFlight: number; admitted: number; shedding: boolean; readonly eventLoopDelayMs: number; shed: LoadState['shed'] };
  private sustained: Sustained = { shedding: false, aboveSince: 0, calmSince: 0 };
  /** Requests refused on the loop's delay since the last sample. */
  private sampleRefused = 0;
  /** The quickest answer (receipt to answer, ms) of the API's requests since the last sample, and how many were answered. */
  private readonly answers = { quickestMs: Infinity, count: 0 };
  /** Requests received in the current turn of the loop. */
  private turnRequests = 0;
  /** The most requests in flight since the last sample. */
  private sampleMaxInFlight = 0;

  constructor(readonly options: OverloadOptions) {
    monitor ??= new EventLoopMonitor();
    const loop = (this.loop = monitor);
    this.state = {
      inFlight: 0,
      admitted: 1,
      shedding: false,
      get eventLoopDelayMs() {
        return loop.delayMs;
      },
      shed: { event_loop_delay: 0, in_flight: 0 },
    };
    const { state, answered, answers } = this;
    this.done = function (this: Timed) {
      state.inFlight -= 1;
      const received = this[RECEIVED];
      if (received === undefined) return;
      const ms = performance.now() - received;
      if (this[COUNTED] === true) {
        if (ms < answers.quickestMs) answers.quickestMs = ms;
        answers.count += 1;
      }
      if (answered.listener) answered.listener(this, ms / 1000);
    };
  }

  /** For the metrics: the per-route tally counts answers here rather than in a hook stage of its own. */
  onAnswered(listener: AnsweredListener): void {
    this.answered.listener = listener;
  }

  /** Starts following the event loop (once the app is ready); returns how to stop. */
  follow(): () => void {
    if (this.options.eventLoopDelayMs <= 0) return () => {};
    const listener = (sample: Sample) => {
      const tail = this.sampleTurns > 0 ? this.sampleTail / this.sampleTurns : 0;
      this.sampleTail = 0;
      this.sampleTurns = 0;
      const refused = this.sampleRefused;
      this.sampleRefused = 0;
      // Answers tell of a queue only when more requests were in flight than a bounded client may hold.
      const queued = this.sampleMaxInFlight > MIN_IN_FLIGHT;
      this.sampleMaxInFlight = this.state.inFlight;
      const quickestAnswerMs = queued && this.answers.count > 0 ? this.answers.quickestMs : undefined;
      this.answers.quickestMs = Infinity;
      this.answers.count = 0;
      const target = this.options.eventLoopDelayMs;
      this.sustained = nextSustained(
        this.sustained,
        { ...sample, quickestAnswerMs, at: performance.now(), admitted: this.state.admitted, refused },
        target,
        this.options.intervalMs,
      );
      this.state.shedding = this.sustained.shedding;
      // The delay of the requests served: the time turns spent refusing is left out, because
      // admitting fewer would not shorten it (a refused client may ask again at once).
      const served = { delayMs: Math.max(0, sample.delayMs - tail, quickestAnswerMs ?? 0), busy: Math.max(sample.busy, quickestAnswerMs === undefined ? 0 : 1) };
      this.state.admitted = this.sustained.shedding ? nextAdmitted(this.state.admitted, served, target) : 1;
    };
    this.loop.restart();
    this.loop.listeners.add(listener);
    return () => this.loop.listeners.delete(listener);
  }

  /**
   * Counts the request in flight until its answer is sent (or its connection dies). When this
   * process is overloaded, answers it at once with the 503 envelope and returns true; the request's
   * body, if any, is discarded by Node once the answer is sent, and the connection stays usable.
   */
  refuse(request: IncomingMessage, response: ServerResponse): boolean {
    const { options, state } = this;
    state.inFlight += 1;
    if (state.inFlight > this.sampleMaxInFlight) this.sampleMaxInFlight = state.inFlight;
    // 'close' fires once the answer is sent or the connection died, whichever comes first.
    response.once('close', this.done);
    let reason: keyof LoadState['shed'] | undefined;
    const now = performance.now();
    if (this.turnStart === 0) {
      this.turnStart = now;
      this.turnRequests = 0;
      this.turnBudget = Math.max(options.eventLoopDelayMs / 2, options.eventLoopDelayMs - this.tailMs);
      setImmediate(this.endTurn);
    }
    this.turnRequests += 1;
    if (Math.max(state.inFlight, this.turnRequests) <= MIN_IN_FLIGHT) reason = undefined;
    else if (options.maxInFlight > 0 && state.inFlight > options.maxInFlight) reason = 'in_flight';
    else if (options.eventLoopDelayMs > 0) {
      if (!state.shedding && this.turnRequests > MIN_IN_FLIGHT && now - this.turnStart > options.intervalMs) {
        // This turn alone has held the loop for the whole interval, reading request after request: sustained.
        this.sustained = { shedding: true, aboveSince: 0, calmSince: 0 };
        state.shedding = true;
      }
      if (state.shedding) {
        if (now - this.turnStart > this.turnBudget) {
          if (this.spentAt === 0) this.spentAt = now;
          reason = 'event_loop_delay';
        } else if (state.admitted < 1 && Math.random() >= state.admitted) reason = 'event_loop_delay';
      }
    }
    const exempt = isExempt(request.url ?? '/');
    if (reason === undefined || exempt) {
      (request as Marked)[ADMITTED] = true;
      (response as Timed)[RECEIVED] = performance.now();
      if (!exempt) (response as Timed)[COUNTED] = true;
      return false;
    }
    state.shed[reason] += 1;
    if (reason === 'event_loop_delay') this.sampleRefused += 1;
    const refusal = REFUSALS[Math.floor(Math.random() * REFUSALS.length)]!;
    response.writeHead(503, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': refusal.body.length,
      'retry-after': refusal.retryAfter,
      'x-request-id': requestId(request),
    });
    response.end(refusal.body);
    return true;
  }

  /** Fastify's `serverFactory`: the HTTP/1 server Fastify would build, with the decision in front of it. */
  readonly serverFactory: FastifyServerFactory = (handler, fastifyOptions) => {
    const settings = fastifyOptions as { http?: http.ServerOptions; keepAliveTimeout: number; requestTimeout: number; connectionTimeout: number; maxRequestsPerSocket?: number };
    const server = http.createServer(settings.http ?? {}, (request, response) => {
      if (!this.refuse(request, response)) handler(request, response);
    });
    // as Fastify sets up its own server
    server.keepAliveTimeout = settings.keepAliveTimeout;
    server.requestTimeout = settings.requestTimeout;
    server.setTimeout(settings.connectionTimeout);
    if ((settings.maxRequestsPerSocket ?? 0) > 0) server.maxRequestsPerSocket = settings.maxRequestsPerSocket!;
    return server;
  };
}

/**
 * The app's side of load shedding: following the event loop while the app runs, a summary warning
 * while requests are refused, and `admit`, the same decision for requests that reach the app
 * without passing its server (app.inject in tests), for the first hook on the root to call.
 */
export function registerOverloadProtection(app: FastifyInstance, shedder: LoadShedder): { state: LoadState; admit: Admit } {
  const { state } = shedder;
  let stopFollowing = () => {};
  let reported = { ...state.shed };
  const report = () => {
    const refused = { event_loop_delay: state.shed.event_loop_delay - reported.event_loop_delay, in_flight: state.shed.in_flight - reported.in_flight };
    if (refused.event_loop_delay + refused.in_flight === 0) return;
    reported = { ...state.shed };
    app.log.warn(
      { refused, inFlight: state.inFlight, eventLoopDelayMs: Math.round(state.eventLoopDelayMs), shedding: state.shedding, admitted: Number(state.admitted.toFixed(2)) },
      `overloaded: ${refused.event_loop_delay + refused.in_flight} requests refused with 503 in the last ${REPORT_MS / 1000} s`,
    );
  };
  let reporter: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    stopFollowing = shedder.follow();
    reporter = setInterval(report, REPORT_MS).unref();
  });
  app.addHook('onClose', async () => {
    stopFollowing();
    clearInterval(reporter);
  });
  const admit: Admit = (request, reply) => {
    if ((request.raw as Marked)[ADMITTED] === true) return true;
    if (!shedder.refuse(request.raw, reply.raw)) return true;
    reply.hijack(); // answered on the raw response
    return false;
  };
  return { state, admit };
}

/** False when the request was refused and answered; the hook must then stop without calling `done`. */
export type Admit = (request: FastifyRequest, reply: FastifyReply) => boolean;
