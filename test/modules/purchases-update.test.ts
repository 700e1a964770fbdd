import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';
import { createPurchase, nextInvoice, pointsOf, purchaseBody } from '../helpers/purchases.js';

// S3: PUT /purchases replaces the purchase with the body's invoice_number.

const t = await buildTestApp();
const b64 = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString('base64'));

describe('PUT /purchases', () => {
  it('replaces every field and the items whole, keeping the id and, when not given, the createtime', async () => {
    expectOk(await t.post('/apiv3/account/purchase-custom-attributes', { name: 'put_note', label: 'Note', field_type: 'text', data_type: 'string' }));
    expectOk(await t.post('/apiv3/account/purchase-item-custom-attributes', { name: 'put_tag', label: 'Tag', field_type: 'text', data_type: 'string' }));
    const user = await createUser(t);
    const original = await createPurchase(t, user, {
      createtime: '2026-01-10 10:00:00',
      channel: 'web',
      branch_name: 'Put Old Branch',
      prices: { total: 30, tax: 5 },
      payment: { type: 'cash', total: 30 },
      seller: { name: 'Old seller' },
      metadata: { v: 1 },
      custom_attributes: { put_note: 'old' },
      purchase_detail: [
        { sku: 'PUT-A', product_name: 'A', quantity: 1, unit_price: 10, custom_attributes: { put_tag: 'a' } },
        { sku: 'PUT-B', product_name: 'B', quantity: 2, unit_price: 10, custom_attributes: { put_tag: 'b' } },
      ],
    });
    const replaced = expectOk(
      await t.put('/apiv3/purchases', {
        invoice_number: original.invoice_number,
        service_uid: user.service_uid,
        channel: 'telephone',
        branch_name: 'Put New Branch',
        approvedtime: '2026-01-11 09:00:00',
        prices: { total: 7 },
        purchase_detail: [{ sku: 'PUT-C', product_name: 'C', quantity: 7, unit_price: 1, brand: 'Brand C' }],
      }),
    );
    assert.equal(replaced.id, original.id);
    assert.equal(replaced.invoice_number, original.invoice_number);
    assert.equal(replaced.createtime, '2026-01-10 10:00:00');
    assert.equal(replaced.approvedtime, '2026-01-11 09:00:00');
    assert.equal(replaced.channel, 'telephone');
    assert.equal(replaced.branch.name, 'Put New Branch');
    assert.notEqual(replaced.branch.id, original.branch.id);
    assert.deepEqual(replaced.prices, { cost: 0, shipping: 0, gross: 0, tax: 0, discount: 0, total: 7 });
    assert.deepEqual(replaced.payment, []);
    assert.equal(replaced.seller, null);
    assert.equal(replaced.metadata, null);
    assert.deepEqual(replaced.custom_attributes, {});
    assert.deepEqual(
      replaced.purchase_detail.map((item: any) => [item.sku, item.quantity, item.brand, item.custom_attributes]),
      [['PUT-C', 7, 'Brand C', {}]],
    );
    assert.deepEqual(expectOk(await t.get(`/apiv3/purchases/${original.id}`)), replaced);
    // The replaced items' custom values are gone, not orphaned (white-box: no API reads them).
    const values = await t.database.db
      .selectFrom('attribute_values as v')
      .innerJoin('attribute_definitions as d', 'd.id', 'v.definition_id')
      .select('v.value')
      .where('d.name', 'in', ['put_note', 'put_tag'])
      .execute();
    assert.deepEqual(values, []);
    // A new createtime is taken when given; new products are created as on POST.
    const moved = expectOk(await t.put('/apiv3/purchases', purchaseBody(user, { invoice_number: original.invoice_number, createtime: '2026-02-01T00:00:00Z' })));
    assert.equal(moved.createtime, '2026-02-01 00:00:00');
    assert.equal(expectOk(await t.get(`/apiv3/products/${b64('PUT-C')}`)).brand, 'Brand C');
    assert.equal(expectOk(await t.get('/apiv3/purchases?limit=100')).filter((p: any) => p.invoice_number === original.invoice_number).length, 1);
  });

  it('answers 404 not_found for an invoice number the account does not have, and creates nothing', async () => {
    const user = await createUser(t);
    const invoice = nextInvoice();
    const response = await t.put('/apiv3/purchases', purchaseBody(user, { invoice_number: invoice, purchase_detail: [{ sku: 'PUT-NEVER', product_name: 'x' }] }));
    expectError(response, 404, 'not_found', new RegExp(`^no purchase has invoice_number "${invoice}"$`));
    assert.deepEqual(expectOk(await t.get(`/apiv3/purchases?invoice_number=${invoice}`)), []);
    expectError(await t.get(`/apiv3/products/${b64('PUT-NEVER')}`), 404, 'not_found');
  });

  it('answers 404 user_not_found when the identities find no user, and 400 naming the field for a bad body', async () => {
    const user = await createUser(t);
    const original = await createPurchase(t, user);
    const replacement = { ...purchaseBody(user, { invoice_number: original.invoice_number }), service_uid: 'no-such-user' };
    expectError(await t.put('/apiv3/purchases', replacement), 404, 'user_not_found');
    expectError(
      await t.put('/apiv3/purchases', purchaseBody(user, { invoice_number: original.invoice_number, purchase_detail: [] })),
      400,
      'bad_request',
      /^purchase_detail: must NOT have fewer than 1 items$/,
    );
    expectError(
      await t.put('/apiv3/purchases', purchaseBody(user, { invoice_number: original.invoice_number, createtime: 'now' })),
      400,
      'bad_request',
      /^createtime: must be a datetime/,
    );
    const { invoice_number: _, ...noInvoice } = purchaseBody(user);
    expectError(await t.put('/apiv3/purchases', noInvoice), 400, 'bad_request', /^invoice_number: is required$/);
    assert.deepEqual(expectOk(await t.get(`/apiv3/purchases/${original.id}`)), original);
  });

  it('moves the balance by the difference of points through the ledger, both ways', async () => {
    const user = await createUser(t, { points: 0 });
    const original = await createPurchase(t, user, { points: 10 });
    const body = (points: number) => purchaseBody(user, { invoice_number: original.invoice_number, points });
    assert.equal(expectOk(await t.put('/apiv3/purchases', body(25))).points, 25);
    assert.equal((await pointsOf(t, user)).points, 25);
    assert.equal(expectOk(await t.put('/apiv3/purchases', body(5))).points, 5);
    assert.equal(expectOk(await t.put('/apiv3/purchases', body(5))).points, 5);
    // Points absent: the S1 default, 0.
    const { points: _, ...withoutPoints } = body(0);
    assert.equal(expectOk(await t.put('/apiv3/purchases', withoutPoints)).points, 0);
    const ledger = await pointsOf(t, user);
    assert.equal(ledger.points, 0);
    assert.deepEqual(
      ledger.transactions.map((x) => [x.concept, x.points, x.description, x.balance]),
      [
        ['purchase', -5, original.invoice_number, 0],
        ['purchase', -20, original.invoice_number, 5],
        ['purchase', 15, original.invoice_number, 25],
        ['purchase', 10, original.invoice_number, 10],
      ],
    );
  });

  it('refuses a decrease the balance cannot absorb with 400, and nothing changes', async () => {
    const user = await createUser(t, { points: 0 });
    const original = await createPurchase(t, user, { points: 50, channel: 'web' });
    expectOk(await t.post(`/apiv3/users/${user.userapp_id}/points`, { concept: 'redeem', points: -45 }));
    const response = await t.put(
      '/apiv3/purchases',
      purchaseBody(user, { invoice_number: original.invoice_number, points: 0, channel: 'other', branch_name: 'Refused Branch', purchase_detail: [{ sku: 'PUT-REFUSED', product_name: 'x' }] }),
    );
    expectError(response, 400, 'bad_request', new RegExp(`^points: taking back 50 points would take user ${user.userapp_id}'s balance below zero$`));
    assert.deepEqual(expectOk(await t.get(`/apiv3/purchases/${original.id}`)), original);
    assert.equal((await pointsOf(t, user)).points, 5);
    expectError(await t.get(`/apiv3/products/${b64('PUT-REFUSED')}`), 404, 'not_found');
    assert.deepEqual(expectOk(await t.get('/apiv3/branches?search=Refused')), []);
    // A decrease the balance can absorb goes through.
    assert.equal(expectOk(await t.put('/apiv3/purchases', purchaseBody(user, { invoice_number: original.invoice_number, points: 46 }))).points, 46);
    assert.equal((await pointsOf(t, user)).points, 1);
  });

  it('moves the purchase to the user the identities find: the old user gives back its points, the new one is credited', async () => {
    const ana = await createUser(t, { points: 0 });
    const bob = await createUser(t, { points: 2 });
    const original = await createPurchase(t, ana, { points: 30 });
    const moved = expectOk(await t.put('/apiv3/purchases', purchaseBody(bob, { invoice_number: original.invoice_number, points: 12 })));
    assert.equal(moved.user.userapp_id, bob.userapp_id);
    assert.equal((await pointsOf(t, ana)).points, 0);
    assert.equal((await pointsOf(t, bob)).points, 14);
    assert.deepEqual(expectOk(await t.get(`/apiv3/users/${ana.userapp_id}/purchases`)), []);
    assert.deepEqual(
      expectOk(await t.get(`/apiv3/users/${bob.userapp_id}/purchases`)).map((p: any) => p.id),
      [original.id],
    );
    // Moving it back is refused when the user who has it cannot give the points back.
    expectOk(await t.post(`/apiv3/users/${bob.userapp_id}/points`, { concept: 'redeem', points: -14 }));
    expectError(
      await t.put('/apiv3/purchases', purchaseBody(ana, { invoice_number: original.invoice_number, points: 12 })),
      400,
      'bad_request',
      new RegExp(`^points: taking back 12 points would take user ${bob.userapp_id}'s balance below zero$`),
    );
    assert.equal(expectOk(await t.get(`/apiv3/purchases/${original.id}`)).user.userapp_id, bob.userapp_id);
    assert.equal((await pointsOf(t, ana)).points, 0);
  });

  it('finds an invoice given as an integer by its decimal text', async () => {
    const user = await createUser(t);
    const invoice = Number(`7${Date.now() % 1_000_000}`);
    await createPurchase(t, user, { invoice_number: String(invoice) });
    assert.equal(expectOk(await t.put('/apiv3/purchases', purchaseBody(user, { invoice_number: invoice, channel: 'direct' }))).channel, 'direct');
  });
});

describe('PUT /purchases/{id} (the platform documentation lists it)', () => {
  it('replaces the purchase the id names, as PUT /purchases does; invoice_number may be left out', async () => {
    const user = await createUser(t);
    const purchase = await createPurchase(t, user, { points: 10 });
    const { invoice_number: _invoice, ...body } = purchaseBody(user, {
      points: 4,
      purchase_detail: [{ sku: 'SKU-9', product_name: 'Other', quantity: 2, unit_price: 3 }],
    });
    const replaced = expectOk(await t.put(`/apiv3/purchases/${purchase.id}`, body));
    assert.equal(replaced.id, purchase.id);
    assert.equal(replaced.invoice_number, purchase.invoice_number);
    assert.deepEqual(
      replaced.purchase_detail.map((item: { sku: string; quantity: number }) => [item.sku, item.quantity]),
      [['SKU-9', 2]],
    );
    assert.equal((await pointsOf(t, user)).points, 4);
    // The same invoice_number in the body is fine; another one is 400 and nothing changes.
    expectOk(await t.put(`/apiv3/purchases/${purchase.id}`, { ...body, invoice_number: purchase.invoice_number }));
    expectError(await t.put(`/apiv3/purchases/${purchase.id}`, { ...body, invoice_number: 'OTHER-1' }), 400, 'bad_request', /^invoice_number: purchase \d+ has invoice_number/);
  });

  it('answers 404 for an unknown id or another account\'s purchase, 400 for an invalid one', async () => {
    const user = await createUser(t);
    const purchase = await createPurchase(t, user);
    const { invoice_number: _invoice, ...body } = purchaseBody(user);
    expectError(await t.put('/apiv3/purchases/999999', body), 404, 'not_found', /no purchase has id 999999/);
    const other = await t.newAccount('put-by-id-other');
    expectError(await t.put(`/apiv3/purchases/${purchase.id}`, body, { key: other.key }), 404, 'not_found');
    expectError(await t.put('/apiv3/purchases/abc', body), 400, 'bad_request', /^id: /);
    expectError(await t.put(`/apiv3/purchases/${purchase.id}`, { service_uid: user.service_uid }), 400, 'bad_request', /^purchase_detail: is required/);
  });
});
