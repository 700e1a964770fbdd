import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { withId } from '../schema-helpers.js';

// Mailings (M1–M9, docs/mailings.md).
//
// - mailing_folders: a name unique per account (M1). Deleting one sets its mailings' folder_id to
//   null (done by the repository in the deleting statement's transaction, on both databases).
// - mailings: the sources as given (`body`, in HTML or MJML) and what is sent, computed once at save:
//   `html` (the body, MJML compiled; still a Liquid template) and `links` (a JSON array of the
//   body's link targets, what GET /m/c/{token}/{n} redirects to: only these, never a URL taken from
//   a request). `text` is null when the plain part is derived from the HTML. `segment_id` is a plain
//   reference (a deleted segment makes send a 400, not a cascade).
// - mailing_recipients: the frozen audience (M5), one row per customer of the segment at the start,
//   written by one INSERT … SELECT. Senders claim pending rows with a lease (`claimed_by`,
//   `lease_until`), as the webhook outbox does; the partial index holds only pending rows, in the
//   order a claim walks them, so claiming stays cheap while sent rows pile up. `user_id` is indexed
//   for erasure (M9) and for SG9's conditions.
// - mailing_keys: the HMAC key of each account's public tokens (M8), kept in the database so every
//   process signs and checks with the same key.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('mailing_folders'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('createtime', 'text', (col) => col.notNull())
    .addColumn('updatetime', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('mailing_folders_account_name').on('mailing_folders').columns(['account_id', 'name']).unique().execute();

  await withId(db, db.schema.createTable('mailings'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('folder_id', 'integer')
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('name_folded', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('preheader', 'text')
    .addColumn('from_name', 'text')
    .addColumn('from_email', 'text', (col) => col.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('format', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('html', 'text', (col) => col.notNull())
    .addColumn('text', 'text')
    .addColumn('links', 'text', (col) => col.notNull())
    .addColumn('segment_id', 'integer')
    .addColumn('track_opens', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('track_clicks', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('send_at', 'text')
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('createtime', 'text', (col) => col.notNull())
    .addColumn('updatetime', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('mailings_account').on('mailings').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('mailings_folder').on('mailings').columns(['folder_id']).execute();
  // The sender's poll: mailings due to start or sending, whatever their account.
  await db.schema.createIndex('mailings_status').on('mailings').columns(['status', 'send_at']).execute();

  await withId(db, db.schema.createTable('mailing_recipients'))
    .addColumn('account_id', 'integer', (col) => col.notNull())
    .addColumn('mailing_id', 'integer', (col) => col.notNull().references('mailings.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('email', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('reason', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('claimed_by', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('sent_at', 'text')
    .addColumn('opened_at', 'text')
    .addColumn('clicked_at', 'text')
    .addColumn('unsubscribed_at', 'text')
    .execute();
  await db.schema.createIndex('mailing_recipients_mailing_user').on('mailing_recipients').columns(['mailing_id', 'user_id']).unique().execute();
  await db.schema.createIndex('mailing_recipients_user').on('mailing_recipients').columns(['user_id']).execute();
  await db.schema
    .createIndex('mailing_recipients_due')
    .on('mailing_recipients')
    .columns(['mailing_id', 'next_attempt_at', 'id', 'lease_until'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();

  await db.schema
    .createTable('mailing_keys')
    .addColumn('account_id', 'integer', (col) => col.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('createtime', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mailing_keys').execute();
  await db.schema.dropTable('mailing_recipients').execute();
  await db.schema.dropTable('mailings').execute();
  await db.schema.dropTable('mailing_folders').execute();
}
