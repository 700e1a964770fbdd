import type { Kysely } from 'kysely';
import { isPostgres, withId } from '../schema-helpers.js';

// Commerce (P1–P5, S1–S4, A1) and the client's family members (U9). JSON-shaped fields are TEXT,
// money is double precision (the API's numbers are floats), and every table carries account_id.

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('products'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('sku', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('base_name', 'text')
    .addColumn('brand', 'text')
    .addColumn('description', 'text')
    .addColumn('url', 'text')
    .addColumn('image_url', 'text')
    .addColumn('thumbnail_url', 'text')
    .addColumn('price', 'double precision')
    .addColumn('offer_price', 'double precision')
    .addColumn('stock', 'bigint')
    .addColumn('available', 'integer', (col) => col.notNull().defaultTo(1))
    // K2: a deleted category leaves its products with no category.
    .addColumn('category_id', 'integer', (col) => col.references('categories.id').onDelete('set null'))
    .addColumn('specifications', 'text')
    .addColumn('metadata', 'text')
    .addColumn('createtime', 'text', (col) => col.notNull())
    .addColumn('updatetime', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('products_account_sku').on('products').columns(['account_id', 'sku']).unique().execute();
  await db.schema.createIndex('products_account_category').on('products').columns(['account_id', 'category_id']).execute();

  await withId(db, db.schema.createTable('branches'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    // P4: names are unique compared case-insensitively after trimming; this column holds that form.
    .addColumn('name_key', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('createtime', 'text', (col) => col.notNull())
    .addColumn('updatetime', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('branches_account_name').on('branches').columns(['account_id', 'name_key']).unique().execute();

  await withId(db, db.schema.createTable('purchases'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('invoice_number', 'text', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('branch_id', 'integer', (col) => col.references('branches.id').onDelete('set null'))
    .addColumn('channel', 'text')
    .addColumn('points', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('price_cost', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('price_shipping', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('price_gross', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('price_tax', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('price_discount', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('price_total', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('payment', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('seller', 'text')
    .addColumn('metadata', 'text')
    .addColumn('createtime', 'text', (col) => col.notNull())
    .addColumn('approvedtime', 'text')
    .execute();
  // The unique index is what makes S2's duplicated_purchase_number race-safe.
  await db.schema
    .createIndex('purchases_account_invoice')
    .on('purchases')
    .columns(['account_id', 'invoice_number'])
    .unique()
    .execute();
  await db.schema.createIndex('purchases_account_createtime').on('purchases').columns(['account_id', 'createtime', 'id']).execute();
  await db.schema
    .createIndex('purchases_account_user_createtime')
    .on('purchases')
    .columns(['account_id', 'user_id', 'createtime', 'id'])
    .execute();
  await db.schema.createIndex('purchases_account_branch').on('purchases').columns(['account_id', 'branch_id']).execute();

  await withId(db, db.schema.createTable('purchase_items'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('purchase_id', 'integer', (col) => col.notNull().references('purchases.id').onDelete('cascade'))
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('sku', 'text', (col) => col.notNull())
    .addColumn('product_name', 'text', (col) => col.notNull())
    .addColumn('quantity', 'bigint', (col) => col.notNull())
    .addColumn('unit_price', 'double precision', (col) => col.notNull())
    // The item's own copy of what was bought (S4: purchases keep it when the product goes).
    .addColumn('data', 'text', (col) => col.notNull().defaultTo('{}'))
    .execute();
  await db.schema.createIndex('purchase_items_purchase').on('purchase_items').columns(['purchase_id', 'position']).execute();

  await withId(db, db.schema.createTable('abandoned_carts'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('external_id', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('createtime', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('abandoned_carts_user_external')
    .on('abandoned_carts')
    .columns(['account_id', 'user_id', 'external_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('abandoned_carts_user_createtime')
    .on('abandoned_carts')
    .columns(['account_id', 'user_id', 'createtime', 'id'])
    .execute();

  await withId(db, db.schema.createTable('family_members'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('uid', 'text')
    .addColumn('data', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('createtime', 'text', (col) => col.notNull())
    .addColumn('updatetime', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('family_members_user').on('family_members').columns(['account_id', 'user_id', 'uid']).execute();

  // The ledger is read per user newest first with concept and time filters (U8).
  await db.schema
    .createIndex('points_transactions_user_time')
    .on('points_transactions')
    .columns(['account_id', 'user_id', 'createtime', 'id'])
    .execute();

  // Purchases credit points: balances and ledger amounts become 64-bit on PostgreSQL (SQLite's
  // INTEGER already is), so both databases accept the same range (O4).
  if (isPostgres(db)) {
    await db.schema.alterTable('users').alterColumn('points', (col) => col.setDataType('bigint')).execute();
    for (const column of ['points', 'balance_after']) {
      await db.schema.alterTable('points_transactions').alterColumn(column, (col) => col.setDataType('bigint')).execute();
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('points_transactions_user_time').execute();
  for (const table of ['family_members', 'abandoned_carts', 'purchase_items', 'purchases', 'branches', 'products']) {
    await db.schema.dropTable(table).execute();
  }
}
