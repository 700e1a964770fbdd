import type { Kysely } from 'kysely';
import { withId } from '../schema-helpers.js';

// Blacklist uploads are streamed into a staging area (L1: the file arrives before the fields that
// say which list and action it is for) and applied to blacklist_entries in one transaction once the
// whole request has been read. blacklist_locks has one row per (account, list) that every change
// of a list locks first, so concurrent replacements of the same list run one after the other, also
// across processes sharing one PostgreSQL.

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('blacklist_uploads'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('touched_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('blacklist_uploads_touched').on('blacklist_uploads').column('touched_at').execute();

  // Both normalisations of every line are staged, because the list is not known while the file streams.
  await db.schema
    .createTable('blacklist_staging')
    .addColumn('upload_id', 'integer', (col) => col.notNull().references('blacklist_uploads.id').onDelete('cascade'))
    .addColumn('line', 'integer', (col) => col.notNull())
    .addColumn('email', 'text')
    .addColumn('telephone', 'text')
    .addPrimaryKeyConstraint('blacklist_staging_pk', ['upload_id', 'line'])
    .execute();

  await db.schema
    .createTable('blacklist_locks')
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('list', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('blacklist_locks_pk', ['account_id', 'list'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('blacklist_locks').execute();
  await db.schema.dropTable('blacklist_staging').execute();
  await db.schema.dropTable('blacklist_uploads').execute();
}
