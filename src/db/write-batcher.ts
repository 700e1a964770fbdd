import type { Kysely } from 'kysely';
import { StatementBatcher } from './statement-batcher.js';
import { retryOnConflict } from './errors.js';

/**
 * Group commit: writes submitted while another batch is being written (or within the same tick)
 * are committed together in one transaction. Each caller still gets its answer only after its own
 * row is committed; under concurrency this replaces dozens of commits by one. If a batch fails,
 * its items are retried one by one so one bad row never fails its neighbours (StatementBatcher's
 * queue and retry; here a batch is a transaction with a statement per item). `open` makes what a
 * write gets from its target (the shared transaction, or the database for an item alone) once per
 * batch, so the items of a batch share it (repositories, and what they keep for the transaction);
 * `finish` runs once in a shared transaction, after its items and before it commits (what the
 * items staged for one statement: the webhook outbox's messages).
 */
export class WriteBatcher<T, R, C = Kysely<any>> extends StatementBatcher<T, R> {
  constructor(
    db: Kysely<any>,
    write: (target: C, item: T) => Promise<R>,
    maxBatch = 256,
    open: (target: Kysely<any>) => C = (target) => target as C,
    finish?: (target: C) => Promise<void>,
  ) {
    super(async (items) => {
      if (items.length === 1) return [await write(open(db), items[0]!)];
      return retryOnConflict(() =>
        db.transaction().execute(async (trx) => {
          const target = open(trx);
          const out: R[] = [];
          for (const item of items) out.push(await write(target, item));
          await finish?.(target);
          return out;
        }),
      );
    }, maxBatch);
  }
}
