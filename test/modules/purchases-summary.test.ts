import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';
import { createPurchase } from '../helpers/purchases.js';

// GET /purchases/summary: orders and revenue (sum of prices.total) per day or month, UTC's or those
// of `timezone`, every bucket of the range present.

const t = await buildTestApp();
t.clock.set('2026-03-15T12:00:00Z');

async function account() {
  const { key } = await t.newAccount();
  const user = await createUser(t, {}, { key });
  const buy = (createtime: string, total?: number, fields: Record<string, unknown> = {}) =>
    createPurchase(t, user, { createtime, ...(total === undefined ? {} : { prices: { total } }), ...fields }, { key });
  const summary = async (query = '') => expectOk(await t.get(`/apiv3/purchases/summary${query}`, { key }));
  return { key, user, buy, summary };
}

/** The expected buckets from a list of [date, orders, revenue] for the ones that have purchases. */
function buckets(keys: string[], filled: Record<string, [number, number]>) {
  return keys.map((date) => ({ date, orders: filled[date]?.[0] ?? 0, revenue: filled[date]?.[1] ?? 0 }));
}

function days(from: string, count: number): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

describe('GET /purchases/summary', () => {
  it('answers every day of the range with its orders and revenue, empty days with 0', async () => {
    const a = await account();
    await a.buy('2026-03-01 00:00:00', 100);
    await a.buy('2026-03-01 23:59:59', 0.1);
    await a.buy('2026-03-01 12:00:00', 0.2);
    await a.buy('2026-03-03 08:00:00'); // no prices: total 0, still an order
    await a.buy('2026-03-05 23:59:59', 50.5);
    await a.buy('2026-02-28 23:59:59', 999); // outside
    await a.buy('2026-03-06 00:00:00', 999); // outside
    const summary = await a.summary('?from=2026-03-01&to=2026-03-05&group_by=day');
    assert.deepEqual(summary, buckets(days('2026-03-01', 5), { '2026-03-01': [3, 100.3], '2026-03-03': [1, 0], '2026-03-05': [1, 50.5] }));
    // the same purchases as the listing with the same bounds
    const listed = expectOk(await t.get('/apiv3/purchases?from=2026-03-01&to=2026-03-05&limit=100', { key: a.key }));
    assert.equal(listed.length, summary.reduce((n: number, b: any) => n + b.orders, 0));
    const listedRevenue = listed.reduce((sum: number, p: any) => sum + p.prices.total, 0);
    assert.equal(summary.reduce((sum: number, b: any) => sum + b.revenue, 0).toFixed(6), listedRevenue.toFixed(6));
  });

  it('cuts days in UTC, and datetime bounds cut their first and last day', async () => {
    const a = await account();
    await a.buy('2026-03-01T23:30:00-03:00', 10); // 2026-03-02 02:30:00 UTC
    await a.buy('2026-03-02T00:30:00+02:00', 20); // 2026-03-01 22:30:00 UTC
    await a.buy('2026-03-02 18:00:00', 40);
    const whole = await a.summary('?from=2026-03-01&to=2026-03-02');
    assert.deepEqual(whole, buckets(['2026-03-01', '2026-03-02'], { '2026-03-01': [1, 20], '2026-03-02': [2, 50] }));
    // inclusive datetime bounds, ISO offsets converted to UTC, as GET /purchases reads them
    const cut = await a.summary(`?from=${encodeURIComponent('2026-03-01 22:30:00')}&to=${encodeURIComponent('2026-03-02T19:59:59+02:00')}`);
    assert.deepEqual(cut, buckets(['2026-03-01', '2026-03-02'], { '2026-03-01': [1, 20], '2026-03-02': [1, 10] }));
  });

  it('defaults to the 30 days ending today (UTC); from alone runs to today, to alone covers 30 days', async () => {
    const a = await account();
    await a.buy('2026-02-13 23:59:59', 1); // 30 days before today: outside the default range
    await a.buy('2026-02-14 00:00:00', 2);
    await a.buy('2026-03-15 11:00:00', 4);
    await a.buy('2026-03-15 23:00:00', 8); // later today (a connector's clock), still today
    const defaults = await a.summary();
    assert.deepEqual(defaults, buckets(days('2026-02-14', 30), { '2026-02-14': [1, 2], '2026-03-15': [2, 12] }));
    assert.deepEqual(await a.summary('?from=&to=&group_by=&branch_name='), defaults);
    const fromOnly = await a.summary('?from=2026-03-10');
    assert.deepEqual(fromOnly.map((b: any) => b.date), days('2026-03-10', 6));
    const toOnly = await a.summary('?to=2026-02-20');
    assert.deepEqual(toOnly, buckets(days('2026-01-22', 30), { '2026-02-13': [1, 1], '2026-02-14': [1, 2] }));
  });

  it('groups by UTC month with group_by=month, by default the 12 months ending this one', async () => {
    const a = await account();
    await a.buy('2025-03-31 23:59:59', 1); // before the default range
    await a.buy('2025-04-01 00:00:00', 2);
    await a.buy('2025-12-31 23:59:59', 4);
    await a.buy('2026-03-01 00:00:00', 8);
    await a.buy('2026-03-14 10:00:00', 16);
    const months = ['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'];
    assert.deepEqual(await a.summary('?group_by=month'), buckets(months, { '2025-04': [1, 2], '2025-12': [1, 4], '2026-03': [2, 24] }));
    assert.deepEqual(
      await a.summary('?group_by=month&from=2025-03-15&to=2025-04-30'),
      buckets(['2025-03', '2025-04'], { '2025-03': [1, 1], '2025-04': [1, 2] }),
    );
    // a bound inside a month cuts it
    assert.deepEqual(await a.summary('?group_by=month&from=2026-03-02&to=2026-03-31'), buckets(['2026-03'], { '2026-03': [1, 16] }));
  });

  it('counts the days and months of timezone: a purchase at 01:30 UTC is the day before in Buenos Aires', async () => {
    const a = await account();
    const zone = '&timezone=America/Argentina/Buenos_Aires';
    await a.buy('2026-03-01 02:59:59', 1); // 2026-02-28 23:59:59 there: outside
    await a.buy('2026-03-01 03:00:00', 2); // 2026-03-01 00:00:00 there
    await a.buy('2026-03-02 01:30:00', 4); // 2026-03-01 22:30 there
    await a.buy('2026-03-03 02:59:59', 8); // 2026-03-02 23:59:59 there
    await a.buy('2026-03-03 03:00:00', 16); // 2026-03-03 there: outside
    const range = '?from=2026-03-01&to=2026-03-02';
    assert.deepEqual(await a.summary(`${range}${zone}`), buckets(['2026-03-01', '2026-03-02'], { '2026-03-01': [2, 6], '2026-03-02': [1, 8] }));
    // without it (or with UTC, or empty) the days are UTC's, as before
    const utc = buckets(['2026-03-01', '2026-03-02'], { '2026-03-01': [2, 3], '2026-03-02': [1, 4] });
    assert.deepEqual(await a.summary(range), utc);
    assert.deepEqual(await a.summary(`${range}&timezone=UTC`), utc);
    assert.deepEqual(await a.summary(`${range}&timezone=`), utc);
    // datetime bounds stay instants; the days they cut are the zone's
    const cut = await a.summary(`?from=${encodeURIComponent('2026-03-01 03:00:01')}&to=${encodeURIComponent('2026-03-02T12:00:00-03:00')}${zone}`);
    assert.deepEqual(cut, buckets(['2026-03-01', '2026-03-02'], { '2026-03-01': [1, 4] }));
    // months: 2026-02-01 02:00 UTC is still January there; 2026-03-01 02:59:59 UTC still February
    await a.buy('2026-02-01 02:00:00', 32);
    await a.buy('2026-01-01 02:59:59', 64); // 2025-12-31 there: outside
    assert.deepEqual(
      await a.summary(`?group_by=month&from=2026-01-01&to=2026-02-28${zone}`),
      buckets(['2026-01', '2026-02'], { '2026-01': [1, 32], '2026-02': [1, 1] }),
    );
    // an offset that is not whole hours: India, UTC+5:30
    await a.buy('2026-03-05 18:29:59', 128);
    await a.buy('2026-03-05 18:30:00', 256);
    assert.deepEqual(
      await a.summary('?from=2026-03-05&to=2026-03-06&timezone=Asia/Kolkata'),
      buckets(['2026-03-05', '2026-03-06'], { '2026-03-05': [1, 128], '2026-03-06': [1, 256] }),
    );
  });

  it('follows daylight saving: in Madrid the last Sunday of March has 23 hours and that of October 25', async () => {
    const a = await account();
    const zone = '&timezone=Europe/Madrid';
    // 2025-03-30: clocks go from 02:00 (UTC+1) to 03:00 (UTC+2); the day runs 2025-03-29 23:00 to 2025-03-30 22:00 UTC
    await a.buy('2025-03-29 22:59:59', 1);
    await a.buy('2025-03-29 23:00:00', 2);
    await a.buy('2025-03-30 21:59:59', 4);
    await a.buy('2025-03-30 22:00:00', 8);
    assert.deepEqual(
      await a.summary(`?from=2025-03-29&to=2025-03-31${zone}`),
      buckets(['2025-03-29', '2025-03-30', '2025-03-31'], { '2025-03-29': [1, 1], '2025-03-30': [2, 6], '2025-03-31': [1, 8] }),
    );
    // 2025-10-26: clocks go back from 03:00 (UTC+2) to 02:00 (UTC+1); the day runs 2025-10-25 22:00 to 2025-10-26 23:00 UTC
    await a.buy('2025-10-25 21:59:59', 16);
    await a.buy('2025-10-25 22:00:00', 32);
    await a.buy('2025-10-26 22:59:59', 64);
    await a.buy('2025-10-26 23:00:00', 128);
    assert.deepEqual(
      await a.summary(`?from=2025-10-25&to=2025-10-27${zone}`),
      buckets(['2025-10-25', '2025-10-26', '2025-10-27'], { '2025-10-25': [1, 16], '2025-10-26': [2, 96], '2025-10-27': [1, 128] }),
    );
    // months across the change: April starts at 2025-03-31 22:00 UTC (UTC+2), March at 2025-02-28 23:00 UTC (UTC+1)
    await a.buy('2025-02-28 22:59:59', 256);
    await a.buy('2025-02-28 23:00:00', 512);
    await a.buy('2025-03-31 21:59:59', 1024);
    await a.buy('2025-03-31 22:00:00', 2048);
    assert.deepEqual(
      await a.summary(`?group_by=month&from=2025-02-01&to=2025-04-30${zone}`),
      buckets(['2025-02', '2025-03', '2025-04'], { '2025-02': [1, 256], '2025-03': [6, 1 + 2 + 4 + 8 + 512 + 1024], '2025-04': [1, 2048] }),
    );
  });

  it('defaults to the 30 days ending today in timezone', async () => {
    const a = await account();
    await a.buy('2026-03-15 02:00:00', 1); // 2026-03-14 23:00 in Buenos Aires
    t.clock.set('2026-03-15T02:30:00Z'); // still 2026-03-14 there
    try {
      const there = await a.summary('?timezone=America/Argentina/Buenos_Aires');
      assert.deepEqual(there, buckets(days('2026-02-13', 30), { '2026-03-14': [1, 1] }));
      const utc = await a.summary();
      assert.deepEqual(utc, buckets(days('2026-02-14', 30), { '2026-03-15': [1, 1] }));
      const months = await a.summary('?group_by=month&timezone=America/Argentina/Buenos_Aires');
      assert.deepEqual([months[0].date, months[11].date, months[11].orders], ['2025-04', '2026-03', 1]);
    } finally {
      t.clock.set('2026-03-15T12:00:00Z');
    }
  });

  it('answers 400 naming timezone when it is not an IANA zone', async () => {
    const a = await account();
    for (const zone of ['Mars/Olympus', 'Buenos Aires', '%2B01:00', 'GMT-3%20', `Europe/${'x'.repeat(64)}`]) {
      expectError(await t.get(`/apiv3/purchases/summary?timezone=${zone}`, { key: a.key }), 400, 'bad_request', /^timezone: /);
    }
    expectError(await t.get('/apiv3/purchases/summary?timezone=Mars/Olympus', { key: a.key }), 400, 'bad_request', /^timezone: must be an IANA time zone, e.g. UTC/);
  });

  it('filters by branch_name (case-insensitive); an unknown branch gives only zeros', async () => {
    const a = await account();
    await a.buy('2026-03-10 10:00:00', 5, { branch_name: 'Centro' });
    await a.buy('2026-03-10 11:00:00', 7, { branch_name: 'Norte' });
    await a.buy('2026-03-11 11:00:00', 9);
    const range = '?from=2026-03-10&to=2026-03-11';
    assert.deepEqual(await a.summary(`${range}&branch_name=%20centro%20`), buckets(['2026-03-10', '2026-03-11'], { '2026-03-10': [1, 5] }));
    assert.deepEqual(await a.summary(range), buckets(['2026-03-10', '2026-03-11'], { '2026-03-10': [2, 12], '2026-03-11': [1, 9] }));
    assert.deepEqual(await a.summary(`${range}&branch_name=nowhere`), buckets(['2026-03-10', '2026-03-11'], {}));
  });

  it('counts only the account\'s own purchases', async () => {
    const a = await account();
    const b = await account();
    await a.buy('2026-03-10 10:00:00', 5);
    await b.buy('2026-03-10 10:00:00', 7);
    await b.buy('2026-03-10 11:00:00', 7);
    assert.deepEqual(await a.summary('?from=2026-03-10&to=2026-03-10'), [{ date: '2026-03-10', orders: 1, revenue: 5 }]);
    assert.deepEqual(await b.summary('?from=2026-03-10&to=2026-03-10'), [{ date: '2026-03-10', orders: 2, revenue: 14 }]);
    expectError(await t.get('/apiv3/purchases/summary', { key: null }), 403, 'forbidden');
  });

  it('bounds the range: at most 366 days, or 120 months with group_by=month', async () => {
    const a = await account();
    assert.equal((await a.summary('?from=2024-01-01&to=2024-12-31')).length, 366);
    expectError(await t.get('/apiv3/purchases/summary?from=2024-01-01&to=2025-01-01', { key: a.key }), 400, 'bad_request', /^from: the range may cover at most 366 days/);
    expectError(await t.get('/apiv3/purchases/summary?from=2025-03-14', { key: a.key }), 400, 'bad_request', /^from: .*366 days/);
    assert.equal((await a.summary('?group_by=month&from=2016-04-30&to=2026-03-01')).length, 120);
    expectError(await t.get('/apiv3/purchases/summary?group_by=month&from=2016-03-31&to=2026-03-01', { key: a.key }), 400, 'bad_request', /^from: .*120 months/);
    assert.equal((await a.summary('?group_by=month&from=2016-04-01')).length, 120);
  });

  it('answers 400 naming the parameter for invalid input', async () => {
    const a = await account();
    const bad = async (query: string, pattern: RegExp) => expectError(await t.get(`/apiv3/purchases/summary?${query}`, { key: a.key }), 400, 'bad_request', pattern);
    await bad('from=2026-03-10&to=2026-03-09', /^from: must not be after to/);
    await bad('from=2026-04-01', /^from: must not be after to \(2026-03-15 23:59:59\)/);
    await bad('to=2026-02-30', /^to: must be a datetime/);
    await bad('from=01/03/2026', /^from: must be a datetime/);
    await bad('from=2026-03-01T10:00:00', /^from: /);
    await bad('group_by=week', /^group_by: must be one of/);
    await bad('group_by=DAY', /^group_by: /);
    await bad('group_by=day&group_by=month', /^group_by: /);
    await bad(`branch_name=${'x'.repeat(256)}`, /^branch_name: /);
    await bad(`from=${'2'.repeat(65)}`, /^from: /);
    // unknown parameters are ignored, as everywhere
    assert.equal((await a.summary('?from=2026-03-01&to=2026-03-02&service_uid=x')).length, 2);
  });

  it('does not take the path of GET /purchases/{id}', async () => {
    const a = await account();
    const purchase = await a.buy('2026-03-10 10:00:00', 5);
    assert.equal(expectOk(await t.get(`/apiv3/purchases/${purchase.id}`, { key: a.key })).id, purchase.id);
    assert.ok(Array.isArray(await a.summary()));
    assert.ok(Array.isArray(expectOk(await t.get('/apiv3/purchases/summary/', { key: a.key }))));
    expectError(await t.get('/apiv3/purchases/summaryx', { key: a.key }), 400, 'bad_request', /^id: /);
  });
});
