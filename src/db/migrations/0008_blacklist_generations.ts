import type { Kysely } from 'kysely';

// Blacklist changes in short steps instead of one long transaction, so that reads never wait behind it. Each entry
// belongs to a generation of its list: an upload writes its entries into a new generation, invisible
// until one tiny transaction makes it live (and, for delete-create, retires the generations that
// were live); retired generations are deleted afterwards in steps by the background worker.
//
// blacklist_generations records every generation that is not simply live: `writing` (an upload
// applying it), `retired` (waiting to be purged) — and `live` for those an upload made live, so
// the next replacement can retire them. Readers see the entries whose generation is not hidden
// (writing or retired); entries of generation 0 (every entry written before this migration, or
// straight into the table) are live unless generation 0 has been retired.
//
// blacklist_locks gains a lease: an apply now spans many transactions, so the row lock alone can no
// longer keep two changes of one list apart; `holder` owns the list until `held_until`.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('blacklist_entries')
    .addColumn('generation', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  // The same value appears in the live generation and in the one replacing it.
  await db.schema.dropIndex('blacklist_entries_value').execute();
  await db.schema
    .createIndex('blacklist_entries_value_generation')
    .on('blacklist_entries')
    .columns(['account_id', 'list', 'value', 'generation'])
    .unique()
    .execute();
  // Generation first: the purge finds a generation's rows by it, and no planner takes it for the
  // (account_id, list) prefix of a lookup by value (PostgreSQL without statistics on a fresh staging
  // table did, and scanned the whole list once per staged line).
  await db.schema.createIndex('blacklist_entries_generation').on('blacklist_entries').columns(['generation', 'account_id', 'list']).execute();

  await db.schema
    .createTable('blacklist_generations')
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('list', 'text', (col) => col.notNull())
    .addColumn('generation', 'integer', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('blacklist_generations_pk', ['account_id', 'list', 'generation'])
    .execute();
  await db.schema.createIndex('blacklist_generations_state').on('blacklist_generations').columns(['state', 'account_id', 'list']).execute();

  await db.schema.alterTable('blacklist_locks').addColumn('holder', 'text').execute();
  await db.schema.alterTable('blacklist_locks').addColumn('held_until', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blacklist_locks').dropColumn('held_until').execute();
  await db.schema.alterTable('blacklist_locks').dropColumn('holder').execute();
  await db.schema.dropTable('blacklist_generations').execute();
  await db.schema.dropIndex('blacklist_entries_generation').execute();
  await db.schema.dropIndex('blacklist_entries_value_generation').execute();
  await db.schema.createIndex('blacklist_entries_value').on('blacklist_entries').columns(['account_id', 'list', 'value']).unique().execute();
  await db.schema.alterTable('blacklist_entries').dropColumn('generation').execute();
}
