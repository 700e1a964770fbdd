import type { Kysely } from 'kysely';

// D6: the answers kept for Idempotency-Key retries, one row per account and key. A request claims
// its key with one insert (the primary key makes two claims of one key impossible, across every
// process), runs, then writes its answer into the row. Times are Unix milliseconds; `expires_at`
// (claim + 24 h) is what the sweep reads. No foreign key, as for rate_limits: the row is written by
// keyed requests on the hot path and holds no reference a reader follows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('account_id', 'integer', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('path_hash', 'text', (col) => col.notNull())
    .addColumn('body_hash', 'text', (col) => col.notNull())
    .addColumn('claim', 'text', (col) => col.notNull())
    .addColumn('claimed_at', 'bigint', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .addColumn('status', 'integer')
    .addColumn('body', 'text')
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['account_id', 'key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_expires_at').on('idempotency_keys').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
