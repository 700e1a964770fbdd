import { PollLoop } from './poll-loop.js';

/**
 * A background worker of one process driven by its own PollLoop: start, wake, stop and runOnce act
 * on the loop; the subclass writes the pass, and checks `stopping` between units of work.
 */
export abstract class PollingWorker {
  private readonly loop: PollLoop;

  constructor(pollMs: number, onError: (error: unknown) => void) {
    this.loop = new PollLoop(pollMs, () => this.pass(), onError);
  }

  protected abstract pass(): Promise<void>;

  protected get stopping(): boolean {
    return this.loop.stopping;
  }

  start(): void {
    this.loop.start();
  }

  /** Runs soon instead of at the next poll. */
  wake(): void {
    this.loop.wake();
  }

  /** Stops polling and waits for the pass under way. */
  async stop(): Promise<void> {
    await this.loop.stop();
  }

  /** Runs a pass (or joins the one under way, then runs another); resolves when it is done. */
  runOnce(): Promise<void> {
    return this.loop.runOnce();
  }
}
