import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/time.js';
import type { Lookup } from './address-guard.js';
import { PollingWorker } from '../polling-worker.js';
import { pause } from '../stepping.js';
import type { ClaimedMessage, WebhookMessages } from './messages.js';
import { LoopPacing } from './pacing.js';
import { type AttemptOutcome, attemptDelivery } from './sender.js';

/**
 * A pause raced against attempts in flight: when they win, its timer must not keep the process
 * alive until it fires (the poll interval may be long); the attempts themselves keep it alive.
 */
function unrefPause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * Attempts in flight at once in one process. Delivery to a receiver nearby is bound by round trips
 * (on PostgreSQL 32 lanes drained 813 msgs/s, 64 lanes 1,329), and pacing.ts keeps the lanes from
 * taking the event loop from the API.
 */
export const DEFAULT_CONCURRENCY = 64;

export interface DelivererOptions {
  /** The outbox's messages (built by the composition root, src/services.ts). */
  messages: WebhookMessages;
  clock: Clock;
  log: FastifyBaseLogger;
  allowPrivate: boolean;
  timeoutMs: number;
  lookup?: Lookup;
  pollMs: number;
  /** Attempts in flight at once in this process. */
  concurrency?: number;
  /** Longer than the timeout, so a live claim never expires under an attempt. */
  leaseMs?: number;
  id?: string;
}

/** What the webhooks module asks of the deliverer: an attempt now, by hand (W5). */
export interface WebhookSending {
  /** Attempts the message now; undefined when another process holds it at this moment. */
  sendNow(accountId: number, messageRowId: number): Promise<AttemptOutcome | undefined>;
  /** Sends due messages soon instead of at the next poll. */
  wake(): void;
}

/**
 * Sends the webhook outbox (W4) from every process that runs the worker: each process claims a
 * batch of due messages with a lease, sends them a few at a time, and writes each outcome only
 * while it holds the claim, so two processes never send the same attempt.
 */
export class WebhookDeliverer extends PollingWorker implements WebhookSending {
  readonly id: string;
  private readonly messages: WebhookMessages;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly pacing: LoopPacing;

  constructor(private readonly options: DelivererOptions) {
    super(options.pollMs, (error) => options.log.error({ err: error }, 'webhook delivery pass failed'));
    this.id = options.id ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.messages = options.messages;
    this.concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    this.leaseMs = options.leaseMs ?? Math.max(60_000, options.timeoutMs * 3);
    this.pacing = new LoopPacing();
  }

  override async stop(): Promise<void> {
    await super.stop();
    this.pacing.stop();
  }

  /**
   * Sends every due message. Keeps up to `concurrency` attempts in flight, started no faster than the event loop allows
   * (pacing.ts), claiming more as they end (a claim once a few lanes are free, so that its cost is
   * shared), and at most half of them for one endpoint: a receiver that answers only at the timeout holds its share of the lanes, never all of them, so
   * the other endpoints' messages keep going. Resolves when nothing is due and nothing is in flight.
   */
  protected async pass(): Promise<void> {
    const perEndpoint = Math.max(1, Math.floor(this.concurrency / 2));
    const inFlight = new Map<number, number>();
    const failing = new Map<number, Promise<unknown>>();
    const running = new Set<Promise<void>>();
    let ended = Infinity;
    for (;;) {
      let claimed: ClaimedMessage[] = [];
      let claimedNow = false;
      const idle = running.size === 0;
      const allowed = this.pacing.available();
      const claimEvery = Math.max(1, Math.floor(this.concurrency / 4));
      const free = Math.min(this.concurrency - running.size, allowed);
      if (!this.stopping && free > 0 && (ended >= claimEvery || idle)) {
        const now = this.options.clock.now();
        claimed = await this.messages.claimDue(this.id, now, new Date(now.getTime() + this.leaseMs), free, perEndpoint, inFlight);
        this.pacing.spend(claimed.length);
        claimedNow = true;
        ended = claimed.length > 0 ? claimEvery : 0;
      }
      for (const message of claimed) {
        inFlight.set(message.endpointId, (inFlight.get(message.endpointId) ?? 0) + 1);
        // A failing endpoint's messages go one after another: the attempt that disables it (W4)
        // is then the last one it is sent, and the ones claimed with it are handed back unsent.
        const before = message.endpointFailing ? failing.get(message.endpointId) : undefined;
        const sent = before ? before.then(() => this.attemptDue(message)) : this.attemptDue(message);
        if (message.endpointFailing) failing.set(message.endpointId, sent.catch(() => undefined));
        const attempt: Promise<void> = sent
          .then(
            () => undefined,
            (error: unknown) => this.options.log.error({ err: error, messageId: message.messageId }, 'webhook attempt failed to run'),
          )
          .finally(() => {
            running.delete(attempt);
            ended++;
            const left = (inFlight.get(message.endpointId) ?? 1) - 1;
            if (left === 0) inFlight.delete(message.endpointId);
            else inFlight.set(message.endpointId, left);
          });
        running.add(attempt);
      }
      const paced = allowed - claimed.length <= 0;
      if (running.size === 0) {
        // Only a claim made with nothing in flight and finding nothing ends the pass: one made
        // while an endpoint was full may come back empty just as its attempts end.
        if (this.stopping || (idle && claimedNow && claimed.length === 0)) return;
        if (paced) await pause(this.pacing.untilNextWindow());
        continue;
      }
      // Claim again at once while claims find messages and lanes are free; otherwise wait for a
      // lane, for the next window of the pacing, or for the poll interval: messages written
      // meanwhile are due too.
      if (claimed.length === 0 || running.size >= this.concurrency || paced) {
        await Promise.race([...running, unrefPause(paced ? this.pacing.untilNextWindow() : this.options.pollMs)]);
      }
    }
  }

  async sendNow(accountId: number, messageRowId: number): Promise<AttemptOutcome | undefined> {
    const now = this.options.clock.now();
    const message = await this.messages.claimOne(accountId, messageRowId, this.id, now, new Date(now.getTime() + this.leaseMs));
    if (!message) return undefined;
    return this.attempt(message, true);
  }

  /**
   * A due message, unless its endpoint was disabled since the claim (by an attempt, here or in
   * another process, or by hand): it is handed back unsent, still pending, and goes when the
   * endpoint is enabled again. Only an endpoint that was failing can be disabled by an attempt, so
   * only its messages pay for the look (one read by primary key).
   */
  private async attemptDue(message: ClaimedMessage): Promise<AttemptOutcome | undefined> {
    if (message.endpointFailing && !(await this.messages.endpointEnabled(message.endpointId))) {
      await this.messages.release(message, this.id);
      this.options.log.info({ messageId: message.messageId, endpointId: message.endpointId }, 'webhook endpoint disabled since the claim; message handed back unsent');
      return undefined;
    }
    return this.attempt(message, false);
  }

  private async attempt(message: ClaimedMessage, manual: boolean): Promise<AttemptOutcome> {
    const { allowPrivate, timeoutMs, lookup } = this.options;
    const outcome = await attemptDelivery({ url: message.url, secrets: message.secrets, messageId: message.messageId, body: message.body }, { allowPrivate, timeoutMs, lookup }, this.options.clock.now());
    const written = await this.messages.record(message, outcome, this.id, this.options.clock.now(), manual);
    const log = { messageId: message.messageId, endpointId: message.endpointId, attempt: message.attempts + 1, status: outcome.responseStatus, ms: outcome.durationMs };
    if (!written) this.options.log.warn(log, 'webhook attempt made after the claim was lost; outcome not recorded');
    else if (!outcome.succeeded) this.options.log.info({ ...log, error: outcome.error }, 'webhook attempt failed');
    return outcome;
  }
}
