import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { createUser } from '../helpers/factories.js';
import { createPurchase } from '../helpers/purchases.js';
import { waitForRequest } from '../helpers/requests.js';
import { type ConsoleHarness, eventually, skipWithoutBrowser, startConsole } from './browser.js';

// The Background requests page: the account's requests from GET /requests (O11), newest
// first, paged, filtered by status and type, never a memory of the browser. Signed in to another
// account in the same browser, the first account's requests are not listed; back to the first,
// they are.

/** The request ids the page lists, in order. */
function shownIds(page: Page): Promise<string[]> {
  return page.getByTestId('requests-table').getByTestId('request-id').allTextContents();
}

async function signIn(page: Page, key: string): Promise<void> {
  // The key form is behind a link, unless this tab last signed in with a key.
  const keyLink = page.getByRole('button', { name: 'Use an API key instead' });
  const keyField = page.getByLabel('API key');
  await keyLink.or(keyField).first().waitFor();
  if (await keyLink.isVisible()) await keyLink.click();
  await keyField.fill(key);
  await page.getByRole('button', { name: 'Sign in with the key' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor(); // signed in, on the page of the address
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.getByLabel('API key').waitFor();
}

async function openRequestsPage(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Background requests' }).click();
  await page.getByRole('heading', { level: 1, name: 'Background requests' }).waitFor();
  await page.waitForFunction(() => (globalThis as any).document.querySelector('main [role="status"].state-loading') === null);
}

describe('console in a browser: background requests of the account signed in', { skip: skipWithoutBrowser() }, () => {
  let c: ConsoleHarness;
  before(async () => {
    c = await startConsole();
  });
  after(() => c?.close());

  test("another account's key lists none of the first account's requests; back to the first, they are there; newest first, paged, filtered", async () => {
    const { t } = c;
    const other = await t.newAccount('second');

    // Account A: two category deletes and 24 bulk deletes through the API, each run to its end.
    const started: string[] = [];
    for (const code of ['shoes', 'hats']) assert.equal((await t.post('/apiv3/categories', { code, name: code })).status, 200);
    for (const code of ['shoes', 'hats']) {
      const accepted = await t.delete('/apiv3/categories', { code });
      assert.equal(accepted.status, 200, accepted.text);
      started.push(accepted.body.payload.request_id);
    }
    for (let i = 0; i < 24; i += 1) {
      const accepted = await t.delete('/apiv3/categories/bulk', {});
      assert.equal(accepted.status, 200, accepted.text);
      started.push(accepted.body.payload.request_id);
    }
    for (const id of started) assert.equal((await waitForRequest(t, id)).status, 'done');
    assert.equal((await t.post('/apiv3/categories', { code: 'bags', name: 'Bags' })).status, 200);
    // One customer's export and erasure answer at once (D3, D1): no request of theirs is listed below.
    const customer = await createUser(t);
    const exported = await t.get(`/apiv3/users/${customer.userapp_id}/export`);
    assert.equal(exported.status, 200, exported.text);
    const erased = await t.delete(`/apiv3/users/${customer.userapp_id}`);
    assert.equal(erased.status, 200, erased.text);
    assert.equal(erased.body.payload.deleted.users, 1);

    // Signed in as A, one more is started from this browser: delete all categories.
    const { page, done } = await c.open({ key: null });
    await signIn(page, t.key);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Categories' }).click();
    await page.getByTestId('categories-tree').getByText('Bags', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete all categories' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete all categories' });
    await dialog.getByRole('button', { name: /^Delete 1 categor/ }).click();
    const progress = page.getByTestId('request-progress');
    await progress.getByText('done', { exact: true }).waitFor({ timeout: 60_000 });
    const fromConsole = ((await progress.locator('code').textContent()) ?? '').trim();
    assert.match(fromConsole, /^[0-9a-f-]{36}$/);
    // Nothing about requests is kept in the browser.
    assert.equal(await page.evaluate(() => (globalThis as any).localStorage.length), 0);

    // The list is the API's, newest first: 27 requests, 25 on the first page.
    const first = (await t.get('/apiv3/requests?page=0&limit=25')).body.payload.map((r: any) => r.request_id);
    const second = (await t.get('/apiv3/requests?page=1&limit=25')).body.payload.map((r: any) => r.request_id);
    assert.equal(first.length, 25);
    assert.equal(second.length, 2);
    assert.equal(first[0], fromConsole, 'the newest first');
    assert.deepEqual(new Set([...first, ...second]), new Set([...started, fromConsole]));
    await openRequestsPage(page);
    await eventually(async () => assert.deepEqual(await shownIds(page), first));
    assert.match((await page.getByTestId('requests-not-here').textContent()) ?? '', /export or deletion is not a background request: it is done at once on the customer’s page \(Their data\), and the audit log\s+records it\./);
    // An owner (the key's session) may open the audit log: the words lead there.
    await page.getByTestId('requests-not-here').getByRole('link', { name: 'audit log' }).waitFor();
    const table = page.getByTestId('requests-table');
    await eventually(async () => assert.deepEqual(await table.locator('.badge').allTextContents(), first.map(() => 'done')));
    await table.getByText('Delete categories', { exact: true }).first().waitFor();
    await page.getByRole('navigation', { name: 'Background requests pages' }).getByRole('button', { name: 'Next →' }).click();
    await eventually(async () => assert.deepEqual(await shownIds(page), second));
    assert.equal(new URL(page.url()).searchParams.get('page'), '2');

    // Filters: by type (the API's answer for it), then a status none has.
    const singles = (await t.get('/apiv3/requests?type=categories.delete')).body.payload.map((r: any) => r.request_id);
    assert.deepEqual([...singles].sort(), started.slice(0, 2).sort());
    await page.getByLabel('Type').selectOption('categories.delete');
    await eventually(async () => assert.deepEqual(await shownIds(page), singles));
    assert.equal(new URL(page.url()).searchParams.get('page'), null, 'a filter goes back to the first page');
    await table.getByText('Delete a category', { exact: true }).first().waitFor();
    await page.getByLabel('Status').selectOption('failed');
    await page.getByText('No background requests match these filters. Clear them to see all.').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await eventually(async () => assert.deepEqual(await shownIds(page), first));

    // Account B in the same browser: none of A's requests.
    assert.deepEqual((await t.get('/apiv3/requests', { key: other.key })).body.payload, []);
    await signOut(page);
    await signIn(page, other.key);
    await openRequestsPage(page);
    await page.getByText('This account has no background request yet.', { exact: false }).waitFor();
    assert.equal(await page.getByTestId('requests-table').count(), 0);
    assert.equal(await page.getByText(fromConsole).count(), 0);

    // Back to A: they are there again.
    await signOut(page);
    await signIn(page, t.key);
    await openRequestsPage(page);
    await eventually(async () => assert.deepEqual(await shownIds(page), first));

    // A value-group refresh is named in words and counts customers scored, not "deleted".
    const customerWithPurchase = await createUser(t);
    await createPurchase(t, customerWithPurchase);
    const refresh = await t.post('/apiv3/account/value-groups/refresh', {});
    assert.equal(refresh.status, 200, refresh.text);
    const refreshed = await waitForRequest(t, refresh.body.payload.request_id);
    assert.deepEqual(refreshed.result, { deleted: 1 });
    await page.getByLabel('Type').selectOption('value-groups.refresh');
    const row = table.getByRole('row').filter({ hasText: 'Recompute value groups' });
    await row.getByText('1 customer scored', { exact: false }).waitFor();
    await done();
  });
});
