import type { Kysely } from 'kysely';

/**
 * Group commit: writes submitted while another batch is being written (or within the same tick)
 * are committed together in one transaction. Each caller still gets its answer only after its own
 * row is committed; under concurrency this replaces dozens of commits by one. If a batch fails,
 * its items are retried one by one so one bad row never fails its neighbours.
 */
export class WriteBatcher<T, R> {
  private queue: Array<{ item: T; resolve: (value: R) => void; reject: (error: unknown) => void }> = [];
  private scheduled = false;
  private writing = false;

  constructor(
    private readonly db: Kysely<any>,
    private readonly write: (trx: Kysely<any>, item: T) => Promise<R>,
    private readonly maxBatch = 256,
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
      if (batch.length === 1) {
        const [only] = batch;
        try {
          only!.resolve(await this.write(this.db, only!.item));
        } catch (error) {
          only!.reject(error);
        }
      } else {
        let results: R[] | undefined;
        try {
          results = await this.db.transaction().execute(async (trx) => {
            const out: R[] = [];
            for (const entry of batch) out.push(await this.write(trx, entry.item));
            return out;
          });
        } catch {
          results = undefined;
        }
        if (results) {
          batch.forEach((entry, i) => entry.resolve(results[i]!));
        } else {
          for (const entry of batch) {
            try {
              entry.resolve(await this.write(this.db, entry.item));
            } catch (error) {
              entry.reject(error);
            }
          }
        }
      }
    } finally {
      this.writing = false;
      if (this.queue.length > 0) this.schedule();
    }
  }
}
