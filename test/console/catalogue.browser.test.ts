import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { encodeSku } from '../../packages/sdk/src/index.js';
import { type ConsoleHarness, skipWithoutBrowser, startConsole } from './browser.js';

// The console's catalogue flows end to end in chromium against a real server:
// create a benefit; delete all categories after the dry run. What the page shows is checked against what the API
// answers, before and after.

/** The dry-run dialog's counts as a person reads them: "4 categories", "3 products left without this category". */
async function shownCounts(page: Page): Promise<string[]> {
  const list = page.getByTestId('would-delete');
  await list.waitFor();
  return (await list.locator('li').allTextContents()).map((item) => item.trim());
}

describe('console in a browser: benefits and categories', { skip: skipWithoutBrowser() }, () => {
  let c: ConsoleHarness;
  before(async () => {
    c = await startConsole();
  });
  after(() => c?.close());

  test('categories: the dry run shows what exists, then delete all empties the tree', async () => {
    const { t } = c;
    const tree = [
      { code: 'footwear', name: 'Footwear' },
      { code: 'running', name: 'Running shoes', parent_code: 'footwear' },
      { code: 'trail', name: 'Trail shoes', parent_code: 'footwear' },
      { code: 'apparel', name: 'Apparel' },
      { code: 'jackets', name: 'Jackets', parent_code: 'apparel' },
    ];
    for (const category of tree) assert.equal((await t.post('/apiv3/categories', category)).status, 200);
    for (const [sku, category] of [['RUN-1', 'running'], ['JKT-1', 'jackets'], ['JKT-2', 'jackets']]) {
      const product = await t.post('/apiv3/products', { sku, name: `Product ${sku}`, category: [category] });
      assert.equal(product.status, 200, product.text);
    }
    const preview = await t.delete('/apiv3/categories/bulk?dry_run=true', {});
    assert.equal(preview.status, 200, preview.text);
    assert.deepEqual(preview.body.payload.would_delete, { categories: tree.length, products_uncategorised: 3 });

    const { page, done } = await c.open({ path: '/categories' });
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    const shownTree = page.getByTestId('categories-tree');
    await shownTree.waitFor();
    for (const category of tree) await shownTree.getByText(category.name, { exact: true }).waitFor();

    // Open the dialog, read the dry run's counts, and cancel: nothing is deleted.
    await page.getByRole('button', { name: 'Delete all categories' }).click();
    let dialog = page.getByRole('dialog', { name: 'Delete all categories' });
    await dialog.waitFor();
    assert.deepEqual(await shownCounts(page), [`${tree.length} categories`, '3 products left without this category']);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal((await t.get('/apiv3/categories')).body.payload.length, tree.length);

    // Again, and delete: the background request is followed to its end, and the tree is empty.
    await page.getByRole('button', { name: 'Delete all categories' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete all categories' });
    assert.deepEqual(await shownCounts(page), [`${tree.length} categories`, '3 products left without this category']);
    // The confirm button names what goes.
    await dialog.getByRole('button', { name: `Delete ${tree.length} categories and 3 products left without this category`, exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    const progress = page.getByTestId('request-progress');
    await progress.getByText('done', { exact: true }).waitFor({ timeout: 60_000 });
    await page.getByText('No categories yet.', { exact: false }).waitFor();

    const after = await t.get('/apiv3/categories');
    assert.equal(after.status, 200);
    assert.deepEqual(after.body.payload, []);
    const product = await t.get(`/apiv3/products/${encodeSku('JKT-1')}`);
    assert.equal(product.status, 200, product.text);
    assert.deepEqual(product.body.payload.category, [], 'products stay, with no category');
    await done();
  });

  test("create a benefit: text in a number field is caught by the form, in the console's words, before anything is sent; a refused value says what to do; the benefit is created as entered", async () => {
    const { t } = c;
    const { page, done } = await c.open({ path: '/benefits' });
    await page.getByRole('heading', { level: 1, name: 'Benefits & coupons' }).waitFor();
    await page.getByText('No benefits yet.', { exact: false }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'New benefit' }).click();
    await page.getByRole('heading', { level: 1, name: 'New benefit' }).waitFor();

    const form = page.getByRole('form', { name: 'New benefit' });
    await form.getByLabel('Title').fill('Free coffee');
    await form.getByLabel('Description').fill('One coffee at any store.');
    await form.getByLabel('Starts').fill('2026-01-01');
    await form.getByLabel('Ends').fill('2026-12-31');
    await form.getByLabel('Points', { exact: true }).fill('a hundred');
    await form.getByLabel('Stock').fill('5');
    await form.getByLabel('Per customer per month').fill('2');

    // Text in a number field: the form says to type a whole number, under Points, and sends nothing.
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST') posts.push(request.url());
    });
    await form.getByRole('button', { name: 'Create benefit' }).click();
    const alert = form.getByRole('alert');
    await alert.waitFor();
    assert.equal((await alert.textContent())?.trim(), 'Type a whole number, 0 or more, digits only (like 100).');
    assert.equal(await form.getByLabel('Points', { exact: true }).getAttribute('aria-invalid'), 'true');
    assert.deepEqual(posts, [], 'nothing was sent');
    assert.deepEqual((await t.get('/apiv3/benefits/all')).body.payload, [], 'nothing was created');

    // A rule only the API knows (a SKU over 255 characters): the console's words, the API's not echoed.
    const longSku = 'S'.repeat(300);
    const refused = await t.post('/apiv3/benefits', { title: 'Free coffee', startdate: '2026-01-01', enddate: '2026-12-31', points: 100, sku: longSku });
    assert.equal(refused.status, 400, refused.text);
    assert.match(refused.body.message, /^sku: /);
    await form.getByLabel('Points', { exact: true }).fill('100');
    await form.getByText('More fields').click();
    await form.getByLabel('SKU').fill(longSku);
    await form.getByRole('button', { name: 'Create benefit' }).click();
    const refusal = form.locator('.field', { has: page.getByLabel('SKU', { exact: true }) }).getByRole('alert');
    await refusal.locator('.error-text').waitFor();
    assert.equal((await refusal.locator('.error-text').textContent())?.trim(), 'Shorten it to 255 characters or fewer.');
    assert.equal(await refusal.getByTestId('error-detail').count(), 0, 'the API\'s wording is not echoed');
    assert.deepEqual((await t.get('/apiv3/benefits/all')).body.payload, [], 'nothing was created');
    await form.getByLabel('SKU').fill('');

    await form.getByLabel('Points', { exact: true }).fill('100');
    await form.getByRole('button', { name: 'Create benefit' }).click();
    await page.getByRole('heading', { level: 1, name: 'Free coffee' }).waitFor();
    const id = Number(/\/console\/benefits\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);
    assert.ok(id > 0, page.url());

    const created = await t.get(`/apiv3/benefits/${id}`);
    assert.equal(created.status, 200, created.text);
    const benefit = created.body.payload;
    assert.equal(benefit.title, 'Free coffee');
    assert.equal(benefit.description, 'One coffee at any store.');
    assert.equal(benefit.points, 100);
    assert.equal(benefit.stock, 5);
    assert.equal(benefit.monthly_redeems, '2');
    assert.match(benefit.startdate, /^2026-01-01/);
    assert.match(benefit.enddate, /^2026-12-31/);
    const details = page.getByTestId('benefit-details');
    await details.waitFor();
    // Whole days (from 00:00:00, until 23:59:59 in the account's zone): the days, with no time of day.
    assert.match((await details.textContent()) ?? '', /Starts01\/01\/2026Ends12\/31\/2026/);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Benefits & coupons' }).click();
    const table = page.getByRole('table', { name: 'Benefits' });
    await table.getByRole('link', { name: 'Free coffee' }).waitFor();
    assert.deepEqual(
      (await t.get('/apiv3/benefits/all')).body.payload.map((b: { id: number }) => b.id),
      [id],
    );
    await done();
  });

  test('duplicates: a benefit title, a category name or a SKU but for capitals already there is warned about before saving; a SKU or a category code taken names its holder; an offer price above the price is warned about', async () => {
    const { t } = c;
    const year = new Date().getUTCFullYear();
    const first = await t.post('/apiv3/benefits', { title: 'Duplicate me', startdate: `${year}-01-01`, enddate: `${year + 1}-12-31`, points: 10, status: '1' });
    assert.equal(first.status, 200, first.text);
    const { page, done } = await c.open({ path: '/benefits/new' });
    const form = page.getByRole('form', { name: 'New benefit' });
    await form.getByLabel('Title').fill('duplicate ME');
    await form.getByLabel('Starts').fill(`${year}-01-01`);
    await form.getByLabel('Ends').fill(`${year + 1}-12-31`);
    await form.getByLabel('Points', { exact: true }).fill('20');
    await form.getByRole('button', { name: 'Create benefit' }).click();
    await page.getByTestId('duplicate-warning').getByText(`A benefit called “Duplicate me” already exists (#${first.body.payload.id}). Create another anyway?`, { exact: true }).waitFor();
    assert.equal(((await t.get('/apiv3/benefits/all')).body.payload as { title: string }[]).filter((b) => /duplicate me/i.test(b.title)).length, 1, 'nothing saved yet');
    await form.getByRole('button', { name: 'Create anyway' }).click();
    await page.getByRole('heading', { level: 1, name: 'duplicate ME' }).waitFor();
    assert.equal(((await t.get('/apiv3/benefits/all')).body.payload as { title: string }[]).filter((b) => /duplicate me/i.test(b.title)).length, 2);

    // A category of the same name at the same level: warned, then created when confirmed.
    assert.equal((await t.post('/apiv3/categories', { code: 'dup-hats', name: 'Hats' })).status, 200);
    await page.goto(c.url('/categories'));
    const newCategory = page.getByRole('form', { name: 'New category' });
    await newCategory.getByLabel('Name').fill('hats');
    await newCategory.getByLabel('Code').fill('dup-hats-2');
    await newCategory.getByRole('button', { name: 'Create category' }).click();
    await page.getByTestId('duplicate-warning').getByText('A category called “Hats” already exists at the top level (code dup-hats). Create another anyway?', { exact: true }).waitFor();
    assert.equal(((await t.get('/apiv3/categories')).body.payload as { code: string }[]).some((cat) => cat.code === 'dup-hats-2'), false, 'nothing saved yet');
    await newCategory.getByRole('button', { name: 'Create anyway' }).click();
    await page.getByText('Category “hats” (dup-hats-2) created.').waitFor();
    // A code taken: the refusal names the category that has it.
    await newCategory.getByLabel('Name').fill('Caps');
    await newCategory.getByLabel('Code').fill('dup-hats');
    await newCategory.getByRole('button', { name: 'Create category' }).click();
    await newCategory.locator('.field-error').getByText('The code “dup-hats” is already the code of category “Hats”: choose another code.', { exact: true }).waitFor();
    assert.equal(await newCategory.getByLabel('Code').getAttribute('aria-invalid'), 'true');

    // A SKU taken: the refusal names the product that has it.
    const mug = await t.post('/apiv3/products', { sku: 'DUP-1', name: 'Blue mug' });
    assert.equal(mug.status, 200, mug.text);
    const mugId = (await t.get('/apiv3/products?sku=DUP-1')).body.payload[0].id;
    await page.goto(c.url('/catalogue/new'));
    await page.getByLabel('SKU').fill('DUP-1');
    await page.getByLabel('Name', { exact: true }).fill('Red mug');
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.locator('.field-error').getByText(`The SKU “DUP-1” is already the SKU of product “Blue mug” (#${mugId}): choose another SKU.`, { exact: true }).waitFor();
    assert.equal((await t.get('/apiv3/products?sku=DUP-1')).body.payload.length, 1);

    // A SKU that differs only in capitals: the API takes it as another SKU, the form warns first, naming the product.
    const shoe = await t.post('/apiv3/products', { sku: 'run-100', name: 'Running shoe' });
    assert.equal(shoe.status, 200, shoe.text);
    await page.goto(c.url('/catalogue/new'));
    await page.getByLabel('SKU').fill('RUN-100');
    await page.getByLabel('Name', { exact: true }).fill('Running shoe, again');
    await page.getByRole('button', { name: 'Create product' }).click();
    await page
      .getByTestId('duplicate-warning')
      .getByText(`The SKU “RUN-100” differs only in capitals from “run-100”, the SKU of product “Running shoe” (#${shoe.body.payload.id}). Create this product anyway?`, { exact: true })
      .waitFor();
    assert.equal((await t.get('/apiv3/products?sku=RUN-100')).body.payload.length, 0, 'nothing saved yet');
    await page.getByRole('button', { name: 'Create anyway' }).click();
    await page.waitForURL('**/console/catalogue/products/**');
    assert.equal((await t.get('/apiv3/products?sku=RUN-100')).body.payload.length, 1);

    // An offer price above the price: the API takes it, the form warns first.
    await page.goto(c.url('/catalogue/new'));
    await page.getByLabel('SKU').fill('OFFER-1');
    await page.getByLabel('Name', { exact: true }).fill('Dear offer');
    await page.getByLabel('Price', { exact: true }).fill('100');
    await page.getByLabel('Offer price', { exact: true }).fill('120');
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByTestId('offer-price-warning').getByText('The offer price is higher than the price ($120.00 against $100.00). Correct one of them, or create it anyway.', { exact: true }).waitFor();
    assert.equal((await t.get('/apiv3/products?sku=OFFER-1')).body.payload.length, 0, 'nothing saved yet');
    await page.getByRole('button', { name: 'Create anyway' }).click();
    await page.waitForURL('**/console/catalogue/products/**');
    const dear = (await t.get('/apiv3/products?sku=OFFER-1')).body.payload[0];
    assert.deepEqual([dear.price, dear.offer_price], [100, 120]);

    // A branch name taken: the refusal says so with the name, under the field.
    assert.equal((await t.post('/apiv3/branches', { name: 'dup-palermo' })).status, 200);
    await page.goto(c.url('/catalogue/branches/new'));
    await page.getByLabel('Name', { exact: true }).fill('dup-palermo');
    await page.getByRole('button', { name: 'Create branch' }).click();
    await page.locator('.field-error').getByText('There is already a branch named “dup-palermo”: choose another name, or edit that branch.', { exact: true }).waitFor();
    await done();
  });

  test('product edit: an emptied offer price is not saved as nothing; the field says it cannot be removed and what to type instead', async () => {
    const { t } = c;
    const made = await t.post('/apiv3/products', { sku: 'OFFER-2', name: 'Thermos', price: 100, offer_price: 89.95, stock: 4 });
    assert.equal(made.status, 200, made.text);
    const { page, done } = await c.open({ path: '/catalogue/products/OFFER-2' });
    const form = page.getByRole('form', { name: 'Edit product' });
    await form.getByLabel('Offer price', { exact: true }).waitFor();
    assert.equal(await form.getByLabel('Offer price', { exact: true }).inputValue(), '89.95');
    const puts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PUT') puts.push(request.url());
    });
    await form.getByLabel('Offer price', { exact: true }).fill('');
    await form.getByRole('button', { name: 'Save changes' }).click();
    const problem = form.locator('.field', { has: page.getByLabel('Offer price', { exact: true }) }).getByRole('alert');
    await problem.getByText('The offer price cannot be removed once set; to end the offer, type the same amount as the price.', { exact: true }).waitFor();
    assert.equal(await form.getByLabel('Offer price', { exact: true }).getAttribute('aria-invalid'), 'true');
    assert.deepEqual(puts, [], 'nothing was sent');
    // The same for the stock; what is typed instead is saved.
    await form.getByLabel('Stock', { exact: true }).fill('');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await form.locator('.field', { has: page.getByLabel('Stock', { exact: true }) }).getByRole('alert').getByText('The stock cannot be removed once set; type 0 for none.', { exact: true }).waitFor();
    assert.deepEqual(puts, [], 'nothing was sent');
    await form.getByLabel('Offer price', { exact: true }).fill('100');
    await form.getByLabel('Stock', { exact: true }).fill('0');
    const put = page.waitForResponse((response) => response.request().method() === 'PUT');
    await form.getByRole('button', { name: 'Save changes' }).click();
    assert.equal((await put).status(), 200);
    const saved = await t.get(`/apiv3/products/${encodeSku('OFFER-2')}`);
    assert.equal(saved.status, 200, saved.text);
    assert.deepEqual([saved.body.payload.price, saved.body.payload.offer_price, saved.body.payload.stock], [100, 100, 0]);
    // The page says it was saved (the form is remade from the saved product).
    await page.getByRole('status').getByText(/^Changes saved at \d{2}:\d{2}( [AP]M)?\.$/).waitFor();
    assert.equal(await form.getByLabel('Stock', { exact: true }).inputValue(), '0');
    await done();
  });

  test('a category is chosen by its path: the product form, the catalogue filter and the parent select name each category with its parents', async () => {
    const { t } = c;
    for (const category of [
      { code: 'path-shoes', name: 'Path shoes' },
      { code: 'path-trail', name: 'Trail', parent_code: 'path-shoes' },
      { code: 'path-winter', name: 'Winter', parent_code: 'path-trail' },
    ]) {
      const made = await t.post('/apiv3/categories', category);
      assert.equal(made.status, 200, made.text);
    }
    const made = await t.post('/apiv3/products', { sku: 'PATH-1', name: 'Boot', category: [{ id: 'path-shoes', name: 'Path shoes' }, { id: 'path-trail', name: 'Trail' }, { id: 'path-winter', name: 'Winter' }] });
    assert.equal(made.status, 200, made.text);
    const expected = ['Path shoes (path-shoes)', 'Path shoes › Trail (path-trail)', 'Path shoes › Trail › Winter (path-winter)'];
    const ours = async (select: ReturnType<Page['getByLabel']>) => (await select.locator('option').allTextContents()).filter((text) => text.startsWith('Path shoes'));
    const { page, done } = await c.open({ path: '/catalogue/products/PATH-1' });
    const category = page.getByRole('form', { name: 'Edit product' }).getByLabel('Category', { exact: true });
    await category.waitFor();
    assert.deepEqual(await ours(category), expected);
    // The closed select shows the chosen category with its parents.
    assert.equal(await category.evaluate((select: any) => select.selectedOptions[0].textContent), 'Path shoes › Trail › Winter (path-winter)');
    await page.goto(c.url('/catalogue'));
    const filter = page.getByLabel('Category (with subcategories)', { exact: true });
    await filter.waitFor();
    assert.deepEqual(await ours(filter), expected);
    await page.goto(c.url('/categories'));
    const parent = page.getByLabel('Parent', { exact: true });
    await parent.waitFor();
    assert.deepEqual(await ours(parent), expected);
    await done();
  });

  test('branch edit: a saved change is confirmed on the page, and not before', async () => {
    const { t } = c;
    const made = await t.post('/apiv3/branches', { name: 'saved-notice', display_name: 'Before' });
    assert.equal(made.status, 200, made.text);
    const { page, done } = await c.open({ path: `/catalogue/branches/${made.body.payload.id}` });
    const display = page.getByLabel('Display name', { exact: true });
    await display.waitFor();
    assert.equal(await page.getByText(/^Changes saved at/).count(), 0, 'nothing saved yet');
    await display.fill('After');
    const put = page.waitForResponse((response) => response.request().method() === 'PUT');
    await page.getByRole('button', { name: 'Save changes' }).click();
    assert.equal((await put).status(), 200);
    await page.getByRole('status').getByText(/^Changes saved at \d{2}:\d{2}( [AP]M)?\.$/).waitFor();
    assert.equal((await t.get(`/apiv3/branches/${made.body.payload.id}`)).body.payload.display_name, 'After');
    await done();
  });
});
