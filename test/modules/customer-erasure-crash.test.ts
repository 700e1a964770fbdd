import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { foldedUserColumns } from '../../src/db/folded-columns.js';
import type { DB } from '../../src/db/types.js';
import { formatDateTime } from '../../src/lib/time.js';
import { startServer } from '../../src/server.js';
import { testConfig } from '../helpers/app.js';
import { waitFor } from '../helpers/blacklist.js';
import { childServers, sharedDatabaseConfig } from '../helpers/child-server.js';
import { createAccount, sharedDatabase } from '../ops/support.js';

// A server killed (kill -9) during a bulk erasure (D4) leaves every customer wholly there
// or wholly gone, and the request, resumed by the next server, erases the rest and counts each
// customer once.

const MEMBERS = 3000;
const OUTSIDERS = 50;
const NOW = '2026-05-01 10:00:00';

/** Customers written straight into the database (the API would take minutes for thousands): each with two user events, a ledger entry and a purchase with one item. */
async function seed(db: Kysely<DB>, accountId: number, city: string, count: number): Promise<number[]> {
  const event = await db.insertInto('events').values({ account_id: accountId, name: `crash-${city}`, createtime: NOW }).returning('id').executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (let start = 0; start < count; start += 200) {
    const rows = Array.from({ length: Math.min(200, count - start) }, (_, i) => {
      const n = start + i;
      const profile = { service_uid: `${city}-${n}`, email: `${city}-${n}@example.com`, city, tags: '[]' };
      return { account_id: accountId, ...profile, ...foldedUserColumns(profile), points: 5, createtime: NOW, updatetime: NOW };
    });
    const users = (await db.insertInto('users').values(rows).returning('id').execute()).map((row) => Number(row.id));
    ids.push(...users);
    await db
      .insertInto('user_events')
      .values(users.flatMap((id) => [0, 1].map((h) => ({ account_id: accountId, event_id: event.id, user_id: id, datetime: `2026-04-0${h + 1} 10:00:00`, metadata: null }))))
      .execute();
    await db
      .insertInto('points_transactions')
      .values(users.map((id) => ({ account_id: accountId, user_id: id, concept: 'initial', points: 5, description: null, balance_after: 5, createtime: NOW })))
      .execute();
    const purchases = await db
      .insertInto('purchases')
      .values(users.map((id) => ({ account_id: accountId, invoice_number: `${city}-INV-${id}`, user_id: id, createtime: NOW })))
      .returning('id')
      .execute();
    await db
      .insertInto('purchase_items')
      .values(purchases.map((p) => ({ account_id: accountId, purchase_id: p.id, position: 0, sku: 'CRASH', product_name: 'Crash', quantity: 1, unit_price: 1 })))
      .execute();
  }
  return ids;
}

/** Per customer: [profile, user events, ledger entries, purchases, purchase items]. */
async function holdings(db: Kysely<DB>, ids: number[]): Promise<Map<number, number[]>> {
  const out = new Map(ids.map((id) => [id, [0, 0, 0, 0, 0]]));
  const add = (rows: Array<{ id: number | string; n: number | string }>, index: number) => {
    for (const row of rows) {
      const held = out.get(Number(row.id));
      if (held) held[index] = Number(row.n);
    }
  };
  add(await db.selectFrom('users').select(['id', (eb) => eb.lit(1).as('n')]).execute(), 0);
  add(await db.selectFrom('user_events').select(['user_id as id', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('user_id').execute(), 1);
  add(await db.selectFrom('points_transactions').select(['user_id as id', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('user_id').execute(), 2);
  add(await db.selectFrom('purchases').select(['user_id as id', (eb) => eb.fn.countAll<number>().as('n')]).groupBy('user_id').execute(), 3);
  add(
    await db
      .selectFrom('purchase_items as i')
      .innerJoin('purchases as p', 'p.id', 'i.purchase_id')
      .select(['p.user_id as id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('p.user_id')
      .execute(),
    4,
  );
  return out;
}

const WHOLE = [1, 2, 1, 1, 1];
const GONE = [0, 0, 0, 0, 0];

describe('a server killed during a bulk erasure', () => {
  const servers = childServers();

  it('leaves no customer half-erased, and the restarted server finishes the request, counting each customer once', async () => {
    const shared = await sharedDatabase(1);
    const database = shared.handles[0]!;
    const db = database.db;
    const { accountId, key } = await createAccount(database);
    const config = sharedDatabaseConfig(shared);
    let restarted: FastifyInstance | undefined;
    try {
      const members = await seed(db, accountId, 'Doomed', MEMBERS);
      const outsiders = await seed(db, accountId, 'Spared', OUTSIDERS);
      const server = await servers.start(config, { workerEnabled: true, workerPollMs: 50 });
      const call = async (method: string, path: string, body: unknown) => {
        const response = await fetch(`${server.url}/apiv3${path}`, {
          method,
          headers: { authorization: `Basic ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const text = await response.text();
        assert.ok(response.ok, `${method} ${path}: ${response.status} ${text}`);
        return JSON.parse(text).payload;
      };
      const segment = await call('POST', '/segments', { title: 'Doomed', definition: { all: [{ field: 'city', op: 'eq', value: 'Doomed' }] } });
      const { request_id } = await call('DELETE', '/multiusers/bulk', { segment_id: segment.id, notify_to: 'crash@example.com' });
      const progress = async () => Number((await db.selectFrom('requests').select('processed').where('id', '=', request_id).executeTakeFirstOrThrow()).processed);
      await waitFor(async () => (await progress()) > 0, 'the erasure to have erased some customers', 60_000);
      await server.kill();

      const atKill = await holdings(db, members);
      const gone = members.filter((id) => atKill.get(id)![0] === 0);
      assert.ok(gone.length > 0 && gone.length < MEMBERS, `killed mid-way: ${gone.length} of ${MEMBERS} erased`);
      for (const id of members) {
        const held = atKill.get(id)!;
        assert.deepEqual(held, held[0] === 1 ? WHOLE : GONE, `customer ${id} is wholly there or wholly gone`);
      }
      // The progress committed is exactly the customers erased; those left are still frozen for the request.
      assert.equal(await progress(), gone.length);
      const frozen = await db.selectFrom('erasure_members').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      assert.equal(Number(frozen.n), MEMBERS - gone.length);

      // The dead server's claim runs out (its lease: a minute from its last step).
      await db.updateTable('requests').set({ lease_until: formatDateTime(new Date(Date.now() - 1000)) }).where('id', '=', request_id).execute();
      restarted = await startServer(testConfig({ database: config, host: '127.0.0.1', port: 0, workerEnabled: true, workerPollMs: 50 }));
      const ended = async () => (await db.selectFrom('requests').select('status').where('id', '=', request_id).executeTakeFirstOrThrow()).status;
      await waitFor(async () => ['done', 'failed'].includes(await ended()), 'the resumed request to end', 120_000);
      const request = await db.selectFrom('requests').selectAll().where('id', '=', request_id).executeTakeFirstOrThrow();
      assert.equal(request.status, 'done');
      assert.deepEqual(JSON.parse(request.result!), { deleted: MEMBERS });
      for (const [id, held] of await holdings(db, members)) assert.deepEqual(held, GONE, `customer ${id} erased`);
      for (const [id, held] of await holdings(db, outsiders)) assert.deepEqual(held, WHOLE, `customer ${id} kept`);
      const left = await db.selectFrom('erasure_members').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      assert.equal(Number(left.n), 0);
      const mails = await db.selectFrom('mail_outbox').select(['to_address', 'subject']).where('request_id', '=', request_id).execute();
      assert.deepEqual(mails.map((mail) => mail.to_address), ['crash@example.com']);
      assert.match(mails[0]!.subject, new RegExp(`\\(${MEMBERS} customers deleted\\)`));
    } finally {
      await restarted?.close();
      await shared.drop();
    }
  });
});
