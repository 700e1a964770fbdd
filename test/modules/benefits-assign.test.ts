import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp, usingPostgres } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';

const t = await buildTestApp();
const NOW = '2026-03-15 12:00:00';
t.clock.set('2026-03-15T12:00:00Z');

async function createBenefit(fields: Record<string, unknown> = {}, key?: string) {
  const body = { title: 'Coffee', startdate: '2026-03-01', enddate: '2026-03-31', ...fields };
  return expectOk(await t.post('/apiv3/benefits', body, key ? { key } : {}));
}
const assign = (benefitId: number, userappId: unknown, options: { key?: string; json?: boolean } = {}) =>
  t.post(`/apiv3/benefits/${benefitId}/assign`, { userapp_id: userappId }, { form: !options.json, ...(options.key ? { key: options.key } : {}) });
const benefitOf = async (id: number, key?: string) => expectOk(await t.get(`/apiv3/benefits/${id}`, key ? { key } : {}));
const pointsOf = async (userId: number, key?: string) => expectOk(await t.get(`/apiv3/users/${userId}`, key ? { key } : {})).points;
const couponsOf = async (query: string, key?: string) => expectOk(await t.get(`/apiv3/coupons?${query}`, key ? { key } : {}));

/** Asserts a refused assign changed nothing: stock, out_stock_at, points and coupons. */
async function assertUnchanged(benefit: any, user: any) {
  const after = await benefitOf(benefit.id);
  assert.equal(after.stock, benefit.stock);
  assert.equal(after.out_stock_at, benefit.out_stock_at);
  assert.equal(await pointsOf(user.userapp_id), user.points);
  assert.deepEqual(await couponsOf(`userapp_id=${user.userapp_id}&benefit_id=${benefit.id}`), []);
}

describe('POST /benefits/{id}/assign: success (B5)', () => {
  it('takes one unit and the points, records a coupon, answers {status: true} (form body)', async () => {
    const benefit = await createBenefit({ points: 120, stock: 3 });
    const user = await createUser(t, { points: 500 });
    const response = await assign(benefit.id, String(user.userapp_id));
    assert.deepEqual(expectOk(response), { status: true });
    assert.equal(response.body.message, 'ok');
    const after = await benefitOf(benefit.id);
    assert.equal(after.stock, 2);
    assert.equal(after.out_stock_at, null);
    assert.equal(await pointsOf(user.userapp_id), 380);
    const coupons = await couponsOf(`userapp_id=${user.userapp_id}`);
    assert.equal(coupons.length, 1);
    assert.equal(coupons[0].benefit.id, benefit.id);
    assert.equal(coupons[0].points, 120);
    assert.equal(coupons[0].createtime, NOW);
    const ledger = expectOk(await t.get(`/apiv3/users/${user.userapp_id}/points`));
    assert.ok(JSON.stringify(ledger).includes('-120'), `the points ledger should show -120: ${JSON.stringify(ledger)}`);
  });

  it('accepts a JSON body with userapp_id as a number or a string', async () => {
    const benefit = await createBenefit({ points: 1 });
    const user = await createUser(t, { points: 5 });
    assert.deepEqual(expectOk(await assign(benefit.id, user.userapp_id, { json: true })), { status: true });
    assert.deepEqual(expectOk(await assign(benefit.id, String(user.userapp_id), { json: true })), { status: true });
    assert.equal(await pointsOf(user.userapp_id), 3);
  });

  it('sets out_stock_at when the last unit goes, and moves the benefit to the outofstock bucket', async () => {
    const { key } = await t.newAccount('last-unit');
    const benefit = await createBenefit({ stock: 1 }, key);
    const user = await createUser(t, {}, { key });
    t.clock.set('2026-03-15T13:14:15Z');
    expectOk(await assign(benefit.id, user.userapp_id, { key }));
    t.clock.set('2026-03-15T12:00:00Z');
    const after = await benefitOf(benefit.id, key);
    assert.equal(after.stock, 0);
    assert.equal(after.out_stock_at, '2026-03-15 13:14:15');
    const all = expectOk(await t.get('/apiv3/benefits/all', { key }));
    assert.equal(all[0].out_stock_at, '2026-03-15 13:14:15');
    const buckets = expectOk(await t.get('/apiv3/benefits', { key }));
    assert.deepEqual(buckets.current, []);
    assert.deepEqual(
      buckets.outofstock.map((b: any) => b.id),
      [benefit.id],
    );
  });

  it('keeps unlimited stock unlimited and charges nothing for a free benefit', async () => {
    const benefit = await createBenefit();
    const user = await createUser(t, { points: 7 });
    expectOk(await assign(benefit.id, user.userapp_id));
    expectOk(await assign(benefit.id, user.userapp_id));
    const after = await benefitOf(benefit.id);
    assert.equal(after.stock, null);
    assert.equal(after.out_stock_at, null);
    assert.equal(await pointsOf(user.userapp_id), 7);
    assert.equal((await couponsOf(`benefit_id=${benefit.id}`)).length, 2);
  });

  it('allows an assign exactly at startdate and exactly at enddate', async () => {
    const benefit = await createBenefit({ startdate: NOW, enddate: '2026-03-15 12:00:01' });
    const user = await createUser(t);
    expectOk(await assign(benefit.id, user.userapp_id));
    t.clock.set('2026-03-15T12:00:01Z');
    expectOk(await assign(benefit.id, user.userapp_id));
    t.clock.set('2026-03-15T12:00:00Z');
  });
});

describe('POST /benefits/{id}/assign: refusals (B5)', () => {
  it('404 for an unknown benefit (checked before the user)', async () => {
    const user = await createUser(t);
    expectError(await assign(987654, user.userapp_id), 404, 'not_found', /^benefit 987654 not found$/);
    expectError(await assign(987654, 987655), 404, 'not_found', /^benefit 987654 not found$/);
  });

  it('404 for an unknown user, and nothing changes', async () => {
    const benefit = await createBenefit({ stock: 2 });
    expectError(await assign(benefit.id, 987655), 404, 'not_found', /^user 987655 not found$/);
    expectError(await assign(benefit.id, '99999999999999'), 404, 'not_found', /^user 99999999999999 not found$/);
    assert.equal((await benefitOf(benefit.id)).stock, 2);
  });

  it("404 for another account's benefit or user", async () => {
    const other = await t.newAccount('foreign');
    const foreignBenefit = await createBenefit({}, other.key);
    const foreignUser = await createUser(t, {}, { key: other.key });
    const benefit = await createBenefit();
    const user = await createUser(t);
    expectError(await assign(foreignBenefit.id, user.userapp_id), 404, 'not_found', /^benefit \d+ not found$/);
    expectError(await assign(benefit.id, foreignUser.userapp_id), 404, 'not_found', /^user \d+ not found$/);
    assert.deepEqual(await couponsOf(`userapp_id=${foreignUser.userapp_id}`, other.key), []);
  });

  it('400 when userapp_id is missing or not a positive integer', async () => {
    const benefit = await createBenefit();
    expectError(await t.post(`/apiv3/benefits/${benefit.id}/assign`, {}, { form: false }), 400, 'bad_request', /^userapp_id: is required$/);
    expectError(await t.post(`/apiv3/benefits/${benefit.id}/assign`, { other: '1' }, { form: true }), 400, 'bad_request', /^userapp_id: is required$/);
    for (const value of ['abc', '0', '-3', '1.5', '', ' ']) {
      expectError(await assign(benefit.id, value), 400, 'bad_request', /^userapp_id: must be a positive integer$/);
    }
    for (const value of [0, -3, 1.5, true, null]) {
      expectError(await assign(benefit.id, value, { json: true }), 400, 'bad_request', /^userapp_id: /);
    }
    expectError(await t.post('/apiv3/benefits/abc/assign', { userapp_id: '1' }, { form: true }), 400, 'bad_request', /^benefit_id: must be integer$/);
  });

  it('400 when the benefit is inactive', async () => {
    const benefit = await createBenefit({ status: '0', stock: 2 });
    const user = await createUser(t, { points: 10 });
    expectError(await assign(benefit.id, user.userapp_id), 400, 'bad_request', new RegExp(`^benefit ${benefit.id} is inactive`));
    await assertUnchanged(benefit, user);
  });

  it('400 when the benefit has not started', async () => {
    const benefit = await createBenefit({ startdate: '2026-03-15 12:00:01', stock: 2 });
    const user = await createUser(t);
    expectError(await assign(benefit.id, user.userapp_id), 400, 'bad_request', new RegExp(`^benefit ${benefit.id} has not started: it starts at 2026-03-15 12:00:01$`));
    await assertUnchanged(benefit, user);
  });

  it('400 when the benefit has ended', async () => {
    const benefit = await createBenefit({ startdate: '2026-01-01', enddate: '2026-03-15 11:59:59', stock: 2 });
    const user = await createUser(t);
    expectError(await assign(benefit.id, user.userapp_id), 400, 'bad_request', new RegExp(`^benefit ${benefit.id} has ended: it ended at 2026-03-15 11:59:59$`));
    await assertUnchanged(benefit, user);
  });

  it('400 when the benefit is out of stock', async () => {
    const benefit = await createBenefit({ stock: 0, points: 5 });
    const user = await createUser(t, { points: 10 });
    expectError(await assign(benefit.id, user.userapp_id), 400, 'bad_request', new RegExp(`^benefit ${benefit.id} is out of stock$`));
    await assertUnchanged(benefit, user);
  });

  it('400 when the user does not have enough points, giving the stock back', async () => {
    const benefit = await createBenefit({ stock: 4, points: 100 });
    const user = await createUser(t, { points: 99 });
    expectError(
      await assign(benefit.id, user.userapp_id),
      400,
      'bad_request',
      new RegExp(`^user ${user.userapp_id} has not enough points: has 99, benefit ${benefit.id} needs 100$`),
    );
    await assertUnchanged(benefit, user);
  });

  it('400 when the monthly limit is reached in the current UTC month; a new month resets it', async () => {
    const benefit = await createBenefit({ monthly_redeems: '2', stock: 10, points: 1, startdate: '2026-01-01', enddate: '2026-12-31' });
    const user = await createUser(t, { points: 100 });
    const other = await createUser(t, { points: 100 });
    t.clock.set('2026-03-31T23:59:58Z');
    expectOk(await assign(benefit.id, user.userapp_id));
    expectOk(await assign(benefit.id, user.userapp_id));
    const before = await benefitOf(benefit.id);
    expectError(
      await assign(benefit.id, user.userapp_id),
      400,
      'bad_request',
      new RegExp(`^user ${user.userapp_id} has reached the monthly limit of 2 assignment\\(s\\) of benefit ${benefit.id}`),
    );
    assert.equal((await benefitOf(benefit.id)).stock, before.stock, 'a refused assign gives the unit back');
    assert.equal(await pointsOf(user.userapp_id), 98);
    // The limit is per user: another user may still redeem.
    expectOk(await assign(benefit.id, other.userapp_id));
    // 00:00:00 UTC of April is a new month.
    t.clock.set('2026-04-01T00:00:00Z');
    expectOk(await assign(benefit.id, user.userapp_id));
    t.clock.set('2026-03-15T12:00:00Z');
    assert.equal((await couponsOf(`userapp_id=${user.userapp_id}`)).length, 3);
  });

  it('"0" means no monthly limit', async () => {
    const benefit = await createBenefit({ monthly_redeems: '0' });
    const user = await createUser(t);
    for (let i = 0; i < 4; i += 1) expectOk(await assign(benefit.id, user.userapp_id));
  });

  it('checks the rules in order: inactive, not started, ended, out of stock, monthly limit, points', async () => {
    const user = await createUser(t, { points: 0 });
    const everything = await createBenefit({ status: '0', startdate: '2026-04-01', enddate: '2026-04-30', stock: 0, points: 50 });
    expectError(await assign(everything.id, user.userapp_id), 400, 'bad_request', /is inactive/);
    const notStarted = await createBenefit({ startdate: '2026-04-01', enddate: '2026-04-30', stock: 0, points: 50 });
    expectError(await assign(notStarted.id, user.userapp_id), 400, 'bad_request', /has not started/);
    const ended = await createBenefit({ startdate: '2026-01-01', enddate: '2026-02-01', stock: 0, points: 50 });
    expectError(await assign(ended.id, user.userapp_id), 400, 'bad_request', /has ended/);
    const empty = await createBenefit({ stock: 0, points: 50 });
    expectError(await assign(empty.id, user.userapp_id), 400, 'bad_request', /is out of stock/);

    const rich = await createUser(t, { points: 10 });
    const limited = await createBenefit({ monthly_redeems: 1, points: 10 });
    expectOk(await assign(limited.id, rich.userapp_id));
    // Now the user has 0 points AND has reached the limit: the limit is reported.
    expectError(await assign(limited.id, rich.userapp_id), 400, 'bad_request', /monthly limit/);
    const costly = await createBenefit({ monthly_redeems: 1, points: 10 });
    expectError(await assign(costly.id, rich.userapp_id), 400, 'bad_request', /not enough points/);
  });

  it('answers 405 for GET on the assign path and 403 without a key', async () => {
    const benefit = await createBenefit();
    expectError(await t.get(`/apiv3/benefits/${benefit.id}/assign`), 405, 'method_not_allowed');
    expectError(await t.post(`/apiv3/benefits/${benefit.id}/assign`, { userapp_id: '1' }, { form: true, key: null }), 403, 'forbidden');
  });
});

describe(`concurrent assigns (${usingPostgres() ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('60 parallel assigns from distinct users at a benefit with stock 5: exactly 5 succeed', async () => {
    const { key } = await t.newAccount('rush');
    const benefit = await createBenefit({ stock: 5, points: 10 }, key);
    const users = [];
    for (let i = 0; i < 60; i += 1) users.push(await createUser(t, { points: 100 }, { key }));

    const responses = await Promise.all(users.map((user) => assign(benefit.id, String(user.userapp_id), { key })));

    const succeeded = responses.filter((r) => r.status === 200);
    const refused = responses.filter((r) => r.status !== 200);
    assert.equal(succeeded.length, 5, `statuses: ${responses.map((r) => r.status).join(',')}`);
    for (const response of succeeded) assert.deepEqual(response.body.payload, { status: true });
    for (const response of refused) expectError(response, 400, 'bad_request', /is out of stock$/);

    const after = await benefitOf(benefit.id, key);
    assert.equal(after.stock, 0);
    assert.match(after.out_stock_at, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const coupons = await couponsOf('limit=100', key);
    assert.equal(coupons.length, 5);
    const winners = new Set(coupons.map((c: any) => c.user.userapp_id));
    assert.equal(winners.size, 5);
    for (const user of users) {
      assert.equal(await pointsOf(user.userapp_id, key), winners.has(user.userapp_id) ? 90 : 100);
    }
  });

  it('parallel assigns by one user never spend points below zero', async () => {
    const { key } = await t.newAccount('spender');
    const benefit = await createBenefit({ points: 10 }, key);
    const user = await createUser(t, { points: 35 }, { key });
    const responses = await Promise.all(Array.from({ length: 20 }, () => assign(benefit.id, user.userapp_id, { key })));
    assert.equal(responses.filter((r) => r.status === 200).length, 3);
    for (const response of responses.filter((r) => r.status !== 200)) expectError(response, 400, 'bad_request', /not enough points/);
    assert.equal(await pointsOf(user.userapp_id, key), 5);
    assert.equal((await couponsOf('', key)).length, 3);
  });

  it('parallel assigns by one user never exceed the monthly limit', async () => {
    const { key } = await t.newAccount('limited');
    const benefit = await createBenefit({ monthly_redeems: 2, stock: 50 }, key);
    const user = await createUser(t, {}, { key });
    const responses = await Promise.all(Array.from({ length: 20 }, () => assign(benefit.id, user.userapp_id, { key })));
    assert.equal(responses.filter((r) => r.status === 200).length, 2);
    for (const response of responses.filter((r) => r.status !== 200)) expectError(response, 400, 'bad_request', /monthly limit/);
    assert.equal((await benefitOf(benefit.id, key)).stock, 48);
    assert.equal((await couponsOf('', key)).length, 2);
  });
});
