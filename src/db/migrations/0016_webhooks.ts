import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { withId } from '../schema-helpers.js';

// Webhooks (W1–W5, docs/webhooks.md).
//
// - webhook_endpoints: where an account's messages go, which event types (a JSON array of W2 names,
//   `*` for all), the signing secret (kept as it is: it signs, so it cannot be hashed; it is shown
//   only at creation and rotation) and, for 24 hours after a rotation, the previous one.
//   `failing_since` is the first failed attempt since the last success (W4's five days).
// - webhook_messages: the outbox and the delivery log at once. A row per message and endpoint is
//   written in the transaction of the change that causes it; the worker claims due rows with a
//   lease, as the request queue does, and writes each attempt's outcome on the row (the same
//   `message_id`, the `webhook-id` header, on every retry). `user_id` names the customer whose
//   data the body carries, so that erasing the customer (D1) deletes the message too (no foreign
//   key: the message of `user.deleted` outlives its customer). The partial index holds only the
//   pending rows, so claiming stays cheap however long the log grows.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('webhook_endpoints'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('events', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('previous_secret', 'text')
    .addColumn('previous_secret_until', 'text')
    .addColumn('failing_since', 'text')
    .addColumn('createtime', 'text', (col) => col.notNull())
    .addColumn('updatetime', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoints_account').on('webhook_endpoints').columns(['account_id', 'id']).execute();

  await withId(db, db.schema.createTable('webhook_messages'))
    .addColumn('message_id', 'text', (col) => col.notNull().unique())
    .addColumn('account_id', 'integer', (col) => col.notNull())
    .addColumn('endpoint_id', 'integer', (col) => col.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('user_id', 'integer')
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'text')
    .addColumn('duration_ms', 'integer')
    .addColumn('error', 'text')
    .addColumn('last_attempt_at', 'text')
    .addColumn('createtime', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('webhook_messages_endpoint').on('webhook_messages').columns(['endpoint_id', 'id']).execute();
  await db.schema
    .createIndex('webhook_messages_due')
    .on('webhook_messages')
    .columns(['next_attempt_at', 'id'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema.createIndex('webhook_messages_user_id').on('webhook_messages').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_messages').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
