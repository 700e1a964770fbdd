import type { Kysely } from 'kysely';
import { retryOnConflict } from './errors.js';
import type { DB } from './types.js';
import { WriteBatcher } from './write-batcher.js';

/**
 * Runs work in one transaction with repositories bound to it. Services receive a Transactor typed
 * with just the repositories they use; the composition root (src/services.ts) makes the one that
 * binds every repository.
 */
export interface Transactor<R> {
  run<T>(work: (repositories: R) => Promise<T>): Promise<T>;
}

export function transactor<R>(db: Kysely<DB>, bind: (db: Kysely<DB>) => R): Transactor<R> {
  return { run: (work) => retryOnConflict(() => db.transaction().execute((trx) => work(bind(trx)))) };
}

/**
 * Group commit (db/write-batcher.ts) over repositories: `write` gets repositories bound to the
 * shared transaction (inTransaction true), or to the database when an item is written alone;
 * `finish` gets the shared transaction's repositories after its items, before it commits.
 */
export type GroupCommit<R> = <T, O>(
  write: (repositories: R, item: T, inTransaction: boolean) => Promise<O>,
  options?: { maxBatch?: number; finish?: (repositories: R) => Promise<void> },
) => { submit(item: T): Promise<O> };

export function groupCommit<R>(db: Kysely<DB>, bind: (db: Kysely<DB>) => R): GroupCommit<R> {
  type Target = { repositories: R; inTransaction: boolean };
  return (write, options = {}) =>
    new WriteBatcher(
      db,
      ({ repositories, inTransaction }: Target, item) => write(repositories, item, inTransaction),
      options.maxBatch,
      (target) => ({ repositories: bind(target as Kysely<DB>), inTransaction: target.isTransaction }),
      options.finish && (({ repositories }: Target) => options.finish!(repositories)),
    );
}
