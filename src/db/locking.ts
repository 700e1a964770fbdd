import type { Kysely, SelectQueryBuilder } from 'kysely';
import { isPostgres } from './schema-helpers.js';

/**
 * Claiming rows for one worker among several processes. On PostgreSQL the candidate rows are
 * locked with FOR UPDATE SKIP LOCKED, so a second process passes over them instead of waiting. On
 * SQLite a write transaction already excludes every other writer, so the plain select is enough;
 * the conditional UPDATE that follows is the claim on both.
 */
export function skipLocked<DB, TB extends keyof DB, O>(
  db: Kysely<any>,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return isPostgres(db) ? query.forUpdate().skipLocked() : query;
}

/**
 * Locks the selected rows until the caller's transaction ends, so a read-then-write on them cannot
 * interleave with another process's (PostgreSQL FOR UPDATE). On SQLite the transaction already holds
 * the only connection, so the plain select is enough.
 */
export function lockedForUpdate<DB, TB extends keyof DB, O>(
  db: Kysely<any>,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return isPostgres(db) ? query.forUpdate() : query;
}

/**
 * lockedForUpdate for rows about to be updated in non-key columns only (PostgreSQL FOR NO KEY
 * UPDATE): it does not conflict with the key-share locks that inserts referencing those rows take
 * (a purchase or ledger entry naming its user), so an insert earlier in the same transaction, by
 * this caller or another, cannot turn the lock into a deadlock.
 */
export function lockedForNoKeyUpdate<DB, TB extends keyof DB, O>(
  db: Kysely<any>,
  query: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return isPostgres(db) ? query.forNoKeyUpdate() : query;
}
