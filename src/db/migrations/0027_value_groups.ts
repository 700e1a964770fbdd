import type { Kysely } from 'kysely';

// Value groups (U14; docs/value-groups.md).
//
// - value_scores: the account's current snapshot, one row per scored customer. A refresh deletes the
//   account's rows and inserts the new ones with one insert…select in one transaction (together with
//   its value_snapshots row), so a reader sees the old snapshot or the new one, never a mix. The
//   primary key (account_id, user_id) makes GET /users/{id}/value a point read; the customer's rows
//   go with the customer (FK cascade: an erasure deletes them with the profile).
//   `total_units` is the customer's 365-day total in 1/10,000 units (the revenue of the overview).
// - value_snapshots: per account, when its current snapshot was computed and by which refresh
//   (`run`: the refresh's own key, so a refresh resumed after a crash knows its work is done).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('value_scores')
    .addColumn('account_id', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recency', 'integer', (col) => col.notNull())
    .addColumn('frequency', 'integer', (col) => col.notNull())
    .addColumn('monetary', 'integer', (col) => col.notNull())
    .addColumn('value_group', 'text', (col) => col.notNull())
    .addColumn('total_units', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('value_scores_pk', ['account_id', 'user_id'])
    .execute();
  // The cascade from users finds a customer's row by user_id alone.
  await db.schema.createIndex('value_scores_user').on('value_scores').columns(['user_id']).execute();

  await db.schema
    .createTable('value_snapshots')
    .addColumn('account_id', 'integer', (col) => col.primaryKey())
    .addColumn('computed_at', 'text', (col) => col.notNull())
    .addColumn('run', 'text', (col) => col.notNull())
    .addColumn('scored', 'integer', (col) => col.notNull())
    // The daily refresh: due at this time (claimed by one process, as retention runs are).
    .addColumn('due_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('value_snapshots_due').on('value_snapshots').columns(['due_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('value_snapshots').execute();
  await db.schema.dropTable('value_scores').execute();
}
