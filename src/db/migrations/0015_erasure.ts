import type { Kysely } from 'kysely';

// Erasure of customers (D1–D4, docs/privacy.md).
//
// - erasure_members: the members of a segment frozen when a bulk erasure (D4) is accepted, one row
//   per customer still to erase, under the erasure's own id (a UUID in the request's params: a
//   step is told its params, not its request's id). The background steps erase a few dozen at a
//   time and delete their rows in the same transaction, so a step that commits is never repeated
//   and a crash loses nothing. Erasing a customer by any route also deletes the customer's rows here.
// - Indexes on the columns that refer to users. Deleting a user makes both databases look for the
//   rows whose foreign keys point at it; the indexes these tables had all lead with account_id,
//   which SQLite's foreign-key check cannot use (a scan of the whole table for every deleted user:
//   156 ms per customer with 1M user events) and PostgreSQL's can only scan whole. user_id is
//   unique across accounts, so the index on user_events, the hottest table, replaces the one on
//   (account_id, user_id, datetime) instead of adding a fifth; points_transactions' (account_id,
//   user_id) was a prefix of another index and is replaced too.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('erasure_members')
    .addColumn('erasure_id', 'text', (col) => col.notNull())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('erasure_members_pk', ['erasure_id', 'user_id'])
    .execute();
  await db.schema.createIndex('erasure_members_user_id').on('erasure_members').column('user_id').execute();

  await db.schema.dropIndex('user_events_account_user_datetime').execute();
  await db.schema.createIndex('user_events_user_datetime').on('user_events').columns(['user_id', 'datetime']).execute();
  await db.schema.dropIndex('points_transactions_user').execute();
  await db.schema.createIndex('points_transactions_user_id').on('points_transactions').column('user_id').execute();
  for (const table of ['purchases', 'coupons', 'abandoned_carts', 'family_members']) {
    await db.schema.createIndex(`${table}_user_id`).on(table).column('user_id').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['purchases', 'coupons', 'abandoned_carts', 'family_members']) {
    await db.schema.dropIndex(`${table}_user_id`).execute();
  }
  await db.schema.dropIndex('points_transactions_user_id').execute();
  await db.schema.createIndex('points_transactions_user').on('points_transactions').columns(['account_id', 'user_id']).execute();
  await db.schema.dropIndex('user_events_user_datetime').execute();
  await db.schema
    .createIndex('user_events_account_user_datetime')
    .on('user_events')
    .columns(['account_id', 'user_id', 'datetime'])
    .execute();
  await db.schema.dropTable('erasure_members').execute();
}
