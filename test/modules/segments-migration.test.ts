// Migration 0011 fills in what segments compare for the rows that exist before it: the folded
// columns of users, abandoned_carts.recovered, and the attribute items of users' custom values, in
// batches (more rows than one batch here), with the functions the write paths use.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { Kysely } from 'kysely';
import * as segmentsMigration from '../../src/db/migrations/0011_segments.js';
import * as userEventsByUser from '../../src/db/migrations/0017_user_events_by_user.js';
import * as liveSegments from '../../src/db/migrations/0021_live_segments.js';
import { attributeValueItems, foldedUserColumns } from '../../src/db/folded-columns.js';
import { createSegmentsTestDatabase } from '../helpers/segments-db.js';

const t = await createSegmentsTestDatabase();
after(() => t.drop());

// 0017 replaced an index 0011 made, and 0021 builds on its tables and columns: they are taken down
// first and put back after.
async function migrate(direction: 'up' | 'down') {
  const run = async (db: Kysely<any>) => {
    if (direction === 'down') {
      await liveSegments.down(db);
      await userEventsByUser.down(db);
    }
    await segmentsMigration[direction](db);
    if (direction === 'up') {
      await userEventsByUser.up(db);
      await liveSegments.up(db);
    }
  };
  if (t.database.dialect === 'postgres') await t.database.db.transaction().execute((trx) => run(trx as Kysely<any>));
  else await run(t.database.db as Kysely<any>);
}

describe('migration 0011_segments', () => {
  it('backfills existing users, carts and custom attribute values', async () => {
    await migrate('down');
    const db = t.database.db as Kysely<any>;
    const now = '2024-01-01 00:00:00';
    const { id: accountId } = await db.insertInto('accounts').values({ name: 'm', created_at: now }).returning('id').executeTakeFirstOrThrow();
    const names = ['Inés', 'ÁLVAREZ', null, '  ', 'Straße'];
    const users = Array.from({ length: 1200 }, (_, i) => ({
      account_id: accountId,
      service_uid: `uid-${i}`,
      email: i % 3 === 0 ? `user${i}@example.com` : null,
      telephone: i % 4 === 0 ? '+54 (11) 1234-5678' : null,
      first_name: names[i % names.length],
      city: i % 2 ? 'Córdoba' : null,
      tags: JSON.stringify(i % 5 === 0 ? [] : ['VIP', 'a|b']),
      createtime: now,
      updatetime: now,
    }));
    for (let start = 0; start < users.length; start += 200) {
      await db.insertInto('users').values(users.slice(start, start + 200)).execute();
    }
    const ids = (await db.selectFrom('users').select('id').where('account_id', '=', accountId).orderBy('id').execute()).map((row: any) => Number(row.id));
    await db
      .insertInto('abandoned_carts')
      .values([
        { account_id: accountId, user_id: ids[0]!, external_id: 'a', data: JSON.stringify({ products: [], recovered: true }), createtime: now },
        { account_id: accountId, user_id: ids[0]!, external_id: 'b', data: JSON.stringify({ products: [], recovered: false }), createtime: now },
      ])
      .execute();
    const definitions = await db
      .insertInto('attribute_definitions')
      .values([
        { account_id: accountId, kind: 'users', name: 'nivel', label: 'Nivel', field_type: 'text', data_type: 'string', created_at: now },
        { account_id: accountId, kind: 'products', name: 'nivel', label: 'Nivel', field_type: 'text', data_type: 'string', created_at: now },
      ])
      .returning(['id', 'kind'])
      .execute();
    const userDefinition = Number(definitions.find((d: any) => d.kind === 'users')!.id);
    const productDefinition = Number(definitions.find((d: any) => d.kind === 'products')!.id);
    const values = ids.map((id, i) => ({ account_id: accountId, definition_id: userDefinition, record_id: id, value: JSON.stringify(i % 2 ? ['Óro', ''] : 'Plata') }));
    for (let start = 0; start < values.length; start += 300) await db.insertInto('attribute_values').values(values.slice(start, start + 300)).execute();
    await db.insertInto('attribute_values').values({ account_id: accountId, definition_id: productDefinition, record_id: 1, value: '"x"' }).execute();

    await migrate('up');

    const rows = await db.selectFrom('users').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
    assert.equal(rows.length, 1200);
    for (const row of rows) {
      for (const [column, value] of Object.entries(foldedUserColumns(row))) assert.equal(row[column], value, `${column} of user ${row.id}`);
    }
    assert.equal(rows[0]!.first_name_folded, 'ines');
    assert.equal(rows[0]!.tags_folded, null);
    assert.equal(rows[1]!.tags_folded, '|vip|a%7Cb|');
    assert.equal(rows[0]!.telephone_list_key, '+541112345678');

    const carts = await db.selectFrom('abandoned_carts').select(['external_id', 'recovered']).where('account_id', '=', accountId).orderBy('external_id').execute();
    assert.deepEqual(carts.map((c: any) => [c.external_id, Number(c.recovered)]), [['a', 1], ['b', 0]]);

    const items = await db
      .selectFrom('attribute_value_items')
      .select(['definition_id', 'record_id', 'position', 'text_value', 'number_value'])
      .where('account_id', '=', accountId)
      .orderBy('record_id')
      .orderBy('position')
      .execute();
    const expected = values.flatMap((v) => attributeValueItems(v.value).map((item) => ({ definition_id: userDefinition, record_id: v.record_id, ...item })));
    assert.deepEqual(
      items.map((item: any) => ({ ...item, definition_id: Number(item.definition_id), record_id: Number(item.record_id) })),
      expected,
    );
    assert.equal(expected.length, 1200);

    // Items go with their value.
    await db.deleteFrom('attribute_values').where('definition_id', '=', userDefinition).where('record_id', '=', ids[0]!).execute();
    const left = await db.selectFrom('attribute_value_items').select('record_id').where('record_id', '=', ids[0]!).execute();
    assert.deepEqual(left, []);
  });
});
