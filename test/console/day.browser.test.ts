import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { type ConsoleHarness, eventually, skipWithoutBrowser, startConsole, withSettings } from './browser.js';

// A day at the console as a marketing or support person spends it (issue 33): the segment builder
// offers the account's categories, branches and options by name and warns of a value no record
// has; the customer list has its total, sorts, exports its search with a BOM, and a customer is
// opened or given a benefit by name; money is written in the account's currency with two decimals
// and a decimal comma is read where its locale writes one; figures never wrap mid-number; dark mode
// reads at WCAG AA.

/**
 * Every visible piece of text whose contrast against what is behind it is under WCAG AA (4.5:1, 3:1
 * for large text): axe's color-contrast rule, computed from chromium's styles (axe-core itself is not
 * among the project's packages). Disabled controls are exempt, as in WCAG.
 */
const LOW_CONTRAST = `(() => {
  const parse = (value) => {
    const srgb = /color\\(srgb ([\\d.e-]+) ([\\d.e-]+) ([\\d.e-]+)(?: \\/ ([\\d.e-]+))?\\)/.exec(value);
    if (srgb) return [Number(srgb[1]), Number(srgb[2]), Number(srgb[3]), srgb[4] === undefined ? 1 : Number(srgb[4])];
    const rgb = /rgba?\\(([\\d.]+),? ([\\d.]+),? ([\\d.]+)(?:[,\\/] ?([\\d.]+))?\\)/.exec(value);
    if (!rgb) return null;
    return [rgb[1] / 255, rgb[2] / 255, rgb[3] / 255, rgb[4] === undefined ? 1 : Number(rgb[4])];
  };
  const over = (top, bottom) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3]));
  const lin = (v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  const luminance = (c) => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  const backdrop = (element) => {
    const layers = [];
    for (let e = element; e; e = e.parentElement) {
      const colour = parse(getComputedStyle(e).backgroundColor);
      if (colour && colour[3] > 0) layers.push(colour);
      if (colour && colour[3] === 1) break;
    }
    let behind = parse(getComputedStyle(document.documentElement).backgroundColor) || [1, 1, 1, 1];
    if (behind[3] < 1) behind = [1, 1, 1, 1];
    let result = behind.slice(0, 3);
    for (const layer of layers.reverse()) result = over(layer, result);
    return result;
  };
  const low = [];
  for (const element of document.querySelectorAll('body *')) {
    const own = [...element.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim() !== '');
    if (!own) continue;
    if (element.closest('[disabled], [aria-hidden="true"], .visually-hidden, option, svg, canvas')) continue;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
    const colour = parse(style.color);
    if (!colour) continue;
    const background = backdrop(element);
    const text = over(colour, background);
    const [a, b] = [luminance(text), luminance(background)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    const size = parseFloat(style.fontSize);
    const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
    if (ratio < (large ? 3 : 4.5)) low.push(element.tagName.toLowerCase() + '.' + element.className + ' "' + element.textContent.trim().slice(0, 40) + '": ' + ratio.toFixed(2) + ':1 (' + style.color + ')');
  }
  return low;
})()`;

/** Figures that wrap onto a second line or stick out of their box: "142,387 / .5". */
const BROKEN_FIGURES = `(() => {
  const out = [];
  for (const element of document.querySelectorAll('.card .figure, td.num, .list-total strong, .segment-count strong')) {
    const style = getComputedStyle(element);
    const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.45;
    const range = document.createRange();
    range.selectNodeContents(element);
    // The figure's own text (a stacked cell's column name, drawn before it on a phone, may wrap).
    const rects = [...range.getClientRects()];
    const lines = new Set(rects.map((r) => Math.round(r.top))).size;
    if (lines > 1 || element.scrollWidth > element.clientWidth + 0.5 || rects.some((r) => r.height > line * 1.6)) out.push(element.textContent.trim() + ' (' + lines + ' lines, ' + element.scrollWidth + ' > ' + element.clientWidth + ')');
  }
  return out;
})()`;

/** Each select of the element whose chosen option's text is wider than the select shows ("Number of purch"). */
const CUT_SELECTS = `(root) => {
  const canvas = document.createElement('canvas').getContext('2d');
  const cut = [];
  for (const select of root.querySelectorAll('select:not([multiple])')) {
    const style = getComputedStyle(select);
    canvas.font = style.font;
    const text = select.options[select.selectedIndex]?.text ?? '';
    const needed = canvas.measureText(text).width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight) + 16;
    if (select.clientWidth < needed) cut.push(text + ': ' + select.clientWidth + ' < ' + Math.ceil(needed));
  }
  return cut;
}`;

const settled = (page: Page) => page.waitForFunction(() => (globalThis as any).document.querySelector('main [role="status"].state-loading, main [aria-busy="true"]') === null);

describe('console in a browser: a day of marketing and support', { skip: skipWithoutBrowser() }, () => {
  let c: ConsoleHarness;
  const ids: Record<string, number> = {};
  before(async () => {
    c = await startConsole();
    const { t } = c;
    const ok = async (response: Promise<{ status: number; text: string; body: any }>) => {
      const answer = await response;
      assert.ok(answer.status === 200 || answer.status === 201, answer.text);
      return answer.body.payload;
    };
    await ok(t.post('/apiv3/categories', { code: 'calzado', name: 'Calzado' }));
    await ok(t.post('/apiv3/categories', { code: 'zapatillas', name: 'Zapatillas', parent_code: 'calzado' }));
    await ok(t.post('/apiv3/categories', { code: 'hogar', name: 'Hogar' }));
    await ok(t.post('/apiv3/branches', { name: 'Palermo' }));
    await ok(t.post('/apiv3/branches', { name: 'Centro' }));
    await ok(t.post('/apiv3/events', { name: 'newsletter-signup' }));
    await ok(
      t.post('/apiv3/account/custom-attributes', {
        label: 'Level',
        name: 'level',
        field_type: 'select',
        data_type: 'string',
        options: [
          { value: 'gold', text: 'Gold' },
          { value: 'silver', text: 'Silver' },
          { value: 'bronze', text: 'Bronze' },
        ],
      }),
    );
    await ok(t.post('/apiv3/products', { sku: 'Z-1', name: 'Zapatilla', price: 46052.1, category: [{ id: 'calzado', name: 'Calzado' }, { id: 'zapatillas', name: 'Zapatillas' }] }));
    const people = [
      { key: 'jose', service_uid: 'day-1', email: 'jose.perez@example.com', first_name: 'José', last_name: 'Pérez', points: 300, custom_attributes: { level: 'gold' } },
      { key: 'josefina', service_uid: 'day-2', email: 'josefina@example.com', first_name: 'Josefina', last_name: 'Díaz', points: 100, custom_attributes: { level: 'silver' } },
      { key: 'ana', service_uid: 'day-3', email: 'ana.zapata@example.com', first_name: 'Ana', last_name: 'Zapata', points: 500 },
      { key: 'bruno', service_uid: 'day-4', email: 'bruno@example.com', first_name: 'Bruno', last_name: 'Álvarez', points: 50 },
    ];
    for (const { key, ...person } of people) ids[key] = (await ok(t.post('/apiv3/users', person))).userapp_id;
    await ok(
      t.post('/apiv3/purchases', {
        invoice_number: 'F-1',
        service_uid: 'day-1',
        branch_name: 'Palermo',
        prices: { gross: 46052.1, total: 46052.1 },
        purchase_detail: [{ sku: 'Z-1', product_name: 'Zapatilla', quantity: 1, unit_price: 46052.1 }],
      }),
    );
    const year = new Date().getUTCFullYear();
    ids.benefit = (await ok(t.post('/apiv3/benefits', { title: 'Cinema ticket', startdate: `${year - 1}-01-01`, enddate: `${year + 1}-12-31`, points: 100, status: '1' }))).id;
  });
  after(() => c?.close());

  test('the segment builder offers categories, branches and a select attribute’s options by name, and warns of a value no record has', async () => {
    const { page, done } = await c.open({ path: '/segments/new' });
    const first = page.getByRole('group', { name: 'Condition 1', exact: true });
    await first.waitFor();
    await first.getByLabel('Field').selectOption({ label: 'Purchases' });
    const category = first.getByLabel('Category');
    assert.deepEqual(await category.locator('option').allTextContents(), ['Any category', 'Calzado', 'Calzado › Zapatillas', 'Hogar']);
    await category.selectOption({ label: 'Calzado' });
    const branch = first.getByLabel('Branch');
    assert.deepEqual(await branch.locator('option').allTextContents(), ['Any branch', 'Centro', 'Palermo']);
    await branch.selectOption({ label: 'Palermo' });
    await first.getByLabel('Operator').selectOption('gte');
    await first.getByLabel('Value').fill('1');
    await eventually(async () => assert.equal(await page.getByTestId('segment-preview-count').textContent(), '1'));
    assert.equal(await page.getByTestId('value-warning').count(), 0);
    // No label or chosen option is cut: "Number of purchases", "In the last … days".
    await first.getByLabel('When').selectOption('last');
    assert.deepEqual(await page.evaluate(`(${CUT_SELECTS})(document.querySelector('[data-testid="segment-condition"]'))`), []);

    // A select attribute: its options, not a text box.
    await first.getByLabel('Field').selectOption({ label: 'Level' });
    const value = first.getByLabel('Value');
    assert.equal(await value.evaluate((element: any) => element.tagName), 'SELECT');
    assert.deepEqual(await value.locator('option').allTextContents(), ['Choose one', 'Gold', 'Silver', 'Bronze']);
    await value.selectOption({ label: 'Gold' });
    await eventually(async () => assert.equal(await page.getByTestId('segment-preview-count').textContent(), '1'));

    // A segment saved with the catalogue's name for a code and a branch in lower case: said, not silent.
    const saved = await c.t.post('/apiv3/segments', {
      title: 'Typed by hand',
      definition: {
        all: [
          { purchases: { category: 'Calzado' }, measure: 'count', op: 'gte', value: 1 },
          { purchases: { branch_name: 'palermo' }, measure: 'count', op: 'gte', value: 1 },
          { field: 'custom_attributes.level', op: 'eq', value: 'platinum' },
        ],
      },
    });
    assert.equal(saved.status, 201, saved.text);
    await page.goto(c.url(`/segments/${saved.body.payload.id}`));
    const warnings = page.getByTestId('value-warning');
    await eventually(async () => assert.equal(await warnings.count(), 3));
    assert.deepEqual(
      (await warnings.allTextContents()).map((text) => text.replace(/^⚠\s*/, '')),
      [
        'No category has the code “Calzado”: no purchase matches it. Choose a category from the list.',
        'No branch is called “palermo”: no purchase matches it. Choose a branch from the list.',
        '“platinum” is not one of this attribute’s options: no customer can have it.',
      ],
    );
    await page.getByTestId('segment-no-match').waitFor();
    await done();
  });

  test('customers: the total, sorting by a column, a search exported as CSV with a BOM, opened by name', async () => {
    const { page, done } = await c.open({ path: '/customers' });
    const total = page.getByTestId('customers-total');
    await total.getByText('4 customers', { exact: true }).waitFor();
    const table = page.getByRole('table', { name: 'Customers' });
    const names = () => table.locator('tbody tr td:first-child').allTextContents();
    const points = table.getByRole('columnheader', { name: 'Points' });
    await points.getByRole('button').click();
    await eventually(async () => assert.deepEqual(await names(), ['Bruno Álvarez', 'Josefina Díaz', 'José Pérez', 'Ana Zapata']));
    assert.equal(await points.getAttribute('aria-sort'), 'ascending');
    await points.getByRole('button').click();
    await eventually(async () => assert.deepEqual(await names(), ['Ana Zapata', 'José Pérez', 'Josefina Díaz', 'Bruno Álvarez']));
    assert.equal(await points.getAttribute('aria-sort'), 'descending');
    assert.match(page.url(), /sort=-points/);
    await table.getByRole('columnheader', { name: 'Customer' }).getByRole('button').click();
    await eventually(async () => assert.deepEqual(await names(), ['Bruno Álvarez', 'Josefina Díaz', 'José Pérez', 'Ana Zapata']));

    // A search: its total, and its CSV (every match, BOM first so that a spreadsheet reads "José").
    await page.getByLabel('Search', { exact: true }).fill('jose');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await total.getByText('2 customers', { exact: true }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('customers-export').click()]);
    assert.equal(download.suggestedFilename(), 'customers-jose.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    assert.ok(csv.startsWith('\uFEFF'), 'a BOM first');
    const lines = csv.slice(1).trimEnd().split('\r\n');
    // The time column is the account's (Greenwich time here), headed with its zone.
    assert.equal(lines[0], 'userapp_id,service_uid,email,telephone,first_name,last_name,points,tags,Created (GMT)');
    assert.equal(lines.length, 3);
    assert.ok(lines.some((line) => line.includes(',José,Pérez,300,')), lines.join('\n'));
    await page.getByTestId('customers-export-done').getByText('Downloaded customers-jose.csv: 2 customers.').waitFor();

    // The same one search box opens a customer: Enter on a name only one customer has opens them;
    // several stay listed; while typing, the matches are offered to choose from.
    assert.equal(await page.getByRole('searchbox').count(), 1, 'one search box');
    const find = page.getByRole('form', { name: 'Find customers' });
    await find.getByLabel('Search', { exact: true }).fill('José Pérez');
    await find.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(`**/console/customers/${ids.jose}`);
    await page.goto(c.url('/customers'));
    await find.getByLabel('Search', { exact: true }).fill('jose');
    await find.getByRole('button', { name: 'Search', exact: true }).click();
    await total.getByText('2 customers', { exact: true }).waitFor();
    assert.match(new URL(page.url()).pathname, /\/console\/customers$/, 'two matches stay listed');
    await find.getByLabel('Search', { exact: true }).fill('josef');
    await find.getByTestId('customer-suggestions').getByRole('button', { name: 'Josefina Díaz' }).click();
    await page.waitForURL(`**/console/customers/${ids.josefina}`);
    await done();
  });

  test('a segment’s members exported from the customer list: SG6’s CSV with a BOM', async () => {
    const segment = await c.t.post('/apiv3/segments', { title: 'Big spenders', definition: { all: [{ field: 'points', op: 'gte', value: 300 }] } });
    assert.equal(segment.status, 201, segment.text);
    const { page, done } = await c.open({ path: `/customers?segment=${segment.body.payload.id}` });
    await page.getByTestId('customers-total').getByText('2 customers', { exact: true }).waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export the segment (CSV)' }).click()]);
    assert.equal(download.suggestedFilename(), 'big-spenders.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    assert.ok(csv.startsWith('\uFEFF') && !csv.startsWith('\uFEFF\uFEFF'), 'one BOM');
    assert.equal(csv.slice(1).trimEnd().split('\r\n').length, 3);
    await done();
  });

  test('a benefit assigned to a customer chosen by name', async () => {
    const { page, done } = await c.open({ path: `/benefits/${ids.benefit}` });
    const form = page.getByRole('form', { name: 'Assign to a customer' });
    await form.getByLabel('Customer').fill('ana zap');
    const suggestions = form.getByTestId('customer-suggestions');
    await suggestions.getByRole('button', { name: 'Ana Zapata' }).click();
    await form.getByRole('button', { name: 'Assign to Ana Zapata' }).click();
    await form.getByText('Assigned to Ana Zapata: a coupon was created and 100 points taken (400 left).').waitFor();
    const coupons = await c.t.get(`/apiv3/coupons?userapp_id=${ids.ana}`);
    assert.equal(coupons.body.payload.length, 1);
    await done();
  });

  test('money in the account’s currency with two decimals; a decimal comma accepted where the locale writes one', async () => {
    // T5's defaults while GET /account/settings answers 404: US dollars.
    let { page, done } = await c.open({ path: '/purchases' });
    const cell = page.getByRole('table', { name: 'Purchases' }).locator('tbody td.num').filter({ hasText: '46' });
    await eventually(async () => assert.equal((await cell.first().textContent())?.trim(), '$46,052.10'));
    await page.goto(c.url('/catalogue/products/Z-1'));
    await page.getByText('$46,052.10', { exact: true }).first().waitFor();
    await done();

    // An account in euros, written the Spanish way.
    ({ page, done } = await c.open({ path: '/purchases' }));
    await withSettings(page, { currency: 'EUR', timezone: 'UTC', locale: 'es-ES' });
    await eventually(async () => assert.equal((await page.getByRole('table', { name: 'Purchases' }).locator('tbody td.num').filter({ hasText: '46' }).first().textContent())?.replace(/\s/g, ' ').trim(), '46.052,10 €'));
    await page.goto(c.url('/catalogue/new'));
    await page.getByLabel('SKU', { exact: true }).fill('C-129');
    await page.getByLabel('Name', { exact: true }).fill('Comma price');
    await page.getByLabel('Price', { exact: true }).fill('129,95');
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.waitForURL('**/console/catalogue/products/**');
    const product = await c.t.get('/apiv3/products?sku=C-129');
    assert.equal(product.body.payload[0].price, 129.95);
    await page.getByText('129,95 €', { exact: false }).first().waitFor();
    // Grouped as the console shows prices: read, not refused.
    await page.goto(c.url('/catalogue/new'));
    await page.getByLabel('SKU', { exact: true }).fill('C-1299');
    await page.getByLabel('Name', { exact: true }).fill('Grouped price');
    await page.getByLabel('Price', { exact: true }).fill('1.299,95');
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.waitForURL('**/console/catalogue/products/**');
    assert.equal((await c.t.get('/apiv3/products?sku=C-1299')).body.payload[0].price, 1299.95);
    await done();
  });

  test('figures never wrap mid-number, at 1280 and at 360 px', async () => {
    for (const width of [1280, 360]) {
      const { page, done } = await c.open({ width, path: '/' });
      for (const path of ['/', '/purchases', '/customers', '/catalogue']) {
        await page.goto(c.url(path));
        await page.locator('main h1').first().waitFor();
        await settled(page);
        await page.locator('main table, main .card').first().waitFor();
        assert.deepEqual(await page.evaluate(BROKEN_FIGURES), [], `${path} at ${width} px`);
      }
      await done();
    }
  });

  test('dark mode: every text at WCAG AA contrast on the pages of the day, the confirm dialog included', async () => {
    const { page, done } = await c.open({ path: '/' });
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const path of ['/', '/customers', '/segments/new', `/benefits/${ids.benefit}`, '/purchases', '/catalogue/products/Z-1']) {
      await page.goto(c.url(path));
      await page.locator('main h1').first().waitFor();
      await settled(page);
      assert.deepEqual(await page.evaluate(LOW_CONTRAST), [], path);
    }
    await page.getByRole('button', { name: 'Delete product' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.locator('button.danger').waitFor();
    await eventually(async () => assert.equal(await dialog.locator('button.danger[disabled]').count(), 0));
    assert.deepEqual(await page.evaluate(LOW_CONTRAST), [], 'the delete dialog');
    await done();
  });

  test('an account in Spanish, in Argentine pesos, in Buenos Aires: grouped money with the currency, no UTC labels, no "--" legends, a benefit’s days as picked, its points grouped ("1.500"), a start that is no day said under the start alone, a saved time kept on edit', async () => {
    await c.t.post('/apiv3/purchases', {
      invoice_number: 'F-1126',
      service_uid: 'day-2',
      prices: { gross: 1126, total: 1126 },
      purchase_detail: [{ sku: 'Z-1', product_name: 'Zapatilla', quantity: 1, unit_price: 1126 }],
    });
    const { page, done } = await c.open({ path: '/purchases' });
    await withSettings(page, { currency: 'ARS', timezone: 'America/Argentina/Buenos_Aires', locale: 'es' });
    const text = async (selector: string) => ((await page.locator(selector).first().innerText()) ?? '').replace(/\s/g, ' ');

    // Money: grouped the Spanish way, four digits too, with the narrow symbol (Intl has only the code for it in Spanish).
    const cells = page.getByRole('table', { name: 'Purchases' }).locator('tbody td.num');
    await eventually(async () => assert.ok((await cells.allInnerTexts()).map((t) => t.replace(/\s/g, ' ')).includes('1.126,00 $')));
    assert.ok((await cells.allInnerTexts()).map((t) => t.replace(/\s/g, ' ')).includes('46.052,10 $'));
    await page.getByTestId('purchases-summary-range').waitFor();
    assert.doesNotMatch(await text('main'), /\bUTC\b|\bARS\b/);
    // The days are the shop's: no words about Greenwich time.
    assert.doesNotMatch(await text('[data-testid="purchases-summary-range"]'), /Greenwich/);
    // Dates in the account locale's order (day first), moments with their time on a 24-hour clock and the zone; never year first.
    assert.match(await text('[data-testid="purchases-summary-range"]'), /^\d{2}\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4}, /);
    const listed = (await c.t.get('/apiv3/purchases?invoice_number=F-1126')).body.payload[0];
    const [day, time] = [listed.createtime.slice(0, 10), Number(listed.createtime.slice(11, 13))];
    // Buenos Aires is 3 hours behind (no daylight saving): the purchase's moment there, worked out by hand.
    const local = new Date(Date.parse(`${day}T00:00:00Z`) + (time < 3 ? -86_400_000 : 0)).toISOString().slice(0, 10).split('-');
    const shown = `${local[2]}/${local[1]}/${local[0]} ${String((time + 21) % 24).padStart(2, '0')}:${listed.createtime.slice(14, 16)} GMT-3`;
    const row = page.getByRole('table', { name: 'Purchases' }).locator('tbody tr', { hasText: 'F-1126' });
    assert.ok((await row.innerText()).includes(shown), `${await row.innerText()} shows ${shown}`);
    assert.doesNotMatch(await text('main'), /\d{4}-\d{2}-\d{2}/);

    // The overview: no UTC in labels, no "--" in the charts' legends (the period's totals instead), percentages in Spanish.
    await page.goto(c.url('/'));
    await page.getByTestId('overview-window').waitFor();
    await page.locator('.u-legend').nth(1).waitFor();
    const overview = await text('main');
    assert.doesNotMatch(overview, /\bUTC\b/);
    assert.doesNotMatch(overview, /--/);
    assert.match(await text('[data-testid="overview-window"]'), /^\d{2}\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4}, compared/);
    assert.doesNotMatch(overview, /\d{4}-\d{2}-\d{2}/);
    const legend = (await page.getByTestId('overview-revenue-chart').locator('.u-legend').innerText()).replace(/\s/g, ' ');
    assert.match(legend, /Total/);
    assert.match(legend, /Revenue\s*[\d.]+,\d\d \$/);
    // The totals' cards hold the account's revenue: the page does not scroll sideways (the currency's name once made it 1,352 px wide at 1,280).
    assert.ok(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth'), 'the overview fits the window');
    assert.match(await text('[data-testid="overview-change-revenue"]'), /up from 0|no change|(up|down) (less than )?[\d.,]+ %/);

    // The customers' CSV: its times are Buenos Aires's, headed and said so. Bruno came at 02:30 on
    // 1 March 2026 Greenwich time: 23:30 on 28 February in Buenos Aires (three hours behind, no daylight saving).
    await c.t.database.db.updateTable('users').set({ createtime: '2026-03-01 02:30:00' }).where('id', '=', ids.bruno!).execute();
    await page.goto(c.url('/customers?q=bruno'));
    assert.equal((await page.getByTestId('customers-export-times').textContent())?.trim(), 'Times in the file are Buenos Aires time (GMT-3), written YYYY-MM-DD HH:MM.');
    await page.getByTestId('customers-total').getByText('1 customer', { exact: true }).waitFor();
    const [zoned] = await Promise.all([page.waitForEvent('download'), page.getByTestId('customers-export').click()]);
    const zonedLines = (await readFile((await zoned.path())!, 'utf8')).slice(1).trimEnd().split('\r\n');
    assert.deepEqual(zonedLines, ['userapp_id,service_uid,email,telephone,first_name,last_name,points,tags,Created (Buenos Aires)', `${ids.bruno},day-4,bruno@example.com,,Bruno,Álvarez,50,,2026-02-28 23:30`]);

    // A benefit from 1 to 29 December: the days picked are the days saved and shown, with no time of day.
    await page.goto(c.url('/benefits/new'));
    const form = page.getByRole('form', { name: 'New benefit' });
    await form.getByLabel('Title').fill('Verano');
    const ends = form.getByLabel('Ends');
    assert.equal(await ends.getAttribute('lang'), 'es');
    assert.doesNotMatch(await form.innerText(), /UTC|00:00:00/);
    // Chromium draws <input type=date> in the browser's order (MM/DD/YYYY here) whatever its lang:
    // the console's date fields take the day typed in the account's order, and say it in words.
    assert.equal(await ends.getAttribute('placeholder'), 'DD/MM/YYYY');
    await form.getByText('Type it as DD/MM/YYYY.').first().waitFor();
    await ends.fill('31/02/2026');
    await form.getByText('That day does not exist: check the day and the month.').waitFor();
    await form.getByRole('button', { name: 'Create benefit' }).click();
    await form.getByText('Type a real day, as DD/MM/YYYY.').waitFor();
    // A start that is no day is said under the start alone: the end is not compared with it.
    const fieldOf = (label: string) => form.locator('.field', { has: page.getByLabel(label, { exact: true }) });
    await form.getByLabel('Starts').fill('31/02/2026');
    await ends.fill('29/12/2026');
    await form.getByRole('button', { name: 'Create benefit' }).click();
    await eventually(async () => assert.equal((await fieldOf('Starts').locator('.field-error').textContent())?.trim(), 'Type a real day, as DD/MM/YYYY.'));
    assert.equal(await fieldOf('Ends').locator('.field-error').count(), 0, 'the end is not marked');
    // Whole numbers grouped the Spanish way: "1.500" is 1500; "1,5" is no whole number.
    await form.getByLabel('Points', { exact: true }).fill('1,5');
    await form.getByRole('button', { name: 'Create benefit' }).click();
    await fieldOf('Points').getByText('Type a whole number, 0 or more, digits only (like 100).').waitFor();
    await form.getByLabel('Points', { exact: true }).fill('1.500');
    await form.getByLabel('Stock', { exact: true }).fill('2.000');
    await form.getByLabel('Starts').fill('01/12/2026');
    await ends.fill('29/12/2026');
    // The chosen day in words, English as the console, in the account's order: never Spanish words in an English sentence.
    await form.getByText('Chosen: Tuesday, 29 December 2026.').waitFor();
    await form.getByRole('button', { name: 'Create benefit' }).click();
    await page.waitForURL(/\/console\/benefits\/\d+$/);
    const details = page.getByTestId('benefit-details');
    await details.waitFor();
    const pairs = (await details.innerText()).replace(/\s+/g, ' ');
    assert.match(pairs, /Starts 01\/12\/2026 Ends 29\/12\/2026 /);
    const id = page.url().split('/').pop();
    const saved = (await c.t.get(`/apiv3/benefits/${id}`)).body.payload;
    assert.equal(saved.startdate, '2026-12-01 03:00:00', 'from midnight in Buenos Aires');
    assert.equal(saved.enddate, '2026-12-30 02:59:59', 'until the end of the 29th in Buenos Aires');
    assert.equal(saved.points, 1500, '"1.500" typed in Spanish is fifteen hundred');
    assert.equal(saved.stock, 2000);
    const edit = page.getByRole('form', { name: 'Edit benefit' });
    await edit.waitFor();
    assert.equal(await edit.getByLabel('Ends').inputValue(), '29/12/2026');
    assert.equal(await edit.getByLabel('Starts').inputValue(), '01/12/2026');
    assert.equal(await edit.getByLabel('Start time').count(), 0, 'whole days: no time');

    // A benefit the API made with a start at 10:30 in Buenos Aires: edited as days typed in the
    // account's order (no browser datetime control), its time beside the day and kept.
    const timed = (await c.t.post('/apiv3/benefits', { title: 'Timed', startdate: '2026-12-01 13:30:00', enddate: '2026-12-20 02:59:59', points: 10, status: '1' })).body.payload;
    await page.goto(c.url(`/benefits/${timed.id}`));
    const timedEdit = page.getByRole('form', { name: 'Edit benefit' });
    await timedEdit.waitFor();
    assert.equal(await timedEdit.locator('input[type="datetime-local"]').count(), 0);
    assert.equal(await timedEdit.getByLabel('Starts').getAttribute('type'), 'text');
    assert.equal(await timedEdit.getByLabel('Starts').inputValue(), '01/12/2026');
    assert.equal(await timedEdit.getByLabel('Start time').inputValue(), '10:30');
    assert.equal(await timedEdit.getByLabel('Ends').inputValue(), '19/12/2026');
    assert.equal(await timedEdit.getByLabel('End time').count(), 0, 'the end is a whole day');
    await timedEdit.getByLabel('Starts').fill('02/12/2026');
    await timedEdit.getByText('Chosen: Wednesday, 2 December 2026.').waitFor();
    await timedEdit.getByRole('button', { name: 'Save changes' }).click();
    await eventually(async () => assert.equal((await c.t.get(`/apiv3/benefits/${timed.id}`)).body.payload.startdate, '2026-12-02 13:30:00', 'the day changed, the time kept'));
    assert.equal((await c.t.get(`/apiv3/benefits/${timed.id}`)).body.payload.enddate, '2026-12-20 02:59:59');

    // The audit log's and the coupons' date filters: a typed day is that day's first and last second in Buenos Aires; the URL keeps the days.
    for (const [path, api] of [['/audit-log', '/account/audit-log'], ['/benefits/coupons', '/coupons']] as const) {
      await page.goto(c.url(path));
      await page.getByLabel('From', { exact: true }).fill('01/12/2026');
      await page.getByLabel('To', { exact: true }).fill('29/12/2026');
      const asked = page.waitForRequest((request) => new URL(request.url()).pathname.endsWith(api) && new URL(request.url()).searchParams.has('from'));
      await page.getByRole('button', { name: 'Apply filters' }).click();
      const query = new URL((await asked).url()).searchParams;
      assert.deepEqual([query.get('from'), query.get('to')], ['2026-12-01 03:00:00', '2026-12-30 02:59:59'], path);
      const url = new URL(page.url()).searchParams;
      assert.deepEqual([url.get('from'), url.get('to')], ['2026-12-01', '2026-12-29'], path);
    }
    await done();
  });
  test('an account in Spanish: "1.500" points in a segment is fifteen hundred and "1,5" no whole number; segment days typed DD/MM/YYYY; a birth date checked before it is sent; edit forms show numbers the Spanish way and an unchanged save sends none', async () => {
    const rich = (await c.t.post('/apiv3/users', { service_uid: 'day-9', email: 'rica@example.com', first_name: 'Rica', last_name: 'Gómez', points: 1600 })).body.payload;
    const { page, done } = await c.open({ path: '/segments/new' });
    await withSettings(page, { currency: 'ARS', timezone: 'America/Argentina/Buenos_Aires', locale: 'es' });
    const first = page.getByRole('group', { name: 'Condition 1', exact: true });
    await first.waitFor();
    const count = page.getByTestId('segment-preview-count');
    const problem = first.getByTestId('condition-error');

    // Points is more than 1.500: only the customer with 1,600 (not every customer above 1.5).
    await first.getByLabel('Field').selectOption({ label: 'Points' });
    await first.getByLabel('Operator').selectOption('gt');
    await first.getByLabel('Value').fill('1.500');
    await eventually(async () => assert.equal(await count.textContent(), '1'));
    assert.equal(await problem.count(), 0);
    await first.getByLabel('Value').fill('1500');
    await eventually(async () => assert.equal(await count.textContent(), '1'));
    await first.getByLabel('Value').fill('1,5');
    await eventually(async () => assert.equal((await problem.textContent())?.trim(), 'Type a whole number, digits only (like 1.500).'));
    // A decimal field says decimals the locale's way.
    await first.getByLabel('Field').selectOption({ label: 'Purchases' });
    await first.getByLabel('Measure').selectOption('total');
    await first.getByLabel('Value').fill('doce');
    await eventually(async () => assert.equal((await problem.textContent())?.trim(), 'Type a number, with a comma for decimals (like 12,50).'));
    await first.getByLabel('Value').fill('46.052,10');
    await eventually(async () => assert.equal(await problem.count(), 0));
    // Its days, from and to, are typed in the account's order too.
    await first.getByLabel('When').selectOption('range');
    assert.equal(await first.getByLabel('From').getAttribute('placeholder'), 'DD/MM/YYYY');

    // A date condition: the console's day field (DD/MM/YYYY), not the browser's picker; 31/02 refused in words.
    await first.getByLabel('Field').selectOption({ label: 'Birthdate' });
    await first.getByLabel('Operator').selectOption('before');
    const day = first.getByLabel('Value');
    assert.equal(await day.getAttribute('type'), 'text');
    assert.equal(await day.getAttribute('placeholder'), 'DD/MM/YYYY');
    await day.fill('31/02/1990');
    await eventually(async () => assert.equal((await problem.textContent())?.trim(), 'That day does not exist: check the day and the month.'));
    const asked = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/segments/preview') && (request.postData() ?? '').includes('1990-02-28'));
    await day.fill('28/02/1990');
    await asked;
    assert.equal(await problem.count(), 0);

    // A birth date: a day that does not exist, a future one and a two-digit year are said in red at the field, and nothing is sent.
    const writes: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT') writes.push(`${new URL(request.url()).pathname} ${request.postData() ?? ''}`);
    });
    await page.goto(c.url(`/customers/${rich.userapp_id}`));
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const profile = page.getByRole('form', { name: 'Edit profile' });
    const birth = profile.getByLabel('Birth date');
    const birthError = profile.locator('.field', { has: page.getByLabel('Birth date', { exact: true }) }).locator('.field-error');
    for (const [typed, said] of [
      ['31/02/1982', 'That day does not exist: check the day and the month.'],
      ['10/07/2090', 'A birth date cannot be in the future.'],
      ['10-7-82', 'Write the year with four digits.'],
    ] as const) {
      await birth.fill(typed);
      await profile.getByRole('button', { name: 'Save profile' }).click();
      await eventually(async () => assert.equal((await birthError.textContent())?.trim(), said, typed));
    }
    assert.deepEqual(writes, []);
    assert.doesNotMatch(await profile.innerText(), /YYYY-MM-DD/);
    await birth.fill('10/07/1982');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await eventually(async () => assert.equal((await c.t.get(`/apiv3/users/${rich.userapp_id}`)).body.payload.birthdate?.slice(0, 10), '1982-07-10'));

    // A product's numbers in its edit form as the console writes them in Spanish; saved unchanged, they are not sent and stay as they were.
    assert.equal((await c.t.post('/apiv3/products', { sku: 'E-1', name: 'Editada', price: 1139.5, offer_price: 99.95, stock: 1500 })).status, 200);
    await page.goto(c.url('/catalogue/products/E-1'));
    const edit = page.getByRole('form', { name: 'Edit product' });
    await edit.waitFor();
    assert.equal(await edit.getByLabel('Price', { exact: true }).inputValue(), '1.139,5');
    assert.equal(await edit.getByLabel('Offer price', { exact: true }).inputValue(), '99,95');
    assert.equal(await edit.getByLabel('Stock', { exact: true }).inputValue(), '1.500');
    writes.length = 0;
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await eventually(async () => assert.equal(writes.length, 1));
    assert.doesNotMatch(writes[0]!, /price|stock/, writes[0]);
    const kept = (await c.t.get('/apiv3/products?sku=E-1')).body.payload[0];
    assert.deepEqual([kept.price, kept.offer_price, kept.stock], [1139.5, 99.95, 1500]);
    // Changed the Spanish way, read the same way (on a fresh form: the save's refetch may refill this one after a fill).
    await page.reload();
    await edit.waitFor();
    await eventually(async () => assert.equal(await edit.getByLabel('Stock', { exact: true }).inputValue(), '1.500'));
    await edit.getByLabel('Stock', { exact: true }).fill('1.499');
    await edit.getByLabel('Price', { exact: true }).fill('1.139,95');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await eventually(async () => assert.deepEqual(((p) => [p.price, p.stock])((await c.t.get('/apiv3/products?sku=E-1')).body.payload[0]), [1139.95, 1499]));

    await done();
  });
});
