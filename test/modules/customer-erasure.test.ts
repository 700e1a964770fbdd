import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { BLACKLIST_URL, listValues, uploadList, waitFor } from '../helpers/blacklist.js';
import { richCustomer } from '../helpers/customers.js';
import { createUser } from '../helpers/factories.js';

// D1 (erasure of one customer, one transaction, counts, dry run) and D2 (suppression), black-box.

const t = await buildTestApp({ config: { workerPollMs: 50 } });
const b64 = (text: string) => encodeURIComponent(Buffer.from(text, 'utf8').toString('base64'));
const NO_COUNTS = { users: 0, user_events: 0, purchases: 0, purchase_items: 0, ledger_entries: 0, coupons: 0, family_members: 0, abandoned_carts: 0 };

/** What the API shows of a customer: every part of its export (D3 reads each through its module). */
const exported = async (user: any, key = t.key) => expectOk(await t.get(`/apiv3/users/${user.userapp_id}/export`, { key }));

/** Rows still in the database that belong to the customer, by table (the ids of its purchases and items taken before). */
async function rowsLeft(userId: number, purchaseIds: number[], itemIds: number[]): Promise<Record<string, number>> {
  const db = t.database.db;
  const n = async (query: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> }) => Number((await query.executeTakeFirstOrThrow()).n);
  const count = (table: 'users' | 'points_transactions' | 'user_events' | 'purchases' | 'coupons' | 'family_members' | 'abandoned_carts' | 'erasure_members', column: 'id' | 'user_id') =>
    n(db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).where(column as never, '=', userId as never));
  const values = (kind: string, ids: number[]) =>
    ids.length === 0
      ? Promise.resolve(0)
      : n(
          db
            .selectFrom('attribute_values as v')
            .innerJoin('attribute_definitions as d', 'd.id', 'v.definition_id')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('d.kind', '=', kind)
            .where('v.record_id', 'in', ids),
        );
  return {
    users: await count('users', 'id'),
    points_transactions: await count('points_transactions', 'user_id'),
    user_events: await count('user_events', 'user_id'),
    purchases: await count('purchases', 'user_id'),
    purchase_items: purchaseIds.length === 0 ? 0 : await n(db.selectFrom('purchase_items').select((eb) => eb.fn.countAll().as('n')).where('purchase_id', 'in', purchaseIds)),
    coupons: await count('coupons', 'user_id'),
    family_members: await count('family_members', 'user_id'),
    abandoned_carts: await count('abandoned_carts', 'user_id'),
    erasure_members: await count('erasure_members', 'user_id'),
    user_values: await values('users', [userId]),
    user_value_items: await n(
      db
        .selectFrom('attribute_value_items as i')
        .innerJoin('attribute_definitions as d', 'd.id', 'i.definition_id')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('d.kind', '=', 'users')
        .where('i.record_id', '=', userId),
    ),
    purchase_values: await values('purchases', purchaseIds),
    item_values: await values('purchase_items', itemIds),
  };
}

/** The ids of the customer's purchases and of their items (items answer no id of their own). */
async function ids(customerExport: any): Promise<{ purchases: number[]; items: number[] }> {
  const purchases = customerExport.purchases.map((p: any) => p.id as number);
  const rows = await t.database.db.selectFrom('purchase_items').select('id').where('purchase_id', 'in', purchases).execute();
  return { purchases, items: rows.map((row) => Number(row.id)) };
}

describe('DELETE /users/{id} (D1)', () => {
  it('deletes the profile and every row that refers to it in one call, answering the counts', async () => {
    const { user, counts } = await richCustomer(t);
    const other = await richCustomer(t);
    const before = await exported(user);
    const { purchases, items } = await ids(before);
    assert.ok(items.length === 3 && before.user.custom_attributes.hobbies.length === 2);
    const left = await rowsLeft(user.userapp_id, purchases, items);
    assert.ok(Object.values(left).filter((v) => v > 0).length === 12, JSON.stringify(left)); // the rows are there to be deleted
    const otherBefore = await exported(other.user);
    const benefitBefore = expectOk(await t.get(`/apiv3/benefits/${before.coupons[0].benefit.id}`));
    const product = expectOk(await t.get(`/apiv3/products/${b64('RICH-1')}`));

    const erased = expectOk(await t.delete(`/apiv3/users/${user.userapp_id}`));
    assert.deepEqual(erased, { deleted: counts });

    assert.deepEqual(await rowsLeft(user.userapp_id, purchases, items), Object.fromEntries(Object.keys(left).map((k) => [k, 0])));
    expectError(await t.get(`/apiv3/users/${user.userapp_id}`), 404, 'not_found', new RegExp(`^no user with id ${user.userapp_id}$`));
    expectError(await t.get(`/apiv3/users/${user.userapp_id}/purchases`), 404, 'not_found');
    assert.deepEqual(expectOk(await t.get(`/apiv3/user-events?service_uid=${user.service_uid}`)), []);
    assert.deepEqual(expectOk(await t.get(`/apiv3/coupons?userapp_id=${user.userapp_id}`)), []);
    for (const id of purchases) expectError(await t.get(`/apiv3/purchases/${id}`), 404, 'not_found');
    // Everything else stays: another customer, the benefit (its stock not given back), the products.
    assert.deepEqual(await exported(other.user), otherBefore);
    assert.deepEqual(expectOk(await t.get(`/apiv3/benefits/${before.coupons[0].benefit.id}`)), benefitBefore);
    assert.deepEqual(expectOk(await t.get(`/apiv3/products/${b64('RICH-1')}`)), product);
    assert.deepEqual(await listValues(t, 'email'), []);
  });

  it('finds the customer by the base64 of its service_uid (U3) too', async () => {
    const { user, counts } = await richCustomer(t, { service_uid: 'erase/me+é' });
    assert.deepEqual(expectOk(await t.delete(`/apiv3/users/${b64('erase/me+é')}`)), { deleted: counts });
    assert.equal(expectOk(await t.get(`/apiv3/users/${user.userapp_id}/exist`)).exist, false);
  });

  it('counts a customer with nothing but a profile as users: 1', async () => {
    const user = await createUser(t);
    assert.deepEqual(expectOk(await t.delete(`/apiv3/users/${user.userapp_id}`)), { deleted: { ...NO_COUNTS, users: 1 } });
  });

  it('with dry_run=true answers the same counts and changes nothing (O8); in the body too', async () => {
    const { user, counts } = await richCustomer(t);
    const before = await exported(user);
    assert.deepEqual(expectOk(await t.delete(`/apiv3/users/${user.userapp_id}?dry_run=true`)), { dry_run: true, would_delete: counts });
    assert.deepEqual(expectOk(await t.delete(`/apiv3/users/${user.userapp_id}`, { dry_run: true })), { dry_run: true, would_delete: counts });
    assert.deepEqual(expectOk(await t.delete(`/apiv3/users/${user.userapp_id}?dry_run=true&suppress=true`)), { dry_run: true, would_delete: counts });
    assert.deepEqual(await exported(user), before);
    assert.deepEqual(await listValues(t, 'email'), []);
    assert.deepEqual(expectOk(await t.delete(`/apiv3/users/${user.userapp_id}?dry_run=false`)), { deleted: counts });
  });

  it('answers 404 with the users directory\'s wording for an unknown, erased or other account\'s customer', async () => {
    const user = await createUser(t);
    expectOk(await t.delete(`/apiv3/users/${user.userapp_id}`));
    expectError(await t.delete(`/apiv3/users/${user.userapp_id}`), 404, 'not_found', new RegExp(`^no user with id ${user.userapp_id}$`));
    expectError(await t.delete(`/apiv3/users/${user.userapp_id}?dry_run=true`), 404, 'not_found');
    expectError(await t.delete('/apiv3/users/2147483647'), 404, 'not_found', /^no user with id 2147483647$/);
    expectError(await t.delete(`/apiv3/users/${b64('nobody')}`), 404, 'not_found', /^no user with id /);
    const other = await t.newAccount();
    const theirs = await createUser(t, {}, { key: other.key });
    expectError(await t.delete(`/apiv3/users/${theirs.userapp_id}`), 404, 'not_found');
    assert.equal(expectOk(await t.get(`/apiv3/users/${theirs.userapp_id}`, { key: other.key })).userapp_id, theirs.userapp_id);
  });

  it('refuses options that are not true or false with 400 naming them, and reads an empty one as absent (G7)', async () => {
    const user = await createUser(t);
    expectError(await t.delete(`/apiv3/users/${user.userapp_id}?dry_run=yes`), 400, 'bad_request', /^dry_run: must be boolean$/);
    expectError(await t.delete(`/apiv3/users/${user.userapp_id}?suppress=1x`), 400, 'bad_request', /^suppress: must be boolean$/);
    expectError(await t.delete(`/apiv3/users/${user.userapp_id}`, { suppress: 'true' }), 400, 'bad_request', /^suppress: must be boolean$/);
    expectError(await t.delete(`/apiv3/users/${user.userapp_id}`, '[1]'), 400, 'bad_request', /^body: must be a JSON object$/);
    assert.equal(expectOk(await t.get(`/apiv3/users/${user.userapp_id}/exist`)).exist, true);
    assert.deepEqual(expectOk(await t.delete(`/apiv3/users/${user.userapp_id}?dry_run=&suppress=`)), { deleted: { ...NO_COUNTS, users: 1 } });
    assert.deepEqual(await listValues(t, 'email'), []);
  });
});

describe('writes racing an erasure', () => {
  it('answer 404 when they lose (never 500), and the erasure counts exactly the rows of those that won', async () => {
    const { key } = await t.newAccount();
    assert.equal((await t.post('/apiv3/events', { name: 'race' }, { key })).status, 200);
    for (let i = 0; i < 15; i++) {
      const user = await createUser(t, {}, { key });
      const [event, points, purchase, cart, erased] = await Promise.all([
        t.post('/apiv3/user-events', { event: 'race', service_uid: user.service_uid }, { key }),
        t.post(`/apiv3/users/${user.userapp_id}/points`, { concept: 'race', points: 1 }, { key }),
        t.post('/apiv3/purchases', { invoice_number: `RACE-${i}`, service_uid: user.service_uid, purchase_detail: [{ sku: 'R', product_name: 'R', quantity: 1, unit_price: 1 }] }, { key }),
        t.post(`/apiv3/users/${user.userapp_id}/abandoned-cart`, { external_id: 'race', products: [{ sku: 'R' }] }, { key }),
        t.delete(`/apiv3/users/${user.userapp_id}`, undefined, { key }),
      ]);
      const won = (response: { status: number; body: { code: string } }, success: number) => {
        assert.ok([success, 404].includes(response.status), `${response.status}: ${JSON.stringify(response)}`);
        // S2: writes that find no user say user_not_found; one that found it before it went, not_found.
        if (response.status === 404) assert.match(response.body.code, /^(user_)?not_found$/);
        return response.status === success ? 1 : 0;
      };
      const deleted = expectOk(erased).deleted;
      assert.deepEqual(deleted, {
        ...NO_COUNTS,
        users: 1,
        user_events: won(event, 200),
        ledger_entries: won(points, 200),
        purchases: won(purchase, 200),
        purchase_items: deleted.purchases,
        abandoned_carts: won(cart, 201),
      });
      assert.equal(expectOk(await t.get(`/apiv3/users/${user.userapp_id}/exist`, { key })).exist, false);
    }
  });
});

describe('DELETE /multiusers (D1 by U6 identity)', () => {
  it('erases the customer the first non-empty identity finds, as the platform\'s client sends them', async () => {
    const { user, counts } = await richCustomer(t, { email: 'Multi.Erase@Example.com', document: 'DOC-ME' });
    const survivor = await createUser(t, { document: 'DOC-OTHER' });
    const query = `service_uid=&email=${encodeURIComponent('MULTI.erase@example.com')}&document=DOC-OTHER&telephone=`;
    assert.deepEqual(expectOk(await t.delete(`/apiv3/multiusers?${query}&dry_run=true`)), { dry_run: true, would_delete: counts });
    assert.deepEqual(expectOk(await t.delete(`/apiv3/multiusers?${query}`)), { deleted: counts });
    assert.equal(expectOk(await t.get(`/apiv3/users/${user.userapp_id}/exist`)).exist, false);
    assert.equal(expectOk(await t.get(`/apiv3/users/${survivor.userapp_id}/exist`)).exist, true);
    assert.deepEqual(expectOk(await t.delete(`/apiv3/multiusers?document=DOC-OTHER`)), { deleted: { ...NO_COUNTS, users: 1 } });
  });

  it('answers 400 when no identity is given, 404 when none matches', async () => {
    const message = /^service_uid, email, document, telephone: at least one is required to find the customer$/;
    expectError(await t.delete('/apiv3/multiusers'), 400, 'bad_request', message);
    expectError(await t.delete('/apiv3/multiusers?service_uid=&email=&document=&telephone=%20'), 400, 'bad_request', message);
    expectError(await t.delete('/apiv3/multiusers?dry_run=true'), 400, 'bad_request', message);
    expectError(await t.delete(`/apiv3/multiusers?email=${'a'.repeat(321)}`), 400, 'bad_request', /^email: /);
    expectError(await t.delete('/apiv3/multiusers?email=x@example.com&dry_run=maybe'), 400, 'bad_request', /^dry_run: must be boolean$/);
    expectError(
      await t.delete('/apiv3/multiusers?email=nobody@example.com'),
      404,
      'not_found',
      /^no user matches the first non-empty of service_uid, email, document, telephone$/,
    );
  });
});

describe('suppress=true (D2)', () => {
  const listed = async (list: string, value: string, key = t.key) =>
    expectOk(await t.get(`${BLACKLIST_URL}/${list}/${encodeURIComponent(value)}`, { key })).blacklisted as boolean;

  it('puts the e-mail and telephone on the blacklists, as the lists normalise them, so a re-created profile is unreachable', async () => {
    const { key } = await t.newAccount();
    const user = await createUser(t, { email: ' Gone@Example.COM ', telephone: '+54 (11) 4000-7777' }, { key });
    expectOk(await t.delete(`/apiv3/users/${user.userapp_id}?suppress=true`, undefined, { key }));
    assert.deepEqual(await listValues(t, 'email', { key }), ['gone@example.com']);
    assert.deepEqual(await listValues(t, 'telephone', { key }), ['+541140007777']);
    // L7: each entry says where it came from.
    for (const list of ['email', 'telephone']) {
      const { entries } = expectOk(await t.get(`${BLACKLIST_URL}?blacklist=${list}`, { key })) as { entries: { reason: string | null }[] };
      assert.deepEqual(entries.map((e) => e.reason), ['Added when the customer was erased']);
    }
    const again = await createUser(t, { email: 'gone@example.com', telephone: '+541140007777' }, { key });
    assert.equal(again.mailing_enabled, false);
    assert.equal(again.mailing_enabled_reason, 'blacklist');
    assert.equal(again.sms_enabled, false);
    // The other account's lists are its own.
    assert.equal(await listed('email', 'gone@example.com'), false);
  });

  it('in the body too; a value already listed is not listed twice; a customer without telephone lists its e-mail only', async () => {
    const { key } = await t.newAccount();
    const first = await createUser(t, { email: 'twice@example.com', telephone: null }, { key });
    expectOk(await t.delete(`/apiv3/users/${first.userapp_id}`, { suppress: true }, { key }));
    const second = await createUser(t, { email: 'twice@example.com' }, { key });
    expectOk(await t.delete(`/apiv3/users/${second.userapp_id}?suppress=true`, undefined, { key }));
    assert.deepEqual(await listValues(t, 'email', { key }), ['twice@example.com']);
    assert.deepEqual(await listValues(t, 'telephone', { key }), []);
  });

  it('lists the value whatever generation is live: after a replacement, and after the list was emptied (its purge leaves it)', async () => {
    const { key, accountId } = await t.newAccount();
    const erase = async (email: string) => {
      const user = await createUser(t, { email }, { key });
      expectOk(await t.delete(`/apiv3/users/${user.userapp_id}?suppress=true`, undefined, { key }));
    };
    assert.equal((await uploadList(t, 'a@example.com\nb@example.com\n', 'email', 'delete-create', { key })).status, 200);
    await erase('after-replace@example.com');
    assert.deepEqual((await listValues(t, 'email', { key })).sort(), ['a@example.com', 'after-replace@example.com', 'b@example.com']);
    expectOk(await t.delete(`${BLACKLIST_URL}?blacklist=email`, undefined, { key }));
    await erase('after-clear@example.com');
    await erase('after-clear-2@example.com');
    const purged = async () => {
      const rows = await t.database.db.selectFrom('blacklist_entries').select('value').where('account_id', '=', accountId).execute();
      return rows.length === 2;
    };
    await waitFor(purged, 'the emptied list to be purged', 30_000);
    assert.deepEqual((await listValues(t, 'email', { key })).sort(), ['after-clear-2@example.com', 'after-clear@example.com']);
    assert.equal(await listed('email', 'AFTER-CLEAR@example.com', key), true);
  });

  it('changes nothing when the erasure is refused', async () => {
    const { key } = await t.newAccount();
    const user = await createUser(t, { email: 'kept@example.com' }, { key });
    expectError(await t.delete(`/apiv3/users/${user.userapp_id}?suppress=true&dry_run=nope`, undefined, { key }), 400, 'bad_request');
    expectError(await t.delete('/apiv3/multiusers?email=missing@example.com&suppress=true', undefined, { key }), 404, 'not_found');
    assert.deepEqual(await listValues(t, 'email', { key }), []);
  });
});
