import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp, usingPostgres } from '../helpers/app.js';
import { expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';
import { nextInvoice, pointsOf, purchaseBody } from '../helpers/purchases.js';
import { buildSecondApp } from '../helpers/second-app.js';

// S1, S2 under concurrency. On PostgreSQL the requests go to two apps with their own pools over one
// schema, as two server processes would; on SQLite both go to the file's app (one connection).

const t = await buildTestApp();
const second = await buildSecondApp(t);
const apps = [{ post: t.post, put: t.put }, second];

describe(`concurrent purchases (${usingPostgres() ? 'PostgreSQL, two apps' : 'SQLite'})`, () => {
  it('two creates with one invoice number: exactly one 200 and one duplicated_purchase_number', async () => {
    const user = await createUser(t, { points: 0 });
    for (let round = 0; round < 8; round += 1) {
      const invoice = nextInvoice('RACE');
      const body = (app: number) => purchaseBody(user, { invoice_number: invoice, points: 10, channel: app === 0 ? 'web' : 'telephone' });
      const responses = await Promise.all([apps[0]!.post('/apiv3/purchases', body(0)), apps[1]!.post('/apiv3/purchases', body(1))]);
      const statuses = responses.map((r) => r.status).sort();
      assert.deepEqual(statuses, [200, 400], responses.map((r) => r.text).join('\n'));
      const refused = responses.find((r) => r.status === 400)!;
      assert.equal(refused.body.code, 'duplicated_purchase_number', refused.text);
      const stored = expectOk(await t.get(`/apiv3/purchases?invoice_number=${invoice}`));
      assert.equal(stored.length, 1);
      assert.equal(stored[0].channel, responses.find((r) => r.status === 200)!.body.payload.channel);
    }
    // Points were credited once per stored purchase, never for the refused one.
    assert.equal((await pointsOf(t, user)).points, 80);
  });

  it("concurrent purchases crediting one user's points: the balance is the sum", async () => {
    const user = await createUser(t, { points: 1 });
    const bodies = Array.from({ length: 24 }, (_, i) => purchaseBody(user, { points: i + 1 }));
    const responses = await Promise.all(bodies.map((body, i) => apps[i % 2]!.post('/apiv3/purchases', body)));
    for (const response of responses) expectOk(response);
    const ledger = await pointsOf(t, user);
    assert.equal(ledger.points, 1 + (24 * 25) / 2);
    assert.equal(ledger.transactions.length, 25); // 24 purchases and the `initial` entry (U5a)
    // Each ledger entry's balance is the one right after it: they chain without a gap.
    const chronological = [...ledger.transactions].reverse();
    chronological.reduce((balance, entry) => {
      assert.equal(entry.balance, balance + entry.points);
      return entry.balance;
    }, 0);
  });

  it('concurrent single purchases written together: one that fails is refused alone, with nothing left behind', async () => {
    const user = await createUser(t, { points: 0 });
    const nearlyFull = await createUser(t, { points: Number.MAX_SAFE_INTEGER - 1 });
    const bodies = Array.from({ length: 12 }, (_, i) =>
      i === 5
        ? purchaseBody(nearlyFull, { points: 2, branch_name: 'Group Refused', purchase_detail: [{ sku: 'GROUP-REFUSED', product_name: 'x' }] })
        : purchaseBody(user, { points: 1, purchase_detail: [{ sku: `GROUP-${i % 3}`, product_name: 'x' }] }),
    );
    const responses = await Promise.all(bodies.map((body) => t.post('/apiv3/purchases', body)));
    responses.forEach((response, i) => {
      if (i === 5) assert.equal(response.status, 400, response.text);
      else assert.equal(expectOk(response).invoice_number, bodies[i]!.invoice_number);
    });
    assert.match(responses[5]!.body.message, /^points: crediting 2 points would take the user's balance above/);
    assert.equal((await pointsOf(t, user)).points, 11);
    assert.equal(expectOk(await t.get('/apiv3/products?search=GROUP-')).length, 3);
    assert.deepEqual(expectOk(await t.get('/apiv3/branches?search=Group Refused')), []);
  });

  it('concurrent bulk requests crediting the same users in opposite orders all succeed (no deadlock)', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => createUser(t, { points: 0 })));
    const batch = (order: typeof users) =>
      order.flatMap((user) =>
        Array.from({ length: 4 }, () =>
          purchaseBody(user, {
            points: 2,
            branch_name: 'Race Branch',
            purchase_detail: [
              { sku: 'RACE-SKU-A', product_name: 'a', category: ['race-cat'] },
              { sku: 'RACE-SKU-B', product_name: 'b' },
            ],
          }),
        ),
      );
    const requests = [batch(users), batch([...users].reverse()), batch(users), batch([...users].reverse())];
    const results = await Promise.all(requests.map((body, i) => apps[i % 2]!.post('/apiv3/purchases/bulk', body)));
    for (const result of results) assert.deepEqual(expectOk(result), { created: 24, failed: [] });
    for (const user of users) assert.equal((await pointsOf(t, user)).points, 4 * 4 * 2);
    assert.equal(expectOk(await t.get('/apiv3/products?search=RACE-SKU')).length, 2);
    assert.equal(expectOk(await t.get('/apiv3/branches?search=Race Branch')).length, 1);
  });

  it('concurrent replacements of one purchase move the points once each, in some order', async () => {
    const user = await createUser(t, { points: 0 });
    const invoice = nextInvoice('RACE-PUT');
    expectOk(await t.post('/apiv3/purchases', purchaseBody(user, { invoice_number: invoice, points: 10 })));
    const targets = [20, 35, 5, 50, 15, 40];
    const responses = await Promise.all(
      targets.map((points, i) => apps[i % 2]!.put('/apiv3/purchases', purchaseBody(user, { invoice_number: invoice, points }))),
    );
    for (const response of responses) expectOk(response);
    const [stored] = expectOk(await t.get(`/apiv3/purchases?invoice_number=${invoice}`));
    // Whatever order they ran in, the balance equals the points of the replacement that ran last.
    assert.equal((await pointsOf(t, user)).points, stored.points);
    assert.ok(targets.includes(stored.points));
  });
});
