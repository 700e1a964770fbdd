import { type Kysely, sql } from 'kysely';

// A list's size without counting it: `count(*)` of a million-entry list held SQLite's only
// connection 107-120 ms (every other request waiting) for each listing's `total` and each dry run.
// An upload's generation is written once and never changes afterwards (purges only delete retired
// generations), so the number of entries it added is recorded when it goes live, and a list's size
// is the sum over its live generations — plus the entries of generation 0 (written before migration
// 0008, or straight into the table), still counted, while it is live.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('blacklist_generations')
    .addColumn('entries', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db
    .updateTable('blacklist_generations')
    .set({
      entries: sql`(select count(*) from blacklist_entries e
        where e.account_id = blacklist_generations.account_id and e.list = blacklist_generations.list
          and e.generation = blacklist_generations.generation)`,
    })
    .where('generation', '<>', 0)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('blacklist_generations').dropColumn('entries').execute();
}
