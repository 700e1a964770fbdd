import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';

// A1: POST /multiusers/abandoned-cart, POST /users/{id}/abandoned-cart (both answer 201, a replacement
// too: the platform's WooCommerce plugin takes any other status for a failure), GET /users/{id}/abandoned-carts.

const t = await buildTestApp();
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const item = (sku: string, extra: Record<string, unknown> = {}) => ({ sku, ...extra });

describe('POST /multiusers/abandoned-cart', () => {
  it('stores the cart of the user the body identities find and answers it', async () => {
    const user = await createUser(t, { service_uid: 'ac-1', email: 'ac1@example.com', document: 'AC1' });
    // the platform docs' example, plus what the client model serialises
    const cart = expectOk(
      await t.post('/apiv3/multiusers/abandoned-cart', {
        email: 'AC1@example.com',
        external_id: 'Cart-001',
        source: 'web',
        recovered: false,
        recover_url: 'http://www.my-store.com/my-abandoned-cart',
        createtime: '2019-07-10T19:12:53-03:00',
        products: [
          { sku: '12345', quantity: 1, unit_price: 699.0, offer_price: 399.0, cleanser: {} },
          {
            sku: 'B-2',
            product_name: 'Boots',
            variations: [{ name: 'size', value: '42' }],
            category: ['shoes', { id: 'boots', name: 'Boots' }],
            brand: 'Acme',
            url: 'https://shop.example/b-2',
            image_url: 'https://shop.example/b-2.jpg',
            thumbnail_url: 'https://shop.example/b-2-t.jpg',
          },
        ],
        total_price: 699.0,
        cleanser: { x: 1 },
      }),
      201,
    );
    assert.ok(Number.isInteger(cart.id));
    assert.deepEqual(cart, {
      id: cart.id,
      userapp_id: user.userapp_id,
      external_id: 'Cart-001',
      products: [
        { sku: '12345', quantity: 1, unit_price: 699, offer_price: 399 },
        {
          sku: 'B-2',
          product_name: 'Boots',
          variations: [{ name: 'size', value: '42' }],
          category: [
            { id: 'shoes', name: 'shoes' },
            { id: 'boots', name: 'Boots' },
          ],
          brand: 'Acme',
          url: 'https://shop.example/b-2',
          image_url: 'https://shop.example/b-2.jpg',
          thumbnail_url: 'https://shop.example/b-2-t.jpg',
        },
      ],
      total_price: 699,
      source: 'web',
      recovered: false,
      recover_url: 'http://www.my-store.com/my-abandoned-cart',
      createtime: '2019-07-10 22:12:53',
    });
    assert.deepEqual(expectOk(await t.get(`/apiv3/users/${user.userapp_id}/abandoned-carts`)), [cart]);
    // carts never touch the catalogue
    assert.deepEqual(expectOk(await t.get('/apiv3/categories')), []);
  });

  it('finds the user by service_uid, else email, else document, and defaults the optional fields', async () => {
    const user = await createUser(t, { service_uid: 'ac-2', email: 'ac2@example.com', document: 'AC2' });
    t.clock.set('2026-05-01T08:00:00Z');
    const bySuid = expectOk(await t.post('/apiv3/multiusers/abandoned-cart', { service_uid: 'ac-2', email: '', document: '', external_id: 'a', products: [item('s')] }), 201);
    t.clock.set(null);
    assert.equal(bySuid.userapp_id, user.userapp_id);
    assert.deepEqual(
      { total_price: bySuid.total_price, source: bySuid.source, recovered: bySuid.recovered, recover_url: bySuid.recover_url, createtime: bySuid.createtime },
      { total_price: null, source: null, recovered: false, recover_url: null, createtime: '2026-05-01 08:00:00' },
    );
    const byDocument = expectOk(await t.post('/apiv3/multiusers/abandoned-cart', { service_uid: '', document: 'AC2', external_id: 'b', products: [item('s')], recovered: true }), 201);
    assert.equal(byDocument.userapp_id, user.userapp_id);
    assert.equal(byDocument.recovered, true);
    // service_uid decides even when the e-mail would match (U6)
    expectError(
      await t.post('/apiv3/multiusers/abandoned-cart', { service_uid: 'someone-else', email: 'ac2@example.com', external_id: 'c', products: [item('s')] }),
      404,
      'user_not_found',
    );
  });

  it('answers 404 user_not_found when no user matches, 400 when no identity is given', async () => {
    expectError(
      await t.post('/apiv3/multiusers/abandoned-cart', { email: 'nobody@example.com', external_id: 'x', products: [item('s')] }),
      404,
      'user_not_found',
      /no user matches/,
    );
    expectError(
      await t.post('/apiv3/multiusers/abandoned-cart', { service_uid: '', email: ' ', document: '', external_id: 'x', products: [item('s')] }),
      400,
      'bad_request',
      /^body: at least one of service_uid, email, document is required$/,
    );
    // the telephone is not one of A1's identities: ignored (G8)
    await createUser(t, { telephone: '699000111' });
    expectError(await t.post('/apiv3/multiusers/abandoned-cart', { telephone: '699000111', external_id: 'x', products: [item('s')] }), 400, 'bad_request');
  });

  it('validates every field naming it, and stores nothing then', async () => {
    const user = await createUser(t, { service_uid: 'ac-v' });
    const base = { service_uid: 'ac-v', external_id: 'v', products: [item('s')] };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ ...base, external_id: undefined }, /^external_id: is required$/],
      [{ ...base, external_id: '' }, /^external_id: /],
      [{ ...base, external_id: '   ' }, /^external_id: must not be blank$/],
      [{ ...base, external_id: 5 }, /^external_id: must be string$/],
      [{ ...base, products: undefined }, /^products: is required$/],
      [{ ...base, products: [] }, /^products: must NOT have fewer than 1 items$/],
      [{ ...base, products: Array.from({ length: 501 }, (_, i) => item(`s${i}`)) }, /^products: must NOT have more than 500 items$/],
      [{ ...base, products: [{ quantity: 1 }] }, /^products\[0\]\.sku: is required$/],
      [{ ...base, products: [item('')] }, /^products\[0\]\.sku: /],
      [{ ...base, products: [item('x'.repeat(256))] }, /^products\[0\]\.sku: must NOT have more than 255 characters$/],
      [{ ...base, products: [item('s'), item('t', { quantity: 0 })] }, /^products\[1\]\.quantity: must be >= 1$/],
      [{ ...base, products: [item('s', { quantity: 1.5 })] }, /^products\[0\]\.quantity: must be integer$/],
      [{ ...base, products: [item('s', { unit_price: -1 })] }, /^products\[0\]\.unit_price: must be >= 0$/],
      [{ ...base, products: [item('s', { category: [{ id: 'a/b' }] })] }, /^products\[0\]\.category\[0\]\.id: must not contain \/$/],
      [{ ...base, products: ['sku-as-string'] }, /^products\[0\]: must be object$/],
      [{ ...base, total_price: '10' }, /^total_price: must be number$/],
      [{ ...base, total_price: -1 }, /^total_price: must be >= 0$/],
      [{ ...base, recovered: 'yes' }, /^recovered: must be boolean$/],
      [{ ...base, createtime: 'yesterday' }, /^createtime: must be a datetime/],
      [{ ...base, createtime: '2026-01-01' }, /^createtime: must be a datetime/],
      [{ ...base, recover_url: 'x'.repeat(2049) }, /^recover_url: /],
    ];
    for (const [body, message] of cases) expectError(await t.post('/apiv3/multiusers/abandoned-cart', body), 400, 'bad_request', message);
    for (const [body, message] of cases.slice(0, 5)) {
      const { service_uid: _ignored, ...rest } = body;
      expectError(await t.post(`/apiv3/users/${user.userapp_id}/abandoned-cart`, rest), 400, 'bad_request', message);
    }
    assert.deepEqual(expectOk(await t.get(`/apiv3/users/${user.userapp_id}/abandoned-carts`)), []);
  });
});

describe('POST /users/{id}/abandoned-cart', () => {
  it('stores the cart of the path\'s user (userapp_id or base64 service_uid), ignoring identities in the body', async () => {
    const user = await createUser(t, { service_uid: 'ac/3 é' });
    const other = await createUser(t, { service_uid: 'ac-other' });
    const byId = expectOk(await t.post(`/apiv3/users/${user.userapp_id}/abandoned-cart`, { external_id: 'p1', products: [item('a')], service_uid: 'ac-other' }), 201);
    assert.equal(byId.userapp_id, user.userapp_id);
    // as the client sends it: urlencode(base64_encode(uid))
    const byUid = expectOk(await t.post(`/apiv3/users/${encodeURIComponent(b64('ac/3 é'))}/abandoned-cart`, { external_id: 'p2', products: [item('b')] }), 201);
    assert.equal(byUid.userapp_id, user.userapp_id);
    assert.deepEqual(expectOk(await t.get(`/apiv3/users/${other.userapp_id}/abandoned-carts`)), []);
  });

  it('answers 404 user_not_found for an unknown user', async () => {
    expectError(await t.post('/apiv3/users/999999/abandoned-cart', { external_id: 'x', products: [item('s')] }), 404, 'user_not_found', /no user with id 999999/);
    expectError(await t.post(`/apiv3/users/${b64('nobody')}/abandoned-cart`, { external_id: 'x', products: [item('s')] }), 404, 'user_not_found');
    expectError(await t.post('/apiv3/users/!!!/abandoned-cart', { external_id: 'x', products: [item('s')] }), 404, 'user_not_found');
  });
});

describe('replacement by external_id', () => {
  it('replaces the user\'s cart with the same external_id; other users and ids are untouched', async () => {
    const user = await createUser(t, { service_uid: 'ac-r1' });
    const other = await createUser(t, { service_uid: 'ac-r2' });
    t.clock.set('2026-06-01T10:00:00Z');
    const first = expectOk(
      await t.post('/apiv3/multiusers/abandoned-cart', { service_uid: 'ac-r1', external_id: 'same', products: [item('a'), item('b')], total_price: 10, source: 'web' }),
      201,
    );
    const otherCart = expectOk(await t.post('/apiv3/multiusers/abandoned-cart', { service_uid: 'ac-r2', external_id: 'same', products: [item('z')] }), 201);
    const kept = expectOk(await t.post('/apiv3/multiusers/abandoned-cart', { service_uid: 'ac-r1', external_id: 'kept', products: [item('k')] }), 201);
    t.clock.set('2026-06-02T10:00:00Z');
    const second = expectOk(
      await t.post(`/apiv3/users/${user.userapp_id}/abandoned-cart`, { external_id: 'same', products: [item('c')], recovered: true }),
      201,
    );
    t.clock.set(null);
    assert.equal(second.id, first.id);
    // replaced whole: fields not sent again are back to their defaults
    assert.deepEqual(
      { products: second.products, total_price: second.total_price, source: second.source, recovered: second.recovered, createtime: second.createtime },
      { products: [{ sku: 'c' }], total_price: null, source: null, recovered: true, createtime: '2026-06-02 10:00:00' },
    );
    assert.deepEqual(expectOk(await t.get(`/apiv3/users/${user.userapp_id}/abandoned-carts`)), [second, kept]);
    assert.deepEqual(expectOk(await t.get(`/apiv3/users/${other.userapp_id}/abandoned-carts`)), [otherCart]);
  });

  it('leaves exactly one cart when the same cart arrives concurrently', async () => {
    const user = await createUser(t, { service_uid: 'ac-race' });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.post('/apiv3/multiusers/abandoned-cart', { service_uid: 'ac-race', external_id: 'race', products: [item(`s${i}`)] }),
      ),
    );
    const ids = new Set(results.map((r) => expectOk(r, 201).id));
    assert.equal(ids.size, 1);
    const carts = expectOk(await t.get(`/apiv3/users/${user.userapp_id}/abandoned-carts`));
    assert.equal(carts.length, 1);
    assert.match(carts[0].products[0].sku, /^s\d$/);
  });
});

describe('GET /users/{id}/abandoned-carts', () => {
  it('lists newest createtime first, ties by id, paginated', async () => {
    const user = await createUser(t, { service_uid: 'ac-list' });
    const post = async (externalId: string, createtime: string) =>
      expectOk(await t.post(`/apiv3/users/${user.userapp_id}/abandoned-cart`, { external_id: externalId, products: [item('s')], createtime }), 201).id as number;
    const old = await post('old', '2026-01-01 00:00:00');
    const tieA = await post('tie-a', '2026-02-01T00:00:00Z');
    const tieB = await post('tie-b', '2026-02-01T01:00:00+01:00');
    const newest = await post('new', '2026-03-01 00:00:00');
    const ids = (payload: Array<{ id: number }>) => payload.map((c) => c.id);
    assert.deepEqual(ids(expectOk(await t.get(`/apiv3/users/${user.userapp_id}/abandoned-carts`))), [newest, tieB, tieA, old]);
    assert.deepEqual(ids(expectOk(await t.get(`/apiv3/users/${b64('ac-list')}/abandoned-carts?limit=2&page=1`))), [tieA, old]);
    assert.deepEqual(ids(expectOk(await t.get(`/apiv3/users/${user.userapp_id}/abandoned-carts?limit=2&page=2`))), []);
    expectError(await t.get(`/apiv3/users/${user.userapp_id}/abandoned-carts?limit=101`), 400, 'bad_request', /^limit: must be <= 100$/);
    expectError(await t.get(`/apiv3/users/${user.userapp_id}/abandoned-carts?page=x`), 400, 'bad_request', /^page: /);
  });

  it('answers 404 not_found for an unknown user', async () => {
    expectError(await t.get('/apiv3/users/999999/abandoned-carts'), 404, 'not_found', /no user with id 999999/);
    expectError(await t.get(`/apiv3/users/${b64('nobody')}/abandoned-carts`), 404, 'not_found');
  });
});

describe('tenancy', () => {
  it('never shows or writes another account\'s carts', async () => {
    const user = await createUser(t, { service_uid: 'ac-tenant' });
    expectOk(await t.post(`/apiv3/users/${user.userapp_id}/abandoned-cart`, { external_id: 'mine', products: [item('s')] }), 201);
    const other = await t.newAccount();
    expectError(await t.get(`/apiv3/users/${user.userapp_id}/abandoned-carts`, { key: other.key }), 404, 'not_found');
    expectError(
      await t.post(`/apiv3/users/${user.userapp_id}/abandoned-cart`, { external_id: 'mine', products: [item('x')] }, { key: other.key }),
      404,
      'user_not_found',
    );
    expectError(
      await t.post('/apiv3/multiusers/abandoned-cart', { service_uid: 'ac-tenant', external_id: 'mine', products: [item('x')] }, { key: other.key }),
      404,
      'user_not_found',
    );
    const theirs = await createUser(t, { service_uid: 'ac-tenant' }, { key: other.key });
    const theirCart = expectOk(
      await t.post('/apiv3/multiusers/abandoned-cart', { service_uid: 'ac-tenant', external_id: 'mine', products: [item('x')] }, { key: other.key }),
      201,
    );
    assert.equal(theirCart.userapp_id, theirs.userapp_id);
    const mine = expectOk(await t.get(`/apiv3/users/${user.userapp_id}/abandoned-carts`));
    assert.deepEqual(mine.map((c: any) => c.products[0].sku), ['s']);
    expectError(await t.post(`/apiv3/users/${user.userapp_id}/abandoned-cart`, { external_id: 'k', products: [item('s')] }, { key: null }), 403, 'forbidden');
  });
});
