import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';
import { createPurchase } from '../helpers/purchases.js';

// O10: GET /account/summary. Totals, a window of whole days (UTC's, or those of `timezone`), the window of equal length just
// before it, and every bucket of the window; each test on an account of its own. "Today" is the
// test clock's: users and ledger entries take their time from it, purchases and user events carry
// their own.

const t = await buildTestApp();
const TODAY = '2026-03-15T12:00:00Z';
t.clock.set(TODAY);

let sequence = 0;

async function account() {
  const { key } = await t.newAccount();
  sequence += 1;
  const eventName = `visit-${sequence}`;
  assert.equal((await t.post('/apiv3/events', { name: eventName }, { key })).status, 200);
  /** A customer created at `at` (the clock's time then). */
  const customer = async (at: string) => {
    t.clock.set(at);
    try {
      return await createUser(t, {}, { key });
    } finally {
      t.clock.set(TODAY);
    }
  };
  const movePoints = async (user: { userapp_id: number }, at: string, points: number) => {
    t.clock.set(at);
    try {
      expectOk(await t.post(`/apiv3/users/${user.userapp_id}/points`, { concept: points > 0 ? 'gift' : 'redeem', points }, { key }));
    } finally {
      t.clock.set(TODAY);
    }
  };
  const buy = (user: { service_uid: string }, createtime: string, total?: number, fields: Record<string, unknown> = {}) =>
    createPurchase(t, user, { createtime, ...(total === undefined ? {} : { prices: { total } }), ...fields }, { key });
  const visit = async (user: { service_uid: string }, datetime: string) =>
    expectOk(await t.post('/apiv3/user-events', { event: eventName, service_uid: user.service_uid, datetime }, { key }));
  const summary = async (query = '') => expectOk(await t.get(`/apiv3/account/summary${query}`, { key }));
  return { key, customer, movePoints, buy, visit, summary };
}

function days(from: string, count: number): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(start + i * 86_400_000).toISOString().slice(0, 10));
}

type Bucket = { new_customers?: number; purchases?: number; revenue?: number; user_events?: number };

/** The expected series: every key, those not in `filled` with zeros. */
function series(keys: string[], filled: Record<string, Bucket> = {}) {
  return keys.map((bucket) => ({ bucket, new_customers: 0, purchases: 0, revenue: 0, user_events: 0, ...filled[bucket] }));
}

const NO_FIGURES = { new_customers: 0, purchases: 0, revenue: 0, points_issued: 0, points_redeemed: 0, user_events: 0 };

describe('GET /account/summary', () => {
  it('answers the totals, the window, the previous window and every day of the window', async () => {
    const a = await account();
    await a.customer('2026-03-04T10:00:00Z'); // before both windows: totals only
    const early = await a.customer('2026-03-05T00:00:00Z'); // the previous window's first instant
    await a.movePoints(early, '2026-03-05T00:00:00Z', 100);
    const buyer = await a.customer('2026-03-10T00:00:00Z'); // the window's first instant
    await a.customer('2026-03-14T23:59:59Z'); // the window's last instant
    await a.customer('2026-03-15T01:00:00Z'); // after the window
    await a.movePoints(early, '2026-03-09T23:59:59Z', -30);
    await a.movePoints(buyer, '2026-03-12T08:00:00Z', 50);
    await a.movePoints(buyer, '2026-03-12T09:00:00Z', -20);

    await a.buy(buyer, '2026-03-04 23:59:59', 2); // before both windows
    await a.buy(buyer, '2026-03-09 23:59:59', 5); // previous window
    await a.buy(buyer, '2026-03-10 00:00:00', 100.1);
    t.clock.set('2026-03-12T10:00:00Z'); // the credit of its points is a ledger entry of that day
    await a.buy(buyer, '2026-03-12T20:00:00-03:00', 0.2, { points: 7 }); // 2026-03-12 23:00:00 UTC
    t.clock.set(TODAY);
    await a.buy(buyer, '2026-03-15 00:00:00', 1000); // after the window

    await a.visit(buyer, '2026-03-06 00:00:00');
    await a.visit(buyer, '2026-03-11 10:00:00');
    await a.visit(buyer, '2026-03-11T23:59:59Z');
    await a.visit(buyer, '2026-03-20 00:00:00'); // a connector's clock ahead: totals only

    const summary = await a.summary('?from=2026-03-10&to=2026-03-14');
    assert.deepEqual(summary, {
      totals: { customers: 5, products: 1, purchases: 5, revenue: 1107.3, points_balance: 70 + 37, user_events: 4, segments: 0 },
      window: { from: '2026-03-10', to: '2026-03-14', new_customers: 2, purchases: 2, revenue: 100.3, points_issued: 57, points_redeemed: 20, user_events: 2 },
      previous: { from: '2026-03-05', to: '2026-03-09', new_customers: 1, purchases: 1, revenue: 5, points_issued: 100, points_redeemed: 30, user_events: 1 },
      series: series(days('2026-03-10', 5), {
        '2026-03-10': { new_customers: 1, purchases: 1, revenue: 100.1 },
        '2026-03-11': { user_events: 2 },
        '2026-03-12': { purchases: 1, revenue: 0.2 },
        '2026-03-14': { new_customers: 1 },
      }),
    });
    // the totals agree with the listings
    assert.equal(expectOk(await t.get('/apiv3/users?limit=100', { key: a.key })).length, summary.totals.customers);
    assert.equal(expectOk(await t.get('/apiv3/purchases?limit=100', { key: a.key })).length, summary.totals.purchases);
    const windowPurchases = expectOk(await t.get('/apiv3/purchases?from=2026-03-10&to=2026-03-14&limit=100', { key: a.key }));
    assert.equal(windowPurchases.length, summary.window.purchases);
  });

  it('defaults to the 30 UTC days ending today; from alone runs to today, to alone covers 30 days', async () => {
    const a = await account();
    const user = await a.customer('2026-02-13T23:59:59Z');
    await a.buy(user, '2026-02-13 23:59:59', 1); // the day before the default window: previous
    await a.buy(user, '2026-02-14 00:00:00', 2);
    await a.buy(user, '2026-03-15 23:00:00', 4); // later today, still today

    const defaults = await a.summary();
    assert.deepEqual(defaults.window, { ...NO_FIGURES, from: '2026-02-14', to: '2026-03-15', purchases: 2, revenue: 6 });
    assert.deepEqual(defaults.previous, { ...NO_FIGURES, from: '2026-01-15', to: '2026-02-13', new_customers: 1, purchases: 1, revenue: 1 });
    assert.deepEqual(defaults.series, series(days('2026-02-14', 30), { '2026-02-14': { purchases: 1, revenue: 2 }, '2026-03-15': { purchases: 1, revenue: 4 } }));
    // empty parameters are absent (G7)
    assert.deepEqual(await a.summary('?from=&to=&group_by='), defaults);

    const fromOnly = await a.summary('?from=2026-03-10');
    assert.deepEqual([fromOnly.window.from, fromOnly.window.to], ['2026-03-10', '2026-03-15']);
    assert.deepEqual(fromOnly.series.map((b: any) => b.bucket), days('2026-03-10', 6));
    assert.deepEqual([fromOnly.previous.from, fromOnly.previous.to], ['2026-03-04', '2026-03-09']);

    const toOnly = await a.summary('?to=2026-02-20');
    assert.deepEqual([toOnly.window.from, toOnly.window.to], ['2026-01-22', '2026-02-20']);
    assert.equal(toOnly.series.length, 30);
    assert.equal(toOnly.window.purchases, 2);

    // "today" is the UTC day: late in the evening west of Greenwich it is already tomorrow
    t.clock.set('2026-03-15T23:30:00-03:00');
    try {
      const tomorrow = await a.summary();
      assert.deepEqual([tomorrow.window.from, tomorrow.window.to], ['2026-02-15', '2026-03-16']);
    } finally {
      t.clock.set(TODAY);
    }
  });

  it('groups the series by UTC month with group_by=month, the first and last months cut by the window', async () => {
    const a = await account();
    const user = await a.customer('2025-12-01T00:00:00Z');
    await a.buy(user, '2026-01-14 23:59:59', 1); // the day before the window: previous
    await a.buy(user, '2026-01-15 00:00:00', 2);
    await a.buy(user, '2026-02-10 10:00:00', 4);
    await a.buy(user, '2026-02-28 23:59:59', 8);
    await a.buy(user, '2026-03-14 23:59:59', 16);
    await a.buy(user, '2026-03-15 00:00:00', 32); // the day after the window
    await a.visit(user, '2026-02-01 00:00:00');

    const months = await a.summary('?from=2026-01-15&to=2026-03-14&group_by=month');
    assert.deepEqual(
      months.series,
      series(['2026-01', '2026-02', '2026-03'], {
        '2026-01': { purchases: 1, revenue: 2 },
        '2026-02': { purchases: 2, revenue: 12, user_events: 1 },
        '2026-03': { purchases: 1, revenue: 16 },
      }),
    );
    // the window and the previous one are days whatever the grouping: 59 days, and the 59 before
    assert.deepEqual(months.window, { ...NO_FIGURES, from: '2026-01-15', to: '2026-03-14', purchases: 4, revenue: 30, user_events: 1 });
    assert.deepEqual(months.previous, { ...NO_FIGURES, from: '2025-11-17', to: '2026-01-14', new_customers: 1, purchases: 1, revenue: 1 });
    const byDay = await a.summary('?from=2026-01-15&to=2026-03-14');
    assert.deepEqual([byDay.window, byDay.previous, byDay.totals], [months.window, months.previous, months.totals]);
    assert.equal(byDay.series.length, 59);

    // the default window by month: the two months it touches
    const defaults = await a.summary('?group_by=month');
    assert.deepEqual(defaults.series.map((b: any) => b.bucket), ['2026-02', '2026-03']);
    assert.deepEqual(defaults.series[0], { bucket: '2026-02', new_customers: 0, purchases: 1, revenue: 8, user_events: 0 }); // from 2026-02-14
    // a year by month: 13 months, every one present
    const year = await a.summary('?from=2025-03-16&to=2026-03-15&group_by=month');
    assert.equal(year.series.length, 13);
    assert.deepEqual([year.series[0].bucket, year.series[12].bucket], ['2025-03', '2026-03']);
    assert.equal(year.series.reduce((n: number, b: any) => n + b.purchases, 0), 6);
  });

  it('counts the days of timezone: the window, the previous window and the series', async () => {
    const a = await account();
    const zone = '&timezone=America/Argentina/Buenos_Aires';
    const user = await a.customer('2026-03-10T02:00:00Z'); // 2026-03-09 23:00 there: previous window
    await a.movePoints(user, '2026-03-10T03:00:00Z', 10); // 2026-03-10 00:00 there
    await a.buy(user, '2026-03-05 02:59:59', 1); // 2026-03-04 there: before both windows
    await a.buy(user, '2026-03-05 03:00:00', 2); // the previous window's first instant there
    await a.buy(user, '2026-03-11 01:30:00', 4); // 2026-03-10 22:30 there
    await a.buy(user, '2026-03-15 02:59:59', 8); // 2026-03-14 23:59:59 there: the window's last second
    await a.buy(user, '2026-03-15 03:00:00', 16); // 2026-03-15 there: after the window
    await a.visit(user, '2026-03-12 01:30:00'); // 2026-03-11 there

    const there = await a.summary(`?from=2026-03-10&to=2026-03-14${zone}`);
    assert.deepEqual(there.window, { ...NO_FIGURES, from: '2026-03-10', to: '2026-03-14', purchases: 2, revenue: 12, points_issued: 10, user_events: 1 });
    assert.deepEqual(there.previous, { ...NO_FIGURES, from: '2026-03-05', to: '2026-03-09', new_customers: 1, purchases: 1, revenue: 2 });
    assert.deepEqual(
      there.series,
      series(days('2026-03-10', 5), { '2026-03-10': { purchases: 1, revenue: 4 }, '2026-03-11': { user_events: 1 }, '2026-03-14': { purchases: 1, revenue: 8 } }),
    );
    // without it (or with UTC) the days are UTC's, as before
    const utc = await a.summary('?from=2026-03-10&to=2026-03-14');
    assert.deepEqual(utc.window, { ...NO_FIGURES, from: '2026-03-10', to: '2026-03-14', new_customers: 1, purchases: 1, revenue: 4, points_issued: 10, user_events: 1 });
    assert.deepEqual(utc.previous, { ...NO_FIGURES, from: '2026-03-05', to: '2026-03-09', purchases: 2, revenue: 3 });
    assert.deepEqual(await a.summary('?from=2026-03-10&to=2026-03-14&timezone=UTC'), utc);

    // months of the zone
    const months = await a.summary(`?from=2026-02-01&to=2026-03-14&group_by=month${zone}`);
    assert.deepEqual(
      months.series,
      series(['2026-02', '2026-03'], { '2026-03': { new_customers: 1, purchases: 4, revenue: 15, user_events: 1 } }),
    );

    // the default window ends today there: at 02:30 UTC on the 15th it is still the 14th
    t.clock.set('2026-03-15T02:30:00Z');
    try {
      const defaults = await a.summary(`?${zone.slice(1)}`);
      assert.deepEqual([defaults.window.from, defaults.window.to], ['2026-02-13', '2026-03-14']);
      assert.deepEqual([(await a.summary()).window.to], ['2026-03-15']);
    } finally {
      t.clock.set(TODAY);
    }
  });

  it('follows daylight saving: a day of 23 hours and one of 25 in Madrid', async () => {
    const a = await account();
    const user = await a.customer('2025-01-01T00:00:00Z');
    // 2025-03-30 runs 2025-03-29 23:00 to 2025-03-30 22:00 UTC; 2025-10-26 runs 2025-10-25 22:00 to 2025-10-26 23:00 UTC
    for (const [at, total] of [
      ['2025-03-29 22:59:59', 1],
      ['2025-03-29 23:00:00', 2],
      ['2025-03-30 21:59:59', 4],
      ['2025-03-30 22:00:00', 8],
      ['2025-10-25 21:59:59', 16],
      ['2025-10-25 22:00:00', 32],
      ['2025-10-26 22:59:59', 64],
      ['2025-10-26 23:00:00', 128],
    ] as const) {
      await a.buy(user, at, total);
    }
    const march = await a.summary('?from=2025-03-30&to=2025-03-30&timezone=Europe/Madrid');
    assert.deepEqual(march.series, series(['2025-03-30'], { '2025-03-30': { purchases: 2, revenue: 6 } }));
    assert.deepEqual(march.previous, { ...NO_FIGURES, from: '2025-03-29', to: '2025-03-29', purchases: 1, revenue: 1 });
    const october = await a.summary('?from=2025-10-26&to=2025-10-26&timezone=Europe/Madrid');
    assert.deepEqual(october.series, series(['2025-10-26'], { '2025-10-26': { purchases: 2, revenue: 96 } }));
    assert.deepEqual(october.previous, { ...NO_FIGURES, from: '2025-10-25', to: '2025-10-25', purchases: 1, revenue: 16 });
    // 2025-03-30 22:00 UTC is 2025-03-31 00:00 there: still March
    const year = await a.summary('?from=2025-03-01&to=2025-10-31&group_by=month&timezone=Europe/Madrid');
    assert.deepEqual(year.series.map((b: any) => [b.bucket, b.purchases]), [
      ['2025-03', 4], ['2025-04', 0], ['2025-05', 0], ['2025-06', 0], ['2025-07', 0], ['2025-08', 0], ['2025-09', 0], ['2025-10', 4],
    ]);
  });

  it('answers 400 naming timezone when it is not an IANA zone', async () => {
    for (const zone of ['Mars/Olympus', 'Buenos Aires', '%2B01:00', `Europe/${'x'.repeat(64)}`]) {
      expectError(await t.get(`/apiv3/account/summary?timezone=${zone}`), 400, 'bad_request', /^timezone: /);
    }
    expectError(await t.get('/apiv3/account/summary?timezone=Mars/Olympus'), 400, 'bad_request', /^timezone: must be an IANA time zone, e.g. UTC/);
  });

  it('answers at most 366 days; more is 400 naming from', async () => {
    const a = await account();
    const user = await a.customer('2024-03-14T00:00:00Z');
    await a.buy(user, '2024-03-14 00:00:00', 3); // the first day of the previous window

    const leapYear = await a.summary('?from=2025-03-15&to=2026-03-15');
    assert.equal(leapYear.series.length, 366);
    assert.deepEqual([leapYear.series[0].bucket, leapYear.series[365].bucket], ['2025-03-15', '2026-03-15']);
    assert.deepEqual(leapYear.previous, { ...NO_FIGURES, from: '2024-03-14', to: '2025-03-14', new_customers: 1, purchases: 1, revenue: 3 });

    for (const query of ['?from=2025-03-14&to=2026-03-15', '?from=2025-03-14&to=2026-03-15&group_by=month', '?from=2025-03-14']) {
      expectError(await t.get(`/apiv3/account/summary${query}`, { key: a.key }), 400, 'bad_request', /^from: the window may cover at most 366 days; 2025-03-14 to 2026-03-15 covers 367$/);
    }
  });

  it('answers 400 naming the parameter for dates that are not whole days, from after to, and an unknown group_by', async () => {
    const cases: Array<[string, RegExp]> = [
      ['?from=2026-03-10&to=2026-03-09', /^from: must not be after to \(2026-03-09\)$/],
      ['?from=2026-03-16', /^from: must not be after to \(2026-03-15\)$/], // after today, the default to
      ['?from=2026-02-30', /^from: must be a date YYYY-MM-DD$/],
      [`?from=${encodeURIComponent('2026-03-01 10:00:00')}`, /^from: must be a date YYYY-MM-DD$/],
      ['?from=2026-03-01T00:00:00Z', /^from: must be a date YYYY-MM-DD$/],
      ['?to=yesterday', /^to: must be a date YYYY-MM-DD$/],
      ['?group_by=week', /^group_by: must be one of/],
      [`?from=${'9'.repeat(65)}`, /^from: /],
    ];
    for (const [query, message] of cases) {
      expectError(await t.get(`/apiv3/account/summary${query}`), 400, 'bad_request', message);
    }
  });

  it('counts only the account\'s own data', async () => {
    const a = await account();
    const b = await account();
    const user = await a.customer('2026-03-10T00:00:00Z');
    await a.movePoints(user, '2026-03-10T08:00:00Z', 40);
    await a.buy(user, '2026-03-10 12:00:00', 9.5);
    await a.visit(user, '2026-03-10 12:00:00');
    const empty = await b.summary('?from=2026-03-10&to=2026-03-10');
    assert.deepEqual(empty, {
      totals: { customers: 0, products: 0, purchases: 0, revenue: 0, points_balance: 0, user_events: 0, segments: 0 },
      window: { ...NO_FIGURES, from: '2026-03-10', to: '2026-03-10' },
      previous: { ...NO_FIGURES, from: '2026-03-09', to: '2026-03-09' },
      series: series(['2026-03-10']),
    });
    const own = await a.summary('?from=2026-03-10&to=2026-03-10');
    assert.deepEqual(own.totals, { customers: 1, products: 1, purchases: 1, revenue: 9.5, points_balance: 40, user_events: 1, segments: 0 });
    assert.deepEqual(own.window, { from: '2026-03-10', to: '2026-03-10', new_customers: 1, purchases: 1, revenue: 9.5, points_issued: 40, points_redeemed: 0, user_events: 1 });
  });

  it('needs a key', async () => {
    expectError(await t.get('/apiv3/account/summary', { key: null }), 403, 'forbidden');
  });
});
