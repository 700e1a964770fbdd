import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { type ConsoleHarness, skipWithoutBrowser, startConsole } from './browser.js';

// The console's look where a person would notice it (issue 10, item 3): every status badge's word
// reads at WCAG AA contrast (4.5:1) against what is behind it, and at 360 px wide no page scrolls
// sideways (wide tables scroll inside their own box). Colours are read from the page as chromium
// computed them, so the check follows the stylesheet, light scheme.

/**
 * For each badge: its text, and the contrast of its colour against its background composited over
 * the first opaque ancestor's background. Plain JavaScript run in the page (a string: the test
 * runner's transpiler would wrap named functions in a helper the page does not have).
 */
const BADGE_CONTRASTS = `(() => {
  // [r, g, b, alpha], channels 0-1, from rgb()/rgba() or color(srgb r g b / a).
  const parse = (value) => {
    const srgb = /color\\(srgb ([\\d.e-]+) ([\\d.e-]+) ([\\d.e-]+)(?: \\/ ([\\d.e-]+))?\\)/.exec(value);
    if (srgb) return [Number(srgb[1]), Number(srgb[2]), Number(srgb[3]), srgb[4] === undefined ? 1 : Number(srgb[4])];
    const rgb = /rgba?\\(([\\d.]+),? ([\\d.]+),? ([\\d.]+)(?:[,\\/] ?([\\d.]+))?\\)/.exec(value);
    if (!rgb) throw new Error('unreadable colour ' + value);
    return [rgb[1] / 255, rgb[2] / 255, rgb[3] / 255, rgb[4] === undefined ? 1 : Number(rgb[4])];
  };
  const over = (top, bottom) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3]));
  const lin = (v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  const luminance = (c) => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  return [...document.querySelectorAll('.badge')].map((badge) => {
    let behind = [1, 1, 1];
    for (let element = badge.parentElement; element; element = element.parentElement) {
      const colour = parse(getComputedStyle(element).backgroundColor);
      if (colour[3] === 1) {
        behind = colour.slice(0, 3);
        break;
      }
    }
    const style = getComputedStyle(badge);
    const background = over(parse(style.backgroundColor), behind);
    const text = over(parse(style.color), background);
    const [light, dark] = [luminance(text), luminance(background)].sort((a, b) => b - a);
    return { text: badge.textContent.trim(), contrast: (light + 0.05) / (dark + 0.05) };
  });
})()`;

function badgeContrasts(page: Page): Promise<Array<{ text: string; contrast: number }>> {
  return page.evaluate(BADGE_CONTRASTS);
}

/**
 * How far the page reaches past the window's right edge, in CSS pixels (0: no sideways scrolling),
 * and the elements that stick out furthest (outside the tables' own scrolling boxes), to say which.
 */
const SIDEWAYS = `(() => {
  const root = document.documentElement;
  const limit = root.clientWidth;
  const out = [];
  for (const element of document.querySelectorAll('main *')) {
    if (element.closest('.table-wrap') || /^(INPUT|TEXTAREA|SELECT)$/.test(element.tagName)) continue;
    const box = element.getBoundingClientRect();
    const right = Math.max(box.right, box.left + element.scrollWidth);
    if (right > limit + 0.5) out.push({ right, what: element.tagName.toLowerCase() + '.' + element.className + ' "' + element.textContent.trim().slice(0, 30) + '"' });
  }
  out.sort((a, b) => b.right - a.right);
  return { overflow: root.scrollWidth - limit, culprits: out.slice(0, 3).map((o) => o.what) };
})()`;

function sideways(page: Page): Promise<{ overflow: number; culprits: string[] }> {
  return page.evaluate(SIDEWAYS);
}

describe('console in a browser: badge contrast, 360 px wide', { skip: skipWithoutBrowser() }, () => {
  let c: ConsoleHarness;
  before(async () => {
    c = await startConsole();
  });
  after(() => c?.close());

  test('every benefit and branch badge reads at 4.5:1 or more', async () => {
    const { t } = c;
    const year = new Date().getUTCFullYear();
    const benefits = [
      { title: 'Live one', startdate: `${year - 1}-01-01`, enddate: `${year + 1}-12-31`, status: '1' },
      { title: 'Coming one', startdate: `${year + 2}-01-01`, enddate: `${year + 2}-12-31`, status: '1' },
      { title: 'Ended one', startdate: '2000-01-01', enddate: '2000-12-31', status: '1' },
      { title: 'Inactive one', startdate: `${year - 1}-01-01`, enddate: `${year + 1}-12-31`, status: '0' },
      { title: 'Sold out', startdate: `${year - 1}-01-01`, enddate: `${year + 1}-12-31`, status: '1', stock: 0 },
    ];
    for (const benefit of benefits) {
      const created = await t.post('/apiv3/benefits', { points: 10, ...benefit });
      assert.equal(created.status, 200, created.text);
    }
    for (const [name, status] of [['Centro', 'active'], ['Norte', 'inactive']]) {
      const created = await t.post('/apiv3/branches', { name, status });
      assert.equal(created.status, 200, created.text);
    }

    const { page, done } = await c.open({ path: '/benefits' });
    await page.getByTestId('benefits-table').waitFor();
    const onBenefits = await badgeContrasts(page);
    assert.deepEqual(onBenefits.map((b) => b.text).sort(), ['coming', 'ended', 'inactive', 'live', 'out of stock']);
    await page.goto(c.url('/catalogue/branches'));
    await page.getByRole('cell', { name: 'Norte' }).waitFor();
    const onBranches = await badgeContrasts(page);
    assert.deepEqual(onBranches.map((b) => b.text).sort(), ['active', 'inactive']);
    for (const badge of [...onBenefits, ...onBranches]) {
      assert.ok(badge.contrast >= 4.5, `badge "${badge.text}": contrast ${badge.contrast.toFixed(2)}:1 is under 4.5:1`);
    }
    await done();
  });

  test('at 360 px no page scrolls sideways, long unbroken values included', async () => {
    const { t } = c;
    const long = 'AVeryLongUnbrokenValueThatAConnectorMightSend0123456789abcdefghij';
    const user = await t.post('/apiv3/users', { service_uid: long, email: `${long.slice(0, 60)}@example.com`, first_name: long, points: 40, tags: long });
    assert.equal(user.status, 200, user.text);
    const product = await t.post('/apiv3/products', { sku: 'LONG-1', name: long, price: 12.5 });
    assert.equal(product.status, 200, product.text);
    const purchase = await t.post('/apiv3/purchases', {
      invoice_number: long,
      service_uid: long,
      branch_name: long,
      purchase_detail: [{ sku: 'LONG-1', product_name: long, quantity: 1, unit_price: 12.5 }],
    });
    assert.equal(purchase.status, 200, purchase.text);

    const paths = [
      '/',
      '/customers',
      `/customers/${user.body.payload.userapp_id}`,
      '/catalogue',
      '/catalogue/products/LONG-1',
      '/catalogue/branches',
      '/purchases',
      `/purchases/${purchase.body.payload.id}`,
      '/events',
      '/events/user-events',
      '/benefits',
      '/benefits/coupons',
      '/categories',
      '/custom-attributes',
      '/requests',
      // A refused filter: the API's message is shown above the list.
      `/purchases?from=${long}`,
      // Not found: the page names the value it looked for.
      `/catalogue/products/${long}`,
    ];
    const { page, done } = await c.open({ width: 360, path: '/' });
    for (const path of paths) {
      await page.goto(c.url(path));
      await page.locator('main h1').first().waitFor();
      await page.waitForFunction(() => (globalThis as any).document.querySelector('main [role="status"].state-loading, main [aria-busy="true"]') === null);
      const { overflow, culprits } = await sideways(page);
      assert.equal(overflow, 0, `${path} scrolls sideways at 360 px: ${culprits.join(', ')}`);
    }
    await done();
  });
});
