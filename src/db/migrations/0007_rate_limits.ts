import type { Kysely } from 'kysely';

// O5: the per-account request budget shared by every process on one database. One row per account
// per fixed window (window_start: Unix seconds), counted with one atomic upsert. No foreign key:
// the row is written on every counted request and an account is never deleted under it; old
// windows are deleted by the processes themselves.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('account_id', 'integer', (col) => col.notNull())
    .addColumn('window_start', 'bigint', (col) => col.notNull())
    .addColumn('hits', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('rate_limits_pkey', ['account_id', 'window_start'])
    .execute();
  await db.schema.createIndex('rate_limits_window_start').on('rate_limits').column('window_start').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
