import type { Kysely } from 'kysely';
import { attributeValueItems, foldedUserColumns } from '../folded-columns.js';
import { withId } from '../schema-helpers.js';

// Segments (SG1–SG6): the segments themselves, and what their conditions need to give the same
// answer on SQLite and PostgreSQL (SG3) and to stay fast on a million customers.
//
// - users gains the U3 fold of every SG2 profile text field (`<field>_folded`), its tags folded as
//   `|tag|tag|` (`tags_folded`), and its e-mail and telephone as the blacklists normalise them
//   (`email_list_key`, `telephone_list_key`, for mailing_enabled/sms_enabled and `blacklisted`).
//   Folding happens in JavaScript (src/lib/fold.ts): neither database's lower() or LIKE folds the
//   same way as the other, so text is compared only in these stored forms.
// - attribute_value_items holds each scalar of a user's custom attribute values (one row per array
//   element), folded text or number, so "an array matches when any element does" is an EXISTS that
//   both databases evaluate the same, without JSON functions. Deleted with its attribute_values row.
// - abandoned_carts gains `recovered`, until now only inside the `data` JSON.
// Existing rows are filled in here, in batches, with the same functions the write paths use.
//
// Indexes: users (account_id, id) so a page of members walks users in id order and stops at its
// limit; user_events (account_id, user_id, event_id, datetime) so counting one customer's events of
// one name in a window reads only those index entries. Purchases, coupons, carts and blacklist
// entries already have indexes leading with (account_id, user_id) or the looked-up value.

/** The users columns this migration adds; later migrations may add others to foldedUserColumns. */
const USER_COLUMNS = [
  'service_uid_folded',
  'email_folded',
  'document_folded',
  'telephone_folded',
  'first_name_folded',
  'last_name_folded',
  'gender_folded',
  'street_folded',
  'city_folded',
  'department_folded',
  'state_folded',
  'country_folded',
  'postcode_folded',
  'marital_status_folded',
  'tags_folded',
  'email_list_key',
  'telephone_list_key',
] as const;

const BATCH = 1000;

/** Runs each batch in a transaction of its own, unless the migrator already runs us in one (PostgreSQL). */
function inTransaction(db: Kysely<any>, work: (trx: Kysely<any>) => Promise<void>): Promise<void> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of USER_COLUMNS) {
    await db.schema.alterTable('users').addColumn(column, 'text').execute();
  }
  await db.schema.createIndex('users_account_id').on('users').columns(['account_id', 'id']).execute();

  await db.schema
    .alterTable('abandoned_carts')
    .addColumn('recovered', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createIndex('user_events_account_user_event_datetime')
    .on('user_events')
    .columns(['account_id', 'user_id', 'event_id', 'datetime'])
    .execute();

  await withId(db, db.schema.createTable('segments'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('slug', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('title_folded', 'text', (col) => col.notNull())
    .addColumn('description', 'text')
    .addColumn('definition', 'text', (col) => col.notNull())
    .addColumn('advanced', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('createtime', 'text', (col) => col.notNull())
    .addColumn('updatetime', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('segments_account_slug').on('segments').columns(['account_id', 'slug']).unique().execute();
  await db.schema.createIndex('segments_account_id').on('segments').columns(['account_id', 'id']).execute();

  // No foreign key on referenced_id: a segment that others refer to cannot be deleted (SG4, checked
  // by the service with this table), and a reference left dangling by a race matches no one.
  await db.schema
    .createTable('segment_references')
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('segment_id', 'integer', (col) => col.notNull().references('segments.id').onDelete('cascade'))
    .addColumn('referenced_id', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('segment_references_pk', ['segment_id', 'referenced_id'])
    .execute();
  await db.schema
    .createIndex('segment_references_referenced')
    .on('segment_references')
    .columns(['account_id', 'referenced_id'])
    .execute();

  await db.schema
    .createTable('attribute_value_items')
    .addColumn('account_id', 'integer', (col) => col.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('definition_id', 'integer', (col) => col.notNull())
    .addColumn('record_id', 'integer', (col) => col.notNull())
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('text_value', 'text')
    .addColumn('number_value', 'double precision')
    .addPrimaryKeyConstraint('attribute_value_items_pk', ['definition_id', 'record_id', 'position'])
    .addForeignKeyConstraint('attribute_value_items_value', ['definition_id', 'record_id'], 'attribute_values', ['definition_id', 'record_id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();

  await backfillUsers(db);
  await backfillCarts(db);
  await backfillAttributeItems(db);
}

async function backfillUsers(db: Kysely<any>): Promise<void> {
  for (let after = 0; ; ) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'service_uid', 'email', 'document', 'telephone', 'first_name', 'last_name', 'gender', 'street', 'city'])
      .select(['department', 'state', 'country', 'postcode', 'marital_status', 'tags'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    await inTransaction(db, async (trx) => {
      for (const row of rows) {
        const all = foldedUserColumns(row) as Record<string, string | null>;
        const set = Object.fromEntries(USER_COLUMNS.map((column) => [column, all[column] ?? null]));
        await trx.updateTable('users').set(set).where('id', '=', row.id).execute();
      }
    });
    after = Number(rows[rows.length - 1]!.id);
  }
}

async function backfillCarts(db: Kysely<any>): Promise<void> {
  for (let after = 0; ; ) {
    const rows = await db.selectFrom('abandoned_carts').select(['id', 'data']).where('id', '>', after).orderBy('id').limit(BATCH).execute();
    if (rows.length === 0) return;
    const recovered = rows
      .filter((row) => {
        try {
          return (JSON.parse(row.data) as { recovered?: unknown }).recovered === true;
        } catch {
          return false;
        }
      })
      .map((row) => Number(row.id));
    if (recovered.length > 0) await db.updateTable('abandoned_carts').set({ recovered: 1 }).where('id', 'in', recovered).execute();
    after = Number(rows[rows.length - 1]!.id);
  }
}

async function backfillAttributeItems(db: Kysely<any>): Promise<void> {
  let after = { definition: 0, record: 0 };
  for (;;) {
    const rows = await db
      .selectFrom('attribute_values as v')
      .innerJoin('attribute_definitions as d', 'd.id', 'v.definition_id')
      .select(['v.account_id', 'v.definition_id', 'v.record_id', 'v.value'])
      .where('d.kind', '=', 'users')
      .where((eb) =>
        eb.or([
          eb('v.definition_id', '>', after.definition),
          eb.and([eb('v.definition_id', '=', after.definition), eb('v.record_id', '>', after.record)]),
        ]),
      )
      .orderBy('v.definition_id')
      .orderBy('v.record_id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    const items = rows.flatMap((row) =>
      attributeValueItems(row.value).map((item) => ({
        account_id: row.account_id,
        definition_id: row.definition_id,
        record_id: row.record_id,
        ...item,
      })),
    );
    // 6 parameters per row: 500 rows stay far below either database's limit.
    for (let start = 0; start < items.length; start += 500) {
      await db.insertInto('attribute_value_items').values(items.slice(start, start + 500)).execute();
    }
    const last = rows[rows.length - 1]!;
    after = { definition: Number(last.definition_id), record: Number(last.record_id) };
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('attribute_value_items').execute();
  await db.schema.dropTable('segment_references').execute();
  await db.schema.dropTable('segments').execute();
  await db.schema.dropIndex('user_events_account_user_event_datetime').execute();
  await db.schema.alterTable('abandoned_carts').dropColumn('recovered').execute();
  await db.schema.dropIndex('users_account_id').execute();
  for (const column of USER_COLUMNS) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
