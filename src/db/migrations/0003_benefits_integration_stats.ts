import type { Kysely } from 'kysely';
import { withId } from '../schema-helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('benefits'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('status', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('image_id', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('user_id', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('app_id', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('app_code', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('contenttype_id', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('version', 'text')
    .addColumn('category_id', 'text')
    .addColumn('startdate', 'text', (col) => col.notNull())
    .addColumn('enddate', 'text', (col) => col.notNull())
    .addColumn('featured', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('wallpublish', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('monthly_redeems', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('image_url', 'text', (col) => col.notNull().defaultTo(''))
    .addColumn('points', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('event_date', 'text', (col) => col.notNull())
    .addColumn('sku', 'text', (col) => col.notNull().defaultTo(''))
    // null = unlimited; only ever decremented by the conditional UPDATE of an assign.
    .addColumn('stock', 'integer')
    .addColumn('out_stock_at', 'text')
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('modified', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('benefits_account_window')
    .on('benefits')
    .columns(['account_id', 'status', 'startdate', 'enddate'])
    .execute();

  await withId(db, db.schema.createTable('coupons'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    // A deleted benefit leaves its coupons in place without the reference (as categories do, K2).
    .addColumn('benefit_id', 'integer', (col) => col.references('benefits.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code', 'text', (col) => col.notNull().unique())
    .addColumn('points', 'integer', (col) => col.notNull())
    .addColumn('createtime', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('coupons_monthly')
    .on('coupons')
    .columns(['account_id', 'benefit_id', 'user_id', 'createtime'])
    .execute();
  await db.schema.createIndex('coupons_listing').on('coupons').columns(['account_id', 'createtime', 'id']).execute();

  await withId(db, db.schema.createTable('integration_stats'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('createtime', 'text', (col) => col.notNull())
    // The validated record (customers, products, branches, purchases, files_stats) as JSON.
    .addColumn('data', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('integration_stats_listing')
    .on('integration_stats')
    .columns(['account_id', 'createtime', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['integration_stats', 'coupons', 'benefits']) {
    await db.schema.dropTable(table).execute();
  }
}
