import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';
import { createPurchase, nextInvoice, pointsOf, purchaseBody } from '../helpers/purchases.js';

// S1, S2, S4: recording, reading, listing and deleting purchases (PUT and bulk have their own files).

const t = await buildTestApp();
const b64 = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString('base64'));
const skuPath = (sku: string) => `/apiv3/products/${b64(sku)}`;

async function purchaseCount(key?: string): Promise<number> {
  const listed = expectOk(await t.get('/apiv3/purchases?limit=100', key ? { key } : {}));
  return listed.length;
}

describe('POST /purchases', () => {
  it('stores every field and answers the purchase object, the same as GET /purchases/{id} (S4)', async () => {
    const user = await createUser(t, { document: 'D-100' });
    const invoice = nextInvoice();
    const body = {
      invoice_number: invoice,
      service_uid: user.service_uid,
      channel: 'in-store',
      points: 0,
      branch_name: 'Store Full',
      createtime: '2026-03-01T10:00:00-03:00',
      approvedtime: '2026-03-01 13:05:00',
      prices: { cost: 10, shipping: 5.5, gross: 100, tax: 21, discount: 3.25, total: 123.25 },
      payment: [
        { type: 'credit', brand: 'Visa', bank: 'Galicia', total: 100, installments: 3 },
        { type: 'cash', total: 23.25 },
      ],
      seller: { name: 'Ana Seller', email: 'ana@shop.example', external_id: 'S-9' },
      metadata: { order: { id: 77, tags: ['a', 'b'] } },
      purchase_detail: [
        {
          sku: 'FULL-1',
          product_name: 'Boot',
          quantity: 2,
          unit_price: 50,
          variations: [
            { name: 'size', value: '42' },
            { name: 'width', value: 3 },
          ],
          category: ['full-shoes', { id: 'full-boots', name: 'Boots', url: 'https://x.example/boots' }],
          brand: 'Acme',
          url: 'https://shop.example/boot',
          image_url: 'https://shop.example/boot.jpg',
          thumbnail_url: 'https://shop.example/boot-t.jpg',
          manufacturer_warranty_date: '2027-03-01',
          extension_warranty_date: '2028-03-01T00:00:00Z',
          with_extension_warranty: true,
        },
        { sku: 'FULL-2', product_name: 'Laces', quantity: 1, unit_price: 23.25 },
      ],
    };
    const created = expectOk(await t.post('/apiv3/purchases', body));
    assert.ok(Number.isInteger(created.id) && created.id > 0);
    assert.ok(Number.isInteger(created.branch.id));
    assert.deepEqual(created, {
      id: created.id,
      invoice_number: invoice,
      user: { userapp_id: user.userapp_id, service_uid: user.service_uid, email: user.email, document: 'D-100' },
      branch: { id: created.branch.id, name: 'Store Full' },
      channel: 'in-store',
      points: 0,
      prices: { cost: 10, shipping: 5.5, gross: 100, tax: 21, discount: 3.25, total: 123.25 },
      payment: [
        { type: 'credit', brand: 'Visa', bank: 'Galicia', total: 100, installments: 3 },
        { type: 'cash', brand: null, bank: null, total: 23.25, installments: null },
      ],
      seller: { name: 'Ana Seller', email: 'ana@shop.example', external_id: 'S-9' },
      purchase_detail: [
        {
          sku: 'FULL-1',
          product_name: 'Boot',
          quantity: 2,
          unit_price: 50,
          variations: [
            { name: 'size', value: '42' },
            { name: 'width', value: 3 },
          ],
          category: [
            { id: 'full-shoes', name: 'full-shoes' },
            { id: 'full-boots', name: 'Boots' },
          ],
          brand: 'Acme',
          url: 'https://shop.example/boot',
          image_url: 'https://shop.example/boot.jpg',
          thumbnail_url: 'https://shop.example/boot-t.jpg',
          manufacturer_warranty_date: '2027-03-01 00:00:00',
          extension_warranty_date: '2028-03-01 00:00:00',
          with_extension_warranty: true,
          custom_attributes: {},
        },
        {
          sku: 'FULL-2',
          product_name: 'Laces',
          quantity: 1,
          unit_price: 23.25,
          variations: [],
          category: [],
          brand: null,
          url: null,
          image_url: null,
          thumbnail_url: null,
          manufacturer_warranty_date: null,
          extension_warranty_date: null,
          with_extension_warranty: null,
          custom_attributes: {},
        },
      ],
      metadata: { order: { id: 77, tags: ['a', 'b'] } },
      custom_attributes: {},
      createtime: '2026-03-01 13:00:00',
      approvedtime: '2026-03-01 13:05:00',
    });
    assert.deepEqual(expectOk(await t.get(`/apiv3/purchases/${created.id}`)), created);
  });

  it('fills what is not given: prices 0, points 0, createtime now, quantity 1, unit_price 0, nulls and empty lists', async () => {
    const user = await createUser(t);
    t.clock.set('2026-04-02T08:09:10Z');
    try {
      const created = expectOk(
        await t.post('/apiv3/purchases', {
          invoice_number: nextInvoice(),
          email: user.email,
          prices: { total: 9, tax: null },
          purchase_detail: [{ sku: 'DEFAULTS-1', product_name: 'Plain' }],
        }),
      );
      assert.deepEqual(created.prices, { cost: 0, shipping: 0, gross: 0, tax: 0, discount: 0, total: 9 });
      assert.equal(created.points, 0);
      assert.equal(created.createtime, '2026-04-02 08:09:10');
      assert.equal(created.approvedtime, null);
      assert.equal(created.channel, null);
      assert.equal(created.branch, null);
      assert.equal(created.seller, null);
      assert.equal(created.metadata, null);
      assert.deepEqual(created.payment, []);
      assert.deepEqual(created.custom_attributes, {});
      assert.equal(created.purchase_detail[0].quantity, 1);
      assert.equal(created.purchase_detail[0].unit_price, 0);
      const noPrices = expectOk(await t.post('/apiv3/purchases', purchaseBody(user)));
      assert.deepEqual(noPrices.prices, { cost: 0, shipping: 0, gross: 0, tax: 0, discount: 0, total: 0 });
    } finally {
      t.clock.set(null);
    }
  });

  it('takes one payment object and answers it as an array', async () => {
    const user = await createUser(t);
    const created = await createPurchase(t, user, { payment: { type: 'mercadopago', total: 10, installments: 1 } });
    assert.deepEqual(created.payment, [{ type: 'mercadopago', brand: null, bank: null, total: 10, installments: 1 }]);
  });

  it('ignores unknown keys at every level and reads nested nulls as "not given" (G8)', async () => {
    const user = await createUser(t);
    const created = expectOk(
      await t.post('/apiv3/purchases', {
        ...purchaseBody(user),
        customer: { email: 'x@example.com' },
        cleanser: {},
        promotion: 'x',
        channel: null,
        branch_name: null,
        seller: { name: 'Bob', email: null, phone: '1' },
        payment: [{ type: 'debit', brand: null, zz: 1 }],
        prices: { total: null, gross: 4, net: 3 },
        purchase_detail: [
          { sku: 'G8-1', product_name: 'Thing', name: 'product name', price: 3, stock: 4, brand: null, url: null, quantity: 2, unit_price: 1 },
        ],
      }),
    );
    assert.equal(created.channel, null);
    assert.equal(created.branch, null);
    assert.deepEqual(created.seller, { name: 'Bob', email: null, external_id: null });
    assert.deepEqual(created.payment, [{ type: 'debit', brand: null, bank: null, total: null, installments: null }]);
    assert.deepEqual(created.prices, { cost: 0, shipping: 0, gross: 4, tax: 0, discount: 0, total: 0 });
    const [item] = created.purchase_detail;
    assert.equal(item.brand, null);
    assert.equal(item.url, null);
    assert.equal('name' in item || 'price' in item || 'stock' in item, false);
    assert.equal('customer' in created || 'promotion' in created, false);
  });

  it('converts datetimes to UTC; warranty dates also take a bare date (00:00:00); createtime and approvedtime do not', async () => {
    const user = await createUser(t);
    const created = await createPurchase(t, user, {
      createtime: '2026-05-01T23:30:00+02:00',
      approvedtime: '2026-05-01T22:00:00Z',
      purchase_detail: [{ sku: 'DT-1', product_name: 'x', manufacturer_warranty_date: '2027-02-28', extension_warranty_date: '2027-03-01 12:00:00' }],
    });
    assert.equal(created.createtime, '2026-05-01 21:30:00');
    assert.equal(created.approvedtime, '2026-05-01 22:00:00');
    assert.equal(created.purchase_detail[0].manufacturer_warranty_date, '2027-02-28 00:00:00');
    assert.equal(created.purchase_detail[0].extension_warranty_date, '2027-03-01 12:00:00');
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ createtime: '2026-05-01' }, /^createtime: must be a datetime/],
      [{ createtime: 'yesterday' }, /^createtime: must be a datetime/],
      [{ approvedtime: '2026-02-30 00:00:00' }, /^approvedtime: must be a datetime/],
      [
        { purchase_detail: [{ sku: 'DT-2', product_name: 'x', manufacturer_warranty_date: '2027-13-01' }] },
        /^purchase_detail\[0\]\.manufacturer_warranty_date: must be a datetime 'YYYY-MM-DD hh:mm:ss', ISO 8601 with an offset, or a date 'YYYY-MM-DD'$/,
      ],
      [
        { purchase_detail: [{ sku: 'DT-2', product_name: 'x' }, { sku: 'DT-3', product_name: 'y', extension_warranty_date: '01/02/2027' }] },
        /^purchase_detail\[1\]\.extension_warranty_date: must be a date/,
      ],
    ];
    for (const [fields, message] of cases) {
      expectError(await t.post('/apiv3/purchases', purchaseBody(user, fields)), 400, 'bad_request', message);
    }
  });

  it('refuses what breaks S1, naming the field, and stores nothing', async () => {
    const other = await t.newAccount('validation');
    const user = await createUser(t, {}, { key: other.key });
    const item = { sku: 'V-1', product_name: 'x' };
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ invoice_number: undefined }, /^invoice_number: is required$/],
      [{ invoice_number: '' }, /^invoice_number: must NOT have fewer than 1 characters$/],
      [{ invoice_number: '   ' }, /^invoice_number: must not be blank$/],
      [{ invoice_number: 'x'.repeat(256) }, /^invoice_number: must NOT have more than 255 characters$/],
      [{ invoice_number: -1 }, /^invoice_number: must be >= 0$/],
      [{ invoice_number: true }, /^invoice_number: must be string or integer$/],
      [{ purchase_detail: undefined }, /^purchase_detail: is required$/],
      [{ purchase_detail: [] }, /^purchase_detail: must NOT have fewer than 1 items$/],
      [{ purchase_detail: Array.from({ length: 501 }, () => item) }, /^purchase_detail: must NOT have more than 500 items$/],
      [{ purchase_detail: [{ product_name: 'x' }] }, /^purchase_detail\[0\]\.sku: is required$/],
      [{ purchase_detail: [item, { sku: '', product_name: 'x' }] }, /^purchase_detail\[1\]\.sku: must NOT have fewer than 1 characters$/],
      [{ purchase_detail: [{ sku: 'x'.repeat(256), product_name: 'x' }] }, /^purchase_detail\[0\]\.sku: must NOT have more than 255 characters$/],
      [{ purchase_detail: [{ sku: '  ', product_name: 'x' }] }, /^purchase_detail\[0\]\.sku: must not be blank$/],
      [{ purchase_detail: [{ sku: 'V-1' }] }, /^purchase_detail\[0\]\.product_name: is required$/],
      [{ purchase_detail: [{ sku: 'V-1', product_name: ' ' }] }, /^purchase_detail\[0\]\.product_name: must not be blank$/],
      [{ purchase_detail: [{ ...item, quantity: 0 }] }, /^purchase_detail\[0\]\.quantity: must be >= 1$/],
      [{ purchase_detail: [{ ...item, quantity: 1.5 }] }, /^purchase_detail\[0\]\.quantity: must be integer$/],
      [{ purchase_detail: [{ ...item, quantity: '2' }] }, /^purchase_detail\[0\]\.quantity: must be integer$/],
      [{ purchase_detail: [{ ...item, quantity: 2 ** 53 }] }, /^purchase_detail\[0\]\.quantity: must be <= 9007199254740991$/],
      [{ purchase_detail: [{ ...item, unit_price: -0.01 }] }, /^purchase_detail\[0\]\.unit_price: must be >= 0$/],
      [{ purchase_detail: [{ ...item, unit_price: '3' }] }, /^purchase_detail\[0\]\.unit_price: must be number$/],
      [{ purchase_detail: [{ ...item, variations: [{ name: 'size' }] }] }, /^purchase_detail\[0\]\.variations\[0\]\.value: is required$/],
      [{ purchase_detail: [{ ...item, with_extension_warranty: 'yes' }] }, /^purchase_detail\[0\]\.with_extension_warranty: must be boolean$/],
      [{ purchase_detail: [{ ...item, category: ['a/b'] }] }, /^purchase_detail\[0\]\.category\[0\]\.id: must not contain \/$/],
      [{ purchase_detail: 'x' }, /^purchase_detail: must be array$/],
      [{ channel: 'shop' }, /^channel: must be one of "web", "telephone", "in-store", "corporate", "direct", "other"$/],
      [{ payment: { type: 'bitcoin' } }, /^payment\.type: must be one of "credit", "debit", "other", "mercadopago", "todopago", "cash"$/],
      [{ payment: [{ type: 'cash' }, { type: 'x' }] }, /^payment\[1\]\.type: must be one of/],
      [{ payment: { total: 3 } }, /^payment\.type: is required$/],
      [{ payment: [{ type: 'cash', installments: 1001 }] }, /^payment\[0\]\.installments: must be <= 1000$/],
      [{ payment: 'cash' }, /^payment: must be object or array$/],
      [{ prices: { total: -1 } }, /^prices\.total: must be >= 0$/],
      [{ prices: { total: '10' } }, /^prices\.total: must be number or null$/],
      [{ points: -1 }, /^points: must be >= 0$/],
      [{ points: 1.5 }, /^points: must be integer$/],
      [{ points: 2 ** 53 }, /^points: must be <= 9007199254740991$/],
      [{ metadata: [1] }, /^metadata: must be object$/],
      [{ metadata: { blob: 'x'.repeat(16_400) } }, /^metadata: must be at most 16384 bytes as JSON$/],
      [{ seller: 'Bob' }, /^seller: must be object$/],
      [{ branch_name: 3 }, /^branch_name: must be string$/],
      [{ custom_attributes: { nope: 1 } }, /^custom_attributes\.nope: no purchase custom attribute named "nope" is defined$/],
      [
        { purchase_detail: [item, { ...item, custom_attributes: { nope: 1 } }] },
        /^purchase_detail\[1\]\.custom_attributes\.nope: no purchase item custom attribute named "nope" is defined$/,
      ],
      [{ service_uid: undefined }, /^service_uid: is required \(or email, document, telephone\) to find the user$/],
      [{ service_uid: '', email: ' ', document: '', telephone: '' }, /^service_uid: is required \(or email, document, telephone\)/],
    ];
    for (const [fields, message] of cases) {
      const body: Record<string, unknown> = purchaseBody(user, fields);
      for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
      expectError(await t.post('/apiv3/purchases', body, { key: other.key }), 400, 'bad_request', message);
    }
    expectError(await t.post('/apiv3/purchases', [purchaseBody(user)], { key: other.key }), 400, 'bad_request', /^body: must be a JSON object$/);
    assert.equal(await purchaseCount(other.key), 0);
    assert.equal(expectOk(await t.get('/apiv3/products', { key: other.key })).length, 0);
    assert.equal((await pointsOf(t, user, { key: other.key })).transactions.length, 0);
  });

  it('stores 500 items, in order', async () => {
    const user = await createUser(t);
    const items = Array.from({ length: 500 }, (_, i) => ({ sku: `MANY-${i % 7}`, product_name: `Item ${i}`, quantity: i + 1, unit_price: i }));
    const created = await createPurchase(t, user, { purchase_detail: items });
    assert.equal(created.purchase_detail.length, 500);
    assert.deepEqual(
      created.purchase_detail.map((item: any) => [item.sku, item.product_name, item.quantity, item.unit_price]),
      items.map((item) => [item.sku, item.product_name, item.quantity, item.unit_price]),
    );
    assert.deepEqual(expectOk(await t.get(`/apiv3/purchases/${created.id}`)).purchase_detail, created.purchase_detail);
  });

  it('finds the user by service_uid, else email, else document, else telephone: the first non-empty decides', async () => {
    const byUid = await createUser(t, { email: 'first-order@example.com' });
    const byDocument = await createUser(t, { document: 'DOC-ORDER' });
    const byPhone = await createUser(t, { telephone: '+5491100001111' });
    const userOf = async (fields: Record<string, unknown>) => {
      const body: Record<string, unknown> = { ...purchaseBody(byUid), service_uid: undefined, ...fields };
      for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
      return t.post('/apiv3/purchases', body);
    };
    assert.equal(expectOk(await userOf({ service_uid: byUid.service_uid, document: 'DOC-ORDER' })).user.userapp_id, byUid.userapp_id);
    assert.equal(expectOk(await userOf({ service_uid: '', email: ' First-Order@Example.com ' })).user.userapp_id, byUid.userapp_id);
    assert.equal(expectOk(await userOf({ email: '', document: 'DOC-ORDER', telephone: '+5491100001111' })).user.userapp_id, byDocument.userapp_id);
    assert.equal(expectOk(await userOf({ telephone: '+5491100001111' })).user.userapp_id, byPhone.userapp_id);
    // The first non-empty identity decides even when a later one would find someone.
    expectError(await userOf({ service_uid: 'nobody', email: 'first-order@example.com' }), 404, 'user_not_found', /no user matches/);
  });

  it('answers 404 user_not_found for an unknown user and stores nothing', async () => {
    const before = await purchaseCount();
    const invoice = nextInvoice();
    const response = await t.post('/apiv3/purchases', {
      ...purchaseBody({ service_uid: 'no-such-user' }),
      invoice_number: invoice,
      branch_name: 'Never Created',
      purchase_detail: [{ sku: 'NEVER-1', product_name: 'x' }],
    });
    expectError(response, 404, 'user_not_found', /^no user matches the first non-empty of service_uid, email, document, telephone$/);
    assert.equal(await purchaseCount(), before);
    expectError(await t.get(skuPath('NEVER-1')), 404, 'not_found');
    assert.deepEqual(expectOk(await t.get(`/apiv3/purchases?invoice_number=${invoice}`)), []);
  });

  it('answers 400 duplicated_purchase_number for an invoice number the account has; the first purchase stays', async () => {
    const user = await createUser(t, { points: 0 });
    const first = await createPurchase(t, user, { points: 5 });
    const again = await t.post('/apiv3/purchases', purchaseBody(user, { invoice_number: first.invoice_number, points: 50, channel: 'web' }));
    expectError(again, 400, 'duplicated_purchase_number', new RegExp(`^invoice_number: a purchase with invoice_number "${first.invoice_number}" already exists$`));
    assert.deepEqual(expectOk(await t.get(`/apiv3/purchases/${first.id}`)), first);
    assert.equal((await pointsOf(t, user)).points, 5);
    // An integer invoice number is its decimal text: 9001 and "9001" are the same invoice.
    const numbered = await createPurchase(t, user, { invoice_number: 9001 });
    assert.equal(numbered.invoice_number, '9001');
    expectError(await t.post('/apiv3/purchases', purchaseBody(user, { invoice_number: '9001' })), 400, 'duplicated_purchase_number');
  });

  it('keeps invoice numbers per account', async () => {
    const other = await t.newAccount('invoices');
    const mine = await createUser(t);
    const theirs = await createUser(t, {}, { key: other.key });
    const invoice = nextInvoice();
    await createPurchase(t, mine, { invoice_number: invoice });
    const created = await createPurchase(t, theirs, { invoice_number: invoice }, { key: other.key });
    assert.equal(created.user.userapp_id, theirs.userapp_id);
  });

  it('credits points through the ledger (concept purchase, description the invoice number); 0 points leave no entry', async () => {
    const user = await createUser(t, { points: 3 });
    const created = await createPurchase(t, user, { points: 40 });
    const none = await createPurchase(t, user, { points: 0 });
    const ledger = await pointsOf(t, user);
    assert.equal(ledger.points, 43);
    assert.deepEqual(
      ledger.transactions.map((x) => [x.concept, x.points, x.description, x.balance]),
      [
        ['purchase', 40, created.invoice_number, 43],
        ['initial', 3, null, 3], // U5a: the points given on creation
      ],
    );
    assert.equal(none.points, 0);
    assert.equal(expectOk(await t.get(`/apiv3/users/${user.userapp_id}`)).points, 43);
  });

  it('refuses a credit beyond the largest balance, and the whole purchase with it (one transaction)', async () => {
    const user = await createUser(t, { points: Number.MAX_SAFE_INTEGER - 1 });
    const invoice = nextInvoice();
    const response = await t.post(
      '/apiv3/purchases',
      purchaseBody(user, { invoice_number: invoice, points: 2, branch_name: 'Overflow Branch', purchase_detail: [{ sku: 'OVERFLOW-1', product_name: 'x', category: ['overflow-cat'] }] }),
    );
    expectError(response, 400, 'bad_request', /^points: crediting 2 points would take the user's balance above 9007199254740991$/);
    assert.deepEqual(expectOk(await t.get(`/apiv3/purchases?invoice_number=${invoice}`)), []);
    expectError(await t.get(skuPath('OVERFLOW-1')), 404, 'not_found');
    expectError(await t.get('/apiv3/categories/overflow-cat'), 404, 'not_found');
    const branches = expectOk(await t.get('/apiv3/branches?search=Overflow'));
    assert.deepEqual(branches, []);
    assert.equal((await pointsOf(t, user)).points, Number.MAX_SAFE_INTEGER - 1);
  });

  it('creates products from unknown SKUs (once per SKU) and leaves existing products unchanged', async () => {
    const user = await createUser(t);
    expectOk(await t.post('/apiv3/products', { sku: 'KEEP-1', name: 'Original', price: 99, brand: 'Orig' }));
    const before = expectOk(await t.get(skuPath('KEEP-1')));
    await createPurchase(t, user, {
      purchase_detail: [
        { sku: 'KEEP-1', product_name: 'Renamed', unit_price: 1, brand: 'Other', url: 'https://x.example' },
        {
          sku: 'NEW-1',
          product_name: 'Fresh Boot',
          unit_price: 12.5,
          brand: 'Acme',
          url: 'https://shop.example/fresh',
          image_url: 'https://shop.example/fresh.jpg',
          thumbnail_url: 'https://shop.example/fresh-t.jpg',
          category: [{ id: 'prod-shoes', name: 'Shoes' }, 'prod-boots'],
        },
        { sku: 'NEW-1', product_name: 'Second mention', unit_price: 99 },
        { sku: 'NEW-2', product_name: 'No price given' },
      ],
    });
    assert.deepEqual(expectOk(await t.get(skuPath('KEEP-1'))), before);
    const fresh = expectOk(await t.get(skuPath('NEW-1')));
    assert.equal(fresh.name, 'Fresh Boot');
    assert.equal(fresh.price, 12.5);
    assert.equal(fresh.brand, 'Acme');
    assert.equal(fresh.url, 'https://shop.example/fresh');
    assert.equal(fresh.image_url, 'https://shop.example/fresh.jpg');
    assert.equal(fresh.thumbnail_url, 'https://shop.example/fresh-t.jpg');
    assert.deepEqual(fresh.category, [
      { id: 'prod-shoes', name: 'Shoes' },
      { id: 'prod-boots', name: 'prod-boots' },
    ]);
    assert.equal(fresh.available, true);
    const noPrice = expectOk(await t.get(skuPath('NEW-2')));
    assert.equal(noPrice.name, 'No price given');
    assert.equal(noPrice.price, null);
    assert.equal(expectOk(await t.get('/apiv3/products?sku=NEW-1')).length, 1);
    const boots = expectOk(await t.get('/apiv3/categories/prod-boots'));
    assert.equal(boots.parent_code, 'prod-shoes');
  });

  it('creates the branch a branch_name names when none exists, and reuses it compared case-insensitively', async () => {
    const user = await createUser(t);
    const first = await createPurchase(t, user, { branch_name: '  Palermo Soho ' });
    assert.equal(first.branch.name, 'Palermo Soho');
    const second = await createPurchase(t, user, { branch_name: 'PALERMO SOHO' });
    assert.deepEqual(second.branch, first.branch);
    const branch = expectOk(await t.get(`/apiv3/branches/${first.branch.id}`));
    assert.equal(branch.name, 'Palermo Soho');
    assert.equal(expectOk(await t.get('/apiv3/branches?search=palermo soho')).length, 1);
    const blank = await createPurchase(t, user, { branch_name: '   ' });
    assert.equal(blank.branch, null);
  });
});

describe('custom attributes on purchases and items (P5, C8, C9)', () => {
  const purchaseAttrs = '/apiv3/account/purchase-custom-attributes';
  const itemAttrs = '/apiv3/account/purchase-item-custom-attributes';

  it('stores values of the purchases and purchase_items kinds, arrays included, and validates them by field', async () => {
    expectOk(await t.post(purchaseAttrs, { label: 'Store Code', field_type: 'text', data_type: 'string' }));
    expectOk(await t.post(purchaseAttrs, { label: 'Promotions', field_type: 'text', data_type: 'string' }));
    expectOk(await t.post(itemAttrs, { label: 'Color', field_type: 'select', data_type: 'string', options: [{ value: 'red', text: 'Red' }, { value: 'blue', text: 'Blue' }] }));
    expectOk(await t.post(itemAttrs, { label: 'Size', field_type: 'text', data_type: 'integer' }));
    const user = await createUser(t);
    const created = await createPurchase(t, user, {
      custom_attributes: { 'Store Code': 'north', promotions: ['2x1', '10off'] },
      purchase_detail: [
        { sku: 'CA-1', product_name: 'x', custom_attributes: { color: 'red', size: 42 } },
        { sku: 'CA-2', product_name: 'y' },
        { sku: 'CA-3', product_name: 'z', custom_attributes: { size: [38, 39] } },
      ],
    });
    assert.deepEqual(created.custom_attributes, { store_code: 'north', promotions: ['2x1', '10off'] });
    assert.deepEqual(
      created.purchase_detail.map((item: any) => item.custom_attributes),
      [{ color: 'red', size: 42 }, {}, { size: [38, 39] }],
    );
    assert.deepEqual(expectOk(await t.get(`/apiv3/purchases/${created.id}`)), created);
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ custom_attributes: { store_code: 12 } }, /^custom_attributes\.store_code: must be a string$/],
      [
        { purchase_detail: [{ sku: 'CA-1', product_name: 'x', custom_attributes: { color: 'green' } }] },
        /^purchase_detail\[0\]\.custom_attributes\.color: must be one of the options "red", "blue"$/,
      ],
      [
        { purchase_detail: [{ sku: 'CA-1', product_name: 'x' }, { sku: 'CA-1', product_name: 'x', custom_attributes: { size: 'big' } }] },
        /^purchase_detail\[1\]\.custom_attributes\.size: must be an integer$/,
      ],
      // A purchase attribute is not an item attribute, and the other way round.
      [{ custom_attributes: { color: 'red' } }, /^custom_attributes\.color: no purchase custom attribute named "color" is defined$/],
    ];
    for (const [fields, message] of cases) {
      expectError(await t.post('/apiv3/purchases', purchaseBody(user, fields)), 400, 'bad_request', message);
    }
  });

  it('converts stored purchase and item values when a data_type changes (C8) and removes them with the definition (C9)', async () => {
    expectOk(await t.post(purchaseAttrs, { name: 'ticket_no', label: 'Ticket', field_type: 'text', data_type: 'string' }));
    expectOk(await t.post(itemAttrs, { name: 'lot', label: 'Lot', field_type: 'text', data_type: 'string' }));
    const user = await createUser(t);
    const created = await createPurchase(t, user, {
      custom_attributes: { ticket_no: '12' },
      purchase_detail: [
        { sku: 'C8-1', product_name: 'x', custom_attributes: { lot: '7' } },
        { sku: 'C8-2', product_name: 'y', custom_attributes: { lot: 'seven' } },
      ],
    });
    expectOk(await t.put(`${purchaseAttrs}/ticket_no`, { data_type: 'integer' }));
    expectOk(await t.put(`${itemAttrs}/lot`, { data_type: 'integer' }));
    const converted = expectOk(await t.get(`/apiv3/purchases/${created.id}`));
    assert.equal(converted.custom_attributes.ticket_no, 12);
    assert.deepEqual(
      converted.purchase_detail.map((item: any) => item.custom_attributes.lot),
      [7, undefined],
    );
    expectOk(await t.delete(`${purchaseAttrs}/ticket_no`));
    expectOk(await t.delete(`${itemAttrs}/lot`));
    const removed = expectOk(await t.get(`/apiv3/purchases/${created.id}`));
    assert.equal('ticket_no' in removed.custom_attributes, false);
    assert.deepEqual(removed.purchase_detail[0].custom_attributes, {});
  });
});

describe('GET /purchases', () => {
  const other = t.newAccount('listing');

  it('lists newest createtime first, then id descending, paginated (G6)', async () => {
    const { key } = await other;
    const user = await createUser(t, {}, { key });
    const a = await createPurchase(t, user, { createtime: '2026-01-01 10:00:00' }, { key });
    const b = await createPurchase(t, user, { createtime: '2026-01-03 10:00:00' }, { key });
    const c = await createPurchase(t, user, { createtime: '2026-01-02 10:00:00' }, { key });
    const d = await createPurchase(t, user, { createtime: '2026-01-03 10:00:00' }, { key });
    const all = expectOk(await t.get('/apiv3/purchases', { key }));
    assert.deepEqual(
      all.map((p: any) => p.id),
      [d.id, b.id, c.id, a.id],
    );
    assert.deepEqual(all[0], d);
    assert.deepEqual(
      expectOk(await t.get('/apiv3/purchases?page=1&limit=3', { key })).map((p: any) => p.id),
      [a.id],
    );
    assert.deepEqual(
      expectOk(await t.get('/apiv3/purchases?page=0&limit=2', { key })).map((p: any) => p.id),
      [d.id, b.id],
    );
    expectError(await t.get('/apiv3/purchases?limit=101', { key }), 400, 'bad_request', /^limit: must be <= 100$/);
    expectError(await t.get('/apiv3/purchases?page=-1', { key }), 400, 'bad_request', /^page: must be >= 0$/);
  });

  it('filters by user identity, userapp_id, invoice_number, branch_name and createtime; unknown ones give []', async () => {
    const { key } = await other;
    const ana = await createUser(t, { document: 'LIST-ANA', email: 'list-ana@example.com' }, { key });
    const bob = await createUser(t, {}, { key });
    const a1 = await createPurchase(t, ana, { createtime: '2026-02-01 09:00:00', branch_name: 'List North' }, { key });
    const a2 = await createPurchase(t, ana, { createtime: '2026-02-05 09:00:00' }, { key });
    const b1 = await createPurchase(t, bob, { createtime: '2026-02-03 23:59:59', branch_name: 'List North' }, { key });
    const ids = async (query: string) => expectOk(await t.get(`/apiv3/purchases?${query}`, { key })).map((p: any) => p.id);
    assert.deepEqual(await ids(`service_uid=${ana.service_uid}`), [a2.id, a1.id]);
    assert.deepEqual(await ids('email=LIST-ANA@example.com'), [a2.id, a1.id]);
    assert.deepEqual(await ids('document=LIST-ANA'), [a2.id, a1.id]);
    assert.deepEqual(await ids(`userapp_id=${bob.userapp_id}`), [b1.id]);
    assert.deepEqual(await ids(`userapp_id=${bob.userapp_id}&service_uid=${bob.service_uid}`), [b1.id]);
    assert.deepEqual(await ids(`userapp_id=${bob.userapp_id}&service_uid=${ana.service_uid}`), []);
    assert.deepEqual(await ids('service_uid=nobody'), []);
    assert.deepEqual(await ids('userapp_id=2147483647'), []);
    assert.deepEqual(await ids(`invoice_number=${a1.invoice_number}`), [a1.id]);
    assert.deepEqual(await ids('invoice_number=none'), []);
    assert.deepEqual(await ids('branch_name=list%20north'), [b1.id, a1.id]);
    assert.deepEqual(await ids('branch_name=Nowhere'), []);
    assert.deepEqual(await ids('from=2026-02-02&to=2026-02-03'), [b1.id]);
    assert.deepEqual(await ids('from=2026-02-03T23:59:59Z'), [a2.id, b1.id]);
    assert.deepEqual(await ids(`to=2026-02-01%2009:00:00&service_uid=${ana.service_uid}`), [a1.id]);
    // Empty parameters are absent ones (G7).
    assert.equal((await ids('service_uid=&userapp_id=&branch_name=&invoice_number=&from=&to=')).length >= 3, true);
    expectError(await t.get('/apiv3/purchases?from=soon', { key }), 400, 'bad_request', /^from: must be a datetime/);
    expectError(await t.get('/apiv3/purchases?from=2026-02-05&to=2026-02-01', { key }), 400, 'bad_request', /^from: must not be after to/);
    expectError(await t.get('/apiv3/purchases?userapp_id=abc', { key }), 400, 'bad_request', /^userapp_id: must match pattern/);
    expectError(await t.get('/apiv3/purchases?userapp_id=0', { key }), 400, 'bad_request', /^userapp_id: must be from 1 to 2147483647$/);
    expectError(await t.get('/apiv3/purchases?userapp_id=2147483648', { key }), 400, 'bad_request', /^userapp_id: must be from 1 to 2147483647$/);
  });

  it('presents each purchase of a page with its own user, branch, items and custom values', async () => {
    const fresh = await t.newAccount('presenting');
    const key = fresh.key;
    expectOk(await t.post('/apiv3/account/purchase-item-custom-attributes', { name: 'gift', label: 'Gift', field_type: 'text', data_type: 'string' }, { key }));
    const users = [await createUser(t, {}, { key }), await createUser(t, {}, { key }), await createUser(t, {}, { key })];
    const created = [];
    for (const [i, user] of users.entries()) {
      created.push(
        await createPurchase(
          t,
          user,
          {
            createtime: `2026-03-0${i + 1} 00:00:00`,
            branch_name: i === 1 ? undefined : `Present ${i}`,
            purchase_detail: Array.from({ length: i + 1 }, (_, j) => ({ sku: `P-${i}-${j}`, product_name: `n${j}`, custom_attributes: { gift: `g${i}${j}` } })),
          },
          { key },
        ),
      );
    }
    const listed = expectOk(await t.get('/apiv3/purchases', { key }));
    assert.deepEqual(listed, [...created].reverse());
    assert.equal(listed[1].branch, null);
    assert.deepEqual(
      listed[0].purchase_detail.map((item: any) => item.custom_attributes.gift),
      ['g20', 'g21', 'g22'],
    );
  });
});

describe('GET and DELETE /purchases/{id}', () => {
  it('answers 404 for an unknown id and 400 for one that is not a positive 32-bit integer', async () => {
    expectError(await t.get('/apiv3/purchases/2147483647'), 404, 'not_found', /^purchase 2147483647 not found$/);
    expectError(await t.get('/apiv3/purchases/0'), 400, 'bad_request', /^id: must be >= 1$/);
    expectError(await t.get('/apiv3/purchases/2147483648'), 400, 'bad_request', /^id: must be <= 2147483647$/);
    expectError(await t.get('/apiv3/purchases/abc'), 400, 'bad_request', /^id: must be integer$/);
    expectError(await t.delete('/apiv3/purchases/2147483647'), 404, 'not_found');
  });

  it('deletes the purchase, its items and their custom values; points already credited stay', async () => {
    expectOk(await t.post('/apiv3/account/purchase-custom-attributes', { name: 'deleted_note', label: 'Note', field_type: 'text', data_type: 'string' }));
    expectOk(await t.post('/apiv3/account/purchase-item-custom-attributes', { name: 'deleted_tag', label: 'Tag', field_type: 'text', data_type: 'string' }));
    const user = await createUser(t);
    const created = await createPurchase(t, user, {
      points: 30,
      custom_attributes: { deleted_note: 'n' },
      purchase_detail: [
        { sku: 'DEL-1', product_name: 'x', custom_attributes: { deleted_tag: 'a' } },
        { sku: 'DEL-2', product_name: 'y', custom_attributes: { deleted_tag: 'b' } },
      ],
    });
    const kept = await createPurchase(t, user, { custom_attributes: { deleted_note: 'keep' } });
    const response = await t.delete(`/apiv3/purchases/${created.id}`);
    assert.equal(expectOk(response), null);
    expectError(await t.get(`/apiv3/purchases/${created.id}`), 404, 'not_found');
    expectError(await t.delete(`/apiv3/purchases/${created.id}`), 404, 'not_found');
    assert.equal((await pointsOf(t, user)).points, 30);
    assert.deepEqual(expectOk(await t.get(`/apiv3/purchases/${kept.id}`)), kept);
    // White-box: no stored value of the deleted purchase or its items is left behind.
    const values = await t.database.db
      .selectFrom('attribute_values as v')
      .innerJoin('attribute_definitions as d', 'd.id', 'v.definition_id')
      .select(['d.name', 'v.value'])
      .where('d.name', 'in', ['deleted_note', 'deleted_tag'])
      .execute();
    assert.deepEqual(values, [{ name: 'deleted_note', value: '"keep"' }]);
    const items = await t.database.db.selectFrom('purchase_items').select('id').where('purchase_id', '=', created.id).execute();
    assert.deepEqual(items, []);
  });
});

describe('GET /users/{id}/purchases', () => {
  it("lists one user's purchases newest first, by userapp_id or base64 service_uid, paginated", async () => {
    const user = await createUser(t, { service_uid: 'purchases/owner+1' });
    const someoneElse = await createUser(t);
    const first = await createPurchase(t, user, { createtime: '2025-01-01 00:00:00' });
    const second = await createPurchase(t, user, { createtime: '2025-01-02 00:00:00' });
    await createPurchase(t, someoneElse);
    const ids = (list: any[]) => list.map((p) => p.id);
    assert.deepEqual(ids(expectOk(await t.get(`/apiv3/users/${user.userapp_id}/purchases`))), [second.id, first.id]);
    assert.deepEqual(ids(expectOk(await t.get(`/apiv3/users/${b64('purchases/owner+1')}/purchases`))), [second.id, first.id]);
    assert.deepEqual(ids(expectOk(await t.get(`/apiv3/users/${user.userapp_id}/purchases?page=1&limit=1`))), [first.id]);
    expectError(await t.get(`/apiv3/users/${user.userapp_id}/purchases?limit=0`), 400, 'bad_request', /^limit: must be >= 1$/);
    expectError(await t.get('/apiv3/users/2147483647/purchases'), 404, 'not_found');
    expectError(await t.get(`/apiv3/users/${b64('nobody-here')}/purchases`), 404, 'not_found');
    const fresh = await createUser(t);
    assert.deepEqual(expectOk(await t.get(`/apiv3/users/${fresh.userapp_id}/purchases`)), []);
  });
});

describe('tenancy (G2)', () => {
  it("never shows or changes another account's purchases, and never finds its users", async () => {
    const mineUser = await createUser(t, { points: 0 });
    const mine = await createPurchase(t, mineUser, { points: 5 });
    const other = await t.newAccount('tenant');
    const key = other.key;
    assert.deepEqual(expectOk(await t.get('/apiv3/purchases', { key })), []);
    assert.deepEqual(expectOk(await t.get(`/apiv3/purchases?invoice_number=${mine.invoice_number}`, { key })), []);
    expectError(await t.get(`/apiv3/purchases/${mine.id}`, { key }), 404, 'not_found');
    expectError(await t.delete(`/apiv3/purchases/${mine.id}`, undefined, { key }), 404, 'not_found');
    expectError(await t.get(`/apiv3/users/${mineUser.userapp_id}/purchases`, { key }), 404, 'not_found');
    expectError(await t.post('/apiv3/purchases', purchaseBody(mineUser), { key }), 404, 'user_not_found');
    expectError(await t.put('/apiv3/purchases', purchaseBody(mineUser, { invoice_number: mine.invoice_number }), { key }), 404, 'not_found');
    assert.deepEqual(expectOk(await t.get(`/apiv3/purchases/${mine.id}`)), mine);
    assert.equal((await pointsOf(t, mineUser)).points, 5);
  });
});
