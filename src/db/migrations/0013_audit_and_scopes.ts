import type { Kysely } from 'kysely';
import { withId } from '../schema-helpers.js';

// D8: every API key has a scope, `full` (every method) or `read` (GET and HEAD only); the keys
// made before keep doing everything.
// D7: the audit log of administrative and destructive calls. One row per recorded answer: who (the
// key's display prefix, never the key), what (method, the path without its query string, status,
// the request id of O7, a one-line summary), never a body. Listed newest first per account, and
// swept after 400 days by time across accounts.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('api_keys')
    .addColumn('scope', 'text', (col) => col.notNull().defaultTo('full'))
    .execute();

  await withId(db, db.schema.createTable('audit_log'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('time', 'text', (col) => col.notNull())
    .addColumn('key_prefix', 'text', (col) => col.notNull())
    .addColumn('method', 'text', (col) => col.notNull())
    .addColumn('path', 'text', (col) => col.notNull())
    .addColumn('status', 'integer', (col) => col.notNull())
    .addColumn('request_id', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('audit_log_account_time').on('audit_log').columns(['account_id', 'time', 'id']).execute();
  await db.schema.createIndex('audit_log_time').on('audit_log').column('time').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.alterTable('api_keys').dropColumn('scope').execute();
}
