import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';

const t = await buildTestApp();
const NOW = '2026-03-15 12:00:00';
t.clock.set('2026-03-15T12:00:00Z');

const SPEC_FIELDS = [
  'id', 'slug', 'title', 'description', 'status', 'image_id', 'user_id', 'app_id', 'app_code', 'contenttype_id',
  'version', 'category_id', 'startdate', 'enddate', 'featured', 'wallpublish', 'monthly_redeems', 'modified',
  'created', 'image_url', 'points', 'event_date', 'sku',
].sort();
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const window = { startdate: '2026-03-01 00:00:00', enddate: '2026-03-31 23:59:59' };

async function createBenefit(fields: Record<string, unknown> = {}, key?: string) {
  return expectOk(await t.post('/apiv3/benefits', { title: 'A benefit', ...window, ...fields }, key ? { key } : {}));
}

/** B1 types: ids and points integers; flags, counts and references strings; datetimes formatted. */
function assertBenefitTypes(benefit: any) {
  assert.equal(Number.isInteger(benefit.id), true);
  assert.equal(Number.isInteger(benefit.points), true);
  for (const field of ['slug', 'title', 'description', 'status', 'image_id', 'user_id', 'app_id', 'app_code', 'contenttype_id', 'featured', 'wallpublish', 'monthly_redeems', 'image_url', 'sku']) {
    assert.equal(typeof benefit[field], 'string', `${field} should be a string`);
  }
  for (const field of ['version', 'category_id']) {
    assert.ok(benefit[field] === null || typeof benefit[field] === 'string', `${field} should be string or null`);
  }
  for (const field of ['startdate', 'enddate', 'modified', 'created', 'event_date']) assert.match(benefit[field], DATETIME);
}

describe('benefit administration (B1)', () => {
  it('creates a benefit with defaults and answers it with stock and out_stock_at', async () => {
    const benefit = await createBenefit({ title: 'Café gratis!' });
    assertBenefitTypes(benefit);
    assert.deepEqual(Object.keys(benefit).sort(), [...SPEC_FIELDS, 'out_stock_at', 'stock'].sort());
    assert.deepEqual(
      { ...benefit, id: 0 },
      {
        id: 0,
        slug: 'cafe_gratis',
        title: 'Café gratis!',
        description: '',
        status: '1',
        image_id: '',
        user_id: '',
        app_id: '',
        app_code: '',
        contenttype_id: '',
        version: null,
        category_id: null,
        startdate: '2026-03-01 00:00:00',
        enddate: '2026-03-31 23:59:59',
        featured: '0',
        wallpublish: '0',
        monthly_redeems: '0',
        modified: NOW,
        created: NOW,
        image_url: '',
        points: 0,
        event_date: '2026-03-01 00:00:00',
        sku: '',
        stock: null,
        out_stock_at: null,
      },
    );
    assert.deepEqual(expectOk(await t.get(`/apiv3/benefits/${benefit.id}`)), benefit);
  });

  it('stores every field with the B1 types, converting accepted input forms', async () => {
    const benefit = await createBenefit({
      slug: 'my-slug',
      description: 'Two for one',
      status: 0,
      image_id: 42,
      user_id: '7',
      app_id: 3,
      app_code: 'APP',
      contenttype_id: '9',
      version: '2',
      category_id: 'drinks',
      featured: true,
      wallpublish: '1',
      monthly_redeems: 2,
      image_url: 'https://img.example.com/a.png',
      points: 150,
      event_date: '2026-03-20T18:30:00-03:00',
      sku: 'SKU-1',
      stock: 10,
    });
    assertBenefitTypes(benefit);
    assert.equal(benefit.slug, 'my-slug');
    assert.equal(benefit.status, '0');
    assert.equal(benefit.image_id, '42');
    assert.equal(benefit.user_id, '7');
    assert.equal(benefit.app_id, '3');
    assert.equal(benefit.contenttype_id, '9');
    assert.equal(benefit.version, '2');
    assert.equal(benefit.category_id, 'drinks');
    assert.equal(benefit.featured, '1');
    assert.equal(benefit.wallpublish, '1');
    assert.equal(benefit.monthly_redeems, '2');
    assert.equal(benefit.points, 150);
    assert.equal(benefit.event_date, '2026-03-20 21:30:00');
    assert.equal(benefit.stock, 10);
    assert.equal(benefit.out_stock_at, null);
  });

  it('accepts a form body', async () => {
    const response = await t.post(
      '/apiv3/benefits',
      { title: 'Form', startdate: '2026-03-01', enddate: '2026-03-02', points: '25', stock: '3', monthly_redeems: '1', featured: '1' },
      { form: true },
    );
    const benefit = expectOk(response);
    assert.equal(benefit.points, 25);
    assert.equal(benefit.stock, 3);
    assert.equal(benefit.monthly_redeems, '1');
    assert.equal(benefit.featured, '1');
    assert.equal(benefit.enddate, '2026-03-02 23:59:59');
  });

  it('ignores values sent for id, created, modified and out_stock_at, and unknown properties', async () => {
    const benefit = await createBenefit({ id: 999, created: '2000-01-01 00:00:00', modified: '2000-01-01 00:00:00', out_stock_at: '2000-01-01 00:00:00', cleanser: {} });
    assert.notEqual(benefit.id, 999);
    assert.equal(benefit.created, NOW);
    assert.equal(benefit.modified, NOW);
    assert.equal(benefit.out_stock_at, null);
    assert.equal('cleanser' in benefit, false);
  });

  it('stamps out_stock_at when created with stock 0', async () => {
    const benefit = await createBenefit({ stock: 0 });
    assert.equal(benefit.out_stock_at, NOW);
  });

  const refusals: Array<[string, Record<string, unknown>, RegExp]> = [
    ['a missing title', { title: undefined }, /^title: is required$/],
    ['a blank title', { title: '   ' }, /^title: must not be blank$/],
    ['a missing startdate', { startdate: undefined }, /^startdate: is required$/],
    ['a missing enddate', { enddate: undefined }, /^enddate: is required$/],
    ['an unparseable startdate', { startdate: 'soon' }, /^startdate: must be a datetime/],
    ['an impossible enddate', { enddate: '2026-02-30 10:00:00' }, /^enddate: must be a datetime/],
    ['an enddate before startdate', { startdate: '2026-04-01 00:00:00', enddate: '2026-03-01 00:00:00' }, /^enddate: must be after startdate \(2026-04-01 00:00:00\)$/],
    ['an enddate equal to startdate', { startdate: '2026-04-01 00:00:00', enddate: '2026-04-01 00:00:00' }, /^enddate: must be after startdate/],
    ['an invalid event_date', { event_date: 'tomorrow' }, /^event_date: must be a datetime/],
    ['an invalid status', { status: 'yes' }, /^status: must be one of "0", "1", 0, 1, true, false$/],
    ['an invalid featured', { featured: 2 }, /^featured: must be one of/],
    ['a negative points', { points: -1 }, /^points: must be >= 0$/],
    ['points as a string in JSON', { points: '10' }, /^points: must be integer$/],
    ['fractional points', { points: 1.5 }, /^points: must be integer$/],
    ['a negative stock', { stock: -1 }, /^stock: must be >= 0$/],
    ['a fractional stock', { stock: 2.5 }, /^stock: must be integer or null$/],
    ['a non-numeric monthly_redeems', { monthly_redeems: 'many' }, /^monthly_redeems: must match pattern/],
    ['a negative monthly_redeems', { monthly_redeems: -2 }, /^monthly_redeems: must be >= 0$/],
    ['an object for image_id', { image_id: { a: 1 } }, /^image_id: must be string or integer$/],
    ['an empty slug', { slug: '' }, /^slug: must NOT have fewer than 1 characters$/],
  ];
  for (const [label, fields, message] of refusals) {
    it(`refuses ${label} with 400`, async () => {
      const body: Record<string, unknown> = { title: 'A benefit', ...window, ...fields };
      for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
      expectError(await t.post('/apiv3/benefits', body), 400, 'bad_request', message);
    });
  }

  it('updates only the fields sent and refreshes modified', async () => {
    const benefit = await createBenefit({ title: 'Before', points: 5, version: '1', category_id: 'x', stock: 4 });
    t.clock.set('2026-03-16T08:00:00Z');
    const updated = expectOk(await t.put(`/apiv3/benefits/${benefit.id}`, { title: 'After', points: 7, featured: '1' }));
    t.clock.set('2026-03-15T12:00:00Z');
    assert.deepEqual(updated, { ...benefit, title: 'After', points: 7, featured: '1', modified: '2026-03-16 08:00:00' });
    assert.deepEqual(expectOk(await t.get(`/apiv3/benefits/${benefit.id}`)), updated);
  });

  it('clears version and category_id, and makes stock unlimited, with explicit nulls', async () => {
    const benefit = await createBenefit({ version: '1', category_id: 'x', stock: 0 });
    assert.equal(benefit.out_stock_at, NOW);
    const updated = expectOk(await t.put(`/apiv3/benefits/${benefit.id}`, { version: null, category_id: null, stock: null }));
    assert.equal(updated.version, null);
    assert.equal(updated.category_id, null);
    assert.equal(updated.stock, null);
    assert.equal(updated.out_stock_at, null);
  });

  it('sets out_stock_at when the stock is set to 0 and clears it on restock', async () => {
    const benefit = await createBenefit({ stock: 3 });
    const empty = expectOk(await t.put(`/apiv3/benefits/${benefit.id}`, { stock: 0 }));
    assert.equal(empty.stock, 0);
    assert.equal(empty.out_stock_at, NOW);
    const restocked = expectOk(await t.put(`/apiv3/benefits/${benefit.id}`, { stock: 8 }));
    assert.equal(restocked.stock, 8);
    assert.equal(restocked.out_stock_at, null);
  });

  it('checks the window against the stored dates on update', async () => {
    const benefit = await createBenefit();
    expectError(await t.put(`/apiv3/benefits/${benefit.id}`, { enddate: '2026-02-01 00:00:00' }), 400, 'bad_request', /^enddate: must be after startdate \(2026-03-01 00:00:00\)$/);
    expectError(await t.put(`/apiv3/benefits/${benefit.id}`, { startdate: '2026-04-01' }), 400, 'bad_request', /^enddate: must be after startdate \(2026-04-01 00:00:00\)$/);
    expectError(await t.put(`/apiv3/benefits/${benefit.id}`, { points: -5 }), 400, 'bad_request', /^points: must be >= 0$/);
    assert.deepEqual(expectOk(await t.get(`/apiv3/benefits/${benefit.id}`)), benefit);
  });

  it('deletes a benefit: payload null, then 404', async () => {
    const benefit = await createBenefit();
    assert.equal(expectOk(await t.delete(`/apiv3/benefits/${benefit.id}`)), null);
    expectError(await t.get(`/apiv3/benefits/${benefit.id}`), 404, 'not_found', new RegExp(`^benefit ${benefit.id} not found$`));
    expectError(await t.delete(`/apiv3/benefits/${benefit.id}`), 404, 'not_found');
    expectError(await t.put(`/apiv3/benefits/${benefit.id}`, { title: 'x' }), 404, 'not_found');
  });

  it('refuses ids that are not positive integers', async () => {
    expectError(await t.get('/apiv3/benefits/abc'), 400, 'bad_request', /^id: must be integer$/);
    expectError(await t.get('/apiv3/benefits/0'), 400, 'bad_request', /^id: must be >= 1$/);
    expectError(await t.get('/apiv3/benefits/99999999999'), 400, 'bad_request', /^id: must be <= 2147483647$/);
    expectError(await t.get('/apiv3/benefits/987654'), 404, 'not_found', /^benefit 987654 not found$/);
  });

  it("answers 404 for another account's benefit, and never changes it", async () => {
    const benefit = await createBenefit();
    const other = await t.newAccount();
    expectError(await t.get(`/apiv3/benefits/${benefit.id}`, { key: other.key }), 404, 'not_found');
    expectError(await t.put(`/apiv3/benefits/${benefit.id}`, { title: 'stolen' }, { key: other.key }), 404, 'not_found');
    expectError(await t.delete(`/apiv3/benefits/${benefit.id}`, undefined, { key: other.key }), 404, 'not_found');
    assert.deepEqual(expectOk(await t.get(`/apiv3/benefits/${benefit.id}`)), benefit);
  });

  it('answers 405 for an unsupported verb and 403 without a key', async () => {
    const response = await t.request('PATCH', '/apiv3/benefits/1');
    expectError(response, 405, 'method_not_allowed');
    assert.equal(response.headers.allow, 'GET, PUT, DELETE');
    expectError(await t.get('/apiv3/benefits', { key: null }), 403, 'forbidden');
    expectError(await t.post('/apiv3/benefits', { title: 'x', ...window }, { key: null }), 403, 'forbidden');
  });
});

describe('GET /benefits buckets (B2, B3)', async () => {
  const { key } = await t.newAccount('buckets');
  const make = (title: string, fields: Record<string, unknown>) => createBenefit({ title, ...fields }, key);
  // now = 2026-03-15 12:00:00
  const late = await make('current late end', { startdate: '2026-03-01', enddate: '2026-03-30' });
  const early = await make('current early end', { startdate: '2026-03-01', enddate: '2026-03-20' });
  const featured = await make('current featured', { startdate: '2026-03-01', enddate: '2026-03-31', featured: '1' });
  const tieA = await make('current tie a', { startdate: '2026-03-01', enddate: '2026-03-20', stock: 2 });
  const startsNow = await make('starts exactly now', { startdate: NOW, enddate: '2026-03-25' });
  const endsNow = await make('ends exactly now', { startdate: '2026-03-01', enddate: NOW });
  const outA = await make('out of stock a', { startdate: '2026-03-01', enddate: '2026-03-28', stock: 0 });
  const outFeatured = await make('out of stock featured', { startdate: '2026-03-01', enddate: '2026-03-29', stock: 0, featured: 1 });
  const comingLater = await make('coming later', { startdate: '2026-05-01', enddate: '2026-06-01' });
  const comingSoon = await make('coming soon', { startdate: '2026-03-15 12:00:01', enddate: '2026-06-01', stock: 0 });
  await make('ended', { startdate: '2026-01-01', enddate: '2026-03-15 11:59:59' });
  await make('inactive current', { startdate: '2026-03-01', enddate: '2026-03-30', status: '0' });
  await make('inactive coming', { startdate: '2026-04-01', enddate: '2026-04-30', status: 0 });
  await make('inactive out of stock', { startdate: '2026-03-01', enddate: '2026-03-30', stock: 0, status: false });

  const titles = (list: any[]) => list.map((b) => b.title);

  it('puts active benefits in the right bucket and order; ended and inactive in none', async () => {
    const buckets = expectOk(await t.get('/apiv3/benefits', { key }));
    assert.deepEqual(Object.keys(buckets).sort(), ['comingbenefits', 'current', 'outofstock']);
    assert.deepEqual(titles(buckets.current), titles([featured, endsNow, early, tieA, startsNow, late]));
    assert.deepEqual(titles(buckets.outofstock), titles([outFeatured, outA]));
    assert.deepEqual(titles(buckets.comingbenefits), titles([comingSoon, comingLater]));
  });

  it('returns exactly the spec fields with the B1 types (no stock, no out_stock_at)', async () => {
    const buckets = expectOk(await t.get('/apiv3/benefits', { key }));
    for (const benefit of [...buckets.current, ...buckets.outofstock, ...buckets.comingbenefits]) {
      assert.deepEqual(Object.keys(benefit).sort(), SPEC_FIELDS);
      assertBenefitTypes(benefit);
    }
    const { stock: _stock, out_stock_at: _out, ...expected } = featured;
    assert.deepEqual(buckets.current[0], expected);
  });

  it('honours each count parameter independently, 0 meaning none', async () => {
    const buckets = expectOk(await t.get('/apiv3/benefits?currentbenefits=2&outofstockbenefits=0&comingbenefits=1', { key }));
    assert.deepEqual(titles(buckets.current), titles([featured, endsNow]));
    assert.deepEqual(buckets.outofstock, []);
    assert.deepEqual(titles(buckets.comingbenefits), titles([comingSoon]));
    const big = expectOk(await t.get('/apiv3/benefits?currentbenefits=1000&outofstockbenefits=1000&comingbenefits=1000', { key }));
    assert.equal(big.current.length, 6);
  });

  it('refuses counts outside 0..1000 or not integers', async () => {
    expectError(await t.get('/apiv3/benefits?currentbenefits=1001', { key }), 400, 'bad_request', /^currentbenefits: must be <= 1000$/);
    expectError(await t.get('/apiv3/benefits?outofstockbenefits=-1', { key }), 400, 'bad_request', /^outofstockbenefits: must be >= 0$/);
    expectError(await t.get('/apiv3/benefits?comingbenefits=ten', { key }), 400, 'bad_request', /^comingbenefits: must be integer$/);
    expectError(await t.get('/apiv3/benefits?currentbenefits=1.5', { key }), 400, 'bad_request', /^currentbenefits: must be integer$/);
  });

  it('moves benefits between buckets as time passes', async () => {
    t.clock.set('2026-03-25T12:00:00Z');
    const later = expectOk(await t.get('/apiv3/benefits', { key }));
    t.clock.set('2026-03-15T12:00:00Z');
    assert.deepEqual(titles(later.current), titles([featured, startsNow, late]));
    // comingSoon (stock 0) has started by now, so it is out of stock rather than coming.
    assert.deepEqual(titles(later.outofstock), titles([outFeatured, outA, comingSoon]));
    assert.deepEqual(titles(later.comingbenefits), titles([comingLater]));
  });

  it("shows nothing of another account's benefits", async () => {
    const other = await t.newAccount();
    assert.deepEqual(expectOk(await t.get('/apiv3/benefits', { key: other.key })), { current: [], outofstock: [], comingbenefits: [] });
  });
});

describe('GET /benefits buckets default count (B3)', async () => {
  const { key } = await t.newAccount('defaults');
  for (let i = 0; i < 26; i += 1) await createBenefit({ title: `b${i}` }, key);

  it('returns at most 25 per bucket when the count is omitted', async () => {
    const buckets = expectOk(await t.get('/apiv3/benefits', { key }));
    assert.equal(buckets.current.length, 25);
    assert.equal(expectOk(await t.get('/apiv3/benefits?currentbenefits=26', { key })).current.length, 26);
  });
});

describe('GET /benefits/all (B4)', async () => {
  const { key } = await t.newAccount('all');
  const created = [
    await createBenefit({ title: 'one' }, key),
    await createBenefit({ title: 'inactive', status: '0' }, key),
    await createBenefit({ title: 'ended', startdate: '2025-01-01', enddate: '2025-02-01' }, key),
    await createBenefit({ title: 'empty', stock: 0 }, key),
    await createBenefit({ title: 'coming', startdate: '2027-01-01', enddate: '2027-02-01', stock: 5 }, key),
  ];

  it('lists every benefit of any status by id, with out_stock_at and the spec fields', async () => {
    const all = expectOk(await t.get('/apiv3/benefits/all', { key }));
    assert.deepEqual(
      all.map((b: any) => b.id),
      created.map((b) => b.id),
    );
    for (const benefit of all) {
      assert.deepEqual(Object.keys(benefit).sort(), [...SPEC_FIELDS, 'out_stock_at'].sort());
      assertBenefitTypes(benefit);
    }
    assert.equal(all[3].out_stock_at, NOW);
    assert.equal(all[0].out_stock_at, null);
    const { stock: _stock, ...expected } = created[3];
    assert.deepEqual(all[3], expected);
  });

  it('paginates with page and limit (default 25, maximum 100)', async () => {
    const first = expectOk(await t.get('/apiv3/benefits/all?limit=2', { key }));
    const third = expectOk(await t.get('/apiv3/benefits/all?limit=2&page=2', { key }));
    assert.deepEqual(
      first.map((b: any) => b.id),
      [created[0].id, created[1].id],
    );
    assert.deepEqual(
      third.map((b: any) => b.id),
      [created[4].id],
    );
    assert.deepEqual(expectOk(await t.get('/apiv3/benefits/all?page=1', { key })), []);
    assert.equal(expectOk(await t.get('/apiv3/benefits/all?limit=100', { key })).length, 5);
  });

  it('refuses invalid page and limit', async () => {
    expectError(await t.get('/apiv3/benefits/all?limit=101', { key }), 400, 'bad_request', /^limit: must be <= 100$/);
    expectError(await t.get('/apiv3/benefits/all?limit=0', { key }), 400, 'bad_request', /^limit: must be >= 1$/);
    expectError(await t.get('/apiv3/benefits/all?page=-1', { key }), 400, 'bad_request', /^page: must be >= 0$/);
    expectError(await t.get('/apiv3/benefits/all?page=x', { key }), 400, 'bad_request', /^page: must be integer$/);
  });

  it("never lists another account's benefits", async () => {
    const other = await t.newAccount();
    assert.deepEqual(expectOk(await t.get('/apiv3/benefits/all', { key: other.key })), []);
  });
});
