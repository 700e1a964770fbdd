import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';

// U7 and U8: what the platform's client sends beyond U1–U6 (gender case, remove_tags, new_email,
// points and ledger by identity).

const t = await buildTestApp();
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
/** What the client sends besides the identity it knows, for points and transactions (U6, G7). */
const CLIENT_DEFAULTS = { document: '', email: '', service_uid: '' };

describe('gender (U7)', () => {
  it('accepts M and F in either case and answers them upper-case', async () => {
    const female = expectOk(await t.post('/apiv3/users', { service_uid: 'g-1', gender: 'f' }), 201);
    assert.equal(female.gender, 'F');
    const male = expectOk(await t.put(`/apiv3/users/${female.userapp_id}`, { gender: 'm' }));
    assert.equal(male.gender, 'M');
    const upserted = expectOk(await t.put('/apiv3/multiusers', { service_uid: 'g-1', gender: 'F' }));
    assert.equal(upserted.gender, 'F');
    assert.equal(expectOk(await t.get(`/apiv3/users/${female.userapp_id}`)).gender, 'F');
    const form = expectOk(await t.post('/apiv3/users', { service_uid: 'g-2', gender: 'm' }, { form: true }), 201);
    assert.equal(form.gender, 'M');
  });

  it('takes gender "" as not given (U1: the v1 client sends it): created without one, an update keeps the one there', async () => {
    const created = expectOk(await t.post('/apiv3/users', { service_uid: 'g-empty', gender: '' }), 201);
    assert.equal(created.gender, null);
    const id = created.userapp_id;
    assert.equal(expectOk(await t.put(`/apiv3/users/${id}`, { gender: 'f' })).gender, 'F');
    const updated = expectOk(await t.put(`/apiv3/users/${id}`, { gender: '', first_name: 'Ana' }));
    assert.equal(updated.gender, 'F', 'PUT /users/{id}: "" changes nothing');
    assert.equal(updated.first_name, 'Ana');
    assert.equal(expectOk(await t.put('/apiv3/multiusers', { service_uid: 'g-empty', gender: '', city: 'Rosario' })).gender, 'F');
    const upserted = expectOk(await t.put('/apiv3/multiusers', { service_uid: 'g-empty-new', gender: '' }));
    assert.notEqual(upserted.userapp_id, id);
    assert.equal(upserted.gender, null, 'PUT /multiusers creating: no gender');
    assert.equal(expectOk(await t.post('/apiv3/users', { service_uid: 'g-empty-form', gender: '' }, { form: true }), 201).gender, null);
    const stored = expectOk(await t.get(`/apiv3/users/${id}`));
    assert.equal(stored.gender, 'F');
    assert.equal(stored.city, 'Rosario');
  });

  it('refuses anything else naming the field', async () => {
    for (const gender of ['x', 'male', ' ', 'Mm']) {
      expectError(await t.post('/apiv3/users', { service_uid: 'g-bad', gender }), 400, 'bad_request', /^gender: must be one of "M", "F", "m", "f", ""$/);
    }
    expectError(await t.put('/apiv3/multiusers', { service_uid: 'g-bad', gender: 'x' }), 400, 'bad_request', /^gender: /);
    expectError(await t.put('/apiv3/multiusers', { service_uid: 'g-bad', gender: 1 }), 400, 'bad_request', /^gender: /);
    expectError(await t.get(`/apiv3/users/${b64('g-bad')}`), 404, 'not_found');
  });
});

describe('tags and remove_tags (U7)', () => {
  it('PUT /users/{id} adds tags to the current ones and removes remove_tags after', async () => {
    const user = await createUser(t, { tags: 'vip,newsletter' });
    const id = user.userapp_id;
    assert.deepEqual(expectOk(await t.put(`/apiv3/users/${id}`, { tags: 'gold, vip' })).tags, ['vip', 'newsletter', 'gold']);
    assert.deepEqual(expectOk(await t.put(`/apiv3/users/${id}`, { remove_tags: 'newsletter, never-had' })).tags, ['vip', 'gold']);
    // added first, then removed: a tag in both ends up removed
    assert.deepEqual(expectOk(await t.put(`/apiv3/users/${id}`, { tags: ['a', 'b'], remove_tags: ['b', 'vip'] })).tags, ['gold', 'a']);
    assert.deepEqual(expectOk(await t.put(`/apiv3/users/${id}`, { first_name: 'Tags untouched' })).tags, ['gold', 'a']);
    // the client's removeTags(): PUT /users/{id} with only remove_tags
    assert.deepEqual(expectOk(await t.put(`/apiv3/users/${id}`, { remove_tags: 'gold,a' })).tags, []);
    assert.deepEqual(expectOk(await t.get(`/apiv3/users/${id}`)).tags, []);
  });

  it('PUT /multiusers merges the same way on an update, and on a create keeps tags less remove_tags', async () => {
    const user = await createUser(t, { service_uid: 'mt-1', tags: ['x', 'y'] });
    const updated = expectOk(await t.put('/apiv3/multiusers', { service_uid: 'mt-1', tags: 'z', remove_tags: 'x' }));
    assert.equal(updated.userapp_id, user.userapp_id);
    assert.deepEqual(updated.tags, ['y', 'z']);
    const created = expectOk(await t.put('/apiv3/multiusers', { service_uid: 'mt-new', tags: 'p,q,r', remove_tags: ['q'] }));
    assert.notEqual(created.userapp_id, user.userapp_id);
    assert.deepEqual(created.tags, ['p', 'r']);
  });

  it('POST /users ignores remove_tags (not declared there, G8)', async () => {
    const user = expectOk(await t.post('/apiv3/users', { service_uid: 'rt-post', tags: 'a,b', remove_tags: 'a' }), 201);
    assert.deepEqual(user.tags, ['a', 'b']);
  });

  it('validates remove_tags like tags', async () => {
    const user = await createUser(t);
    expectError(await t.put(`/apiv3/users/${user.userapp_id}`, { remove_tags: 5 }), 400, 'bad_request', /^remove_tags: /);
    expectError(await t.put(`/apiv3/users/${user.userapp_id}`, { remove_tags: [1] }), 400, 'bad_request', /^remove_tags/);
    expectError(
      await t.put(`/apiv3/users/${user.userapp_id}`, { remove_tags: Array.from({ length: 201 }, (_, i) => `t${i}`) }),
      400,
      'bad_request',
      /^remove_tags/,
    );
  });

  it('loses no tag when concurrent updates add different tags', async () => {
    const user = await createUser(t, { tags: 'base' });
    const added = Array.from({ length: 12 }, (_, i) => `c${i}`);
    const results = await Promise.all(added.map((tag) => t.put(`/apiv3/users/${user.userapp_id}`, { tags: tag })));
    for (const result of results) expectOk(result);
    const tags = expectOk(await t.get(`/apiv3/users/${user.userapp_id}`)).tags as string[];
    assert.deepEqual([...tags].sort(), ['base', ...added].sort());
  });
});

describe('new_email (U7)', () => {
  it('changes the e-mail of the user the identities find', async () => {
    const user = await createUser(t, { service_uid: 'ne-1', email: 'old@example.com' });
    const moved = expectOk(await t.put('/apiv3/multiusers', { email: 'old@example.com', new_email: ' New@Example.com ' }));
    assert.equal(moved.userapp_id, user.userapp_id);
    assert.equal(moved.email, 'new@example.com');
    assert.equal(expectOk(await t.get('/apiv3/multiusers/find?email=new@example.com')).userapp_id, user.userapp_id);
    assert.deepEqual(expectOk(await t.get('/apiv3/multiusers/exist?email=old@example.com')), { exist: false });
    // found by service_uid: new_email wins over the body's email
    const again = expectOk(await t.put('/apiv3/multiusers', { service_uid: 'ne-1', email: 'other@example.com', new_email: 'third@example.com' }));
    assert.equal(again.userapp_id, user.userapp_id);
    assert.equal(again.email, 'third@example.com');
    // its own e-mail again is no conflict
    assert.equal(expectOk(await t.put('/apiv3/multiusers', { service_uid: 'ne-1', new_email: 'third@example.com' })).email, 'third@example.com');
  });

  it('is 400 when another user has it, or when it is not an e-mail; nothing changes', async () => {
    await createUser(t, { email: 'holder@example.com' });
    const user = await createUser(t, { service_uid: 'ne-2', email: 'ne2@example.com' });
    expectError(
      await t.put('/apiv3/multiusers', { service_uid: 'ne-2', new_email: 'HOLDER@example.com' }),
      400,
      'bad_request',
      /^new_email: "holder@example\.com" already belongs to another user$/,
    );
    expectError(await t.put('/apiv3/multiusers', { service_uid: 'ne-2', new_email: 'not-an-email' }), 400, 'bad_request', /^new_email: must be a valid e-mail address$/);
    expectError(await t.put('/apiv3/multiusers', { service_uid: 'ne-2', new_email: '' }), 400, 'bad_request', /^new_email: /);
    expectError(await t.put('/apiv3/multiusers', { service_uid: 'ne-2', new_email: 7 }), 400, 'bad_request', /^new_email: must be string$/);
    assert.equal(expectOk(await t.get(`/apiv3/users/${user.userapp_id}`)).email, 'ne2@example.com');
  });

  it('gives a user the upsert creates new_email as its e-mail', async () => {
    const created = expectOk(await t.put('/apiv3/multiusers', { service_uid: 'ne-new', email: 'ignored@example.com', new_email: 'kept@example.com' }));
    assert.equal(created.service_uid, 'ne-new');
    assert.equal(created.email, 'kept@example.com');
    assert.deepEqual(expectOk(await t.get('/apiv3/multiusers/exist?email=ignored@example.com')), { exist: false });
    await createUser(t, { email: 'busy@example.com' });
    expectError(await t.put('/apiv3/multiusers', { service_uid: 'ne-new-2', new_email: 'busy@example.com' }), 400, 'bad_request', /^new_email: /);
    expectError(await t.get(`/apiv3/users/${b64('ne-new-2')}`), 404, 'not_found');
  });

  it('is not a field of PUT /users/{id} or POST /users (ignored there)', async () => {
    const user = await createUser(t, { email: 'stay@example.com' });
    assert.equal(expectOk(await t.put(`/apiv3/users/${user.userapp_id}`, { new_email: 'moved@example.com' })).email, 'stay@example.com');
    assert.equal(expectOk(await t.post('/apiv3/users', { service_uid: 'ne-post', new_email: 'x@example.com' }), 201).email, null);
  });
});

describe('POST /multiusers/points (U8)', () => {
  it('adds and subtracts points of the user the body identities find', async () => {
    const user = await createUser(t, { service_uid: 'mp-1', email: 'mp1@example.com', document: 'MP1', points: 10 });
    const added = expectOk(
      await t.post('/apiv3/multiusers/points', { ...CLIENT_DEFAULTS, email: 'MP1@example.com', concept: 'bonus', points: 15, description: 'welcome' }),
    );
    assert.ok(Number.isInteger(added.transaction_id) && added.transaction_id > 0);
    expectOk(await t.post('/apiv3/multiusers/points', { document: 'MP1', concept: 'spend', points: -5 }));
    assert.equal(expectOk(await t.get(`/apiv3/users/${user.userapp_id}`)).points, 20);
    const ledger = expectOk(await t.get(`/apiv3/users/${user.userapp_id}/transactions`));
    assert.deepEqual(
      ledger.map((e: any) => [e.concept, e.points, e.description, e.balance]),
      [
        ['spend', -5, null, 20],
        ['bonus', 15, 'welcome', 25],
        ['initial', 10, null, 10], // U5a: the points given on creation
      ],
    );
    assert.equal(ledger[1].id, added.transaction_id);
  });

  it('answers 404 when no user matches, and follows U5 rules', async () => {
    await createUser(t, { service_uid: 'mp-2', points: 3 });
    expectError(await t.post('/apiv3/multiusers/points', { service_uid: 'nobody', concept: 'x', points: 1 }), 404, 'not_found', /no user matches/);
    expectError(await t.post('/apiv3/multiusers/points', { ...CLIENT_DEFAULTS, concept: 'x', points: 1 }), 404, 'not_found');
    expectError(
      await t.post('/apiv3/multiusers/points', { service_uid: 'mp-2', concept: 'x', points: -4 }),
      400,
      'bad_request',
      /^points: would take the balance below zero \(balance is 3\)$/,
    );
    expectError(await t.post('/apiv3/multiusers/points', { service_uid: 'mp-2', concept: 'x', points: 0 }), 400, 'bad_request', /^points: must not be 0$/);
    expectError(await t.post('/apiv3/multiusers/points', { service_uid: 'mp-2', points: 1 }), 400, 'bad_request', /^concept: is required$/);
    expectError(await t.post('/apiv3/multiusers/points', { service_uid: 'mp-2', concept: 'x', points: '5' }), 400, 'bad_request', /^points: must be integer$/);
    expectError(
      await t.post('/apiv3/multiusers/points', { service_uid: 'mp-2', concept: 'x', points: Number.MAX_SAFE_INTEGER + 1 }),
      400,
      'bad_request',
      /^points: must be <= 9007199254740991$/,
    );
    assert.equal(expectOk(await t.get(`/apiv3/users/${b64('mp-2')}`)).points, 3);
  });

  it('refuses a credit that would take the balance past 2^53 - 1', async () => {
    const user = await createUser(t, { points: Number.MAX_SAFE_INTEGER - 1 });
    expectOk(await t.post(`/apiv3/users/${user.userapp_id}/points`, { concept: 'x', points: 1 }));
    expectError(
      await t.post(`/apiv3/users/${user.userapp_id}/points`, { concept: 'x', points: 1 }),
      400,
      'bad_request',
      /^points: would take the balance above 9007199254740991 \(balance is 9007199254740991\)$/,
    );
    assert.equal(expectOk(await t.get(`/apiv3/users/${user.userapp_id}`)).points, Number.MAX_SAFE_INTEGER);
  });

  it('never reaches another account\'s user', async () => {
    const user = await createUser(t, { service_uid: 'mp-tenant', points: 1 });
    const other = await t.newAccount();
    expectError(await t.post('/apiv3/multiusers/points', { service_uid: 'mp-tenant', concept: 'x', points: 5 }, { key: other.key }), 404, 'not_found');
    expectError(await t.get('/apiv3/multiusers/transactions?service_uid=mp-tenant', { key: other.key }), 404, 'not_found');
    expectError(await t.get(`/apiv3/users/${user.userapp_id}/transactions`, { key: other.key }), 404, 'not_found');
    assert.equal(expectOk(await t.get(`/apiv3/users/${user.userapp_id}`)).points, 1);
  });
});

describe('GET /users/{id}/transactions and /multiusers/transactions (U8)', () => {
  const at = async (iso: string, userId: number, concept: string, points: number) => {
    t.clock.set(iso);
    const { transaction_id: id } = expectOk(await t.post(`/apiv3/users/${userId}/points`, { concept, points, description: `${concept} ${points}` }));
    t.clock.set(null);
    return id as number;
  };

  it('lists the ledger newest first, each {id, concept, points, description, balance, createtime}', async () => {
    const user = await createUser(t, { service_uid: 'tx-1' });
    const first = await at('2026-03-01T10:00:00Z', user.userapp_id, 'purchase', 100);
    const second = await at('2026-03-02T10:00:00Z', user.userapp_id, 'redeem', -30);
    // same second as the one before: ties go by id, newest first
    const third = await at('2026-03-02T10:00:00Z', user.userapp_id, 'purchase', 5);
    const fourth = await at('2026-03-05T23:59:59Z', user.userapp_id, 'bonus', 1);
    const all = expectOk(await t.get(`/apiv3/users/${user.userapp_id}/transactions`));
    assert.deepEqual(all, [
      { id: fourth, concept: 'bonus', points: 1, description: 'bonus 1', balance: 76, createtime: '2026-03-05 23:59:59' },
      { id: third, concept: 'purchase', points: 5, description: 'purchase 5', balance: 75, createtime: '2026-03-02 10:00:00' },
      { id: second, concept: 'redeem', points: -30, description: 'redeem -30', balance: 70, createtime: '2026-03-02 10:00:00' },
      { id: first, concept: 'purchase', points: 100, description: 'purchase 100', balance: 100, createtime: '2026-03-01 10:00:00' },
    ]);
    const ids = (res: { body: { payload: Array<{ id: number }> } }) => res.body.payload.map((e) => e.id);
    const base = `/apiv3/users/${b64('tx-1')}/transactions`;
    assert.deepEqual(ids(await t.get(`${base}?concept=purchase`)), [third, first]);
    assert.deepEqual(ids(await t.get(`${base}?from=2026-03-02&to=2026-03-05`)), [fourth, third, second]);
    assert.deepEqual(ids(await t.get(`${base}?to=2026-03-02`)), [third, second, first]);
    assert.deepEqual(ids(await t.get(`${base}?from=2026-03-02T11:00:00%2B01:00&to=2026-03-02 10:00:00`)), [third, second]);
    assert.deepEqual(ids(await t.get(`${base}?concept=purchase&from=2026-03-02`)), [third]);
    assert.deepEqual(ids(await t.get(`${base}?concept=&from=&to=`)), [fourth, third, second, first]);
    assert.deepEqual(ids(await t.get(`${base}?concept=nothing`)), []);
    assert.deepEqual(ids(await t.get(`${base}?limit=2&page=1`)), [second, first]);
    assert.deepEqual(ids(await t.get(`${base}?limit=2&page=2`)), []);

    const byIdentity = `/apiv3/multiusers/transactions?service_uid=&email=${encodeURIComponent(user.email)}&document=`;
    assert.deepEqual(expectOk(await t.get(`${byIdentity}&concept=&from=&to=`)), all);
    assert.deepEqual(ids(await t.get(`${byIdentity}&concept=redeem&from=2026-03-01&to=2026-03-31`)), [second]);
    assert.deepEqual(ids(await t.get(`${byIdentity}&limit=1`)), [fourth]);
  });

  it('rejects bad filters and paging naming the parameter', async () => {
    const user = await createUser(t, { service_uid: 'tx-2' });
    const base = `/apiv3/users/${user.userapp_id}/transactions`;
    expectError(await t.get(`${base}?from=yesterday`), 400, 'bad_request', /^from: must be a datetime/);
    expectError(await t.get(`${base}?to=2026-02-30`), 400, 'bad_request', /^to: must be a datetime/);
    expectError(await t.get(`${base}?from=2026-03-02&to=2026-03-01`), 400, 'bad_request', /^from: must not be after to/);
    expectError(await t.get(`${base}?limit=101`), 400, 'bad_request', /^limit: must be <= 100$/);
    expectError(await t.get(`${base}?page=-1`), 400, 'bad_request', /^page: /);
    expectError(await t.get('/apiv3/multiusers/transactions?service_uid=tx-2&from=x'), 400, 'bad_request', /^from: /);
  });

  it('answers 404 for an unknown user', async () => {
    expectError(await t.get('/apiv3/users/999999/transactions'), 404, 'not_found', /no user with id 999999/);
    expectError(await t.get(`/apiv3/users/${b64('nobody')}/transactions`), 404, 'not_found');
    expectError(await t.get('/apiv3/multiusers/transactions?service_uid=nobody'), 404, 'not_found', /no user matches/);
    expectError(await t.get('/apiv3/multiusers/transactions?service_uid=&email=&document=&concept=&from=&to='), 404, 'not_found');
  });
});
