import type { FastifyBaseLogger } from 'fastify';
import { PollLoop } from '../../jobs/poll-loop.js';
import type { LiveMembership } from './service.js';

/** How long one pass works before it lets the loop breathe (the next pass follows at once). */
const PASS_BUDGET_MS = 500;

/**
 * SG7's background work in every process that runs the worker: the customer path first (its
 * marks are what "within 5 s of a write" is about), then a step of a due segment's refresh.
 */
export class LiveMembershipLoop {
  private readonly loop: PollLoop;

  constructor(
    private readonly live: LiveMembership,
    pollMs: number,
    log: FastifyBaseLogger,
  ) {
    this.loop = new PollLoop(pollMs, () => this.pass(), (error) => log.error({ err: error }, 'live segments pass failed'));
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** One pass now (tests; the loop's own passes run every pollMs). */
  runOnce(): Promise<void> {
    return this.loop.runOnce();
  }

  private async pass(): Promise<void> {
    const began = performance.now();
    let more = false;
    while (!this.loop.stopping) {
      const taken = await this.live.processDirty();
      if (taken === 0) break;
      // Requests that arrived during the batch are read before the next one takes the database.
      await new Promise((resolve) => setImmediate(resolve));
      if (performance.now() - began >= PASS_BUDGET_MS) {
        more = true;
        break;
      }
    }
    if (!more && !this.loop.stopping) more = await this.live.refreshStep(Math.max(50, PASS_BUDGET_MS - (performance.now() - began)));
    if (more) this.loop.wake();
  }
}
