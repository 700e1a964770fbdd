import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { isPostgres } from '../schema-helpers.js';

// Live segments (SG7): a mark says which table's write made it (`source`), so that the customer
// path evaluates a marked customer only against the segments whose conditions read that table. An
// event written for a customer had them evaluated against all 20 segments of the bench, four times
// the cost of the write itself, when only the segments with an event condition could change.
// Marks written before this migration have no source: they are evaluated against every segment.
//
// The triggers of 0021 are replaced by the same triggers naming their source (same names, same
// guards); 0021's blacklist_generations trigger, which marks no customer, is kept.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('segment_dirty').addColumn('source', 'text').execute();
  for (const trigger of TRIGGERS) await replaceTrigger(db, trigger, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const trigger of TRIGGERS) await replaceTrigger(db, trigger, false);
  await db.schema.alterTable('segment_dirty').dropColumn('source').execute();
}

type Operation = 'insert' | 'update' | 'delete';

interface Trigger {
  table: string;
  operations: readonly Operation[];
  columns?: readonly string[];
  /** The statement, with `$ROW` (NEW, or OLD on delete), `$OLD` (an update's previous row) and `$MARK` (the insert's head). */
  body: string;
}

const HAS_SEGMENTS = 'exists (select 1 from segments s where s.account_id = $ROW.account_id)';
const mark = (user: string, where = '') => `$MARK select $ROW.account_id, ${user}$SOURCE where ${HAS_SEGMENTS}${where}`;

const TRIGGERS: readonly Trigger[] = [
  { table: 'users', operations: ['insert', 'update'], body: mark('$ROW.id') },
  { table: 'user_events', operations: ['insert'], body: mark('$ROW.user_id') },
  ...['purchases', 'coupons', 'abandoned_carts'].map((table) => ({
    table,
    operations: ['insert', 'update', 'delete'] as const,
    body: `${mark('$ROW.user_id')}; ${mark('$OLD.user_id', ' and $OLD.user_id <> $ROW.user_id')}`,
  })),
  {
    table: 'attribute_values',
    operations: ['insert', 'update', 'delete'],
    body: mark('$ROW.record_id', " and exists (select 1 from attribute_definitions d where d.id = $ROW.definition_id and d.kind = 'users')"),
  },
  {
    table: 'mailing_recipients',
    operations: ['update'],
    columns: ['status', 'opened_at', 'clicked_at', 'unsubscribed_at', 'bounced_at'],
    body: `$MARK select $ROW.account_id, $ROW.user_id$SOURCE where exists (select 1 from segments s where s.account_id = $ROW.account_id and s.definition like '%"mailing"%')`,
  },
  {
    table: 'blacklist_entries',
    operations: ['insert', 'delete'],
    body:
      '$MARK select u.account_id, u.id$SOURCE from users u ' +
      "where $ROW.generation = 0 and u.account_id = $ROW.account_id and ((($ROW.list = 'email') and u.email_list_key = $ROW.value) " +
      "or (($ROW.list = 'telephone') and u.telephone_list_key = $ROW.value))",
  },
];

/** Recreates each trigger of `trigger`, naming its table as the mark's source (or not: down). */
async function replaceTrigger(db: Kysely<unknown>, trigger: Trigger, withSource: boolean): Promise<void> {
  for (const operation of trigger.operations) {
    const name = `segment_dirty_${trigger.table}_${operation}`;
    const row = operation === 'delete' ? 'OLD' : 'NEW';
    const old = operation === 'update' ? 'OLD' : row;
    const body = trigger.body
      .replaceAll('$MARK', withSource ? 'insert into segment_dirty (account_id, user_id, source)' : 'insert into segment_dirty (account_id, user_id)')
      .replaceAll('$SOURCE', withSource ? `, '${trigger.table}'` : '')
      .replaceAll('$ROW', row)
      .replaceAll('$OLD', old);
    const event = operation === 'update' && trigger.columns ? `update of ${trigger.columns.join(', ')}` : operation;
    if (isPostgres(db)) {
      // The trigger calls the function by name: replacing the function is enough.
      await sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $fn$ begin ${body}; return null; end $fn$`).execute(db);
    } else {
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
      await sql.raw(`create trigger ${name} after ${event} on ${trigger.table} for each row begin ${body}; end`).execute(db);
    }
  }
}
