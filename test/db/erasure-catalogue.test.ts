import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Kysely, sql } from 'kysely';
import { CUSTOMER_REFERENCES, NOT_CUSTOMER_REFERENCES } from '../../src/modules/customer-data/references.js';
import { buildTestApp, usingPostgres } from '../helpers/app.js';
import { expectOk } from '../helpers/assertions.js';
import { richCustomer } from '../helpers/customers.js';

// Erasure (D1) must cover every table that refers to a customer, and keep covering them.
// This reads each database's own catalogue — every foreign key, and every column named like a
// reference to a user — and fails when one is neither in the list the erasure code deletes by
// (CUSTOMER_REFERENCES) nor among the names that refer to no customer (NOT_CUSTOMER_REFERENCES).

const t = await buildTestApp({ config: { workerEnabled: false } });

/** Columns whose name says they hold a user's id (record_id: a custom attribute value's record, a user among others). */
const USER_COLUMN = /^(user_id|userapp_id|customer_id|record_id|[a-z_]+_user_id)$/;

interface ForeignKey {
  table: string;
  column: string;
  references: string;
}

async function foreignKeys(db: Kysely<any>): Promise<ForeignKey[]> {
  if (usingPostgres()) {
    const { rows } = await sql<ForeignKey>`
      select child.relname as "table", att.attname as "column", parent.relname as "references"
      from pg_constraint c
      join pg_class child on child.oid = c.conrelid
      join pg_namespace n on n.oid = child.relnamespace
      join pg_class parent on parent.oid = c.confrelid
      cross join lateral unnest(c.conkey) as k(attnum)
      join pg_attribute att on att.attrelid = c.conrelid and att.attnum = k.attnum
      where c.contype = 'f' and n.nspname = current_schema()`.execute(db);
    return rows;
  }
  const { rows } = await sql<ForeignKey>`
    select m.name as "table", f."from" as "column", f."table" as "references"
    from sqlite_master m, pragma_foreign_key_list(m.name) f
    where m.type = 'table'`.execute(db);
  return rows;
}

async function columns(db: Kysely<any>): Promise<Array<{ table: string; column: string }>> {
  if (usingPostgres()) {
    const { rows } = await sql<{ table: string; column: string }>`
      select table_name as "table", column_name as "column" from information_schema.columns
      where table_schema = current_schema()`.execute(db);
    return rows;
  }
  const { rows } = await sql<{ table: string; column: string }>`
    select m.name as "table", p.name as "column" from sqlite_master m, pragma_table_info(m.name) p
    where m.type = 'table' and m.name not like 'sqlite_%'`.execute(db);
  return rows;
}

/**
 * Every `table.column` that refers to a customer: the foreign keys to users, and to the tables whose
 * rows are a customer's (those with such a key, transitively: purchase_items through purchases),
 * plus the columns named like a user's id.
 */
async function customerReferences(db: Kysely<any>): Promise<{ direct: Set<string>; all: Set<string> }> {
  const keys = await foreignKeys(db);
  const owned = new Set(['users']);
  const direct = new Set<string>();
  const all = new Set<string>();
  for (let grown = true; grown; ) {
    grown = false;
    for (const key of keys) {
      if (!owned.has(key.references) || all.has(`${key.table}.${key.column}`)) continue;
      all.add(`${key.table}.${key.column}`);
      if (key.references === 'users') direct.add(`${key.table}.${key.column}`);
      owned.add(key.table);
      grown = true;
    }
  }
  for (const { table, column } of await columns(db)) {
    if (USER_COLUMN.test(column)) {
      all.add(`${table}.${column}`);
      direct.add(`${table}.${column}`);
    }
  }
  return { direct, all };
}

const handled = new Set(CUSTOMER_REFERENCES.map((reference) => `${reference.table}.${reference.column}`));

async function unhandled(db: Kysely<any>): Promise<string[]> {
  const { all } = await customerReferences(db);
  return [...all].filter((reference) => !handled.has(reference) && !(reference in NOT_CUSTOMER_REFERENCES)).sort();
}

describe('the database\'s references to customers', () => {
  it('are each erased (CUSTOMER_REFERENCES) or named as referring to no customer', async () => {
    const { all } = await customerReferences(t.database.db);
    // The catalogue was read: the references known today are among them.
    for (const known of ['user_events.user_id', 'purchase_items.purchase_id', 'attribute_values.record_id', 'attribute_value_items.record_id', 'benefits.user_id']) {
      assert.ok(all.has(known), `${known} found in the catalogue`);
    }
    assert.deepEqual(await unhandled(t.database.db), []);
  });

  it('name only columns that exist, so the list cannot drift from the schema', async () => {
    const present = new Set((await columns(t.database.db)).map(({ table, column }) => `${table}.${column}`));
    for (const reference of [...handled, ...Object.keys(NOT_CUSTOMER_REFERENCES)]) assert.ok(present.has(reference), `${reference} exists`);
  });

  it('catches a table added without erasure handling it', async () => {
    const db = t.database.db as Kysely<any>;
    await db.schema.createTable('loyalty_notes').addColumn('id', 'integer', (col) => col.primaryKey()).addColumn('owner', 'integer', (col) => col.references('users.id')).execute();
    await db.schema.createTable('purchase_notes').addColumn('purchase_id', 'integer', (col) => col.references('purchases.id')).execute();
    await db.schema.createTable('visits').addColumn('customer_id', 'integer').execute();
    try {
      assert.deepEqual(await unhandled(db), ['loyalty_notes.owner', 'purchase_notes.purchase_id', 'visits.customer_id']);
    } finally {
      for (const table of ['loyalty_notes', 'purchase_notes', 'visits']) await db.schema.dropTable(table).execute();
    }
  });

  it('hold no row of an erased customer, column by column', async () => {
    // A webhook endpoint, so that the customer's changes have messages (W2) carrying its data.
    await t.database.db
      .insertInto('webhook_endpoints')
      .values({ account_id: t.accountId, url: 'https://receiver.invalid/', events: '["*"]', description: '', status: 'enabled', secret: 'whsec_AAAA', createtime: '2026-01-01 00:00:00', updatetime: '2026-01-01 00:00:00' })
      .execute();
    const { user } = await richCustomer(t, { city: 'Catalogue' });
    // A bulk erasure accepted, not yet run (no worker here), has the customer among its frozen members.
    const segment = expectOk(await t.post('/apiv3/segments', { title: 'Catalogue', definition: { all: [{ field: 'city', op: 'eq', value: 'Catalogue' }] } }), 201);
    expectOk(await t.delete('/apiv3/multiusers/bulk', { segment_id: segment.id }));
    // M9: the customer is a recipient of a mailing (its audience frozen as sending starts).
    const mailing = expectOk(await t.post('/apiv3/mailings', { name: 'Catalogue', subject: 's', body: 'b', segment_id: segment.id }), 201);
    await t.database.db
      .insertInto('mailing_recipients')
      .values({ account_id: t.accountId, mailing_id: mailing.id, user_id: user.userapp_id, email: null, status: 'suppressed', reason: 'no_email', next_attempt_at: '2026-01-01 00:00:00' })
      .execute();
    // SG7–SG8: a stored membership, a recorded transition and a mark (no worker here to write them).
    await t.database.db.insertInto('segment_members').values({ account_id: t.accountId, segment_id: segment.id, user_id: user.userapp_id, since: '2026-01-01 00:00:00' }).execute();
    await t.database.db.insertInto('segment_changes').values({ account_id: t.accountId, segment_id: segment.id, user_id: user.userapp_id, type: 'entered', at: '2026-01-01 00:00:00' }).execute();
    await t.database.db.insertInto('segment_dirty').values({ account_id: t.accountId, user_id: user.userapp_id }).execute();
    // U14: the customer's scores in the value-group snapshot (no refresh run here).
    await t.database.db.insertInto('value_scores').values({ account_id: t.accountId, user_id: user.userapp_id, recency: 1, frequency: 1, monetary: 1, value_group: 'hibernating', total_units: 10_000 }).execute();
    const { direct } = await customerReferences(t.database.db);
    const db = t.database.db as Kysely<any>;
    const count = async (table: string, column: string) => {
      let query = db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where(column, '=', user.userapp_id);
      // A record_id is a user's only under a definition of the users kind.
      if (column === 'record_id') query = query.where('definition_id', 'in', db.selectFrom('attribute_definitions').select('id').where('kind', '=', 'users'));
      return Number((await query.executeTakeFirstOrThrow()).n);
    };
    const references = [...direct].filter((reference) => !(reference in NOT_CUSTOMER_REFERENCES)).map((reference) => reference.split('.') as [string, string]);
    const before = await Promise.all(references.map(([table, column]) => count(table, column)));
    assert.ok(before.every((n) => n > 0), `a row in each of ${references.join(', ')}: ${before}`);
    expectOk(await t.delete(`/apiv3/users/${user.userapp_id}`));
    const after = await Promise.all(references.map(([table, column]) => count(table, column)));
    assert.deepEqual(Object.fromEntries(references.map(([table, column], i) => [`${table}.${column}`, after[i]])), Object.fromEntries(references.map(([table, column]) => [`${table}.${column}`, 0])));
  });
});
