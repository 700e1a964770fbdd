import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';
import { createPurchase, nextInvoice, pointsOf, purchaseBody } from '../helpers/purchases.js';

// S3: POST /purchases/bulk takes 1–100 purchases, each on its own.

const t = await buildTestApp();
const b64 = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString('base64'));

async function byInvoice(invoice: string, key?: string) {
  return expectOk(await t.get(`/apiv3/purchases?invoice_number=${encodeURIComponent(invoice)}`, key ? { key } : {}));
}

describe('POST /purchases/bulk', () => {
  it('stores every valid purchase: points credited, products and branch created once', async () => {
    const ana = await createUser(t, { points: 0 });
    const bob = await createUser(t, { points: 0 });
    const body = [
      purchaseBody(ana, { points: 5, branch_name: 'Bulk Branch', purchase_detail: [{ sku: 'BULK-NEW', product_name: 'New', unit_price: 4 }] }),
      purchaseBody(bob, { points: 7, branch_name: 'bulk branch', purchase_detail: [{ sku: 'BULK-NEW', product_name: 'Again', unit_price: 9 }] }),
      purchaseBody(ana, { points: 1, channel: null }),
    ];
    const result = expectOk(await t.post('/apiv3/purchases/bulk', body));
    assert.deepEqual(result, { created: 3, failed: [] });
    const stored = await Promise.all(body.map(async (p) => (await byInvoice(p.invoice_number))[0]));
    assert.deepEqual(
      stored.map((p) => [p.user.userapp_id, p.points, p.branch?.name ?? null]),
      [
        [ana.userapp_id, 5, 'Bulk Branch'],
        [bob.userapp_id, 7, 'Bulk Branch'],
        [ana.userapp_id, 1, null],
      ],
    );
    assert.equal(stored[0].branch.id, stored[1].branch.id);
    assert.equal((await pointsOf(t, ana)).points, 6);
    assert.equal((await pointsOf(t, bob)).points, 7);
    const product = expectOk(await t.get(`/apiv3/products/${b64('BULK-NEW')}`));
    assert.equal(product.name, 'New');
    assert.equal(product.price, 4);
    assert.equal(expectOk(await t.get('/apiv3/branches?search=bulk branch')).length, 1);
  });

  it('answers each failure by index with its S2 code and a message naming the field; the others are stored', async () => {
    expectOk(await t.post('/apiv3/account/purchase-custom-attributes', { name: 'bulk_note', label: 'Note', field_type: 'text', data_type: 'string' }));
    const user = await createUser(t, { points: 0 });
    const already = await createPurchase(t, user);
    const first = purchaseBody(user, { points: 3, custom_attributes: { bulk_note: 'ok' } });
    const last = purchaseBody(user, { points: 4, invoice_number: 424242 });
    const { purchase_detail: _, ...noItems } = purchaseBody(user);
    const { invoice_number: __, ...noInvoice } = purchaseBody(user);
    const body = [
      first,
      noItems,
      purchaseBody({ service_uid: 'nobody-at-all' }),
      purchaseBody(user, { invoice_number: already.invoice_number }),
      purchaseBody(user, { invoice_number: first.invoice_number }),
      purchaseBody(user, { createtime: 'tomorrow' }),
      purchaseBody(user, { custom_attributes: { bulk_note: 12 } }),
      noInvoice,
      purchaseBody(user, { purchase_detail: [] }),
      purchaseBody(user, { purchase_detail: Array.from({ length: 501 }, () => ({ sku: 'x', product_name: 'x' })) }),
      purchaseBody(user, { service_uid: '', purchase_detail: [{ sku: 'BULK-2', product_name: 'x', quantity: 0 }] }),
      purchaseBody(user, { service_uid: '' }),
      last,
    ];
    const result = expectOk(await t.post('/apiv3/purchases/bulk', body));
    assert.deepEqual(result, {
      created: 2,
      failed: [
        { index: 1, invoice_number: noItems.invoice_number, code: 'bad_request', message: 'purchase_detail: is required' },
        {
          index: 2,
          invoice_number: body[2]!.invoice_number,
          code: 'user_not_found',
          message: 'no user matches the first non-empty of service_uid, email, document, telephone',
        },
        {
          index: 3,
          invoice_number: already.invoice_number,
          code: 'duplicated_purchase_number',
          message: `invoice_number: a purchase with invoice_number "${already.invoice_number}" already exists`,
        },
        {
          index: 4,
          invoice_number: first.invoice_number,
          code: 'duplicated_purchase_number',
          message: `invoice_number: a purchase with invoice_number "${first.invoice_number}" already exists`,
        },
        {
          index: 5,
          invoice_number: body[5]!.invoice_number,
          code: 'bad_request',
          message: "createtime: must be a datetime 'YYYY-MM-DD hh:mm:ss' or ISO 8601 with an offset",
        },
        { index: 6, invoice_number: body[6]!.invoice_number, code: 'bad_request', message: 'custom_attributes.bulk_note: must be a string' },
        { index: 7, invoice_number: null, code: 'bad_request', message: 'invoice_number: is required' },
        { index: 8, invoice_number: body[8]!.invoice_number, code: 'bad_request', message: 'purchase_detail: must NOT have fewer than 1 items' },
        { index: 9, invoice_number: body[9]!.invoice_number, code: 'bad_request', message: 'purchase_detail: must NOT have more than 500 items' },
        { index: 10, invoice_number: body[10]!.invoice_number, code: 'bad_request', message: 'purchase_detail[0].quantity: must be >= 1' },
        {
          index: 11,
          invoice_number: body[11]!.invoice_number,
          code: 'bad_request',
          message: 'service_uid: is required (or email, document, telephone) to find the user',
        },
      ],
    });
    const stored = (await byInvoice(first.invoice_number))[0];
    assert.equal(stored.points, 3);
    assert.deepEqual(stored.custom_attributes, { bulk_note: 'ok' });
    assert.equal((await byInvoice('424242'))[0].points, 4);
    for (const failed of [2, 5, 6, 8, 9, 10, 11]) assert.deepEqual(await byInvoice(body[failed]!.invoice_number), []);
    assert.equal((await pointsOf(t, user)).points, 7);
    expectError(await t.get(`/apiv3/products/${b64('BULK-2')}`), 404, 'not_found');
  });

  it('undoes only the failing purchase when it fails while being written: its products and branch are not created', async () => {
    const nearlyFull = await createUser(t, { points: Number.MAX_SAFE_INTEGER - 1 });
    const user = await createUser(t, { points: 0 });
    const body = [
      purchaseBody(user, { points: 1, purchase_detail: [{ sku: 'ROLL-X', product_name: 'x' }] }),
      purchaseBody(nearlyFull, {
        points: 2,
        branch_name: 'Rolled Back Branch',
        purchase_detail: [{ sku: 'ROLL-Y', product_name: 'from the failed one', category: ['roll-cat'] }],
      }),
      purchaseBody(user, { points: 1, purchase_detail: [{ sku: 'ROLL-Y', product_name: 'from the stored one', unit_price: 3 }] }),
    ];
    const result = expectOk(await t.post('/apiv3/purchases/bulk', body));
    assert.deepEqual(result, {
      created: 2,
      failed: [
        {
          index: 1,
          invoice_number: body[1]!.invoice_number,
          code: 'bad_request',
          message: "points: crediting 2 points would take the user's balance above 9007199254740991",
        },
      ],
    });
    assert.deepEqual(await byInvoice(body[1]!.invoice_number), []);
    assert.deepEqual(expectOk(await t.get('/apiv3/branches?search=Rolled Back')), []);
    expectError(await t.get('/apiv3/categories/roll-cat'), 404, 'not_found');
    const product = expectOk(await t.get(`/apiv3/products/${b64('ROLL-Y')}`));
    assert.deepEqual([product.name, product.price, product.category], ['from the stored one', 3, []]);
    assert.equal((await pointsOf(t, user)).points, 2);
    assert.equal((await pointsOf(t, nearlyFull)).points, Number.MAX_SAFE_INTEGER - 1);
  });

  it('refuses a body that is not an array of 1 to 100 objects, storing nothing', async () => {
    const user = await createUser(t);
    const invoice = nextInvoice('BULK-WHOLE');
    const one = () => purchaseBody(user, { invoice_number: invoice });
    const cases: Array<[unknown, RegExp]> = [
      [one(), /^body: must be a JSON array of 1 to 100 purchases$/],
      [[], /^body: must NOT have fewer than 1 items$/],
      [Array.from({ length: 101 }, one), /^body: must NOT have more than 100 items$/],
      [[one(), 3], /^\[1\]: must be object$/],
      [[one(), null], /^\[1\]: must be object$/],
      [[one(), [one()]], /^\[1\]: must be object$/],
    ];
    for (const [body, message] of cases) {
      expectError(await t.post('/apiv3/purchases/bulk', body), 400, 'bad_request', message);
    }
    expectError(await t.post('/apiv3/purchases/bulk', '[{"invoice_number": '), 400, 'bad_request', /malformed JSON/);
    assert.deepEqual(await byInvoice(invoice), []);
  });

  it('takes 100 purchases in one request', async () => {
    const users = [await createUser(t, { points: 0 }), await createUser(t, { points: 0 })];
    const body = Array.from({ length: 100 }, (_, i) =>
      purchaseBody(users[i % 2]!, {
        points: 1,
        purchase_detail: [
          { sku: `HUNDRED-${i % 10}`, product_name: 'a', unit_price: 1 },
          { sku: 'HUNDRED-X', product_name: 'b' },
          { sku: `HUNDRED-${i}`, product_name: 'c' },
        ],
      }),
    );
    assert.deepEqual(expectOk(await t.post('/apiv3/purchases/bulk', body)), { created: 100, failed: [] });
    const ledger = await pointsOf(t, users[0]!);
    assert.equal(ledger.points, 50);
    // 50 credits of one user in one request: each entry's balance is the one right after it.
    assert.deepEqual(
      ledger.transactions.map((entry) => [entry.concept, entry.points, entry.balance]),
      Array.from({ length: 50 }, (_, i) => ['purchase', 1, 50 - i]),
    );
    assert.equal((await pointsOf(t, users[1]!)).points, 50);
    const pages = [0, 1, 2].map((page) => t.get(`/apiv3/products?search=HUNDRED-&limit=100&page=${page}`));
    assert.deepEqual(
      (await Promise.all(pages)).map((page) => expectOk(page).length),
      [100, 1, 0],
    );
  });

  it("finds only the account's own users and invoice numbers", async () => {
    const other = await t.newAccount('bulk-tenant');
    const mine = await createUser(t);
    const theirs = await createUser(t, {}, { key: other.key });
    const mineStored = await createPurchase(t, mine);
    const result = expectOk(
      await t.post('/apiv3/purchases/bulk', [purchaseBody(mine), purchaseBody(theirs, { invoice_number: mineStored.invoice_number })], { key: other.key }),
    );
    assert.equal(result.created, 1);
    assert.deepEqual(
      result.failed.map((f: any) => [f.index, f.code]),
      [[0, 'user_not_found']],
    );
    assert.equal((await byInvoice(mineStored.invoice_number, other.key))[0].user.userapp_id, theirs.userapp_id);
  });
});
