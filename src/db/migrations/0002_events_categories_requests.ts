import type { Kysely } from 'kysely';
import { withId } from '../schema-helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('events'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('createtime', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('events_account_name').on('events').columns(['account_id', 'name']).unique().execute();

  // The hottest table: every index here is paid on each POST /user-events, so only the three that
  // serve a listing order or the bulk delete exist.
  await withId(db, db.schema.createTable('user_events'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (col) => col.notNull().references('events.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('datetime', 'text', (col) => col.notNull())
    .addColumn('metadata', 'text')
    .execute();
  await db.schema
    .createIndex('user_events_account_datetime')
    .on('user_events')
    .columns(['account_id', 'datetime', 'id'])
    .execute();
  await db.schema
    .createIndex('user_events_account_event_datetime')
    .on('user_events')
    .columns(['account_id', 'event_id', 'datetime'])
    .execute();
  await db.schema
    .createIndex('user_events_account_user_datetime')
    .on('user_events')
    .columns(['account_id', 'user_id', 'datetime'])
    .execute();

  // Deletions remove the deepest categories first, so the cascade is only a safety net.
  await withId(db, db.schema.createTable('categories'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('code', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('parent_id', 'integer', (col) => col.references('categories.id').onDelete('cascade'))
    .addColumn('createtime', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('categories_account_code').on('categories').columns(['account_id', 'code']).unique().execute();
  await db.schema.createIndex('categories_parent').on('categories').columns(['account_id', 'parent_id']).execute();

  // Durable background requests (K3): one table for every asynchronous operation.
  await db.schema
    .createTable('requests')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('params', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('result', 'text')
    .addColumn('notify_to', 'text')
    .addColumn('processed', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('claimed_by', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('started', 'text')
    .addColumn('finished', 'text')
    .execute();
  await db.schema.createIndex('requests_status').on('requests').columns(['status', 'lease_until']).execute();
  await db.schema.createIndex('requests_account').on('requests').columns(['account_id', 'created']).execute();

  // Notification e-mails, enqueued in the transaction that ends their request (unique request_id).
  await withId(db, db.schema.createTable('mail_outbox'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('request_id', 'text', (col) => col.unique())
    .addColumn('to_address', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('logged_at', 'text')
    .addColumn('created', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['mail_outbox', 'requests', 'categories', 'user_events', 'events']) {
    await db.schema.dropTable(table).execute();
  }
}
