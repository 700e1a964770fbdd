import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { encodeSku } from '../../packages/sdk/src/index.js';
import { type ConsoleHarness, skipWithoutBrowser, startConsole } from './browser.js';

// The console's catalogue flows end to end in chromium against a real server (issue 10, item 4):
// delete all categories after the dry run. What the page shows is checked against what the API
// answers, before and after.

/** The dry-run dialog's counts, keyed as the API names them (`products uncategorised` → `products_uncategorised`). */
async function shownCounts(page: Page): Promise<Record<string, number>> {
  const list = page.getByTestId('would-delete');
  await list.waitFor();
  const terms = await list.locator('dt').allTextContents();
  const values = await list.locator('dd').allTextContents();
  assert.equal(terms.length, values.length);
  return Object.fromEntries(terms.map((term, i) => [term.trim().replace(/ /g, '_'), Number(values[i]!.replace(/[^\d-]/g, ''))]));
}

describe('console in a browser: catalogue', { skip: skipWithoutBrowser() }, () => {
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
    assert.deepEqual(await shownCounts(page), preview.body.payload.would_delete);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal((await t.get('/apiv3/categories')).body.payload.length, tree.length);

    // Again, and delete: the background request is followed to its end, and the tree is empty.
    await page.getByRole('button', { name: 'Delete all categories' }).click();
    dialog = page.getByRole('dialog', { name: 'Delete all categories' });
    assert.deepEqual(await shownCounts(page), preview.body.payload.would_delete);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
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
});
