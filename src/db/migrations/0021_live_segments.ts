import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { isPostgres, withId } from '../schema-helpers.js';

// Live segment membership (SG7, SG8; docs/segments.md, "Live membership").
//
// - segment_members: who is in each segment as last evaluated. The primary key decides every race:
//   a transition is recorded only by the statement whose insert or delete changed a row.
// - segment_changes: the transitions, kept 90 days (housekeeping); `user_id` is a plain number (an
//   erasure deletes the customer's rows itself).
// - segment_dirty: customers whose data changed since their membership was last evaluated, one row
//   per write (a queue: the worker dedupes, and deletes exactly the rows it read). Written by the
//   triggers below, in the transaction of the write, so nothing is missed across a crash, whichever
//   code path wrote. Only for accounts that have a segment.
// - segment_live: per segment, the state of the whole-segment refresh: requested (and whether that
//   request announces), the run under way (`started_at`, `run_announce`, leased by `holder`, resumed
//   from `cursor` after a crash), `version` bumped by every redefinition.
//
// Not marked: deletions of user events (retention, erasure) and of customers (erasure handles its
// own); the periodic refresh covers the first, the erasure the second. A blacklist upload or
// retirement changes many customers at once: it requests a refresh of the account's segments.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('segment_members')
    .addColumn('account_id', 'integer', (col) => col.notNull())
    .addColumn('segment_id', 'integer', (col) => col.notNull().references('segments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('since', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('segment_members_pk', ['segment_id', 'user_id'])
    .execute();
  await db.schema.createIndex('segment_members_user').on('segment_members').columns(['account_id', 'user_id', 'segment_id']).execute();

  await withId(db, db.schema.createTable('segment_changes'))
    .addColumn('account_id', 'integer', (col) => col.notNull())
    .addColumn('segment_id', 'integer', (col) => col.notNull().references('segments.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('segment_changes_segment_at').on('segment_changes').columns(['segment_id', 'at', 'id']).execute();
  await db.schema.createIndex('segment_changes_at').on('segment_changes').columns(['at']).execute();
  await db.schema.createIndex('segment_changes_user').on('segment_changes').columns(['account_id', 'user_id']).execute();

  await withId(db, db.schema.createTable('segment_dirty'))
    .addColumn('account_id', 'integer', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('segment_live')
    .addColumn('segment_id', 'integer', (col) => col.primaryKey().references('segments.id').onDelete('cascade'))
    .addColumn('account_id', 'integer', (col) => col.notNull())
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('refresh_requested', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('refresh_announce', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('run_announce', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('refreshed_at', 'text')
    .addColumn('holder', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('cursor', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('started_at', 'text')
    .execute();
  await db.schema.createIndex('segment_live_account').on('segment_live').columns(['account_id']).execute();
  // Existing segments take their first members silently, as a new one does.
  await sql`insert into segment_live (segment_id, account_id) select id, account_id from segments`.execute(db);

  // A single blacklist entry marks the customers it names: found by the list's key.
  await db.schema.createIndex('users_email_list_key').on('users').columns(['account_id', 'email_list_key']).execute();
  await db.schema.createIndex('users_telephone_list_key').on('users').columns(['account_id', 'telephone_list_key']).execute();

  for (const trigger of TRIGGERS) await createTrigger(db, trigger);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of TRIGGERS) await dropTrigger(db, trigger);
  await db.schema.dropIndex('users_telephone_list_key').execute();
  await db.schema.dropIndex('users_email_list_key').execute();
  await db.schema.dropTable('segment_live').execute();
  await db.schema.dropTable('segment_dirty').execute();
  await db.schema.dropTable('segment_changes').execute();
  await db.schema.dropTable('segment_members').execute();
}

type Operation = 'insert' | 'update' | 'delete';

interface Trigger {
  table: string;
  operations: readonly Operation[];
  /** Update triggers only: the columns whose change fires it (every column when absent). */
  columns?: readonly string[];
  /**
   * The statement, with `$ROW` for the row (NEW, or OLD on delete) and `$OLD` for the previous row
   * of an update; it may use the guard's variables.
   */
  body: string;
}

const HAS_SEGMENTS = 'exists (select 1 from segments s where s.account_id = $ROW.account_id)';
const mark = (user: string, where = '') =>
  `insert into segment_dirty (account_id, user_id) select $ROW.account_id, ${user} where ${HAS_SEGMENTS}${where}`;

const TRIGGERS: readonly Trigger[] = [
  { table: 'users', operations: ['insert', 'update'], body: mark('$ROW.id') },
  { table: 'user_events', operations: ['insert'], body: mark('$ROW.user_id') },
  ...['purchases', 'coupons', 'abandoned_carts'].map((table) => ({
    table,
    operations: ['insert', 'update', 'delete'] as const,
    // A row moved to another customer concerns both.
    body: `${mark('$ROW.user_id')}; ${mark('$OLD.user_id', ' and $OLD.user_id <> $ROW.user_id')}`,
  })),
  {
    table: 'attribute_values',
    operations: ['insert', 'update', 'delete'],
    body: mark('$ROW.record_id', " and exists (select 1 from attribute_definitions d where d.id = $ROW.definition_id and d.kind = 'users')"),
  },
  {
    // A mailing's activity matters only to a segment with a mailing condition (SG9); without this
    // guard every message sent would mark its recipient. A segment that reaches a mailing condition
    // only through another segment it refers to is caught by the periodic refresh.
    table: 'mailing_recipients',
    operations: ['update'],
    columns: ['status', 'opened_at', 'clicked_at', 'unsubscribed_at', 'bounced_at'],
    body:
      'insert into segment_dirty (account_id, user_id) select $ROW.account_id, $ROW.user_id ' +
      `where exists (select 1 from segments s where s.account_id = $ROW.account_id and s.definition like '%"mailing"%')`,
  },
  {
    table: 'blacklist_entries',
    operations: ['insert', 'delete'],
    body:
      'insert into segment_dirty (account_id, user_id) select u.account_id, u.id from users u ' +
      "where $ROW.generation = 0 and u.account_id = $ROW.account_id and ((($ROW.list = 'email') and u.email_list_key = $ROW.value) " +
      "or (($ROW.list = 'telephone') and u.telephone_list_key = $ROW.value))",
  },
  {
    table: 'blacklist_generations',
    operations: ['update'],
    columns: ['state'],
    body:
      'update segment_live set refresh_announce = case when refresh_requested = 1 then refresh_announce else 1 end, refresh_requested = 1 ' +
      'where account_id = $ROW.account_id',
  },
];

/** One trigger per table and operation (SQLite has no multi-operation trigger); named after both. */
function names(trigger: Trigger): Array<{ name: string; operation: Operation }> {
  return trigger.operations.map((operation) => ({ name: `segment_dirty_${trigger.table}_${operation}`, operation }));
}

async function createTrigger(db: Kysely<unknown>, trigger: Trigger): Promise<void> {
  for (const { name, operation } of names(trigger)) {
    const row = operation === 'delete' ? 'OLD' : 'NEW';
    // On insert and delete there is no previous row: the moved-row clause compares the row with itself.
    const old = operation === 'update' ? 'OLD' : row;
    const body = trigger.body.replaceAll('$ROW', row).replaceAll('$OLD', old);
    const event = operation === 'update' && trigger.columns ? `update of ${trigger.columns.join(', ')}` : operation;
    if (isPostgres(db)) {
      await sql.raw(`create function ${name}() returns trigger language plpgsql as $fn$ begin ${body}; return null; end $fn$`).execute(db);
      await sql.raw(`create trigger ${name} after ${event} on ${trigger.table} for each row execute function ${name}()`).execute(db);
    } else {
      await sql.raw(`create trigger ${name} after ${event} on ${trigger.table} for each row begin ${body}; end`).execute(db);
    }
  }
}

async function dropTrigger(db: Kysely<unknown>, trigger: Trigger): Promise<void> {
  for (const { name } of names(trigger)) {
    if (isPostgres(db)) {
      await sql.raw(`drop trigger if exists ${name} on ${trigger.table}`).execute(db);
      await sql.raw(`drop function if exists ${name}()`).execute(db);
    } else {
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
    }
  }
}
