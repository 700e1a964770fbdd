import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { buildTestApp, openAgain, usingPostgres } from '../helpers/app.js';
import { expectOk } from '../helpers/assertions.js';
import { waitFor } from '../helpers/blacklist.js';
import { liveMembershipSettled } from '../helpers/segments-live.js';
import { createUser } from '../helpers/factories.js';

// No foreign key makes a stored member wait for its customer's erasure (migration 0032), so the
// erasure waits for the writers of members itself. Forced on PostgreSQL with a second pool standing
// in for another process: (1) a segment refresh's step in flight (it holds its segment_live row and
// has inserted a member, not committed): the erasure waits for it, then deletes that member too;
// (2) a customer an erasure holds is passed over by the customer path, its marks kept, and
// evaluated once the hold ends. On SQLite one writer at a time means neither can interleave.

const skip = !usingPostgres() && 'one connection writes at a time on SQLite: an erasure and a membership writer cannot interleave';
const t = await buildTestApp({ config: { webhookAllowPrivate: true, workerPollMs: 20, segmentPollMs: 20 } });
const db = t.database.db;

const settled = () => liveMembershipSettled(db);
/** A backend of this test's database waits for a lock (another test file's database is not counted). */
const waiting = async () =>
  (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db)).rows[0]!.n > 0;
const membersOf = async (userId: number) => (await db.selectFrom('segment_members').select('segment_id').where('user_id', '=', userId).execute()).map((row) => Number(row.segment_id));

describe('stored members and erasure (migration 0032)', { skip }, () => {
  it("an erasure waits for a segment refresh's step in flight, then deletes the member it wrote", async () => {
    const customer = await createUser(t, { service_uid: 'erase-race-1', email: 'erase.race1@example.com', points: 10 });
    const segment = expectOk(await t.post('/apiv3/segments', { title: 'Erasure race', definition: { all: [{ field: 'points', op: 'gte', value: 5 }] } }), 201).id as number;
    await settled();
    assert.deepEqual(await membersOf(customer.userapp_id), [segment]);
    await db.deleteFrom('segment_members').where('user_id', '=', customer.userapp_id).execute();

    const other = openAgain(t.database);
    let commit = () => {};
    try {
      let written!: () => void;
      const released = new Promise<void>((resolve) => (commit = resolve));
      const inserted = new Promise<void>((resolve) => (written = resolve));
      // A step as the segment path runs it: its segment_live row updated first, then the members.
      const step = other.db.transaction().execute(async (trx) => {
        await trx.updateTable('segment_live').set({ cursor: 0 }).where('segment_id', '=', segment).execute();
        await trx.insertInto('segment_members').values({ account_id: t.accountId, segment_id: segment, user_id: customer.userapp_id, since: '2026-11-29 12:00:00' }).execute();
        written();
        await released;
      });
      await inserted;
      const erasing = t.delete(`/apiv3/users/${customer.userapp_id}`);
      await waitFor(waiting, 'the erasure to wait for the step');
      commit();
      await step;
      expectOk(await erasing);
      assert.deepEqual(await membersOf(customer.userapp_id), [], 'no member row of the erased customer is left');
    } finally {
      commit();
      await other.close();
    }
  });

  it('the customer path passes over a customer an erasure holds, keeps its marks, and evaluates it once the hold ends', async () => {
    const held = await createUser(t, { service_uid: 'erase-race-2', points: 10 });
    const free = await createUser(t, { service_uid: 'erase-race-3', points: 10 });
    const segment = expectOk(await t.post('/apiv3/segments', { title: 'Erasure race, customer path', definition: { all: [{ field: 'points', op: 'gte', value: 5 }] } }), 201).id as number;
    await settled();
    // Both belong; their stored rows are removed behind the loop's back, so an evaluation shows.
    await db.deleteFrom('segment_members').where('segment_id', '=', segment).execute();

    const other = openAgain(t.database);
    let release = () => {};
    try {
      let locked!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const holding = new Promise<void>((resolve) => (locked = resolve));
      // As an erasure holds its customers (FOR UPDATE) until it commits.
      const erasure = other.db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').where('id', '=', held.userapp_id).forUpdate().execute();
        locked();
        await released;
      });
      await holding;
      await db.insertInto('segment_dirty').values([held, free].map((user) => ({ account_id: t.accountId, user_id: user.userapp_id, source: null }))).execute();
      await waitFor(async () => (await membersOf(free.userapp_id)).includes(segment), 'the free customer evaluated');
      const marks = await db.selectFrom('segment_dirty').select('user_id').execute();
      assert.deepEqual(marks.map((row) => Number(row.user_id)), [held.userapp_id], "the held customer's mark is kept");
      assert.ok(!(await membersOf(held.userapp_id)).includes(segment), 'the held customer is not evaluated while held');
      release();
      await erasure;
      await waitFor(async () => (await membersOf(held.userapp_id)).includes(segment), 'the held customer evaluated after the hold');
    } finally {
      release(); // a failed assertion must not leave the hold (and the pool) open
      await other.close();
    }
  });
});
