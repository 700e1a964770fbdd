import { monitorEventLoopDelay, performance } from 'node:perf_hooks';

const RESOLUTION_MS = 10;

/**
 * Delivery yields to the API it shares a process with. Attempts may start at a rate per window
 * (`windowMs`) that follows the event loop's delay, as TCP's congestion window follows loss
 * (additive increase, multiplicative decrease): a window whose mean delay was above `targetMs`
 * halves the rate, one under it adds `step`. A turn of the loop spent on webhooks is a turn every
 * API request waits for; so a deliverer alone soon runs as fast as the loop allows, and one beside
 * busy API traffic leaves the loop to it. The rate paces starts, not attempts in flight: an attempt
 * waiting on a slow receiver costs the loop nothing and holds no share of the rate.
 */
export class LoopPacing {
  private readonly histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private rate: number;
  private left: number;
  private windowStart = performance.now();

  constructor(
    private readonly options: { targetMs: number; windowMs: number; minRate: number; step: number; initialRate: number } = {
      targetMs: 3,
      windowMs: 100,
      // A floor of 250 starts a second: under API traffic that keeps the loop's delay above target,
      // delivery still outruns what such traffic produces (1,000 writes a second with 20 live
      // segments made 180 messages a second; at the old floor of 50 the backlog grew to 23 s).
      minRate: 25,
      step: 10,
      initialRate: 100,
    },
  ) {
    this.rate = options.initialRate;
    this.left = this.rate;
    this.histogram.enable();
  }

  /** Attempts that may start now. */
  available(): number {
    const now = performance.now();
    if (now - this.windowStart >= this.options.windowMs) {
      const delay = this.histogram.count > 0 ? Math.max(0, this.histogram.mean / 1e6 - RESOLUTION_MS) : 0;
      // Only a window that used its rate may raise it: a quiet outbox says nothing of the loop.
      if (delay > this.options.targetMs) this.rate = Math.max(this.options.minRate, Math.floor(this.rate / 2));
      else if (this.left === 0) this.rate += this.options.step;
      this.histogram.reset();
      this.windowStart = now;
      this.left = this.rate;
    }
    return this.left;
  }

  spend(n: number): void {
    this.left = Math.max(0, this.left - n);
  }

  /** Milliseconds until the next window. */
  untilNextWindow(): number {
    return Math.max(1, this.options.windowMs - (performance.now() - this.windowStart));
  }

  stop(): void {
    this.histogram.disable();
  }
}
