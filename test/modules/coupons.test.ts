import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';

const t = await buildTestApp();

async function createBenefit(title: string, fields: Record<string, unknown> = {}) {
  const body = { title, startdate: '2026-01-01', enddate: '2026-12-31', ...fields };
  return expectOk(await t.post('/apiv3/benefits', body));
}
async function assignAt(when: string, benefitId: number, userId: number) {
  t.clock.set(when);
  expectOk(await t.post(`/apiv3/benefits/${benefitId}/assign`, { userapp_id: String(userId) }, { form: true }));
}
const ids = (list: any[]) => list.map((c) => c.id);

describe('GET /coupons (B6)', async () => {
  const coffee = await createBenefit('Coffee', { points: 10 });
  const cinema = await createBenefit('Cinema', { points: 0, stock: 9 });
  const ana = await createUser(t, { points: 100, first_name: 'Ana' });
  const bob = await createUser(t, { points: 100, first_name: 'Bob' });
  await assignAt('2026-02-01T10:00:00Z', coffee.id, ana.userapp_id);
  await assignAt('2026-02-15T10:00:00Z', cinema.id, ana.userapp_id);
  await assignAt('2026-02-15T10:00:00Z', coffee.id, bob.userapp_id);
  await assignAt('2026-03-01T00:00:00Z', cinema.id, bob.userapp_id);
  t.clock.set('2026-03-02T00:00:00Z');
  const all = expectOk(await t.get('/apiv3/coupons'));
  const [c4, c3, c2, c1] = all;

  it('lists every coupon newest first, ties by id descending', async () => {
    assert.equal(all.length, 4);
    assert.deepEqual(
      all.map((c: any) => c.createtime),
      ['2026-03-01 00:00:00', '2026-02-15 10:00:00', '2026-02-15 10:00:00', '2026-02-01 10:00:00'],
    );
    assert.ok(c3.id > c2.id);
    assert.equal(c3.user.userapp_id, bob.userapp_id);
  });

  it('carries the coupon fields, the spec benefit object and the U4 user object', async () => {
    assert.deepEqual(Object.keys(c1).sort(), ['benefit', 'code', 'createtime', 'id', 'points', 'user']);
    assert.match(c1.code, /^[A-Z2-9]{12}$/);
    assert.equal(new Set(all.map((c: any) => c.code)).size, 4);
    assert.equal(c1.points, 10);
    assert.equal(c2.points, 0);
    const { stock: _s, out_stock_at: _o, ...coffeeObject } = expectOk(await t.get(`/apiv3/benefits/${coffee.id}`));
    assert.deepEqual(c1.benefit, coffeeObject);
    const anaNow = expectOk(await t.get(`/apiv3/users/${ana.userapp_id}`));
    assert.deepEqual(c1.user, anaNow);
    assert.equal(c1.user.points, 90);
  });

  it('filters by from/to (inclusive; bare dates are whole days), user and benefit', async () => {
    assert.deepEqual(ids(expectOk(await t.get('/apiv3/coupons?from=2026-02-15&to=2026-02-15'))), [c3.id, c2.id]);
    assert.deepEqual(ids(expectOk(await t.get(`/apiv3/coupons?from=${encodeURIComponent('2026-02-15 10:00:00')}`))), [c4.id, c3.id, c2.id]);
    assert.deepEqual(ids(expectOk(await t.get(`/apiv3/coupons?to=${encodeURIComponent('2026-02-15 09:59:59')}`))), [c1.id]);
    assert.deepEqual(ids(expectOk(await t.get(`/apiv3/coupons?to=${encodeURIComponent('2026-02-28T21:00:00-03:00')}`))), [c4.id, c3.id, c2.id, c1.id]);
    assert.deepEqual(ids(expectOk(await t.get(`/apiv3/coupons?userapp_id=${ana.userapp_id}`))), [c2.id, c1.id]);
    assert.deepEqual(ids(expectOk(await t.get(`/apiv3/coupons?benefit_id=${coffee.id}`))), [c3.id, c1.id]);
    assert.deepEqual(ids(expectOk(await t.get(`/apiv3/coupons?benefit_id=${coffee.id}&userapp_id=${ana.userapp_id}`))), [c1.id]);
    assert.deepEqual(expectOk(await t.get('/apiv3/coupons?benefit_id=987654')), []);
  });

  it('paginates with page and limit', async () => {
    assert.deepEqual(ids(expectOk(await t.get('/apiv3/coupons?limit=3'))), [c4.id, c3.id, c2.id]);
    assert.deepEqual(ids(expectOk(await t.get('/apiv3/coupons?limit=3&page=1'))), [c1.id]);
    assert.deepEqual(expectOk(await t.get('/apiv3/coupons?limit=3&page=2')), []);
  });

  it('refuses invalid parameters with 400 naming them', async () => {
    expectError(await t.get('/apiv3/coupons?limit=101'), 400, 'bad_request', /^limit: must be <= 100$/);
    expectError(await t.get('/apiv3/coupons?page=-1'), 400, 'bad_request', /^page: must be >= 0$/);
    expectError(await t.get('/apiv3/coupons?from=yesterday'), 400, 'bad_request', /^from: must be a datetime/);
    expectError(await t.get('/apiv3/coupons?to=2026-02-30'), 400, 'bad_request', /^to: must be a datetime/);
    expectError(await t.get('/apiv3/coupons?from=2026-03-01&to=2026-02-01'), 400, 'bad_request', /^from: must not be after to/);
    expectError(await t.get('/apiv3/coupons?userapp_id=abc'), 400, 'bad_request', /^userapp_id: must be integer$/);
    expectError(await t.get('/apiv3/coupons?benefit_id=0'), 400, 'bad_request', /^benefit_id: must be >= 1$/);
  });

  it("never shows another account's coupons", async () => {
    const other = await t.newAccount();
    assert.deepEqual(expectOk(await t.get('/apiv3/coupons', { key: other.key })), []);
    expectError(await t.get('/apiv3/coupons', { key: null }), 403, 'forbidden');
  });

  it('keeps the coupons of a deleted benefit, with benefit null', async () => {
    const gone = await createBenefit('Gone');
    await assignAt('2026-03-05T00:00:00Z', gone.id, ana.userapp_id);
    expectOk(await t.delete(`/apiv3/benefits/${gone.id}`));
    const [latest] = expectOk(await t.get('/apiv3/coupons?limit=1'));
    assert.equal(latest.benefit, null);
    assert.equal(latest.user.userapp_id, ana.userapp_id);
    assert.equal(latest.createtime, '2026-03-05 00:00:00');
    assert.deepEqual(expectOk(await t.get(`/apiv3/coupons?benefit_id=${gone.id}`)), []);
  });
});
