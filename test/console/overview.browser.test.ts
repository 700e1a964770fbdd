import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { createUser } from '../helpers/factories.js';
import { createPurchase } from '../helpers/purchases.js';
import { type ConsoleHarness, enDay, enMoment, enMonth, eventually, skipWithoutBrowser, startConsole } from './browser.js';

// The overview: one GET /account/summary (O10) fills every figure, where it used to read
// the listings page by page (~67 requests for four numbers). Checked in chromium against what the
// API answers for seeded data: the totals, the window's figures and their change on the previous
// window, and one chart point per day of the window (per month for 12 months).

const DAY = 86_400_000;
/** The UTC day `n` days before today, `YYYY-MM-DD`. */
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
/** The UTC days from `from` to `to`, both included. */
function daysFrom(from: string, to: string): string[] {
  const out: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY) out.push(new Date(at).toISOString().slice(0, 10));
  return out;
}
/** This UTC month and the `n` before it, oldest first, `YYYY-MM`. */
function lastMonths(n: number): string[] {
  const now = new Date();
  return Array.from({ length: n + 1 }, (_, i) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - n + i, 1)).toISOString().slice(0, 7));
}

/** A figure as the page writes it ("1,234.5", money "$1,234.50") as a number. */
const figure = async (locator: Locator) => Number(((await locator.textContent()) ?? '').replace(/[^\d.-]/g, ''));

/** Money as the console writes it in T5's default currency: "$280.75". */
const dollars = (value: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);

/** The rows of a chart's data table ("Show the data"): its cells' text. */
function chartRows(page: Page, testId: string): Promise<string[][]> {
  return page
    .getByTestId(testId)
    .locator('.chart-data tbody tr')
    .evaluateAll((rows) => rows.map((row) => Array.from((row as any).querySelectorAll('td'), (cell: any) => String(cell.textContent).trim())));
}

/** The page's calls to the API (path and query), recorded from before the page loads. */
function recordApiCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/apiv3/')) calls.push(`${request.method()} ${url.pathname}${url.search}`);
  });
  return calls;
}

const summaryCalls = (calls: string[]) => calls.filter((call) => call.startsWith('GET /apiv3/account/summary'));

/** Waits until the page shows no loading state and nothing busy. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => (globalThis as any).document.querySelector('main [role="status"].state-loading, main [aria-busy="true"]') === null);
}

describe('console in a browser: the overview on one GET /account/summary', { skip: skipWithoutBrowser() }, () => {
  let c: ConsoleHarness;
  before(async () => {
    c = await startConsole();
    const { t } = c;
    // Customers and ledger entries take their time from the server's clock; purchases and user
    // events carry their own. Two customers in the previous 30 days, three in these 30.
    try {
      t.clock.set(`${daysAgo(40)}T10:00:00Z`);
      await createUser(t, { points: 100 });
      await createUser(t, { points: 100 });
      t.clock.set(`${daysAgo(3)}T10:00:00Z`);
      await createUser(t);
      await createUser(t);
      const buyer = await createUser(t, { email: 'buyer@example.com' });
      assert.equal((await t.post(`/apiv3/users/${buyer.userapp_id}/points`, { concept: 'gift', points: 50 })).status, 200);
      assert.equal((await t.post(`/apiv3/users/${buyer.userapp_id}/points`, { concept: 'redeem', points: -20 })).status, 200);
      t.clock.set(null);
      for (const sku of ['P-1', 'P-2']) assert.equal((await t.post('/apiv3/products', { sku, name: `Product ${sku}`, price: 10 })).status, 200);
      await createPurchase(t, buyer, { createtime: `${daysAgo(1)} 09:00:00`, prices: { total: 120.5 } });
      await createPurchase(t, buyer, { createtime: `${daysAgo(1)} 18:30:00`, prices: { total: 30 } });
      await createPurchase(t, buyer, { createtime: `${daysAgo(10)} 12:00:00`, prices: { total: 50.25 } });
      await createPurchase(t, buyer, { createtime: `${daysAgo(35)} 12:00:00`, prices: { total: 80 } }); // the previous window
      assert.equal((await t.post('/apiv3/events', { name: 'visit' })).status, 200);
      for (const at of [daysAgo(2), daysAgo(2), daysAgo(0), daysAgo(45)]) {
        assert.equal((await t.post('/apiv3/user-events', { event: 'visit', service_uid: buyer.service_uid, datetime: `${at} 12:00:00` })).status, 200);
      }
      const segment = await t.post('/apiv3/segments', { title: 'Buyers', definition: { all: [{ field: 'email', op: 'eq', value: 'buyer@example.com' }] } });
      assert.equal(segment.status, 201, segment.text);
      assert.equal((await t.post('/apiv3/integration-stats', { customers: { created: 3, updated: 1 } })).status, 200);
    } finally {
      t.clock.set(null);
    }
  });
  after(() => c?.close());

  test('one call fills every figure: the totals, the 30 days against the 30 before, one chart point per day', async () => {
    const { page, done } = await c.open({ path: '/no-such-page' }); // signed in, on a page that reads nothing
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    const calls = recordApiCalls(page);
    await page.goto(c.url('/'));
    await page.getByTestId('overview-total-customers').waitFor();
    await settled(page);
    await page.waitForLoadState('networkidle');

    // Exactly one API call for the figures; the page's only other calls are the value groups, one page
    // of integration runs and, as on every load of the console, the account's settings (currency, zone,
    // locale) and, signed in with a key, what the key may do (its scope).
    assert.equal(summaryCalls(calls).length, 1, calls.join('\n'));
    assert.deepEqual(
      calls.map((call) => call.replace(/\?.*/, '')).sort(),
      ['GET /apiv3/account/access', 'GET /apiv3/account/settings', 'GET /apiv3/account/summary', 'GET /apiv3/account/value-groups', 'GET /apiv3/integration-stats'],
      calls.join('\n'),
    );
    const [asked] = summaryCalls(calls);
    const query = new URL(`http://x${asked!.slice('GET '.length)}`).searchParams;
    assert.deepEqual(Object.fromEntries(query), { from: daysAgo(29), to: daysAgo(0), group_by: 'day', timezone: 'UTC' });

    // What the API answers for the same window, and that it holds the seeded data (the purchases'
    // item SKU-1 is a product too).
    const answer = await c.t.get(`/apiv3/account/summary?${query}`);
    assert.equal(answer.status, 200, answer.text);
    const summary = answer.body.payload;
    assert.deepEqual(
      { customers: summary.totals.customers, products: summary.totals.products, purchases: summary.totals.purchases, revenue: summary.totals.revenue, user_events: summary.totals.user_events, segments: summary.totals.segments },
      { customers: 5, products: 3, purchases: 4, revenue: 280.75, user_events: 4, segments: 1 },
    );
    assert.deepEqual([summary.window.new_customers, summary.window.purchases, summary.window.user_events], [3, 3, 3]);
    assert.deepEqual([summary.previous.new_customers, summary.previous.purchases, summary.previous.user_events], [2, 1, 1]);

    for (const [key, value] of Object.entries(summary.totals)) {
      assert.equal(await figure(page.getByTestId(`overview-total-${key}`)), value, `total ${key}`);
    }
    for (const key of ['new_customers', 'purchases', 'revenue', 'points_issued', 'points_redeemed', 'user_events']) {
      const now = summary.window[key];
      const before = summary.previous[key];
      assert.equal(await figure(page.getByTestId(`overview-window-${key}`)), now, `window ${key}`);
      const shown = page.getByTestId(`overview-change-${key}`);
      assert.equal(await shown.getAttribute('data-direction'), now > before ? 'up' : now < before ? 'down' : 'same', `change of ${key}`);
      const previous = key === 'revenue' ? dollars(before) : before.toLocaleString('en-GB', { maximumFractionDigits: 2 });
      // The figure before in brackets, unless it is 0 ("up from 0" says it already).
      const bracket = before === 0 ? '' : ` \\(${previous.replace(/[.$]/g, '\\$&')}\\)`;
      assert.match((await shown.textContent()) ?? '', new RegExp(`on the previous 30 days${bracket}$`));
    }
    assert.match((await page.getByTestId('overview-change-purchases').textContent()) ?? '', /up 200% on the previous 30 days/);
    assert.match((await page.getByTestId('overview-change-new_customers').textContent()) ?? '', /up 50% on the previous 30 days/);
    assert.match((await page.getByTestId('overview-change-revenue').textContent()) ?? '', /up 151% on the previous 30 days \(\$80\.00\)/); // 200.75 on 80
    assert.match((await page.getByTestId('overview-change-points_redeemed').textContent()) ?? '', /up from 0 on the previous 30 days$/, 'zero said once');
    assert.equal(
      (await page.getByTestId('overview-window').textContent())?.trim(),
      `${enDay(summary.window.from)} to ${enDay(summary.window.to)}, compared with the previous 30 days: ${enDay(summary.previous.from)} to ${enDay(summary.previous.to)}.`,
    );

    // One chart point per day of the window, oldest first, each with the API's figures.
    const days = daysFrom(daysAgo(29), daysAgo(0));
    assert.equal(days.length, 30);
    assert.deepEqual(summary.series.map((b: any) => b.bucket), days);
    const activity = await chartRows(page, 'overview-activity-chart');
    assert.deepEqual(activity, summary.series.map((b: any) => [enDay(b.bucket), String(b.new_customers), String(b.purchases), String(b.user_events)]));
    const revenue = await chartRows(page, 'overview-revenue-chart');
    assert.deepEqual(revenue, summary.series.map((b: any) => [enDay(b.bucket), dollars(b.revenue)]));
    assert.equal(activity.find((row) => row[0] === enDay(daysAgo(1)))?.[2], '2', 'two purchases yesterday');
    await page.getByTestId('overview-revenue-chart').locator('canvas').first().waitFor(); // drawn

    // The latest integration runs, from their one call.
    await page.getByTestId('overview-latest-runs').getByRole('cell', { name: '4', exact: true }).first().waitFor();
    await done();
  });

  test('the range picker: 12 months asks by month (12 buckets), 7 days by day (7 buckets), one call each', async () => {
    const { page, done } = await c.open({ path: '/no-such-page' });
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    const calls = recordApiCalls(page);
    await page.goto(c.url('/'));
    await page.getByTestId('overview-total-customers').waitFor();
    await settled(page);
    assert.equal(summaryCalls(calls).length, 1);

    await page.getByRole('combobox', { name: /^Period/ }).selectOption('12m');
    const months = lastMonths(11);
    await eventually(async () => assert.deepEqual((await chartRows(page, 'overview-activity-chart')).map((row) => row[0]), months.map(enMonth)));
    assert.equal(new URL(page.url()).searchParams.get('range'), '12m');
    assert.equal(summaryCalls(calls).length, 2, calls.join('\n'));
    const asked = new URL(`http://x${summaryCalls(calls)[1]!.slice('GET '.length)}`).searchParams;
    assert.equal(asked.get('group_by'), 'month');
    assert.equal(asked.get('from'), `${months[0]}-01`);
    const byMonth = (await c.t.get(`/apiv3/account/summary?${asked}`)).body.payload;
    assert.deepEqual(await chartRows(page, 'overview-revenue-chart'), byMonth.series.map((b: any) => [enMonth(b.bucket), dollars(b.revenue)]));
    await page.getByRole('heading', { level: 2, name: 'Last 12 months' }).waitFor();
    await page.getByText('Revenue per month', { exact: true }).waitFor();

    await page.getByRole('combobox', { name: /^Period/ }).selectOption('7d');
    await eventually(async () => assert.deepEqual((await chartRows(page, 'overview-activity-chart')).map((row) => row[0]), daysFrom(daysAgo(6), daysAgo(0)).map(enDay)));
    assert.equal(summaryCalls(calls).length, 3);
    const week = (await c.t.get(`/apiv3/account/summary?from=${daysAgo(6)}&to=${daysAgo(0)}&group_by=day`)).body.payload;
    assert.equal(await figure(page.getByTestId('overview-window-purchases')), week.window.purchases);
    assert.match((await page.getByTestId('overview-change-purchases').textContent()) ?? '', /on the previous 7 days/);
    await done();
  });

  test('value groups (U14): the six groups with customers and revenue, a refresh button, and the group on the customer\'s page', async () => {
    const { page, done } = await c.open({ path: '/' });
    const table = page.getByTestId('overview-value-groups');
    await table.waitFor();
    const rows = () => table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from((tr as any).querySelectorAll('td'), (td: any) => String(td.textContent).trim())));
    assert.deepEqual((await rows()).map((row) => row[0]), ['Champions', 'Loyal', 'Promising', 'At risk', 'Hibernating', 'Regular']);
    // The only buyer (four purchases in the last 365 days, 280.75) is alone: every score 1, hibernating.
    await page.getByTestId('value-groups-refresh').click();
    await eventually(async () => assert.deepEqual((await rows()).find((row) => row[0] === 'Hibernating'), ['Hibernating', '1', '$280.75']));
    const answer = (await c.t.get('/apiv3/account/value-groups')).body.payload;
    assert.deepEqual(await rows(), answer.groups.map((g: any) => [g.value_group === 'at_risk' ? 'At risk' : g.value_group[0].toUpperCase() + g.value_group.slice(1), String(g.customers), dollars(g.revenue)]));
    assert.match((await page.getByTestId('value-groups-computed-at').textContent()) ?? '', new RegExp(`computed ${enMoment(answer.computed_at)}`));
    await page.getByTestId('value-groups-refresh').getByText('Recompute now').waitFor();

    const buyer = (await c.t.get('/apiv3/multiusers/find?email=buyer%40example.com')).body.payload;
    const id = Array.isArray(buyer) ? buyer[0].userapp_id : buyer.userapp_id;
    await page.goto(c.url(`/customers/${id}`));
    await page.getByTestId('customer-value-group').waitFor();
    assert.equal((await page.getByTestId('customer-value-group').textContent())?.trim(), 'Hibernating');
    for (const score of ['recency', 'frequency', 'monetary']) assert.equal((await page.getByTestId(`customer-value-${score}`).textContent())?.trim(), '1');
    await done();
  });

  test("a refused summary is said in the console's words, without echoing the API's", async () => {
    const refused = await c.t.get('/apiv3/account/summary?from=2025-01-01&to=2026-03-31');
    assert.equal(refused.status, 400);
    const { page, done } = await c.open({ path: '/no-such-page' });
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    // The page asks only for ranges the API takes: the API's 400 for a longer one, played back.
    await page.route('**/apiv3/account/summary**', (route) => route.fulfill({ status: 400, contentType: 'application/json', body: refused.text }));
    await page.goto(c.url('/'));
    const alert = page.getByRole('main').getByRole('alert');
    await alert.waitFor();
    assert.equal((await alert.locator('.error-text').textContent())?.trim(), 'From: Choose a shorter period: at most 366 days.');
    assert.equal(await alert.getByTestId('error-detail').count(), 0, 'the API’s wording is not echoed');
    await alert.getByRole('button', { name: 'Try again' }).waitFor();
    await done();
  });
});
