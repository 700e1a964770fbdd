/**
 * Group commit for one multi-row statement: items submitted while the previous statement runs (or
 * within the same tick) are written together by the next one, so under load a keyed request costs
 * a share of a statement rather than a statement of its own (WriteBatcher, next door, shares a
 * transaction but still runs a statement per item). `run` gets the items and returns one result
 * per item, in order. If a statement of several items fails, each is run alone, so one bad item
 * never fails its neighbours.
 */
export class StatementBatcher<T, R> {
  private queue: Array<{ item: T; resolve: (value: R) => void; reject: (error: unknown) => void }> = [];
  private scheduled = false;
  private writing = false;

  constructor(
    private readonly run: (items: T[]) => Promise<R[]>,
    private readonly maxBatch = 200,
  ) {}

  submit(item: T): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.writing) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    if (this.writing || this.queue.length === 0) return;
    this.writing = true;
    const batch = this.queue.splice(0, this.maxBatch);
    try {
      let results: R[] | undefined;
      try {
        results = await this.run(batch.map((entry) => entry.item));
      } catch (error) {
        if (batch.length === 1) batch[0]!.reject(error);
      }
      if (results) batch.forEach((entry, i) => entry.resolve(results[i]!));
      else if (batch.length > 1) {
        for (const entry of batch) {
          try {
            entry.resolve((await this.run([entry.item]))[0]!);
          } catch (error) {
            entry.reject(error);
          }
        }
      }
    } finally {
      this.writing = false;
      if (this.queue.length > 0) this.schedule();
    }
  }
}
