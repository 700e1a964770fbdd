import type { Kysely } from 'kysely';

// One row per one-time action that several processes might race to do (the first account on an
// empty database): the primary key lets exactly one of them claim it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('one_time_claims')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('claimed_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('one_time_claims').execute();
}
