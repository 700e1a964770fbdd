import type { Kysely } from 'kysely';

// D5: each account's retention of user events: a default (`user_events_days`, null: kept forever)
// and per event name (`by_event`, the JSON map as the API takes it; names, not ids, so a rule
// outlives its event being deleted and created again). `due_at` is when the next run is due: the
// process that moves it forward with one conditional update is the one that starts the run (a
// background request, so its progress, lease and result live in `requests` like any other).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('retention_settings')
    .addColumn('account_id', 'integer', (col) => col.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('user_events_days', 'integer')
    .addColumn('by_event', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('due_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('retention_settings_due_at').on('retention_settings').column('due_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('retention_settings').execute();
}
