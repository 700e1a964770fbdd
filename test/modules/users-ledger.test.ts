import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectOk } from '../helpers/assertions.js';

// U5a: every change of a balance is a ledger entry, so the newest entry's balance is the user's points.

const t = await buildTestApp();

async function ledger(id: number) {
  return expectOk(await t.get(`/apiv3/users/${id}/transactions?limit=100`)) as Array<{ concept: string; points: number; balance: number }>;
}

describe('points ledger (U5a)', () => {
  it('records points given on creation as an `initial` entry', async () => {
    const user = expectOk(await t.post('/apiv3/users', { service_uid: 'ledger-1', points: 1234 }), 201);
    assert.equal(user.points, 1234);
    assert.deepEqual(
      (await ledger(user.userapp_id)).map(({ concept, points, balance }) => ({ concept, points, balance })),
      [{ concept: 'initial', points: 1234, balance: 1234 }],
    );
    const none = expectOk(await t.post('/apiv3/users', { service_uid: 'ledger-0' }), 201);
    assert.deepEqual(await ledger(none.userapp_id), []);
  });

  it('records a `points` value on an update as an `adjustment` for the difference; the same value adds nothing', async () => {
    const user = expectOk(await t.post('/apiv3/users', { service_uid: 'ledger-2', points: 100 }), 201);
    // A credit lands between a client's find and its update: the stale value overwrites it, visibly.
    expectOk(await t.post(`/apiv3/users/${user.userapp_id}/points`, { concept: 'purchase', points: 50 }));
    const updated = expectOk(await t.put(`/apiv3/users/${user.userapp_id}`, { points: 100, first_name: 'Stale' }));
    assert.equal(updated.points, 100);
    expectOk(await t.put('/apiv3/multiusers', { service_uid: 'ledger-2', points: 100 }));
    const entries = await ledger(user.userapp_id);
    assert.deepEqual(
      entries.map(({ concept, points, balance }) => ({ concept, points, balance })),
      [
        { concept: 'adjustment', points: -50, balance: 100 },
        { concept: 'purchase', points: 50, balance: 150 },
        { concept: 'initial', points: 100, balance: 100 },
      ],
    );
    assert.equal(entries[0]!.balance, expectOk(await t.get(`/apiv3/users/${user.userapp_id}`)).points);
  });

  it('records points of a user PUT /multiusers creates as `initial`', async () => {
    const user = expectOk(await t.put('/apiv3/multiusers', { service_uid: 'ledger-3', points: 7 }));
    assert.deepEqual((await ledger(user.userapp_id)).map((e) => [e.concept, e.points, e.balance]), [['initial', 7, 7]]);
  });
});
