import type { Kysely } from 'kysely';

// Failed sign-ins (T2: per e-mail and per address; U13: per club member), one row per failure, read
// by every process so that a limit holds across all of them. `scope` says which limit a row counts
// for and `subject` whom it counts (an e-mail, an address, `<account>:<user>`); `failed_at` is Unix
// milliseconds. No foreign key: rows outlive nothing they name and are swept after their window.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sign_in_failures')
    .addColumn('scope', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('failed_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sign_in_failures_subject').on('sign_in_failures').columns(['scope', 'subject', 'failed_at']).execute();
  await db.schema.createIndex('sign_in_failures_failed_at').on('sign_in_failures').column('failed_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sign_in_failures').execute();
}
