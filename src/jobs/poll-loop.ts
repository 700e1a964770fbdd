/**
 * A background loop of one process: `pass` runs every `pollMs`, and at once when woken; passes never
 * overlap (a wake during a pass runs another pass after it). Stopping waits for the pass under way.
 */
export class PollLoop {
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  private stopped = false;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly pollMs: number,
    private readonly pass: () => Promise<void>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** True once stop() was called: a pass checks it between units of work. */
  get stopping(): boolean {
    return this.stopped;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.stopped = false;
    this.timer = setInterval(() => void this.runOnce(), this.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Runs soon instead of at the next poll. */
  wake(): void {
    if (!this.started || this.stopped) return;
    setImmediate(() => void this.runOnce());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.started = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Runs a pass (or joins the one under way, then runs another); resolves when it is done. */
  runOnce(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await this.pass();
        } catch (error) {
          this.onError(error);
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }
}
