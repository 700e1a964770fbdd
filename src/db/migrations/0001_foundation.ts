import type { Kysely } from 'kysely';
import { withId } from '../schema-helpers.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('accounts'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();

  await withId(db, db.schema.createTable('api_keys'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('prefix', 'text', (col) => col.notNull())
    .addColumn('key_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('api_keys_prefix').on('api_keys').column('prefix').execute();

  await withId(db, db.schema.createTable('users'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('service_uid', 'text')
    .addColumn('email', 'text')
    .addColumn('document', 'text')
    .addColumn('document_type', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('telephone', 'text')
    .addColumn('birthdate', 'text')
    .addColumn('gender', 'text')
    .addColumn('street', 'text')
    .addColumn('postcode', 'text')
    .addColumn('city', 'text')
    .addColumn('department', 'text')
    .addColumn('state', 'text')
    .addColumn('country', 'text')
    .addColumn('marital_status', 'text')
    .addColumn('tags', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('points', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('notes', 'text')
    .addColumn('club_inscription_date', 'text')
    .addColumn('mailing_enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('sms_enabled', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('mailing_disabled_reason', 'text')
    .addColumn('sms_disabled_reason', 'text')
    .addColumn('createtime', 'text', (col) => col.notNull())
    .addColumn('updatetime', 'text', (col) => col.notNull())
    .execute();
  for (const column of ['service_uid', 'email', 'document']) {
    await db.schema
      .createIndex(`users_account_${column}`)
      .on('users')
      .columns(['account_id', column])
      .unique()
      .execute();
  }
  await db.schema.createIndex('users_account_telephone').on('users').columns(['account_id', 'telephone']).execute();

  await withId(db, db.schema.createTable('points_transactions'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('concept', 'text', (col) => col.notNull())
    .addColumn('points', 'integer', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('balance_after', 'integer', (col) => col.notNull())
    .addColumn('createtime', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('points_transactions_user')
    .on('points_transactions')
    .columns(['account_id', 'user_id'])
    .execute();

  await withId(db, db.schema.createTable('attribute_definitions'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('label', 'text', (col) => col.notNull())
    .addColumn('field_type', 'text', (col) => col.notNull())
    .addColumn('data_type', 'text', (col) => col.notNull())
    .addColumn('options', 'text', (col) => col.notNull().defaultTo('[]'))
    .addColumn('group_name', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('attribute_definitions_name')
    .on('attribute_definitions')
    .columns(['account_id', 'kind', 'name'])
    .unique()
    .execute();

  // One row per stored value; the definition id makes a rename free and a delete a cascade.
  await db.schema
    .createTable('attribute_values')
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('definition_id', 'integer', (col) =>
      col.notNull().references('attribute_definitions.id').onDelete('cascade'),
    )
    .addColumn('record_id', 'integer', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('attribute_values_pk', ['definition_id', 'record_id'])
    .execute();
  await db.schema
    .createIndex('attribute_values_record')
    .on('attribute_values')
    .columns(['account_id', 'record_id'])
    .execute();

  await withId(db, db.schema.createTable('blacklist_entries'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('list', 'text', (col) => col.notNull())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('createtime', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('blacklist_entries_value')
    .on('blacklist_entries')
    .columns(['account_id', 'list', 'value'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'blacklist_entries',
    'attribute_values',
    'attribute_definitions',
    'points_transactions',
    'users',
    'api_keys',
    'accounts',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
