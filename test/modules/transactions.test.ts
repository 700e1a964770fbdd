import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';

// U11: GET /transactions, the account's points ledger, newest first (G6, G7), each entry with its customer.

const t = await buildTestApp();

const ana = await createUser(t, { service_uid: 'tx-ana', email: 'ana@example.com' });
const bob = await createUser(t, { email: 'bob@example.com' });
const credits = [
  { user: ana, at: '2026-03-01T10:00:00Z', concept: 'purchase', points: 100, description: 'FAC-1' },
  { user: bob, at: '2026-03-01T11:00:00Z', concept: 'gift', points: 50 },
  { user: ana, at: '2026-03-02T09:00:00Z', concept: 'gift', points: 20, description: 'birthday' },
  { user: bob, at: '2026-03-03T09:00:00Z', concept: 'purchase', points: -30 },
  { user: ana, at: '2026-03-03T09:00:00Z', concept: 'survey_response', points: 5 },
];
const ids: number[] = [];
for (const credit of credits) {
  t.clock.set(credit.at);
  const body = { concept: credit.concept, points: credit.points, ...(credit.description ? { description: credit.description } : {}) };
  ids.push(expectOk(await t.post(`/apiv3/users/${credit.user.userapp_id}/points`, body)).transaction_id);
}
t.clock.set(null);

describe('GET /transactions', () => {
  it("lists the account's ledger newest first (time, then id), each entry as the customer's ledger answers it, with its user", async () => {
    const entries = expectOk(await t.get('/apiv3/transactions'));
    assert.deepEqual(
      entries.map((entry: { id: number }) => entry.id),
      [ids[4], ids[3], ids[2], ids[1], ids[0]],
    );
    assert.deepEqual(entries[0], {
      id: ids[4],
      concept: 'survey_response',
      points: 5,
      description: null,
      balance: 125,
      createtime: '2026-03-03 09:00:00',
      user: { userapp_id: ana.userapp_id, user_id: ana.userapp_id, service_uid: 'tx-ana', email: 'ana@example.com' },
    });
    assert.deepEqual(entries[1].user, { userapp_id: bob.userapp_id, user_id: bob.userapp_id, service_uid: bob.service_uid, email: 'bob@example.com' });
    assert.equal(entries[1].balance, 20);
    // Each entry is exactly what GET /users/{id}/transactions answers for it.
    const own = expectOk(await t.get(`/apiv3/users/${ana.userapp_id}/transactions`));
    const { user: _user, ...first } = entries[0];
    assert.deepEqual(first, own[0]);
  });

  it('pages with page and limit (G6)', async () => {
    const firstPage = expectOk(await t.get('/apiv3/transactions?limit=2'));
    const secondPage = expectOk(await t.get('/apiv3/transactions?limit=2&page=1'));
    const thirdPage = expectOk(await t.get('/apiv3/transactions?limit=2&page=2'));
    assert.deepEqual(
      [...firstPage, ...secondPage, ...thirdPage].map((entry: { id: number }) => entry.id),
      [ids[4], ids[3], ids[2], ids[1], ids[0]],
    );
    assert.deepEqual(expectOk(await t.get('/apiv3/transactions?limit=2&page=3')), []);
  });

  it('filters by concept (exactly) and by from/to on the entry time, inclusive (G7); empty parameters are absent', async () => {
    const gifts = expectOk(await t.get('/apiv3/transactions?concept=gift'));
    assert.deepEqual(
      gifts.map((entry: { id: number }) => entry.id),
      [ids[2], ids[1]],
    );
    assert.deepEqual(expectOk(await t.get('/apiv3/transactions?concept=GIFT')), []);
    assert.deepEqual(expectOk(await t.get('/apiv3/transactions?concept=gif')), []);
    const window = expectOk(await t.get('/apiv3/transactions?from=2026-03-01%2011:00:00&to=2026-03-02'));
    assert.deepEqual(
      window.map((entry: { id: number }) => entry.id),
      [ids[2], ids[1]],
    );
    const iso = expectOk(await t.get('/apiv3/transactions?from=2026-03-03T06:00:00-03:00&concept=purchase'));
    assert.deepEqual(
      iso.map((entry: { id: number }) => entry.id),
      [ids[3]],
    );
    assert.equal(expectOk(await t.get('/apiv3/transactions?concept=&from=&to=')).length, 5);
  });

  it('answers 400 naming the parameter', async () => {
    expectError(await t.get('/apiv3/transactions?limit=101'), 400, 'bad_request', /^limit: /);
    expectError(await t.get('/apiv3/transactions?limit=0'), 400, 'bad_request', /^limit: /);
    expectError(await t.get('/apiv3/transactions?page=-1'), 400, 'bad_request', /^page: /);
    expectError(await t.get('/apiv3/transactions?page=1.5'), 400, 'bad_request', /^page: /);
    expectError(await t.get('/apiv3/transactions?from=yesterday'), 400, 'bad_request', /^from: /);
    expectError(await t.get('/apiv3/transactions?to=2026-13-01'), 400, 'bad_request', /^to: /);
  });

  it("shows only the key's account; an erased customer's entries go with it", async () => {
    const other = await t.newAccount('ledger-other');
    assert.deepEqual(expectOk(await t.get('/apiv3/transactions', { key: other.key })), []);
    const carol = await createUser(t, { service_uid: 'tx-carol', points: 7 }, { key: other.key });
    const theirs = expectOk(await t.get('/apiv3/transactions', { key: other.key }));
    assert.equal(theirs.length, 1);
    assert.equal(theirs[0].concept, 'initial');
    assert.equal(theirs[0].user.userapp_id, carol.userapp_id);
    assert.equal(expectOk(await t.get('/apiv3/transactions?limit=100')).length, 5);
    expectOk(await t.delete(`/apiv3/users/${carol.userapp_id}`, undefined, { key: other.key }));
    assert.deepEqual(expectOk(await t.get('/apiv3/transactions', { key: other.key })), []);
  });

  it('answers 405 for another verb and 403 without a key', async () => {
    expectError(await t.post('/apiv3/transactions', {}), 405, 'method_not_allowed');
    expectError(await t.get('/apiv3/transactions', { key: null }), 403, 'forbidden');
  });
});
