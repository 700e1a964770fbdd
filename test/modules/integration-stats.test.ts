import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';

const t = await buildTestApp();
const URL = '/apiv3/integration-stats';

const full = {
  customers: { created: 10, updated: 2, failed: [{ element: { email: 'bad@', nested: { a: [1, null] } }, message: 'invalid email' }] },
  products: { created: 0, updated: 5, failed: [] },
  branches: { created: 1, updated: 0 },
  purchases: {
    created: 7,
    updated: 1,
    duplicated: 3,
    revenue: 1234.56,
    units: 40,
    failed: [{ element: { order: 'A-1' } }],
  },
  createtime: '2026-02-03 04:05:06',
  files_stats: [
    {
      filename: 'customers.csv',
      read_lines: 100,
      valid_lines: 98,
      unique_registers: 97,
      invalid_lines: [{ line: 7, message: 'bad date', additional_details: { column: 'birthdate', raw: null } }, { line: 9 }],
      revenue: 10.5,
      units: 3,
      orders_customers: 12,
    },
  ],
};

describe('POST /integration-stats', () => {
  it('stores the full shape and answers the record with id and createtime', async () => {
    const record = expectOk(await t.post(URL, full));
    assert.equal(typeof record.id, 'number');
    const { createtime, ...rest } = full;
    assert.deepEqual(record, { id: record.id, createtime, ...rest });
    const listed = expectOk(await t.get(`${URL}?from=2026-02-03&to=2026-02-03`));
    assert.deepEqual(listed, [record]);
  });

  it('accepts an empty object: every section null, createtime now', async () => {
    t.clock.set('2026-05-06T07:08:09Z');
    const record = expectOk(await t.post(URL, {}));
    assert.deepEqual(record, {
      id: record.id,
      createtime: '2026-05-06 07:08:09',
      customers: null,
      products: null,
      branches: null,
      purchases: null,
      files_stats: null,
    });
    t.clock.set(null);
  });

  it('converts an ISO 8601 createtime with an offset to UTC', async () => {
    const record = expectOk(await t.post(URL, { createtime: '2026-02-03T10:00:00-03:00' }));
    assert.equal(record.createtime, '2026-02-03 13:00:00');
    const zulu = expectOk(await t.post(URL, { createtime: '2026-02-03T10:00:00Z' }));
    assert.equal(zulu.createtime, '2026-02-03 10:00:00');
  });

  it('refuses a createtime that is not a datetime', async () => {
    for (const createtime of ['yesterday', '2026-02-30 00:00:00', '2026-02-03', '03/02/2026 10:00:00']) {
      expectError(await t.post(URL, { createtime }), 400, 'bad_request', /^createtime: must be a datetime/);
    }
    expectError(await t.post(URL, { createtime: 1700000000 }), 400, 'bad_request', /^createtime: must be string/);
  });

  it('ignores unknown properties at every level but keeps free-form objects whole', async () => {
    const record = expectOk(
      await t.post(URL, {
        cleanser: { x: 1 },
        customers: { created: 1, bogus: true, failed: [{ element: { keep: 'me', extra: 1 }, whatever: 2 }] },
        purchases: { revenue: 5, nonsense: 'x' },
        files_stats: [{ filename: 'a.csv', junk: 1, invalid_lines: [{ line: 1, noise: 'y', additional_details: { z: 1 } }] }],
      }),
    );
    assert.deepEqual(record.customers, { created: 1, failed: [{ element: { keep: 'me', extra: 1 } }] });
    assert.deepEqual(record.purchases, { revenue: 5 });
    assert.deepEqual(record.files_stats, [{ filename: 'a.csv', invalid_lines: [{ line: 1, additional_details: { z: 1 } }] }]);
    assert.equal('cleanser' in record, false);
  });

  it('treats null optional properties as not given, top-level and nested', async () => {
    const record = expectOk(
      await t.post(URL, {
        customers: { created: null, updated: 4, failed: [{ element: { a: null }, message: null }] },
        products: null,
        files_stats: [{ filename: 'f.csv', read_lines: null, invalid_lines: null }],
        createtime: null,
      }),
    );
    assert.deepEqual(record.customers, { updated: 4, failed: [{ element: { a: null } }] });
    assert.equal(record.products, null);
    assert.deepEqual(record.files_stats, [{ filename: 'f.csv' }]);
  });

  const invalid: Array<[string, unknown, RegExp]> = [
    ['a string for a count', { customers: { created: '10' } }, /^customers\.created: must be integer or null$/],
    ['a fraction for a count', { products: { updated: 1.5 } }, /^products\.updated: must be integer or null$/],
    ['a negative count', { branches: { created: -1 } }, /^branches\.created: must be >= 0$/],
    ['a string for revenue', { purchases: { revenue: '12.5' } }, /^purchases\.revenue: must be number or null$/],
    ['a fraction for units', { purchases: { units: 2.5 } }, /^purchases\.units: must be integer or null$/],
    ['a non-object section', { customers: [1] }, /^customers: must be object or null$/],
    ['a non-array failed', { customers: { failed: {} } }, /^customers\.failed: must be array or null$/],
    ['a failure item without element', { customers: { failed: [{ message: 'x' }] } }, /^customers\.failed\[0\]: must have required property|^customers\.failed\[0\]\.element: is required$/],
    ['a null element', { purchases: { failed: [{ element: null }] } }, /^purchases\.failed\[0\]\.element: must be object$/],
    ['a string element', { purchases: { failed: [{ element: 'x' }] } }, /^purchases\.failed\[0\]\.element: must be object$/],
    ['a numeric failure message', { customers: { failed: [{ element: {}, message: 5 }] } }, /^customers\.failed\[0\]\.message: must be string or null$/],
    ['a non-array files_stats', { files_stats: { filename: 'x' } }, /^files_stats: must be array or null$/],
    ['a file item without filename', { files_stats: [{ read_lines: 1 }] }, /^files_stats\[0\]\.filename: is required$/],
    ['an empty filename', { files_stats: [{ filename: '' }] }, /^files_stats\[0\]\.filename: must NOT have fewer than 1 characters$/],
    ['a numeric filename', { files_stats: [{ filename: 5 }] }, /^files_stats\[0\]\.filename: must be string$/],
    ['an invalid line without line', { files_stats: [{ filename: 'a', invalid_lines: [{ message: 'x' }] }] }, /^files_stats\[0\]\.invalid_lines\[0\]\.line: is required$/],
    ['a string line', { files_stats: [{ filename: 'a', invalid_lines: [{ line: '3' }] }] }, /^files_stats\[0\]\.invalid_lines\[0\]\.line: must be integer$/],
    ['non-object additional_details', { files_stats: [{ filename: 'a', invalid_lines: [{ line: 3, additional_details: 'x' }] }] }, /^files_stats\[0\]\.invalid_lines\[0\]\.additional_details: must be object or null$/],
    ['a string orders_customers', { files_stats: [{ filename: 'a', orders_customers: 'many' }] }, /^files_stats\[0\]\.orders_customers: must be integer or null$/],
  ];
  for (const [label, body, message] of invalid) {
    it(`refuses ${label} with 400 naming the field`, async () => {
      expectError(await t.post(URL, body), 400, 'bad_request', message);
    });
  }

  it('refuses a body that is not a JSON object, and malformed JSON', async () => {
    expectError(await t.post(URL, [1, 2]), 400, 'bad_request', /^body: must be a JSON object$/);
    expectError(await t.post(URL, '{"customers": '), 400, 'bad_request', /malformed JSON/);
  });

  it('stores nothing when the body is refused', async () => {
    const other = await t.newAccount();
    expectError(await t.post(URL, { customers: { created: 'x' } }, { key: other.key }), 400, 'bad_request');
    assert.deepEqual(expectOk(await t.get(URL, { key: other.key })), []);
  });

  it('requires a key', async () => {
    expectError(await t.post(URL, {}, { key: null }), 403, 'forbidden', /invalid or inexistent apikey/);
  });
});

describe('GET /integration-stats', async () => {
  const tenant = await t.newAccount('stats-listing');
  const key = tenant.key;
  const times = ['2026-01-01 00:00:00', '2026-01-15 12:00:00', '2026-01-15 12:00:00', '2026-01-31 23:59:59', '2026-02-01 00:00:00'];
  const ids: number[] = [];
  for (const [index, createtime] of times.entries()) {
    ids.push(expectOk(await t.post(URL, { createtime, customers: { created: index } }, { key })).id);
  }

  it('lists newest first, ties by id descending', async () => {
    const list = expectOk(await t.get(URL, { key }));
    assert.deepEqual(
      list.map((r: any) => r.id),
      [ids[4], ids[3], ids[2], ids[1], ids[0]],
    );
    assert.equal(list[0].customers.created, 4);
  });

  it('paginates with page and limit', async () => {
    const first = expectOk(await t.get(`${URL}?limit=2`, { key }));
    const second = expectOk(await t.get(`${URL}?limit=2&page=1`, { key }));
    const third = expectOk(await t.get(`${URL}?limit=2&page=2`, { key }));
    assert.deepEqual(
      [...first, ...second, ...third].map((r: any) => r.id),
      [ids[4], ids[3], ids[2], ids[1], ids[0]],
    );
    assert.deepEqual(expectOk(await t.get(`${URL}?limit=2&page=3`, { key })), []);
  });

  it('filters by from/to inclusively; a bare date is the whole day', async () => {
    const january = expectOk(await t.get(`${URL}?from=2026-01-01&to=2026-01-31`, { key }));
    assert.deepEqual(
      january.map((r: any) => r.id),
      [ids[3], ids[2], ids[1], ids[0]],
    );
    const exact = expectOk(await t.get(`${URL}?from=${encodeURIComponent('2026-01-15 12:00:00')}&to=${encodeURIComponent('2026-01-15 12:00:00')}`, { key }));
    assert.deepEqual(
      exact.map((r: any) => r.id),
      [ids[2], ids[1]],
    );
    const iso = expectOk(await t.get(`${URL}?from=${encodeURIComponent('2026-01-31T20:59:59-03:00')}`, { key }));
    assert.deepEqual(
      iso.map((r: any) => r.id),
      [ids[4], ids[3]],
    );
  });

  it('refuses invalid page, limit, from and to', async () => {
    expectError(await t.get(`${URL}?page=-1`, { key }), 400, 'bad_request', /^page: must be >= 0$/);
    expectError(await t.get(`${URL}?limit=0`, { key }), 400, 'bad_request', /^limit: must be >= 1$/);
    expectError(await t.get(`${URL}?limit=101`, { key }), 400, 'bad_request', /^limit: must be <= 100$/);
    expectError(await t.get(`${URL}?limit=2.5`, { key }), 400, 'bad_request', /^limit: must be integer$/);
    expectError(await t.get(`${URL}?from=last-week`, { key }), 400, 'bad_request', /^from: must be a datetime/);
    expectError(await t.get(`${URL}?to=2026-13-01`, { key }), 400, 'bad_request', /^to: must be a datetime/);
    expectError(await t.get(`${URL}?from=2026-02-01&to=2026-01-01`, { key }), 400, 'bad_request', /^from: must not be after to/);
  });

  it("never shows another account's records", async () => {
    const list = expectOk(await t.get(URL));
    for (const record of list) assert.equal(ids.includes(record.id), false);
    const other = await t.newAccount();
    assert.deepEqual(expectOk(await t.get(URL, { key: other.key })), []);
  });
});
