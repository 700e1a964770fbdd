import type { Kysely } from 'kysely';

// Deleting a category makes both databases look up the rows whose foreign keys point at it
// (categories.parent_id, cascade; products.category_id, set null). The existing indexes lead with
// account_id, which SQLite's foreign-key check cannot use and PostgreSQL's can only scan whole: each
// deleted category scanned both tables, so a step of 1,000 deletions held SQLite's writer for over
// 200 ms. Indexes on the key columns themselves make each check one lookup.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('categories_parent_id').on('categories').column('parent_id').execute();
  await db.schema.createIndex('products_category_id').on('products').column('category_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('products_category_id').execute();
  await db.schema.dropIndex('categories_parent_id').execute();
}
