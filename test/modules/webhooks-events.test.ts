import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { uploadList } from '../helpers/blacklist.js';
import { createUser } from '../helpers/factories.js';
import { nextInvoice, purchaseBody } from '../helpers/purchases.js';
import { waitForRequest } from '../helpers/requests.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

// W2: each event type written by the change that causes it (W4: in its transaction), its data the
// resource as the API's own GET answers it, or for deletions its ids. Each test has its own
// receiver and endpoint, subscribed to the types it checks.

const t = await buildTestApp({ config: { webhookAllowPrivate: true, workerPollMs: 20 } });
const NOW = '2026-07-01T10:00:00.000Z';
t.clock.set(NOW);

assert.equal((await t.post('/apiv3/events', { name: 'visit' })).status, 200);
expectOk(await t.post('/apiv3/account/custom-attributes', { name: 'hobby', label: 'Hobby', field_type: 'text', data_type: 'string' }));

type Message = { type: string; timestamp: string; data: any };

/**
 * A receiver with an endpoint subscribed to `events`. `messages` waits for `count` of them and
 * answers them in the order they were written (the deliverer sends due messages side by side, so
 * they may arrive in another).
 */
async function subscribe(events: string[]) {
  const receiver = await startReceiver();
  const endpoint = expectOk(await t.post('/apiv3/webhooks', { url: receiver.url, events }), 201);
  /** W5's log, oldest first: written with the change, so exact as soon as the change answered. */
  const log = async () => (expectOk(await t.get(`/apiv3/webhooks/${endpoint.id}/deliveries?limit=100`)) as Array<{ message_id: string; type: string }>).reverse();
  return {
    logged: async () => (await log()).map((m) => m.type),
    async messages(count: number): Promise<Message[]> {
      await receiver.waitFor(count, 10_000);
      assert.equal(receiver.received.length, count, 'no more messages than expected');
      const order = (await log()).map((m) => m.message_id);
      const position = (r: (typeof receiver.received)[number]) => order.indexOf(String(r.headers['webhook-id']));
      return [...receiver.received].sort((a, b) => position(a) - position(b)).map((r) => r.json as Message);
    },
    close: async () => expectOk(await t.delete(`/apiv3/webhooks/${endpoint.id}`)),
  };
}

const user = async (id: number) => expectOk(await t.get(`/apiv3/users/${id}`));
const purchase = async (id: number) => expectOk(await t.get(`/apiv3/purchases/${id}`));
const ledger = async (id: number) => expectOk(await t.get(`/apiv3/users/${id}/transactions?limit=100`)) as any[];
const userRef = (u: any) => ({ userapp_id: u.userapp_id, user_id: u.user_id, service_uid: u.service_uid, email: u.email });
const message = (type: string, data: unknown): Message => ({ type, timestamp: NOW, data });

/** Until no background request is pending or running (an earlier test's would end in this one's). */
async function idle(): Promise<void> {
  for (;;) {
    const busy = [...expectOk(await t.get('/apiv3/requests?status=pending')), ...expectOk(await t.get('/apiv3/requests?status=running'))];
    if (busy.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a change that fails writes no message (W4)', () => {
  it('writes none for a 400 or 404 of every kind of change, and one for the same change done right', async () => {
    const hook = await subscribe(['user.created', 'user.updated', 'user.deleted', 'points.changed', 'purchase.created', 'purchase.updated', 'purchase.deleted', 'coupon.assigned', 'abandoned_cart.created']);
    const someone = await createUser(t, { service_uid: 'fail-1', email: 'fail1@example.com' });
    assert.deepEqual(await hook.logged(), ['user.created']);
    const bought = expectOk(await t.post('/apiv3/purchases', purchaseBody(someone, { points: 5 })));
    assert.deepEqual(await hook.logged(), ['user.created', 'points.changed', 'purchase.created']);
    const before = await hook.logged();

    expectError(await t.post('/apiv3/users', { service_uid: 'fail-2', email: 'fail1@example.com' }), 400, 'bad_request', /already belongs to another user/);
    expectError(await t.put('/apiv3/users/999999', { first_name: 'Nobody' }), 404, 'not_found');
    expectError(await t.put(`/apiv3/users/${someone.userapp_id}`, { birthdate: 'not a date' }), 400, 'bad_request');
    expectError(await t.post(`/apiv3/users/${someone.userapp_id}/points`, { points: -6, concept: 'spend' }), 400, 'bad_request', /below zero/);
    expectError(await t.post('/apiv3/purchases', purchaseBody(someone, { invoice_number: bought.invoice_number, points: 3 })), 400, 'duplicated_purchase_number');
    const bulk = expectOk(await t.post('/apiv3/purchases/bulk', [purchaseBody(someone, { invoice_number: bought.invoice_number, points: 3 })]));
    assert.deepEqual([bulk.created, bulk.failed[0].code], [0, 'duplicated_purchase_number']);
    expectError(await t.put('/apiv3/purchases', purchaseBody(someone, { invoice_number: 'NO-SUCH-INVOICE' })), 404, 'not_found');
    expectError(await t.delete('/apiv3/purchases/999999'), 404, 'not_found');
    expectError(await t.delete('/apiv3/users/999999'), 404, 'not_found');
    const costly = expectOk(await t.post('/apiv3/benefits', { title: 'Costly', startdate: '2020-01-01', enddate: '2099-12-31', points: 100 }));
    expectError(await t.post(`/apiv3/benefits/${costly.id}/assign`, { userapp_id: someone.userapp_id }), 400, 'bad_request', /not enough points/);
    expectError(await t.post('/apiv3/multiusers/abandoned-cart', { service_uid: 'nobody', external_id: 'c', products: [{ sku: 'x' }] }), 404, 'user_not_found');
    assert.deepEqual(await hook.logged(), before, 'nothing written by a change that failed');

    // Refused half-way, in its transaction: the new buyer (lower id, so first) is credited (its
    // points.changed written), then the old one cannot give back points it has spent.
    const [first, second] = [await createUser(t, { service_uid: 'fail-3' }), await createUser(t, { service_uid: 'fail-4' })];
    const theirs = expectOk(await t.post('/apiv3/purchases', purchaseBody(second, { points: 5 })));
    expectOk(await t.post(`/apiv3/users/${second.userapp_id}/points`, { points: -5, concept: 'spend' }));
    const settled = await hook.logged();
    const moved = purchaseBody(first, { invoice_number: theirs.invoice_number, points: 3 });
    expectError(await t.put('/apiv3/purchases', moved), 400, 'bad_request', /taking back 5 points would take user \d+'s balance below zero/);
    assert.deepEqual(await hook.logged(), settled, 'the credit written before the refusal was rolled back with its message');
    assert.equal(expectOk(await t.get(`/apiv3/users/${first.userapp_id}/points`)).points, 0);

    expectOk(await t.post(`/apiv3/users/${second.userapp_id}/points`, { points: 5, concept: 'bonus' }));
    expectOk(await t.put('/apiv3/purchases', moved));
    assert.deepEqual(await hook.logged(), [...settled, 'points.changed', 'points.changed', 'points.changed', 'purchase.updated']);
    await hook.close();
  });
});

describe('user.created, user.updated, user.deleted', () => {
  it('POST /users and PUT /users/{id}: the U4 user as GET /users/{id} answers it', async () => {
    const hook = await subscribe(['user.created', 'user.updated']);
    const created = expectOk(
      await t.post('/apiv3/users', { service_uid: 'wh-u1', email: 'wh-u1@example.com', first_name: 'Ana', tags: 'a,b', custom_attributes: { hobby: 'chess' } }),
      201,
    );
    const afterCreate = await user(created.userapp_id);
    assert.deepEqual(created, afterCreate);
    const updated = expectOk(await t.put(`/apiv3/users/${created.userapp_id}`, { last_name: 'Paz', remove_tags: 'a', custom_attributes: { hobby: 'go' } }));
    const afterUpdate = await user(created.userapp_id);
    assert.deepEqual(updated, afterUpdate);
    assert.deepEqual(await hook.messages(2), [message('user.created', afterCreate), message('user.updated', afterUpdate)]);
    await hook.close();
  });

  it('PUT /multiusers (the platform client): user.created when it creates, user.updated when it updates', async () => {
    const hook = await subscribe(['user.created', 'user.updated']);
    const created = expectOk(await t.put('/apiv3/multiusers', { service_uid: 'wh-mu', email: 'wh-mu@example.com' }));
    const afterCreate = await user(created.userapp_id);
    expectOk(await t.put('/apiv3/multiusers', { service_uid: 'wh-mu', new_email: 'wh-mu2@example.com', city: 'Salta' }));
    const afterUpdate = await user(created.userapp_id);
    assert.equal(afterUpdate.email, 'wh-mu2@example.com');
    assert.deepEqual(await hook.messages(2), [message('user.created', afterCreate), message('user.updated', afterUpdate)]);
    await hook.close();
  });

  it('DELETE /users/{id} and DELETE /multiusers: the ids only; suppress=true also changes the blacklists', async () => {
    const hook = await subscribe(['user.deleted', 'blacklist.changed']);
    const first = await createUser(t, { service_uid: 'wh-del-1', email: 'wh-del-1@example.com', telephone: '+54 9 11 5555-0001' });
    const second = await createUser(t, { service_uid: 'wh-del-2', email: 'wh-del-2@example.com' });
    expectOk(await t.delete(`/apiv3/users/${first.userapp_id}?suppress=true`));
    const emails = expectOk(await t.get('/apiv3/account/blacklist?blacklist=email'));
    const telephones = expectOk(await t.get('/apiv3/account/blacklist?blacklist=telephone'));
    expectOk(await t.delete(`/apiv3/users/${second.userapp_id}?dry_run=true`));
    expectOk(await t.delete('/apiv3/multiusers?service_uid=wh-del-2'));
    assert.deepEqual(await hook.messages(4), [
      message('user.deleted', { userapp_id: first.userapp_id, user_id: first.userapp_id, service_uid: 'wh-del-1' }),
      message('blacklist.changed', { blacklist: 'email', type: 'suppress', added: 1, total: emails.total }),
      message('blacklist.changed', { blacklist: 'telephone', type: 'suppress', added: 1, total: telephones.total }),
      message('user.deleted', { userapp_id: second.userapp_id, user_id: second.userapp_id, service_uid: 'wh-del-2' }),
    ]);
    await hook.close();
  });

  it("erasing a customer (D1) deletes the messages that carry the customer's data, sent or not; user.deleted stays", async () => {
    const hook = await subscribe(['user.created', 'user.updated', 'user.deleted']);
    const kept = await createUser(t, { service_uid: 'wh-keep', email: 'wh-keep@example.com' });
    const erased = await createUser(t, { service_uid: 'wh-erase', email: 'wh-erase@example.com' });
    expectOk(await t.put(`/apiv3/users/${erased.userapp_id}`, { first_name: 'Gone' }));
    await hook.messages(3);
    const deleted = expectOk(await t.delete(`/apiv3/users/${erased.userapp_id}`));
    assert.equal(deleted.deleted.users, 1);
    const after = await hook.messages(4);
    assert.deepEqual(after[3], message('user.deleted', { userapp_id: erased.userapp_id, user_id: erased.userapp_id, service_uid: 'wh-erase' }));
    assert.deepEqual(await hook.logged(), ['user.created', 'user.deleted'], "only the other customer's message and the deletion are left");
    const bodies = await t.database.db.selectFrom('webhook_messages').select('body').execute();
    assert.ok(!bodies.some((row) => row.body.includes('wh-erase@example.com')), 'no message body holds the e-mail');
    assert.ok(bodies.some((row) => row.body.includes(kept.email)));
    await hook.close();
  });

  it('DELETE /multiusers/bulk: one user.deleted per customer erased, in the steps, then request.finished as GET /requests/{id} answers it', async () => {
    await idle();
    const hook = await subscribe(['user.deleted', 'request.finished']);
    const members = [await createUser(t, { service_uid: 'wh-bulk-1', city: 'Webhookia' }), await createUser(t, { service_uid: 'wh-bulk-2', city: 'Webhookia' })];
    const segment = expectOk(await t.post('/apiv3/segments', { title: 'Webhookians', definition: { all: [{ field: 'city', op: 'eq', value: 'Webhookia' }] } }), 201);
    const { request_id } = expectOk(await t.delete('/apiv3/multiusers/bulk', { segment_id: segment.id }));
    const view = await waitForRequest(t, request_id);
    assert.deepEqual([view.status, view.result], ['done', { deleted: 2 }]);
    const got = await hook.messages(3);
    assert.deepEqual(
      got.slice(0, 2).sort((a, b) => a.data.userapp_id - b.data.userapp_id),
      members.map((m) => message('user.deleted', { userapp_id: m.userapp_id, user_id: m.userapp_id, service_uid: m.service_uid })),
    );
    assert.deepEqual(got[2], message('request.finished', view));
    await hook.close();
  });
});

describe('points.changed: the user and the ledger entry as GET /users/{id}/transactions answers it', () => {
  it('from the points endpoints, a user created or updated with points', async () => {
    const hook = await subscribe(['points.changed']);
    const created = expectOk(await t.post('/apiv3/users', { service_uid: 'wh-p1', email: 'wh-p1@example.com', points: 10 }), 201);
    expectOk(await t.post(`/apiv3/users/${created.userapp_id}/points`, { points: 5, concept: 'bonus', description: 'welcome' }));
    expectOk(await t.post('/apiv3/multiusers/points', { email: 'wh-p1@example.com', points: -3, concept: 'spend' }));
    expectOk(await t.put(`/apiv3/users/${created.userapp_id}`, { points: 20 }));
    expectOk(await t.put(`/apiv3/users/${created.userapp_id}`, { points: 20 })); // no change, no entry, no message
    const entries = (await ledger(created.userapp_id)).reverse();
    assert.deepEqual(
      entries.map((e) => [e.concept, e.points, e.balance]),
      [['initial', 10, 10], ['bonus', 5, 15], ['spend', -3, 12], ['adjustment', 8, 20]],
    );
    const ref = userRef(await user(created.userapp_id));
    assert.deepEqual(await hook.messages(4), entries.map((transaction) => message('points.changed', { user: ref, transaction })));
    assert.equal(expectOk(await t.get(`/apiv3/users/${created.userapp_id}/points`)).points, 20);
    await hook.close();
  });

  it('from purchases (single, bulk, replaced) and a benefit redemption', async () => {
    const hook = await subscribe(['points.changed']);
    const [ana, bea] = [await createUser(t, { service_uid: 'wh-p2' }), await createUser(t, { service_uid: 'wh-p3' })];
    const single = expectOk(await t.post('/apiv3/purchases', purchaseBody(ana, { points: 7 })));
    const bulk = expectOk(await t.post('/apiv3/purchases/bulk', [purchaseBody(ana, { points: 2 }), purchaseBody(bea, { points: 4 }), purchaseBody(bea, { points: 1 })]));
    assert.deepEqual(bulk, { created: 3, failed: [] });
    expectOk(await t.put('/apiv3/purchases', purchaseBody(ana, { invoice_number: single.invoice_number, points: 9 })));
    const benefit = expectOk(await t.post('/apiv3/benefits', { title: 'Mug', startdate: '2020-01-01', enddate: '2099-12-31', points: 3 }));
    expectOk(await t.post(`/apiv3/benefits/${benefit.id}/assign`, { userapp_id: bea.userapp_id }));
    const got = await hook.messages(6);
    const expected = async (u: any) => {
      const ref = userRef(await user(u.userapp_id));
      return (await ledger(u.userapp_id)).map((transaction) => message('points.changed', { user: ref, transaction }));
    };
    const byUser = (id: number) => got.filter((m) => m.data.user.userapp_id === id).sort((a, b) => b.data.transaction.id - a.data.transaction.id);
    assert.deepEqual(byUser(ana.userapp_id), await expected(ana));
    assert.deepEqual(byUser(bea.userapp_id), await expected(bea));
    assert.deepEqual(
      byUser(ana.userapp_id).map((m) => [m.data.transaction.concept, m.data.transaction.points]),
      [['purchase', 2], ['purchase', 2], ['purchase', 7]],
    );
    assert.deepEqual(
      byUser(bea.userapp_id).map((m) => [m.data.transaction.concept, m.data.transaction.points, m.data.transaction.balance]),
      [['benefit', -3, 2], ['purchase', 1, 5], ['purchase', 4, 4]],
    );
    await hook.close();
  });
});

describe('user_event.created', () => {
  it('POST /user-events, alone and concurrent (group commit: one statement writes the batch’s messages before it commits): each event as its answer', async () => {
    const hook = await subscribe(['user_event.created']);
    const visitor = await createUser(t, { service_uid: 'wh-e1' });
    const post = async (n: number) => expectOk(await t.post('/apiv3/user-events', { service_uid: visitor.service_uid, event: 'visit', metadata: { n } }));
    const alone = await post(0);
    const together = await Promise.all(Array.from({ length: 24 }, (_, i) => post(i + 1)));
    const refused = await Promise.all([1, 2].map(() => t.post('/apiv3/user-events', { service_uid: 'nobody-at-all', event: 'visit' })));
    for (const answer of refused) expectError(answer, 404, 'not_found');
    const written = [alone, ...together].sort((a, b) => a.id - b.id);
    assert.equal(new Set(written.map((e) => e.id)).size, 25);
    const got = await hook.messages(25);
    assert.deepEqual(
      got.sort((a, b) => a.data.id - b.data.id),
      written.map((event) => message('user_event.created', event)),
    );
    await hook.close();
  });
});

describe('purchase.created, purchase.updated, purchase.deleted', () => {
  it('POST /purchases, alone and concurrent (group commit): the purchase as GET /purchases/{id} answers it', async () => {
    const hook = await subscribe(['purchase.created']);
    const buyer = await createUser(t, { service_uid: 'wh-s1', email: 'wh-s1@example.com' });
    const alone = expectOk(await t.post('/apiv3/purchases', purchaseBody(buyer, { points: 3, branch_name: 'Centro', metadata: { a: 1 } })));
    const together = await Promise.all(
      [1, 2, 3, 4].map(async (n) => expectOk(await t.post('/apiv3/purchases', purchaseBody(buyer, { purchase_detail: [{ sku: `WH-${n}`, product_name: `P${n}`, quantity: n, unit_price: 2 }] })))),
    );
    const got = await hook.messages(5);
    const written = [alone, ...together];
    for (const one of written) assert.deepEqual(one, await purchase(one.id), 'POST answers what GET answers');
    assert.deepEqual(
      got.sort((a, b) => a.data.id - b.data.id),
      await Promise.all(written.sort((a, b) => a.id - b.id).map(async (p) => message('purchase.created', await purchase(p.id)))),
    );
    await hook.close();
  });

  it('POST /purchases/bulk: one purchase.created per purchase written, none for the ones refused', async () => {
    const hook = await subscribe(['purchase.created']);
    const buyer = await createUser(t, { service_uid: 'wh-s2' });
    const invoices = [nextInvoice(), nextInvoice()];
    const result = expectOk(
      await t.post('/apiv3/purchases/bulk', [
        purchaseBody(buyer, { invoice_number: invoices[0], points: 1 }),
        purchaseBody({ service_uid: 'nobody-at-all' }),
        purchaseBody(buyer, { invoice_number: invoices[1] }),
        purchaseBody(buyer, { invoice_number: invoices[1] }),
      ]),
    );
    assert.deepEqual([result.created, result.failed.map((f: any) => f.code)], [2, ['user_not_found', 'duplicated_purchase_number']]);
    const got = (await hook.messages(2)).sort((a, b) => a.data.id - b.data.id);
    const listed = expectOk(await t.get(`/apiv3/users/${buyer.userapp_id}/purchases`)) as any[];
    assert.deepEqual(got, listed.sort((a, b) => a.id - b.id).map((p) => message('purchase.created', p)));
    assert.deepEqual(got.map((m) => m.data.invoice_number), invoices);
    await hook.close();
  });

  it('PUT /purchases: purchase.updated as GET answers it; DELETE /purchases/{id}: its id and invoice number', async () => {
    const hook = await subscribe(['purchase.updated', 'purchase.deleted']);
    const buyer = await createUser(t, { service_uid: 'wh-s3' });
    const other = await createUser(t, { service_uid: 'wh-s4' });
    const bought = expectOk(await t.post('/apiv3/purchases', purchaseBody(buyer, { points: 2 })));
    const replaced = expectOk(await t.put('/apiv3/purchases', purchaseBody(other, { invoice_number: bought.invoice_number, points: 1, channel: 'web' })));
    const afterReplace = await purchase(bought.id);
    assert.deepEqual(replaced, afterReplace);
    expectOk(await t.delete(`/apiv3/purchases/${bought.id}`));
    assert.deepEqual(await hook.messages(2), [
      message('purchase.updated', afterReplace),
      message('purchase.deleted', { id: bought.id, invoice_number: bought.invoice_number }),
    ]);
    await hook.close();
  });
});

describe('abandoned_cart.created, coupon.assigned, blacklist.changed', () => {
  it('POST /users/{id}/abandoned-cart and /multiusers/abandoned-cart: the cart as GET /users/{id}/abandoned-carts answers it', async () => {
    const hook = await subscribe(['abandoned_cart.created']);
    const shopper = await createUser(t, { service_uid: 'wh-cart', email: 'wh-cart@example.com' });
    expectOk(await t.post(`/apiv3/users/${shopper.userapp_id}/abandoned-cart`, { external_id: 'C-1', products: [{ sku: 'A', quantity: 2, unit_price: 3.5 }], total_price: 7 }), 201);
    expectOk(await t.post('/apiv3/multiusers/abandoned-cart', { email: 'wh-cart@example.com', external_id: 'C-2', source: 'web', products: [{ sku: 'B', category: [{ id: 'SH', name: 'Shoes' }] }] }), 201);
    const carts = (expectOk(await t.get(`/apiv3/users/${shopper.userapp_id}/abandoned-carts`)) as any[]).sort((a, b) => a.id - b.id);
    assert.equal(carts.length, 2);
    assert.deepEqual(await hook.messages(2), carts.map((cart) => message('abandoned_cart.created', cart)));
    await hook.close();
  });

  it('POST /benefits/{id}/assign: the coupon as GET /coupons answers it', async () => {
    const hook = await subscribe(['coupon.assigned']);
    const fan = await createUser(t, { service_uid: 'wh-coupon', points: 10 });
    const benefit = expectOk(await t.post('/apiv3/benefits', { title: 'Cap', startdate: '2020-01-01', enddate: '2099-12-31', points: 4, stock: 5 }));
    expectOk(await t.post(`/apiv3/benefits/${benefit.id}/assign`, { userapp_id: fan.userapp_id }));
    const [coupon] = expectOk(await t.get(`/apiv3/coupons?userapp_id=${fan.userapp_id}`)) as any[];
    assert.deepEqual([coupon.points, coupon.user.points, coupon.benefit.id], [4, 6, benefit.id]);
    assert.deepEqual(await hook.messages(1), [message('coupon.assigned', coupon)]);
    await hook.close();
  });

  it('an upload (one message, counts) and emptying a list: which list, how, entries added, its total as GET answers it', async () => {
    const hook = await subscribe(['blacklist.changed']);
    const total = async (list: string) => expectOk(await t.get(`/apiv3/account/blacklist?blacklist=${list}`)).total as number;
    expectOk(await uploadList(t, 'a@wh.example\nb@wh.example\nc@wh.example\n', 'email', 'create'));
    const afterCreate = await total('email');
    expectOk(await uploadList(t, 'b@wh.example\nd@wh.example\n', 'email', 'create'));
    const afterSecond = await total('email');
    expectOk(await uploadList(t, '+5491100000001\n+5491100000002\n', 'telephone', 'delete-create'));
    expectOk(await uploadList(t, 'e@wh.example\n', 'email', 'create', {}, '?dry_run=true'));
    expectOk(await t.delete('/apiv3/account/blacklist?blacklist=email'));
    assert.deepEqual(await hook.messages(4), [
      message('blacklist.changed', { blacklist: 'email', type: 'create', added: 3, total: afterCreate }),
      message('blacklist.changed', { blacklist: 'email', type: 'create', added: 1, total: afterSecond }),
      message('blacklist.changed', { blacklist: 'telephone', type: 'delete-create', added: 2, total: 2 }),
      message('blacklist.changed', { blacklist: 'email', type: 'clear', added: 0, total: 0 }),
    ]);
    assert.equal(afterSecond, afterCreate + 1);
    assert.equal(await total('email'), 0);
    await hook.close();
  });
});

describe('request.finished', () => {
  it('a background request ending: the request as GET /requests/{id} answers it', async () => {
    await idle();
    const hook = await subscribe(['request.finished']);
    const visitor = await createUser(t, { service_uid: 'wh-req' });
    expectOk(await t.post('/apiv3/user-events', { service_uid: visitor.service_uid, event: 'visit', datetime: '2026-01-02 03:04:05' }));
    const { request_id } = expectOk(await t.delete('/apiv3/user-events/bulk', { event_name: 'visit', from: '2026-01-01', to: '2026-01-31' }));
    const view = await waitForRequest(t, request_id);
    assert.deepEqual([view.status, view.result], ['done', { deleted: 1 }]);
    assert.deepEqual(await hook.messages(1), [message('request.finished', view)]);
    await hook.close();
  });
});
