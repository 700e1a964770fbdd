import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';

// U9: POST|PUT /multiusers/members (owner identities in the query, member in the body) and
// GET /users/{id}/members.

const t = await buildTestApp();
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
/** The query the client builds: its identity defaults, then what it knows. */
const ownerQuery = (identity: Record<string, string>) => new URLSearchParams({ document: '', email: '', service_uid: '', ...identity }).toString();

describe('POST /multiusers/members', () => {
  it('adds a member to the user the query identities find and answers it', async () => {
    const user = await createUser(t, { service_uid: 'fm-1', email: 'fm1@example.com' });
    t.clock.set('2026-04-01T12:00:00Z');
    const member = expectOk(
      await t.post(`/apiv3/multiusers/members?${ownerQuery({ email: 'FM1@example.com' })}`, {
        uid: 'kid-1',
        email: ' Kid@Example.com ',
        first_name: 'Ana',
        last_name: 'Pérez',
        telephone: '+34 600 000 000',
        birthdate: '2015-06-30',
        gender: 'f',
        address: 'Main 1',
        relationship: 'son',
        cleanser: {},
        id: 777,
      }),
    );
    t.clock.set(null);
    assert.ok(Number.isInteger(member.id) && member.id !== 777);
    assert.deepEqual(member, {
      id: member.id,
      userapp_id: user.userapp_id,
      uid: 'kid-1',
      email: 'kid@example.com',
      first_name: 'Ana',
      last_name: 'Pérez',
      telephone: '+34 600 000 000',
      birthdate: '2015-06-30',
      gender: 'F',
      address: 'Main 1',
      relationship: 'son',
      createtime: '2026-04-01 12:00:00',
      updatetime: '2026-04-01 12:00:00',
    });
    // only relationship is required; every relationship of U9 is accepted
    for (const relationship of ['parent', 'grandparent', 'sibling', 'friend', 'espose', 'grandson', 'nephew', 'pet_dog', 'pet_cat', 'pet', 'other']) {
      const minimal = expectOk(await t.post(`/apiv3/multiusers/members?service_uid=fm-1`, { relationship }));
      assert.equal(minimal.relationship, relationship);
      assert.equal(minimal.uid, null);
      assert.equal(minimal.first_name, null);
    }
    assert.equal(expectOk(await t.get(`/apiv3/users/${user.userapp_id}/members?limit=100`)).length, 12);
  });

  it('answers 404 when no user matches the query, and never reads the owner from the body', async () => {
    await createUser(t, { service_uid: 'fm-body', email: 'fm-body@example.com' });
    expectError(await t.post(`/apiv3/multiusers/members?${ownerQuery({ service_uid: 'nobody' })}`, { relationship: 'son' }), 404, 'not_found', /no user matches/);
    expectError(await t.post('/apiv3/multiusers/members', { relationship: 'son', email: 'fm-body@example.com' }), 404, 'not_found');
    expectError(await t.post(`/apiv3/multiusers/members?${ownerQuery({})}`, { relationship: 'son' }), 404, 'not_found');
  });

  it('validates every field naming it', async () => {
    await createUser(t, { service_uid: 'fm-v' });
    const url = '/apiv3/multiusers/members?service_uid=fm-v';
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{}, /^relationship: is required$/],
      [{ relationship: 'cousin' }, /^relationship: must be one of "son", "parent"/],
      [{ relationship: 'son', gender: 'x' }, /^gender: must be one of/],
      [{ relationship: 'son', birthdate: '2015-02-30' }, /^birthdate: must be a date YYYY-MM-DD$/],
      [{ relationship: 'son', birthdate: '30/06/2015' }, /^birthdate: must be a date YYYY-MM-DD$/],
      [{ relationship: 'son', email: 'nope' }, /^email: must be a valid e-mail address$/],
      [{ relationship: 'son', uid: '   ' }, /^uid: must not be blank$/],
      [{ relationship: 'son', uid: '' }, /^uid: /],
      [{ relationship: 'son', uid: 'x'.repeat(256) }, /^uid: must NOT have more than 255 characters$/],
      [{ relationship: 'son', first_name: 5 }, /^first_name: must be string$/],
      [{ relationship: 'son', address: 'x'.repeat(1001) }, /^address: /],
    ];
    for (const [body, message] of cases) expectError(await t.post(url, body), 400, 'bad_request', message);
    assert.deepEqual(expectOk(await t.get(`/apiv3/users/${b64('fm-v')}/members`)), []);
  });

  it('keeps uid unique among one user\'s members, even under concurrent requests', async () => {
    await createUser(t, { service_uid: 'fm-u1' });
    await createUser(t, { service_uid: 'fm-u2' });
    expectOk(await t.post('/apiv3/multiusers/members?service_uid=fm-u1', { uid: 'dup', relationship: 'pet' }));
    expectError(
      await t.post('/apiv3/multiusers/members?service_uid=fm-u1', { uid: ' dup ', relationship: 'pet' }),
      400,
      'bad_request',
      /^uid: "dup" already belongs to another member of this user$/,
    );
    // another user may use the same uid
    expectOk(await t.post('/apiv3/multiusers/members?service_uid=fm-u2', { uid: 'dup', relationship: 'pet' }));
    const results = await Promise.all(
      Array.from({ length: 8 }, () => t.post('/apiv3/multiusers/members?service_uid=fm-u2', { uid: 'race', relationship: 'friend' })),
    );
    assert.equal(results.filter((r) => r.status === 200).length, 1);
    for (const r of results.filter((x) => x.status !== 200)) expectError(r, 400, 'bad_request', /^uid: "race" already belongs/);
    const listed = expectOk(await t.get(`/apiv3/users/${b64('fm-u2')}/members`));
    assert.deepEqual(listed.map((m: any) => m.uid), ['dup', 'race']);
  });
});

describe('PUT /multiusers/members', () => {
  it('finds the member by id, else by uid, and changes only the fields given', async () => {
    await createUser(t, { service_uid: 'fm-p', document: 'FMP' });
    t.clock.set('2026-01-01T00:00:00Z');
    const member = expectOk(
      await t.post('/apiv3/multiusers/members?service_uid=fm-p', { uid: 'm-1', first_name: 'Old', last_name: 'Name', relationship: 'sibling' }),
    );
    t.clock.set('2026-02-01T00:00:00Z');
    const byUid = expectOk(await t.put(`/apiv3/multiusers/members?${ownerQuery({ document: 'FMP' })}`, { uid: 'm-1', first_name: 'New', gender: 'm', last_name: null }));
    assert.equal(byUid.id, member.id);
    assert.equal(byUid.first_name, 'New');
    assert.equal(byUid.last_name, 'Name');
    assert.equal(byUid.gender, 'M');
    assert.equal(byUid.relationship, 'sibling');
    assert.equal(byUid.createtime, '2026-01-01 00:00:00');
    assert.equal(byUid.updatetime, '2026-02-01 00:00:00');
    // by id, which also lets the uid change
    const byId = expectOk(await t.put('/apiv3/multiusers/members?service_uid=fm-p', { id: member.id, uid: 'm-renamed', relationship: 'friend' }));
    t.clock.set(null);
    assert.equal(byId.id, member.id);
    assert.equal(byId.uid, 'm-renamed');
    assert.equal(byId.relationship, 'friend');
    assert.equal(byId.first_name, 'New');
    // id decides over uid
    const other = expectOk(await t.post('/apiv3/multiusers/members?service_uid=fm-p', { uid: 'm-2', relationship: 'pet' }));
    const viaId = expectOk(await t.put('/apiv3/multiusers/members?service_uid=fm-p', { id: other.id, uid: 'm-2', first_name: 'Rex' }));
    assert.equal(viaId.id, other.id);
    const listed = expectOk(await t.get(`/apiv3/users/${b64('fm-p')}/members`));
    assert.deepEqual(listed.map((m: any) => [m.id, m.uid, m.first_name]), [
      [member.id, 'm-renamed', 'New'],
      [other.id, 'm-2', 'Rex'],
    ]);
  });

  it('answers 404 for an unknown owner or member, and 400 when it cannot find one', async () => {
    await createUser(t, { service_uid: 'fm-q' });
    await createUser(t, { service_uid: 'fm-q2' });
    const member = expectOk(await t.post('/apiv3/multiusers/members?service_uid=fm-q', { uid: 'q-1', relationship: 'son' }));
    const url = '/apiv3/multiusers/members?service_uid=fm-q';
    expectError(await t.put('/apiv3/multiusers/members?service_uid=nobody', { uid: 'q-1' }), 404, 'not_found', /no user matches/);
    expectError(await t.put(url, { uid: 'q-missing' }), 404, 'not_found', /^this user has no family member with uid "q-missing"$/);
    expectError(await t.put(url, { id: 2147483647 }), 404, 'not_found', /^this user has no family member with id 2147483647$/);
    // another user's member is not this user's
    expectError(await t.put('/apiv3/multiusers/members?service_uid=fm-q2', { id: member.id, first_name: 'x' }), 404, 'not_found');
    expectError(await t.put('/apiv3/multiusers/members?service_uid=fm-q2', { uid: 'q-1' }), 404, 'not_found');
    expectError(await t.put(url, { first_name: 'x' }), 400, 'bad_request', /^body: id or uid is required to find the member$/);
    expectError(await t.put(url, { id: 0 }), 400, 'bad_request', /^id: must be >= 1$/);
    expectError(await t.put(url, { id: '5' }), 400, 'bad_request', /^id: must be integer$/);
    expectError(await t.put(url, { uid: 'q-1', relationship: 'aunt' }), 400, 'bad_request', /^relationship: must be one of/);
    expectError(await t.put(url, { uid: 'q-1', email: 'bad' }), 400, 'bad_request', /^email: /);
    const second = expectOk(await t.post(url, { uid: 'q-2', relationship: 'son' }));
    expectError(await t.put(url, { id: second.id, uid: 'q-1' }), 400, 'bad_request', /^uid: "q-1" already belongs to another member/);
    const unchanged = expectOk(await t.get(`/apiv3/users/${b64('fm-q')}/members`));
    assert.deepEqual(unchanged.map((m: any) => [m.uid, m.first_name, m.email]), [
      ['q-1', null, null],
      ['q-2', null, null],
    ]);
  });
});

describe('GET /users/{id}/members', () => {
  it('lists a user\'s members in creation order, paginated, by either form of {id}', async () => {
    const user = await createUser(t, { service_uid: 'fm-list' });
    const ids: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      ids.push(expectOk(await t.post('/apiv3/multiusers/members?service_uid=fm-list', { uid: `l-${i}`, relationship: 'other' })).id);
    }
    const idsOf = (payload: Array<{ id: number }>) => payload.map((m) => m.id);
    assert.deepEqual(idsOf(expectOk(await t.get(`/apiv3/users/${user.userapp_id}/members`))), ids);
    assert.deepEqual(idsOf(expectOk(await t.get(`/apiv3/users/${b64('fm-list')}/members?limit=2&page=1`))), ids.slice(2, 4));
    assert.deepEqual(idsOf(expectOk(await t.get(`/apiv3/users/${user.userapp_id}/members?limit=2&page=3`))), []);
    expectError(await t.get(`/apiv3/users/${user.userapp_id}/members?limit=0`), 400, 'bad_request', /^limit: /);
    // the user object does not embed them
    assert.equal('members' in expectOk(await t.get(`/apiv3/users/${user.userapp_id}`)), false);
  });

  it('answers 404 for an unknown user', async () => {
    expectError(await t.get('/apiv3/users/999999/members'), 404, 'not_found', /no user with id 999999/);
    expectError(await t.get(`/apiv3/users/${b64('nobody')}/members`), 404, 'not_found');
  });
});

describe('tenancy', () => {
  it('never shows or changes another account\'s members', async () => {
    const user = await createUser(t, { service_uid: 'fm-tenant' });
    const member = expectOk(await t.post('/apiv3/multiusers/members?service_uid=fm-tenant', { uid: 'tm', relationship: 'son' }));
    const other = await t.newAccount();
    expectError(await t.get(`/apiv3/users/${user.userapp_id}/members`, { key: other.key }), 404, 'not_found');
    expectError(await t.post('/apiv3/multiusers/members?service_uid=fm-tenant', { relationship: 'son' }, { key: other.key }), 404, 'not_found');
    await createUser(t, { service_uid: 'fm-tenant' }, { key: other.key });
    expectError(await t.put('/apiv3/multiusers/members?service_uid=fm-tenant', { id: member.id, first_name: 'x' }, { key: other.key }), 404, 'not_found');
    expectError(await t.put('/apiv3/multiusers/members?service_uid=fm-tenant', { uid: 'tm', first_name: 'x' }, { key: other.key }), 404, 'not_found');
    assert.equal(expectOk(await t.get(`/apiv3/users/${user.userapp_id}/members`))[0].first_name, null);
    expectError(await t.get(`/apiv3/users/${user.userapp_id}/members`, { key: null }), 403, 'forbidden');
  });
});

describe('POST /users/{id}/members (U11)', () => {
  it('adds an array of members to the customer the path names and answers 200 {}', async () => {
    const user = await createUser(t, { service_uid: 'fm-array', email: 'fm-array@example.com' });
    t.clock.set('2026-04-02T08:00:00Z');
    const response = await t.post(`/apiv3/users/${encodeURIComponent(b64('fm-array'))}/members`, [
      {
        relationship: 'parent',
        first_name: 'John',
        last_name: 'Doe',
        email: 'John@Doe.com',
        uid: 'john@doe.com',
        telephone: '123456789',
        gender: 'M',
        birthdate: '1960-01-31',
        address: 'Av. Evergreen 123',
      },
      { relationship: 'pet_dog', first_name: 'Rex' },
    ]);
    t.clock.set(null);
    assert.deepEqual(expectOk(response), {});
    const members = expectOk(await t.get(`/apiv3/users/${user.userapp_id}/members`));
    assert.deepEqual(
      members.map(({ id: _id, ...member }: { id: number }) => member),
      [
        {
          userapp_id: user.userapp_id,
          uid: 'john@doe.com',
          email: 'john@doe.com',
          first_name: 'John',
          last_name: 'Doe',
          telephone: '123456789',
          birthdate: '1960-01-31',
          gender: 'M',
          address: 'Av. Evergreen 123',
          relationship: 'parent',
          createtime: '2026-04-02 08:00:00',
          updatetime: '2026-04-02 08:00:00',
        },
        {
          userapp_id: user.userapp_id,
          uid: null,
          email: null,
          first_name: 'Rex',
          last_name: null,
          telephone: null,
          birthdate: null,
          gender: null,
          address: null,
          relationship: 'pet_dog',
          createtime: '2026-04-02 08:00:00',
          updatetime: '2026-04-02 08:00:00',
        },
      ],
    );
    // A member added so is found by its uid as U9's PUT finds members.
    expectOk(await t.put('/apiv3/multiusers/members?service_uid=fm-array', { uid: 'john@doe.com', first_name: 'Johnny' }));
    // An empty array adds nothing.
    assert.deepEqual(expectOk(await t.post(`/apiv3/users/${user.userapp_id}/members`, [])), {});
    assert.equal(expectOk(await t.get(`/apiv3/users/${user.userapp_id}/members`)).length, 2);
  });

  it('rejects the whole array when one element is invalid, naming [i].field', async () => {
    const user = await createUser(t, { service_uid: 'fm-array-bad' });
    const url = `/apiv3/users/${user.userapp_id}/members`;
    const good = { relationship: 'son', first_name: 'Ana' };
    expectError(await t.post(url, [good, { first_name: 'No relationship' }]), 400, 'bad_request', /^\[1\]\.relationship: is required/);
    expectError(await t.post(url, [good, { relationship: 'cousin' }]), 400, 'bad_request', /^\[1\]\.relationship: must be one of/);
    expectError(await t.post(url, [good, good, { relationship: 'son', email: 'nope' }]), 400, 'bad_request', /^\[2\]\.email: must be a valid e-mail address/);
    expectError(await t.post(url, [{ relationship: 'son', birthdate: '31/01/2000' }]), 400, 'bad_request', /^\[0\]\.birthdate: /);
    expectError(await t.post(url, [{ relationship: 'son', gender: 'X' }]), 400, 'bad_request', /^\[0\]\.gender: must be one of/);
    expectError(await t.post(url, [{ relationship: 'son', uid: ' ' }]), 400, 'bad_request', /^\[0\]\.uid: must not be blank/);
    expectError(await t.post(url, [{ relationship: 'son', uid: 'twin' }, { relationship: 'son', uid: 'twin' }]), 400, 'bad_request', /^\[1\]\.uid: "twin" is also the uid of element \[0\]/);
    expectError(await t.post(url, { relationship: 'son' }), 400, 'bad_request', /^body: must be a JSON array/);
    expectError(await t.post(url, Array.from({ length: 101 }, () => good)), 400, 'bad_request', /^body: /);
    assert.deepEqual(expectOk(await t.get(url)), [], 'nothing was added');
    // A uid another member of the customer has: 400, and the array's other members are not added.
    expectOk(await t.post(url, [{ relationship: 'son', uid: 'taken' }]));
    expectError(await t.post(url, [good, { relationship: 'son', uid: 'taken' }]), 400, 'bad_request', /^\[1\]\.uid: "taken" already belongs to another member of this user/);
    assert.equal(expectOk(await t.get(url)).length, 1);
  });

  it('answers 404 for an unknown customer, or one of another account', async () => {
    expectError(await t.post('/apiv3/users/999999/members', [{ relationship: 'son' }]), 404, 'not_found', /no user with id 999999/);
    expectError(await t.post(`/apiv3/users/${b64('nobody')}/members`, [{ relationship: 'son' }]), 404, 'not_found');
    const user = await createUser(t, { service_uid: 'fm-array-tenant' });
    const other = await t.newAccount('fm-array-other');
    expectError(await t.post(`/apiv3/users/${user.userapp_id}/members`, [{ relationship: 'son' }], { key: other.key }), 404, 'not_found');
    assert.deepEqual(expectOk(await t.get(`/apiv3/users/${user.userapp_id}/members`)), []);
  });
});
