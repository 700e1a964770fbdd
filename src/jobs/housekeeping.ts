/**
 * Periodic upkeep that every process does for itself, whatever WORKER_ENABLED says (a module's own
 * housekeeping, registered where the app is composed). `start` runs each task once and waits for
 * it, so the process begins clean; then each runs every `everyMs`, one run at a time.
 */
export interface HousekeepingTask {
  name: string;
  everyMs: number;
  /** `first` is the run at start-up. */
  run(first: boolean): Promise<unknown>;
}

export class Housekeeping {
  private readonly timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly tasks: HousekeepingTask[],
    private readonly onError: (task: HousekeepingTask, error: unknown) => void,
  ) {}

  async start(): Promise<void> {
    for (const task of this.tasks) {
      await task.run(true).catch((error: unknown) => this.onError(task, error));
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        task
          .run(false)
          .catch((error: unknown) => this.onError(task, error))
          .finally(() => (running = false));
      }, task.everyMs);
      timer.unref();
      this.timers.push(timer);
    }
  }

  stop(): void {
    for (const timer of this.timers.splice(0)) clearInterval(timer);
  }
}
