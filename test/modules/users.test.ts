import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';

const t = await buildTestApp();
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

async function defineUserAttribute(name: string, dataType: string, fieldType = 'text', options: unknown[] = []) {
  // Defined white-box here so this file tests users alone; the definitions API has its own tests.
  const [row] = await t.database.db
    .insertInto('attribute_definitions')
    .values({
      account_id: t.accountId,
      kind: 'users',
      name,
      label: name,
      field_type: fieldType,
      data_type: dataType,
      options: JSON.stringify(options),
      group_name: null,
      created_at: '2026-01-01 00:00:00',
    })
    .returning('id')
    .execute();
  return row!.id;
}

describe('POST /users', () => {
  it('creates a user with every profile field and answers the U4 object', async () => {
    t.clock.set('2026-03-04T05:06:07Z');
    const user = expectOk(
      await t.post('/apiv3/users', {
        service_uid: 'full-1',
        email: '  Full.One@Example.COM ',
        document: 'D-1',
        document_type: 'passport',
        first_name: 'Ada',
        last_name: 'Lovelace',
        telephone: '+34 600 11 22 33',
        birthdate: '1990-12-10',
        gender: 'F',
        street: 'Main 1',
        postcode: '28001',
        city: 'Madrid',
        department: 'M',
        state: 'Madrid',
        country: 'ES',
        marital_status: 'single',
        tags: 'vip, gold ,,vip',
        points: 40,
        notes: 'likes tea',
        club_inscription_date: '2024-01-02T10:00:00+02:00',
        mailing_enabled: 'enabled',
        sms_enabled: 'disabled',
        sms_disabled_reason: 'asked us',
      }),
      201,
    );
    t.clock.set(null);
    assert.ok(Number.isInteger(user.userapp_id));
    assert.equal(user.user_id, user.userapp_id);
    assert.deepEqual(
      { ...user, userapp_id: 0, user_id: 0 },
      {
        userapp_id: 0,
        user_id: 0,
        service_uid: 'full-1',
        email: 'full.one@example.com',
        document: 'D-1',
        document_type: 'passport',
        first_name: 'Ada',
        last_name: 'Lovelace',
        telephone: '+34 600 11 22 33',
        birthdate: '1990-12-10',
        gender: 'F',
        street: 'Main 1',
        postcode: '28001',
        city: 'Madrid',
        department: 'M',
        state: 'Madrid',
        country: 'ES',
        marital_status: 'single',
        tags: ['vip', 'gold'],
        points: 40,
        notes: 'likes tea',
        club_inscription_date: '2024-01-02 08:00:00',
        custom_attributes: {},
        mailing_enabled: true,
        sms_enabled: false,
        mailing_enabled_reason: null,
        sms_enabled_reason: 'asked us',
        createtime: '2026-03-04 05:06:07',
        updatetime: '2026-03-04 05:06:07',
      },
    );
  });

  it('accepts a form body and a telephone as the only identity', async () => {
    const user = expectOk(await t.post('/apiv3/users', { telephone: '600000001', points: '7', tags: 'a,b' }, { form: true }), 201);
    assert.equal(user.telephone, '600000001');
    assert.equal(user.points, 7);
    assert.deepEqual(user.tags, ['a', 'b']);
    assert.equal(user.service_uid, null);
  });

  it('ignores unknown properties and treats null as not given', async () => {
    const user = expectOk(await t.post('/apiv3/users', { service_uid: 'unk-1', cleanser: { x: 1 }, first_name: null, id: 999999 }), 201);
    assert.equal(user.first_name, null);
    assert.notEqual(user.userapp_id, 999999);
    assert.equal('cleanser' in user, false);
  });

  it('requires at least one identity', async () => {
    expectError(await t.post('/apiv3/users', { first_name: 'Nobody' }), 400, 'bad_request', /at least one of service_uid, email, document, telephone/);
    expectError(await t.post('/apiv3/users', {}), 400, 'bad_request', /at least one/);
  });

  it('rejects invalid fields naming the field and the rule', async () => {
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ email: 'not-an-email' }, /^email: must be a valid e-mail address$/],
      [{ service_uid: 'x', birthdate: '1990-02-30' }, /^birthdate: must be a date YYYY-MM-DD$/],
      [{ service_uid: 'x', gender: 'X' }, /^gender: /],
      [{ service_uid: 'x', points: -1 }, /^points: must be >= 0$/],
      [{ service_uid: 'x', points: '12' }, /^points: must be integer$/],
      [{ service_uid: 'x', club_inscription_date: 'yesterday' }, /^club_inscription_date: must be a datetime/],
      [{ service_uid: 'x', mailing_enabled: 'yes' }, /^mailing_enabled: /],
      [{ service_uid: 5 }, /^service_uid: must be string$/],
      [{ service_uid: '   ' }, /^service_uid: must not be blank$/],
    ];
    for (const [body, message] of cases) expectError(await t.post('/apiv3/users', body), 400, 'bad_request', message);
  });

  it('keeps service_uid, email and document unique within the account', async () => {
    await createUser(t, { service_uid: 'dup-uid', email: 'dup@example.com', document: 'DUP' });
    expectError(await t.post('/apiv3/users', { service_uid: 'dup-uid' }), 400, 'bad_request', /^service_uid: "dup-uid" already belongs/);
    expectError(await t.post('/apiv3/users', { email: 'DUP@example.com' }), 400, 'bad_request', /^email: /);
    expectError(await t.post('/apiv3/users', { document: 'DUP' }), 400, 'bad_request', /^document: /);
    const other = await t.newAccount();
    expectOk(await t.post('/apiv3/users', { service_uid: 'dup-uid', email: 'dup@example.com' }, { key: other.key }), 201);
  });
});

describe('GET /users/{id} and /exist', () => {
  it('finds a user by numeric id and by every base64 form of the service_uid', async () => {
    const user = await createUser(t, { service_uid: 'ab?c/d>é' });
    const standard = b64('ab?c/d>é');
    assert.match(standard, /[+/=]/);
    const urlSafe = standard.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    for (const id of [String(user.userapp_id), encodeURIComponent(standard), urlSafe, `${urlSafe}==`.slice(0, urlSafe.length + (4 - (urlSafe.length % 4)) % 4)]) {
      const found = expectOk(await t.get(`/apiv3/users/${id}`));
      assert.equal(found.userapp_id, user.userapp_id, id);
      assert.deepEqual(expectOk(await t.get(`/apiv3/users/${id}/exist`)), { exist: true });
    }
  });

  it('answers 404 for an unknown user and exist:false', async () => {
    expectError(await t.get('/apiv3/users/999999'), 404, 'not_found', /no user with id 999999/);
    expectError(await t.get(`/apiv3/users/${b64('nobody')}`), 404, 'not_found');
    expectError(await t.get('/apiv3/users/!!!'), 404, 'not_found');
    assert.deepEqual(expectOk(await t.get('/apiv3/users/999999/exist')), { exist: false });
  });

  it('hides users from another account (404, exist:false, empty search)', async () => {
    const user = await createUser(t, { service_uid: 'tenant-a' });
    const other = await t.newAccount();
    expectError(await t.get(`/apiv3/users/${user.userapp_id}`, { key: other.key }), 404, 'not_found');
    expectError(await t.get(`/apiv3/users/${b64('tenant-a')}`, { key: other.key }), 404, 'not_found');
    assert.deepEqual(expectOk(await t.get(`/apiv3/users/${user.userapp_id}/exist`, { key: other.key })), { exist: false });
    expectError(await t.put(`/apiv3/users/${user.userapp_id}`, { first_name: 'x' }, { key: other.key }), 404, 'not_found');
    assert.deepEqual(expectOk(await t.get('/apiv3/users?search=tenant-a', { key: other.key })), []);
    assert.deepEqual(expectOk(await t.get('/apiv3/multiusers/exist?service_uid=tenant-a', { key: other.key })), { exist: false });
  });
});

describe('PUT /users/{id}', () => {
  it('updates only the given fields and refreshes updatetime', async () => {
    t.clock.set('2026-01-01T00:00:00Z');
    const user = await createUser(t, { first_name: 'Old', city: 'Lima' });
    t.clock.set('2026-02-01T00:00:00Z');
    const updated = expectOk(await t.put(`/apiv3/users/${user.userapp_id}`, { first_name: 'New', city: null, tags: ['x'] }));
    t.clock.set(null);
    assert.equal(updated.first_name, 'New');
    assert.equal(updated.city, 'Lima');
    assert.deepEqual(updated.tags, ['x']);
    assert.equal(updated.createtime, '2026-01-01 00:00:00');
    assert.equal(updated.updatetime, '2026-02-01 00:00:00');
  });

  it('refuses an identity another user holds, and validates like create', async () => {
    await createUser(t, { email: 'taken@example.com' });
    const user = await createUser(t);
    expectError(await t.put(`/apiv3/users/${user.userapp_id}`, { email: 'taken@example.com' }), 400, 'bad_request', /^email: /);
    expectError(await t.put(`/apiv3/users/${user.userapp_id}`, { birthdate: 'nope' }), 400, 'bad_request', /^birthdate: /);
    // keeping its own identity is fine
    expectOk(await t.put(`/apiv3/users/${user.userapp_id}`, { email: user.email }));
    expectError(await t.put('/apiv3/users/999999', { first_name: 'x' }), 404, 'not_found');
  });
});

describe('GET /users', () => {
  it('paginates in creation order and searches case-insensitively', async () => {
    const other = await t.newAccount();
    for (let i = 0; i < 5; i += 1) await createUser(t, { first_name: `Page${i}`, service_uid: `page-${i}` }, { key: other.key });
    const first = expectOk(await t.get('/apiv3/users?limit=2', { key: other.key }));
    const second = expectOk(await t.get('/apiv3/users?limit=2&page=1', { key: other.key }));
    assert.deepEqual(first.map((u: any) => u.first_name), ['Page0', 'Page1']);
    assert.deepEqual(second.map((u: any) => u.first_name), ['Page2', 'Page3']);
    const found = expectOk(await t.get('/apiv3/users?search=PAGE-3', { key: other.key }));
    assert.deepEqual(found.map((u: any) => u.service_uid), ['page-3']);
    assert.deepEqual(expectOk(await t.get('/apiv3/users?search=%25', { key: other.key })), []);
  });

  it('rejects bad pagination naming the parameter', async () => {
    expectError(await t.get('/apiv3/users?limit=101'), 400, 'bad_request', /^limit: must be <= 100$/);
    expectError(await t.get('/apiv3/users?limit=0'), 400, 'bad_request', /^limit: /);
    expectError(await t.get('/apiv3/users?page=-1'), 400, 'bad_request', /^page: /);
    expectError(await t.get('/apiv3/users?page=1.5'), 400, 'bad_request', /^page: must be integer$/);
  });
});

describe('custom_attributes on users', () => {
  it('validates keys and values against the user attribute definitions', async () => {
    await defineUserAttribute('shoe_size', 'integer');
    await defineUserAttribute('level', 'string', 'select', [
      { value: 'gold', text: 'Gold' },
      { value: 'silver', text: 'Silver' },
    ]);
    await defineUserAttribute('last_visit', 'timestamp', 'datetime');
    await defineUserAttribute('ratio', 'float');
    const user = expectOk(
      await t.post('/apiv3/users', {
        service_uid: 'ca-1',
        custom_attributes: { 'Shoe Size': 42, level: 'gold', last_visit: '2026-05-01T12:00:00Z', ratio: 0.5 },
      }),
      201,
    );
    assert.deepEqual(user.custom_attributes, { shoe_size: 42, level: 'gold', last_visit: '2026-05-01 12:00:00', ratio: 0.5 });
    expectError(
      await t.post('/apiv3/users', { service_uid: 'ca-2', custom_attributes: { nope: 1 } }),
      400,
      'bad_request',
      /^custom_attributes\.nope: no user custom attribute named "nope"/,
    );
    expectError(
      await t.post('/apiv3/users', { service_uid: 'ca-2', custom_attributes: { shoe_size: '42' } }),
      400,
      'bad_request',
      /^custom_attributes\.shoe_size: must be an integer$/,
    );
    expectError(
      await t.post('/apiv3/users', { service_uid: 'ca-2', custom_attributes: { level: 'bronze' } }),
      400,
      'bad_request',
      /^custom_attributes\.level: must be one of the options "gold", "silver"$/,
    );
    expectError(
      await t.post('/apiv3/users', { service_uid: 'ca-2', custom_attributes: { last_visit: 'soon' } }),
      400,
      'bad_request',
      /^custom_attributes\.last_visit: must be a datetime/,
    );
    expectError(await t.get(`/apiv3/users/${b64('ca-2')}`), 404, 'not_found');

    const updated = expectOk(await t.put(`/apiv3/users/${user.userapp_id}`, { custom_attributes: { level: 'silver', ratio: null } }));
    assert.deepEqual(updated.custom_attributes, { shoe_size: 42, level: 'silver', last_visit: '2026-05-01 12:00:00' });
  });
});

describe('points', () => {
  it('adds and subtracts points, never below zero, with a ledger', async () => {
    const user = await createUser(t, { points: 10 });
    const added = expectOk(await t.post(`/apiv3/users/${user.userapp_id}/points`, { concept: 'purchase', points: 15, description: 'order 1' }));
    assert.ok(Number.isInteger(added.transaction_id));
    expectOk(await t.post(`/apiv3/users/${user.userapp_id}/points`, { concept: 'refund', points: -20 }));
    expectError(
      await t.post(`/apiv3/users/${user.userapp_id}/points`, { concept: 'refund', points: -6 }),
      400,
      'bad_request',
      /^points: would take the balance below zero \(balance is 5\)$/,
    );
    expectError(await t.post(`/apiv3/users/${user.userapp_id}/points`, { concept: 'x', points: 0 }), 400, 'bad_request', /^points: must not be 0$/);
    expectError(await t.post(`/apiv3/users/${user.userapp_id}/points`, { points: 3 }), 400, 'bad_request', /^concept: is required$/);
    expectError(await t.post('/apiv3/users/999999/points', { concept: 'x', points: 3 }), 404, 'not_found');
    const ledger = expectOk(await t.get(`/apiv3/users/${user.userapp_id}/points`));
    assert.equal(ledger.points, 5);
    assert.deepEqual(
      ledger.transactions.map((x: any) => [x.concept, x.points, x.balance, x.description]),
      [
        ['refund', -20, 5, null],
        ['purchase', 15, 25, 'order 1'],
        ['initial', 10, 10, null], // U5a: the points given on creation
      ],
    );
    assert.equal(expectOk(await t.get(`/apiv3/users/${user.userapp_id}`)).points, 5);
  });

  it('keeps the balance exact under concurrent subtractions', async () => {
    const user = await createUser(t, { points: 10 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => t.post(`/apiv3/users/${user.userapp_id}/points`, { concept: 'spend', points: -1 })),
    );
    assert.equal(results.filter((r) => r.status === 200).length, 10);
    assert.equal(results.filter((r) => r.status === 400).length, 10);
    assert.equal(expectOk(await t.get(`/apiv3/users/${user.userapp_id}`)).points, 0);
  });
});

describe('/multiusers', () => {
  it('finds and checks users by the first non-empty identity', async () => {
    const user = await createUser(t, { service_uid: 'multi-1', email: 'multi1@example.com', document: 'M1', telephone: '611' });
    for (const query of ['service_uid=multi-1', 'service_uid=&email=MULTI1@example.com', 'document=M1', 'telephone=611']) {
      assert.equal(expectOk(await t.get(`/apiv3/multiusers/find?${query}`)).userapp_id, user.userapp_id, query);
      assert.deepEqual(expectOk(await t.get(`/apiv3/multiusers/exist?${query}`)), { exist: true });
    }
    // service_uid decides even when the email would match
    expectError(await t.get('/apiv3/multiusers/find?service_uid=other&email=multi1@example.com'), 404, 'not_found');
    assert.deepEqual(expectOk(await t.get('/apiv3/multiusers/exist?service_uid=nobody')), { exist: false });
    assert.deepEqual(expectOk(await t.get('/apiv3/multiusers/exist')), { exist: false });
  });

  it('PUT /multiusers updates the user its identities find, else creates one', async () => {
    const created = expectOk(await t.put('/apiv3/multiusers', { service_uid: 'upsert-1', first_name: 'First' }));
    assert.equal(created.first_name, 'First');
    const updated = expectOk(await t.put('/apiv3/multiusers', { service_uid: 'upsert-1', first_name: 'Second' }));
    assert.equal(updated.userapp_id, created.userapp_id);
    assert.equal(updated.first_name, 'Second');
    expectError(await t.put('/apiv3/multiusers', { first_name: 'none' }), 400, 'bad_request', /at least one/);
  });
});

describe('mailing and sms flags', () => {
  it('turns mailing/sms off with reason "blacklist" when the e-mail or telephone is blacklisted', async () => {
    const user = await createUser(t, { email: 'listed@example.com', telephone: '+34 (600) 22-33.44' });
    assert.equal(user.mailing_enabled, true);
    await t.database.db
      .insertInto('blacklist_entries')
      .values([
        { account_id: t.accountId, list: 'email', value: 'listed@example.com', createtime: '2026-01-01 00:00:00' },
        { account_id: t.accountId, list: 'telephone', value: '+34600223344', createtime: '2026-01-01 00:00:00' },
      ])
      .execute();
    const listed = expectOk(await t.get(`/apiv3/users/${user.userapp_id}`));
    assert.equal(listed.mailing_enabled, false);
    assert.equal(listed.mailing_enabled_reason, 'blacklist');
    assert.equal(listed.sms_enabled, false);
    assert.equal(listed.sms_enabled_reason, 'blacklist');
    const other = await t.newAccount();
    const elsewhere = await createUser(t, { email: 'listed@example.com' }, { key: other.key });
    assert.equal(elsewhere.mailing_enabled, true);
  });

  it('reports the user\'s own disabled flag with its reason', async () => {
    const user = await createUser(t, { mailing_enabled: 'disabled', mailing_disabled_reason: 'bounced' });
    assert.equal(user.mailing_enabled, false);
    assert.equal(user.mailing_enabled_reason, 'bounced');
    const back = expectOk(await t.put(`/apiv3/users/${user.userapp_id}`, { mailing_enabled: 'enabled' }));
    assert.equal(back.mailing_enabled, true);
    assert.equal(back.mailing_enabled_reason, null);
  });
});
