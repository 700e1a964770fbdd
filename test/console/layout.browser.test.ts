import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { startSmtpReceiver } from '../helpers/smtp.js';
import { type ConsoleHarness, eventually, skipWithoutBrowser, startConsole } from './browser.js';

// The console's look where a person would notice it: every status badge's word
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

/**
 * What reads badly on a phone though nothing scrolls sideways: a shown table caption squeezed
 * narrower than its table's box (a table-caption in a block table shrinks to its longest word), a
 * chart legend shown with no point hovered over empty values or dashes (it shows totals, or is
 * hidden), a dry run's count that wraps, a date, time or number broken across lines mid-figure
 * ("15/04/198" above "2": each figure standing alone in the text, on more than one line).
 */
const PHONE_READOUTS = `(() => {
  const bad = [];
  const figure = /(?<![\\p{L}\\p{N}_])(?:\\d{1,4}[/.-]\\d{1,2}[/.-]\\d{2,4}|\\d{1,2}:\\d{2}|\\d{1,3}(?:[.,\\u00a0\\u202f]\\d{3})+(?:[.,]\\d+)?|\\d+[.,]\\d+|\\d{2,})(?![\\p{L}\\p{N}_])/gu;
  const texts = document.createTreeWalker(document.querySelector('main'), NodeFilter.SHOW_TEXT);
  for (let node = texts.nextNode(); node; node = texts.nextNode()) {
    for (const match of node.data.matchAll(figure)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) bad.push('"' + match[0] + '" on ' + lines.size + ' lines in ' + node.parentElement.tagName.toLowerCase() + ' "' + node.data.trim().slice(0, 40) + '"');
    }
  }
  for (const caption of document.querySelectorAll('main .table-wrap caption:not(.visually-hidden)')) {
    const box = caption.closest('.table-wrap');
    if (caption.getBoundingClientRect().width < box.clientWidth * 0.9) bad.push('caption "' + caption.textContent.trim() + '" is ' + Math.round(caption.getBoundingClientRect().width) + ' px of ' + box.clientWidth);
  }
  for (const legend of document.querySelectorAll('main .u-legend')) {
    if (getComputedStyle(legend).visibility === 'hidden') continue;
    for (const value of legend.querySelectorAll('.u-value')) {
      const text = value.textContent.trim();
      if (text === '' || /^[-–—]+$/.test(text)) bad.push('legend value "' + text + '" in ' + legend.closest('figure').querySelector('figcaption').textContent);
    }
  }
  // A stacked cell's column name (its ::before, the first grid column) and its value (the second):
  // the name, laid out as its style says (kept on one line or wrapped), fits its column, so it
  // never runs under the value ("Revenue (365 days)" over the amount).
  const measure = document.createElement('canvas').getContext('2d');
  for (const td of document.querySelectorAll('main .table-wrap td[data-label]')) {
    const label = td.dataset.label;
    const before = getComputedStyle(td, '::before');
    if (!label || getComputedStyle(td).display !== 'grid' || before.content === 'none') continue;
    const column = parseFloat(getComputedStyle(td).gridTemplateColumns.split(' ')[0]);
    measure.font = [before.fontStyle, before.fontWeight, before.fontSize, before.fontFamily].join(' ');
    const pieces = /^(nowrap|pre)$/.test(before.whiteSpace) ? [label] : before.overflowWrap === 'normal' && before.wordBreak === 'normal' ? label.split(/\\s+/) : [];
    const needs = Math.max(0, ...pieces.map((piece) => measure.measureText(piece).width));
    const value = [...td.childNodes].map((node) => { const range = document.createRange(); range.selectNodeContents(node); return range.getBoundingClientRect(); }).filter((r) => r.width > 0);
    const valueLeft = Math.min(...value.map((r) => r.left));
    if (needs > column + 0.5 || valueLeft < td.getBoundingClientRect().left + column - 0.5) bad.push('column name "' + label + '" (' + Math.round(needs) + ' px in ' + Math.round(column) + ') overlaps its value "' + td.textContent.trim().slice(0, 30) + '"');
  }
  for (const item of document.querySelectorAll('dialog[open] .would-delete li')) {
    const lines = item.getBoundingClientRect().height / (parseFloat(getComputedStyle(item).lineHeight) || 20);
    if (lines > 1.5) bad.push('count "' + item.textContent + '" on ' + lines.toFixed(1) + ' lines');
  }
  return bad;
})()`;

/** Every chart on the page drawn (uPlot arrives after the page's data). */
const chartsDrawn = () => [...(globalThis as any).document.querySelectorAll('main .chart-canvas')].every((box: any) => box.querySelector('.u-legend'));

/**
 * The page's width and every table (and table box) wider than its box, measured in the page at a
 * phone's width: document.scrollingElement.scrollWidth, and each table's scrollWidth against its clientWidth.
 */
const TABLES_FIT = `(() => {
  const wide = [];
  let tables = 0;
  for (const element of document.querySelectorAll('main table, main .table-wrap')) {
    if (element.tagName === 'TABLE') tables += 1;
    if (element.scrollWidth > element.clientWidth + 0.5) wide.push((element.getAttribute('aria-label') || element.querySelector('caption')?.textContent || element.tagName) + ': ' + element.scrollWidth + ' > ' + element.clientWidth);
  }
  return { page: document.scrollingElement.scrollWidth, wide, tables };
})()`;

/**
 * A chart's axis label colour (the one it drew with, data-axis-color, and the one the stylesheet
 * gives its box) and its contrast against the first opaque background behind it.
 */
const AXIS_CONTRAST = `(box) => {
  const parse = (value) => {
    const srgb = /color\\(srgb ([\\d.e-]+) ([\\d.e-]+) ([\\d.e-]+)(?: \\/ ([\\d.e-]+))?\\)/.exec(value);
    if (srgb) return [Number(srgb[1]), Number(srgb[2]), Number(srgb[3]), srgb[4] === undefined ? 1 : Number(srgb[4])];
    const rgb = /rgba?\\(([\\d.]+),? ([\\d.]+),? ([\\d.]+)(?:[,\\/] ?([\\d.]+))?\\)/.exec(value);
    if (!rgb) throw new Error('unreadable colour ' + value);
    return [rgb[1] / 255, rgb[2] / 255, rgb[3] / 255, rgb[4] === undefined ? 1 : Number(rgb[4])];
  };
  const lin = (v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  const luminance = (c) => 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2]);
  let behind = null;
  for (let element = box; element; element = element.parentElement) {
    const colour = getComputedStyle(element).backgroundColor;
    if (parse(colour)[3] === 1) {
      behind = colour;
      break;
    }
  }
  behind = behind || 'rgb(255, 255, 255)';
  const drawn = box.dataset.axisColor;
  const [a, b] = [luminance(parse(drawn)), luminance(parse(behind))].sort((x, y) => y - x);
  return { drawn, computed: getComputedStyle(box).color, behind, behindLuminance: luminance(parse(behind)), contrast: (a + 0.05) / (b + 0.05) };
}`;

/**
 * Where the controls level with the one named `label` in a form sit (top in the document, height),
 * by their label or a button's words: that control's row neighbours. Run in the page; no named
 * functions inside (the test runner's transpiler would wrap them in a helper the page does not have).
 */
const rowNeighbours = (form: any, label: string) => {
  const controls = [...form.querySelectorAll('.field input:not([type=checkbox]):not([type=radio]), .field select, .field textarea, button')].filter((c: any) => c.getBoundingClientRect().height > 0);
  const names: string[] = controls.map((c: any) => (c.tagName === 'BUTTON' ? c.textContent : c.labels?.[0] ? c.labels[0].textContent : c.name).trim());
  const target = controls[names.indexOf(label)].getBoundingClientRect();
  const row: Record<string, { top: number; height: number }> = {};
  controls.forEach((c: any, i: number) => {
    const box = c.getBoundingClientRect();
    if (names[i] !== label && box.top < target.bottom && box.bottom > target.top) row[names[i]!] = { top: Math.round(box.top + (globalThis as any).scrollY), height: Math.round(box.height) };
  });
  return row;
};

/** The row neighbours of `label` in `form` before and after `showError` makes an error appear under it: they should not move. */
async function neighboursAround(form: Locator, label: string, showError: () => Promise<void>) {
  const before = await form.evaluate(rowNeighbours, label);
  await showError();
  await form.locator('.field', { has: form.page().getByLabel(label, { exact: true }) }).locator('.field-error').waitFor();
  const after = await form.evaluate(rowNeighbours, label);
  return { before, after };
}

describe('console in a browser: badge contrast, 360 and 390 px wide, dark charts, dates', { skip: skipWithoutBrowser() }, () => {
  let c: ConsoleHarness;
  // The Mailings pages need a mailing that was sent: a real SMTP receiver takes it.
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>> | undefined;
  before(async () => {
    smtp = await startSmtpReceiver();
    c = await startConsole({ config: { smtpUrl: smtp.url, workerPollMs: 50 } });
  });
  after(async () => {
    await c?.close();
    await smtp?.close();
  });

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

  test('rows of fields align at the top: an error under one field moves and stretches none of its neighbours (profile, points, blacklist)', async () => {
    const created = await c.t.post('/apiv3/users', { service_uid: 'rows-1', email: 'rows@example.com', first_name: 'Rosa', last_name: 'Filas', points: 10 });
    assert.equal(created.status, 201, created.text);
    const { page, done } = await c.open({ path: `/customers/${created.body.payload.userapp_id}` });
    const same = (label: string, around: { before: object; after: object }, neighbours: string[]) => {
      assert.deepEqual(Object.keys(around.before).sort(), [...neighbours].sort(), `${label}'s row`);
      assert.deepEqual(around.after, around.before, `${label}'s neighbours keep their place and height`);
    };

    // The profile (two fields a row at 1280 px): a birth date that does not exist, said under it; Street beside it stays put.
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const profile = page.getByRole('form', { name: 'Edit profile' });
    const birth = await neighboursAround(profile, 'Birth date', async () => {
      await profile.getByLabel('Birth date', { exact: true }).fill('31/02/1982');
      await profile.getByRole('button', { name: 'Save profile' }).click();
    });
    same('Birth date', birth, ['Street']);
    await profile.getByRole('button', { name: 'Cancel' }).click();

    // Points: "ten" is no whole number; Concept beside it (with its hint) stays put.
    const points = page.getByRole('form', { name: 'Add or take points' });
    same('Points to add', await neighboursAround(points, 'Points to add', async () => {
      await points.getByLabel('Concept', { exact: true }).fill('bonus');
      await points.getByLabel('Points to add', { exact: true }).fill('ten');
      await points.getByRole('button', { name: 'Record points' }).click();
    }), ['Concept']);

    // A blacklist's add row: the value left empty; the reason and the button stay level with it.
    await page.goto(c.url('/blacklists'));
    const add = page.getByRole('form', { name: 'Add one value' });
    await add.waitFor();
    same('E-mail address to add', await neighboursAround(add, 'E-mail address to add', () => add.getByRole('button', { name: 'Add to the list' }).click()), ['Reason (optional)', 'Add to the list']);
    await done();
  });

  test('at 360 px (dark) no page scrolls sideways, long unbroken values included; captions, chart legends and a dry run\'s counts read whole', async () => {
    const { t } = c;
    const long = 'AVeryLongUnbrokenValueThatAConnectorMightSend0123456789abcdefghij';
    // A birth date beside the profile's widest label ("Customer ID in your shop") once broke mid-figure.
    const user = await t.post('/apiv3/users', { service_uid: long, email: `${long.slice(0, 60)}@example.com`, first_name: long, points: 40, tags: long, birthdate: '1982-04-15' });
    assert.equal(user.status, 201, user.text); // POST /users answers 201 (U1)
    const product = await t.post('/apiv3/products', { sku: 'LONG-1', name: long, price: 12.5 });
    assert.equal(product.status, 200, product.text);
    const purchase = await t.post('/apiv3/purchases', {
      invoice_number: long,
      service_uid: long,
      branch_name: long,
      purchase_detail: [{ sku: 'LONG-1', product_name: long, quantity: 1, unit_price: 12.5 }],
    });
    assert.equal(purchase.status, 200, purchase.text);
    const segment = await t.post('/apiv3/segments', { title: long, description: long, definition: { all: [{ field: 'first_name', op: 'eq', value: long }] } });
    assert.equal(segment.status, 201, segment.text);
    // Mailings: a folder, a draft (the compose form) and a sent one (its report: statistics and
    // recipients), long unbroken values in every field that is shown; the customer's page lists it.
    const folder = await t.post('/apiv3/mailingfolders', { name: long });
    assert.equal(folder.status, 201, folder.text);
    const mailing = (name: string) => ({
      name,
      folder_id: folder.body.payload.id,
      segment_id: segment.body.payload.id,
      subject: `${long} {{ customer.first_name }}`,
      preheader: long,
      from_name: long,
      from_email: `${long.slice(0, 60)}@example.com`,
      reply_to: `${long.slice(0, 60)}@example.org`,
      body: `<p>Hi {{ customer.first_name }}, ${long}</p><p><a href="https://shop.example.com/${long}">${long}</a> <a href="{{ unsubscribe_url }}">Unsubscribe</a></p>`,
      tracking: { opens: true, clicks: true },
    });
    const draft = await t.post('/apiv3/mailings', mailing(`${long} draft`));
    assert.equal(draft.status, 201, draft.text);
    const sent = await t.post('/apiv3/mailings', mailing(`${long} sent`));
    assert.equal(sent.status, 201, sent.text);
    assert.equal((await t.post(`/apiv3/mailings/${sent.body.payload.id}/send`, {})).status, 200);
    await eventually(async () => assert.equal((await t.get(`/apiv3/mailings/${sent.body.payload.id}`)).body.payload.status, 'sent'));

    const paths = [
      '/',
      '/customers',
      // Sorted, with its total and the export button beside it.
      '/customers?sort=-points',
      `/customers/${user.body.payload.userapp_id}`,
      '/segments',
      '/segments/new',
      `/segments/${segment.body.payload.id}`,
      `/customers?segment=${segment.body.payload.id}`,
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
      '/audit-log',
      '/retention',
      '/mailings',
      `/mailings?folder=${folder.body.payload.id}`,
      `/mailings/${draft.body.payload.id}`,
      `/mailings/${sent.body.payload.id}`,
      // A refused filter: the API's message is shown above the list.
      `/purchases?from=${long}`,
      // Not found: the page names the value it looked for.
      `/catalogue/products/${long}`,
    ];
    // More than 10 customers match: the preview's caption is "The first 10 of them".
    for (let i = 0; i < 11; i += 1) assert.equal((await t.post('/apiv3/users', { service_uid: `many-${i}`, first_name: `Many ${i}` })).status, 201);
    const many = await t.post('/apiv3/segments', { title: 'Many', definition: { all: [{ field: 'first_name', op: 'starts_with', value: 'Many ' }] } });
    assert.equal(many.status, 201, many.text);
    paths.push(`/segments/${many.body.payload.id}`);
    const { page, done } = await c.open({ width: 360, path: '/' });
    await page.setViewportSize({ width: 360, height: 740 });
    await page.emulateMedia({ colorScheme: 'dark' });
    for (const path of paths) {
      await page.goto(c.url(path));
      await page.locator('main h1').first().waitFor();
      await page.waitForFunction(() => (globalThis as any).document.querySelector('main [role="status"].state-loading, main [aria-busy="true"]') === null);
      await page.waitForFunction(chartsDrawn);
      const { overflow, culprits } = await sideways(page);
      assert.equal(overflow, 0, `${path} scrolls sideways at 360 px: ${culprits.join(', ')}`);
      assert.deepEqual(await page.evaluate(PHONE_READOUTS), [], `${path} at 360 px`);
    }
    // The checks saw what they look for: a caption shown, legends with totals and one hidden, a dry run's counts.
    await page.getByRole('table', { name: 'The first 10 of them' }).waitFor();
    await page.goto(c.url('/'));
    await page.waitForFunction(chartsDrawn);
    // The value groups' cells were among the column names measured: stacked, name beside value.
    const revenue = page.getByTestId('overview-value-groups').locator('td[data-label="Revenue (365 days)"]').first();
    assert.equal(await revenue.evaluate((td: any) => (globalThis as any).getComputedStyle(td).display), 'grid');
    assert.match((await page.getByTestId('overview-activity-chart').locator('.u-legend').textContent()) ?? '', /Total/);
    await page.goto(c.url(`/customers/${user.body.payload.userapp_id}`));
    await page.waitForFunction(chartsDrawn);
    // The birth date was among the figures measured, and reads on one line.
    const birth = page.getByTestId('customer-profile').locator('dd').filter({ hasText: /^04\/15\/1982$/ });
    assert.equal(await birth.evaluate((dd: any) => Math.round(dd.getBoundingClientRect().height / (parseFloat((globalThis as any).getComputedStyle(dd).lineHeight) || 20))), 1);
    assert.equal(await page.getByTestId('customer-points-chart').locator('.u-legend').evaluate((e: any) => (globalThis as any).getComputedStyle(e).visibility), 'hidden');
    await page.getByRole('button', { name: 'Delete this customer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('would-delete').getByText('1 customer profile').waitFor();
    assert.deepEqual(await page.evaluate(PHONE_READOUTS), [], 'the delete dialog at 360 px');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await done();
  });

  test('at 390 px tables are stacked cards: no page and no table scrolls sideways; each cell is named by its column; one date format everywhere: the locale\'s order (MM/DD/YYYY hh:mm AM UTC in en), never year first', async () => {
    const { t } = c;
    // Data for every listing (the 360 px test above added long unbroken values to some).
    const user = await t.post('/apiv3/users', { service_uid: 'phone-1', email: 'phone.person@example.com', first_name: 'Paula', last_name: 'Teléfono', points: 500 });
    assert.ok([200, 201].includes(user.status), user.text);
    const userappId = user.body.payload.userapp_id;
    const purchase = await t.post('/apiv3/purchases', {
      invoice_number: 'PHONE-1',
      service_uid: 'phone-1',
      branch_name: 'Phone branch',
      purchase_detail: [{ sku: 'PHONE-SKU', product_name: 'Phone thing', quantity: 2, unit_price: 19.9 }],
    });
    assert.equal(purchase.status, 200, purchase.text);
    const year = new Date().getUTCFullYear();
    const benefit = await t.post('/apiv3/benefits', { title: 'Phone benefit', startdate: `${year - 1}-01-01`, enddate: `${year + 1}-12-31`, points: 10, status: '1' });
    assert.equal((await t.post(`/apiv3/benefits/${benefit.body.payload.id}/assign`, { userapp_id: userappId })).status, 200);
    assert.equal((await t.post('/apiv3/events', { name: 'phone-event' })).status, 200);
    assert.equal((await t.post('/apiv3/user-events', { event: 'phone-event', service_uid: 'phone-1', metadata: { source: 'a-rather-long-metadata-value-without-spaces-0123456789' } })).status, 200);
    assert.equal((await t.post(`/apiv3/users/${userappId}/points`, { concept: 'bonus', points: 5, description: 'phone' })).status, 200);
    assert.equal((await t.post('/apiv3/integration-stats', { customers: { created: 3, updated: 1 }, products: { created: 1 } })).status, 200);
    const segment = await t.post('/apiv3/segments', { title: 'Phone people', definition: { all: [{ field: 'first_name', op: 'eq', value: 'Paula' }] } });
    assert.equal(segment.status, 201, segment.text);
    // A row for the audit log (D7 records the exports of one customer).
    assert.equal((await t.get(`/apiv3/users/${userappId}/export`)).status, 200);

    const paths = [
      '/',
      '/customers',
      `/customers/${userappId}`,
      '/segments',
      `/segments/${segment.body.payload.id}`,
      '/catalogue',
      '/catalogue/products/PHONE-SKU',
      '/catalogue/branches',
      '/purchases',
      `/purchases/${purchase.body.payload.id}`,
      '/events',
      '/events/user-events',
      '/benefits',
      `/benefits/${benefit.body.payload.id}`,
      '/benefits/coupons',
      '/custom-attributes',
      '/blacklists',
      '/audit-log',
      '/retention',
    ];
    const { page, done } = await c.open({ width: 390, path: '/' });
    let dates = 0;
    for (const path of paths) {
      await page.goto(c.url(path));
      await page.locator('main h1').first().waitFor();
      await page.waitForFunction(() => (globalThis as any).document.querySelector('main [role="status"].state-loading, main [aria-busy="true"]') === null);
      // Open every "Show the data" so the charts' tables are measured too.
      await page.evaluate(() => (globalThis as any).document.querySelectorAll('main details').forEach((d: any) => (d.open = true)));
      const fit = (await page.evaluate(TABLES_FIT)) as { page: number; wide: string[]; tables: number };
      assert.ok(fit.page <= 390, `${path}: the page is ${fit.page} px wide at 390 px`);
      assert.deepEqual(fit.wide, [], `${path}: tables wider than their box`);
      assert.ok(fit.tables > 0 || ['/custom-attributes', '/catalogue', '/catalogue/products/PHONE-SKU', '/blacklists', '/retention'].includes(path), `${path}: a table was measured`);
      // The same pages, read for their dates (checked here rather than loaded once more).
      const text = await page.locator('main').evaluate((main) => main.textContent ?? '');
      assert.doesNotMatch(text, /\d{4}-\d{2}-\d{2}/, `${path}: a date year first`);
      assert.doesNotMatch(text, /\d{2}:\d{2}:\d{2}/, `${path}: a time with seconds`);
      for (const match of text.matchAll(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}(.{0,7})/g)) {
        assert.match(match[1]!, /^ [AP]M UTC$/, `${path}: "${match[0]}" is not MM/DD/YYYY hh:mm AM UTC`);
        dates += 1;
      }
    }
    assert.ok(dates > 10, `${dates} dates checked`);

    // The purchases table: one card per purchase, each cell after its column's name.
    await page.goto(c.url('/purchases'));
    const table = page.getByRole('table', { name: 'Purchases' });
    const cell = table.getByRole('cell', { name: 'PHONE-1' });
    await cell.waitFor();
    const looks = await cell.evaluate((td: any) => {
      const styleOf = (globalThis as any).getComputedStyle;
      const head = td.closest('table').querySelector('thead');
      return { label: styleOf(td, '::before').content as string, row: styleOf(td.parentElement).display as string, head: head.getBoundingClientRect().height as number };
    });
    assert.equal(looks.row, 'block', 'rows are cards');
    assert.equal(looks.label, '"Invoice"', 'the column name before the value');
    assert.ok(looks.head <= 1, 'the header row is hidden (kept for screen readers)');
    await table.getByRole('cell', { name: 'Paula Teléfono' }).waitFor(); // the key columns are all there

    // An e-mail too long for its card wraps after its "@" first, not mid-word ("…@example.co / m").
    for (const [uid, email] of [['phone-long-1', 'ana.garcia.lopez@examplecompany.com.ar'], ['phone-long-2', 'ana.garcia.perez@examplecompany.com.ar']]) {
      assert.ok([200, 201].includes((await t.post('/apiv3/users', { service_uid: uid, email, first_name: 'Ana' })).status));
    }
    await page.goto(c.url('/customers?q=examplecompany.com.ar'));
    const emailCell = page.getByRole('cell', { name: 'ana.garcia.lopez@examplecompany.com.ar' });
    await emailCell.waitFor();
    const lines = await emailCell.evaluate((td: any) => {
      // Each character's line, from its box: the text as the reader sees it, line by line.
      const doc = (globalThis as any).document;
      const walker = doc.createTreeWalker(td, 4);
      const byTop = new Map<number, string>();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.data.length; i++) {
          const range = doc.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const top = Math.round(range.getBoundingClientRect().top);
          byTop.set(top, (byTop.get(top) ?? '') + node.data[i]);
        }
      }
      return [...byTop.entries()].sort((a, b) => a[0] - b[0]).map(([, text]) => text);
    });
    assert.ok(lines.length > 1, `the address wraps at 390 px: ${JSON.stringify(lines)}`);
    assert.deepEqual(lines, ['ana.garcia.lopez@', 'examplecompany.com.ar']);
    await done();
  });

  test('dark mode: chart axis labels are drawn in the stylesheet colour, at 4.5:1 or more on what is behind them', async () => {
    const { page, done } = await c.open({ path: '/' });
    for (const scheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.goto(c.url('/purchases'));
      const canvas = page.getByTestId('purchases-revenue-chart').locator('.chart-canvas');
      await canvas.locator('canvas').first().waitFor();
      const axes = (await page.evaluate(`(${AXIS_CONTRAST})(document.querySelector('[data-testid="purchases-revenue-chart"] .chart-canvas'))`)) as { drawn: string; computed: string; behind: string; behindLuminance: number; contrast: number };
      assert.equal(axes.drawn, axes.computed, 'the chart draws its axes in the colour the stylesheet gives');
      assert.ok(axes.contrast >= 4.5, `${scheme}: axis labels ${axes.drawn} on ${axes.behind}: ${axes.contrast.toFixed(2)}:1 is under 4.5:1`);
      if (scheme === 'dark') assert.ok(axes.behindLuminance < 0.1, `a dark background in dark mode (${axes.behind})`);
    }
    await done();
  });
});
