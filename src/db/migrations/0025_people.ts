import type { Kysely } from 'kysely';
import { withId } from '../schema-helpers.js';

// T1–T5: the people of an account, who sign in to the console with their own e-mail and password.
// `people`: one row per person of an account (an e-mail may be a person of several accounts, each
// with its own password); the password only as a scrypt hash, null until the welcome link is used.
// `person_links`: the welcome and reset links (T1, T2), only the SHA-256 of their token, single-use.
// `console_sessions`: signed-in browsers, only the SHA-256 of the cookie's token, read by every
// process on every request (a sign-out anywhere is a sign-out everywhere); `seen_at` slides the
// 12-hour window, `created_at` caps it at 7 days. Both go with their person (on delete cascade).
// `accounts` gains T5's settings; `audit_log` names a person when one made the call (T4);
// `blacklist_entries` keeps L7's reason.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('people'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_sign_in_at', 'text')
    .execute();
  await db.schema.createIndex('people_account_email').on('people').columns(['account_id', 'email']).unique().execute();
  await db.schema.createIndex('people_email').on('people').column('email').execute();

  await withId(db, db.schema.createTable('person_links'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('person_id', 'integer', (col) => col.notNull().references('people.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('person_links_person').on('person_links').column('person_id').execute();

  await withId(db, db.schema.createTable('console_sessions'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('person_id', 'integer', (col) => col.notNull().references('people.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('seen_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('console_sessions_person').on('console_sessions').column('person_id').execute();
  await db.schema.createIndex('console_sessions_seen_at').on('console_sessions').column('seen_at').execute();

  await db.schema.alterTable('accounts').addColumn('currency', 'text', (col) => col.notNull().defaultTo('USD')).execute();
  await db.schema.alterTable('accounts').addColumn('timezone', 'text', (col) => col.notNull().defaultTo('UTC')).execute();
  await db.schema.alterTable('accounts').addColumn('locale', 'text', (col) => col.notNull().defaultTo('en')).execute();

  await db.schema.alterTable('audit_log').addColumn('actor_email', 'text').execute();
  await db.schema.alterTable('blacklist_entries').addColumn('reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blacklist_entries').dropColumn('reason').execute();
  await db.schema.alterTable('audit_log').dropColumn('actor_email').execute();
  await db.schema.alterTable('accounts').dropColumn('locale').execute();
  await db.schema.alterTable('accounts').dropColumn('timezone').execute();
  await db.schema.alterTable('accounts').dropColumn('currency').execute();
  await db.schema.dropTable('console_sessions').execute();
  await db.schema.dropTable('person_links').execute();
  await db.schema.dropTable('people').execute();
}
