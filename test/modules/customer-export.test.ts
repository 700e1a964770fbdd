import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { richCustomer } from '../helpers/customers.js';
import { createUser } from '../helpers/factories.js';

// D3: everything held about one customer in one answer, each part as its own endpoint answers it.

const t = await buildTestApp();
const b64 = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString('base64'));
const PARTS = ['abandoned_carts', 'coupons', 'family_members', 'mailings', 'points_ledger', 'purchases', 'segments', 'user', 'user_events', 'value'];

/** Each part as its own endpoint answers it (one page of up to 100 is enough for these customers). */
async function byEndpoints(user: any, key = t.key) {
  const get = async (url: string) => expectOk(await t.get(url, { key }));
  const id = user.userapp_id;
  return {
    user: await get(`/apiv3/users/${id}`),
    points_ledger: await get(`/apiv3/users/${id}/transactions?limit=100`),
    purchases: await get(`/apiv3/users/${id}/purchases?limit=100`),
    user_events: await get(`/apiv3/user-events?service_uid=${encodeURIComponent(user.service_uid)}&limit=100`),
    coupons: await get(`/apiv3/coupons?userapp_id=${id}&limit=100`),
    family_members: await get(`/apiv3/users/${id}/members?limit=100`),
    abandoned_carts: await get(`/apiv3/users/${id}/abandoned-carts?limit=100`),
    segments: await get(`/apiv3/users/${id}/segments`),
    // M9: no endpoint lists one customer's mailings; these customers received none (mailings-data.test.ts covers it).
    mailings: [],
    value: await get(`/apiv3/users/${id}/value`),
  };
}

describe('GET /users/{id}/export (D3)', () => {
  it('answers the customer, ledger, purchases, events, coupons, members, carts and segments, each as its endpoint does', async () => {
    const { user } = await richCustomer(t, { city: 'Mendoza' });
    const other = await richCustomer(t, { city: 'Mendoza' });
    expectOk(await t.post('/apiv3/segments', { title: 'Mendocinos', definition: { all: [{ field: 'city', op: 'eq', value: 'mendoza' }] } }), 201);
    expectOk(await t.post('/apiv3/segments', { title: 'Nobody', definition: { all: [{ field: 'city', op: 'eq', value: 'nowhere' }] } }), 201);
    const exported = expectOk(await t.get(`/apiv3/users/${user.userapp_id}/export`));
    assert.deepEqual(Object.keys(exported).sort(), PARTS);
    assert.deepEqual(exported, await byEndpoints(user));
    // Only this customer's rows, all of them.
    assert.equal(exported.points_ledger.length, 2);
    assert.equal(exported.purchases.length, 2);
    assert.equal(exported.user_events.length, 3);
    assert.equal(exported.coupons.length, 1);
    assert.equal(exported.family_members.length, 2);
    assert.equal(exported.abandoned_carts.length, 1);
    assert.deepEqual(exported.segments.map((s: any) => s.title), ['Mendocinos']);
    assert.deepEqual(exported.user.custom_attributes, { hobbies: ['chess', 'tango'] });
    for (const part of ['purchases', 'user_events', 'coupons'] as const) {
      for (const row of exported[part]) assert.equal(row.user.userapp_id, user.userapp_id, part);
    }
    assert.notDeepEqual(expectOk(await t.get(`/apiv3/users/${other.user.userapp_id}/export`)).purchases, exported.purchases);
  });

  it('is not paginated: more rows than a page may hold are all there, newest first', async () => {
    const user = await createUser(t);
    assert.equal((await t.post('/apiv3/events', { name: 'many' })).status, 200);
    for (let i = 0; i < 130; i++) {
      const datetime = `2026-02-${String(1 + (i % 28)).padStart(2, '0')} ${String(i % 24).padStart(2, '0')}:00:00`;
      expectOk(await t.post('/apiv3/user-events', { event: 'many', service_uid: user.service_uid, datetime }));
    }
    const { user_events: events } = expectOk(await t.get(`/apiv3/users/${user.userapp_id}/export`));
    assert.equal(events.length, 130);
    const firstPage = expectOk(await t.get(`/apiv3/user-events?service_uid=${user.service_uid}&limit=100`));
    const secondPage = expectOk(await t.get(`/apiv3/user-events?service_uid=${user.service_uid}&limit=100&page=1`));
    assert.deepEqual(events, [...firstPage, ...secondPage]);
  });

  it('finds the customer by base64 service_uid, answers a bare customer with empty parts, and 404 for unknown or another account\'s', async () => {
    const user = await createUser(t, { service_uid: 'export/me' });
    const bare = expectOk(await t.get(`/apiv3/users/${b64('export/me')}/export`));
    assert.deepEqual(bare, { ...(await byEndpoints(user)), points_ledger: [], purchases: [], user_events: [], coupons: [], family_members: [], abandoned_carts: [] });
    expectError(await t.get('/apiv3/users/2147483647/export'), 404, 'not_found', /^no user with id 2147483647$/);
    expectError(await t.get(`/apiv3/users/${b64('nobody')}/export`), 404, 'not_found');
    const other = await t.newAccount();
    expectError(await t.get(`/apiv3/users/${user.userapp_id}/export`, { key: other.key }), 404, 'not_found');
    expectOk(await t.delete(`/apiv3/users/${user.userapp_id}`));
    expectError(await t.get(`/apiv3/users/${user.userapp_id}/export`), 404, 'not_found');
  });
});

describe('GET /multiusers/export (D3 by U6 identity)', () => {
  it('exports the customer the first non-empty identity finds', async () => {
    const { user } = await richCustomer(t, { email: 'Export.Me@example.com', document: 'EXP-1' });
    const expected = expectOk(await t.get(`/apiv3/users/${user.userapp_id}/export`));
    assert.deepEqual(expectOk(await t.get('/apiv3/multiusers/export?service_uid=&email=EXPORT.me%40example.com&document=&telephone=')), expected);
    assert.deepEqual(expectOk(await t.get('/apiv3/multiusers/export?document=EXP-1')), expected);
  });

  it('answers 400 without an identity and 404 when none matches', async () => {
    expectError(await t.get('/apiv3/multiusers/export'), 400, 'bad_request', /^service_uid, email, document, telephone: at least one is required/);
    expectError(await t.get('/apiv3/multiusers/export?email=&service_uid='), 400, 'bad_request', /at least one is required/);
    expectError(await t.get(`/apiv3/multiusers/export?document=${'d'.repeat(256)}`), 400, 'bad_request', /^document: /);
    expectError(await t.get('/apiv3/multiusers/export?email=nobody@example.com'), 404, 'not_found', /^no user matches the first non-empty/);
  });
});
