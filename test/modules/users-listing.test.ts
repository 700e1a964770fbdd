import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';

// GET /users's own parameters (docs/users.md): `sort` and `total=true` (the X-Total-Count header),
// for the plain listing and for a segment's members (SG5); the body stays the spec's bare array.

const t = await buildTestApp();

async function account() {
  const other = await t.newAccount();
  const people = [
    { first_name: 'Álvaro', last_name: 'Zapata', service_uid: 'l-1', email: 'b@x.test', points: 30 },
    { first_name: 'beatriz', last_name: 'ávila', service_uid: 'l-2', email: 'a@x.test', points: 10 },
    { first_name: 'Carla', last_name: 'Moreno', service_uid: 'l-3', points: 20 },
    { first_name: 'Dario', service_uid: 'l-4', email: 'c@x.test', points: 20 },
  ];
  for (const person of people) await createUser(t, person, { key: other.key });
  return other;
}

const uids = (users: { service_uid: string }[]) => users.map((u) => u.service_uid);

describe('GET /users sort and total', () => {
  it('sorts by a whitelisted field either way, absent values last, ties by userapp_id', async () => {
    const { key } = await account();
    const get = async (sort: string) => uids(expectOk(await t.get(`/apiv3/users?sort=${sort}`, { key })));
    assert.deepEqual(await get('userapp_id'), ['l-1', 'l-2', 'l-3', 'l-4']);
    assert.deepEqual(await get('-userapp_id'), ['l-4', 'l-3', 'l-2', 'l-1']);
    // Accents and case ignored: ávila before Moreno before Zapata; Dario has no last name.
    assert.deepEqual(await get('last_name'), ['l-2', 'l-3', 'l-1', 'l-4']);
    assert.deepEqual(await get('-last_name'), ['l-1', 'l-3', 'l-2', 'l-4']);
    assert.deepEqual(await get('email'), ['l-2', 'l-1', 'l-4', 'l-3']);
    assert.deepEqual(await get('points'), ['l-2', 'l-3', 'l-4', 'l-1']);
    assert.deepEqual(await get('-points'), ['l-1', 'l-4', 'l-3', 'l-2']);
    assert.deepEqual(await get('first_name'), ['l-1', 'l-2', 'l-3', 'l-4']);
    // With paging and a search.
    assert.deepEqual(uids(expectOk(await t.get('/apiv3/users?sort=-points&limit=2&page=1', { key }))), ['l-3', 'l-2']);
    assert.deepEqual(uids(expectOk(await t.get('/apiv3/users?sort=-points&search=x.test', { key }))), ['l-1', 'l-4', 'l-2']);
  });

  it('answers the total in X-Total-Count only when asked, for a search too', async () => {
    const { key } = await account();
    const plain = await t.get('/apiv3/users?limit=1', { key });
    assert.equal(plain.headers['x-total-count'], undefined);
    const all = await t.get('/apiv3/users?limit=1&total=true', { key });
    assert.equal(all.status, 200);
    assert.equal(all.headers['x-total-count'], '4');
    assert.equal(expectOk(all).length, 1);
    const searched = await t.get('/apiv3/users?total=true&search=x.test', { key });
    assert.equal(searched.headers['x-total-count'], '3');
    const none = await t.get('/apiv3/users?total=true&search=nobody', { key });
    assert.equal(none.headers['x-total-count'], '0');
    assert.deepEqual(expectOk(none), []);
  });

  it('sorts and counts a segment\'s members (SG5)', async () => {
    const { key } = await account();
    const segment = expectOk(
      await t.post('/apiv3/segments', { title: 'Some points', definition: { all: [{ field: 'points', op: 'gte', value: 20 }] } }, { key }),
      201,
    );
    const res = await t.get(`/apiv3/users?segment_id=${segment.id}&sort=-points&total=true`, { key });
    assert.equal(res.headers['x-total-count'], '3');
    assert.deepEqual(uids(expectOk(res)), ['l-1', 'l-4', 'l-3']);
    const searched = await t.get(`/apiv3/users?segment_id=${segment.id}&search=x.test&total=true&sort=email`, { key });
    assert.equal(searched.headers['x-total-count'], '2');
    assert.deepEqual(uids(expectOk(searched)), ['l-1', 'l-4']);
    expectError(await t.get('/apiv3/users?segment_id=999999&total=true', { key }), 404, 'not_found');
  });

  it('refuses an unknown sort or total, naming the parameter', async () => {
    expectError(await t.get('/apiv3/users?sort=password'), 400, 'bad_request', /^sort: /);
    expectError(await t.get('/apiv3/users?sort=-'), 400, 'bad_request', /^sort: /);
    expectError(await t.get('/apiv3/users?total=maybe'), 400, 'bad_request', /^total: /);
  });
});

describe('GET /account/tags (docs/users.md)', () => {
  it('answers each tag with how many customers hold it, the most held first; search and limit; another account sees none', async () => {
    const mine = await t.newAccount();
    const other = await t.newAccount();
    await createUser(t, { service_uid: 'tg-1', tags: ['vip', 'Newsletter'] }, { key: mine.key });
    await createUser(t, { service_uid: 'tg-2', tags: 'vip,Señal' }, { key: mine.key });
    await createUser(t, { service_uid: 'tg-3', tags: ['vip', 'Newsletter'] }, { key: mine.key });
    await createUser(t, { service_uid: 'tg-4' }, { key: mine.key });
    await createUser(t, { service_uid: 'tg-5', tags: ['elsewhere'] }, { key: other.key });
    assert.deepEqual(expectOk(await t.get('/apiv3/account/tags', { key: mine.key })), [
      { tag: 'vip', customers: 3 },
      { tag: 'Newsletter', customers: 2 },
      { tag: 'Señal', customers: 1 },
    ]);
    // Case and accents ignored, as U3's search.
    assert.deepEqual(expectOk(await t.get('/apiv3/account/tags?search=SENAL', { key: mine.key })), [{ tag: 'Señal', customers: 1 }]);
    assert.deepEqual(expectOk(await t.get('/apiv3/account/tags?limit=1', { key: mine.key })), [{ tag: 'vip', customers: 3 }]);
    assert.deepEqual(expectOk(await t.get('/apiv3/account/tags', { key: other.key })), [{ tag: 'elsewhere', customers: 1 }]);
    // Removing a tag from a customer counts them no more.
    expectOk(await t.put(`/apiv3/users/${Buffer.from('tg-1').toString('base64')}`, { remove_tags: ['vip'] }, { key: mine.key }));
    assert.deepEqual(expectOk(await t.get('/apiv3/account/tags?search=vip', { key: mine.key })), [{ tag: 'vip', customers: 2 }]);
    expectError(await t.get('/apiv3/account/tags?limit=0', { key: mine.key }), 400, 'bad_request', /limit/);
    expectError(await t.get('/apiv3/account/tags?limit=5001', { key: mine.key }), 400, 'bad_request', /limit/);
  });
});
