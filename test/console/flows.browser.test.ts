import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { createRapportClient } from '../../packages/sdk/src/index.js';
import { pointsOf } from '../helpers/purchases.js';
import { type ConsoleHarness, eventually, skipWithoutBrowser, startConsole, storedKey } from './browser.js';

// The console's main flows end to end in chromium against a real server (issue 10, item 4): sign in
// with a key, a wrong key, a key refused while signed in; find a customer and add points; upload a
// blacklist and watch it finish. What the page shows is checked against what the API answers.

/**
 * Notes whether the upload's progress bar ever shows: it may live for less than a frame on a fast
 * machine, so a MutationObserver records it rather than a wait that could miss it.
 */
async function watchProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const doc = (globalThis as any).document;
    const seen = ((globalThis as any).__progressSeen = { bar: false });
    new (globalThis as any).MutationObserver(() => {
      if (doc.querySelector('[data-testid="blacklist-upload-progress"]')) seen.bar = true;
    }).observe(doc.body, { subtree: true, childList: true });
  });
}

const progressShown = (page: Page): Promise<boolean> => page.evaluate(() => (globalThis as any).__progressSeen.bar);

describe('console in a browser: sign-in, customers, blacklists', { skip: skipWithoutBrowser() }, () => {
  let c: ConsoleHarness;
  before(async () => {
    c = await startConsole();
  });
  after(() => c?.close());

  test('signing in with the key opens the overview; signing out forgets the key', async () => {
    const { page, done } = await c.open({ key: null });
    await page.getByRole('heading', { level: 1, name: 'Rapport console' }).waitFor();
    await eventually(async () => assert.equal(await page.title(), 'Sign in · Rapport console')); // set in an effect, after the paint
    await page.getByLabel('API key').fill(c.t.key);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    await eventually(async () => assert.equal(await page.title(), 'Overview · Rapport console'));
    assert.equal(await storedKey(page), c.t.key);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' }).click();
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/console/customers');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key').waitFor();
    assert.equal(await storedKey(page), null);
    await page.reload();
    await page.getByLabel('API key').waitFor(); // still signed out after a reload
    await done();
  });

  test("a wrong key is refused with the API's message and is not kept", async () => {
    const wrong = 'rk_this-key-does-not-exist-0000';
    const refused = await c.t.get('/apiv3/users?limit=1', { key: wrong });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, 'forbidden');

    const { page, done } = await c.open({ key: null });
    await page.getByLabel('API key').fill(wrong);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.equal((await alert.textContent())?.trim(), refused.body.message);
    assert.equal(await page.getByLabel('API key').getAttribute('aria-invalid'), 'true');
    assert.equal(await storedKey(page), null);
    assert.equal(await page.getByRole('heading', { level: 1, name: 'Overview' }).count(), 0);
    await done();
  });

  test('a key the server refuses while signed in signs out with the forbidden message', async () => {
    const stale = 'rk_revoked-or-mistyped-key-0000';
    const refused = await c.t.get('/apiv3/users?limit=1', { key: stale });
    assert.equal(refused.status, 403);

    const { page, done } = await c.open({ key: stale, path: '/customers' });
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.equal((await alert.textContent())?.trim(), `The server refused the key: ${refused.body.message}`);
    await page.getByLabel('API key').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Sign out' }).count(), 0);
    await done();
  });

  test('find a customer, add points: the balance shown and the API agree; a refused amount shows the API message', async () => {
    const { t } = c;
    for (const body of [
      { service_uid: 'c-1', email: 'bruno.sosa@example.com', first_name: 'Bruno', last_name: 'Sosa', points: 10 },
      { service_uid: 'c-2', email: 'lucia.benitez@example.com', first_name: 'Lucía', last_name: 'Benítez', points: 100 },
      { service_uid: 'c-3', email: 'lucas.benitez@example.com', first_name: 'Lucas', last_name: 'Benítez', points: 0 },
    ]) {
      assert.equal((await t.post('/apiv3/users', body)).status, 200);
    }
    const found = await t.get('/apiv3/users?search=lucia.benitez');
    assert.equal(found.body.payload.length, 1);
    const lucia = found.body.payload[0];

    const { page, done } = await c.open({ path: '/customers' });
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await page.getByLabel('Search', { exact: true }).fill('lucia.benitez');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const results = page.getByRole('table', { name: 'Customers matching “lucia.benitez”' });
    await results.waitFor();
    await eventually(async () => assert.equal(await results.locator('tbody tr').count(), 1)); // the previous rows stay until the answer
    await results.getByRole('link', { name: 'Lucía Benítez' }).click();

    await page.getByRole('heading', { level: 1, name: 'Lucía Benítez' }).waitFor();
    assert.equal(new URL(page.url()).pathname, `/console/customers/${lucia.userapp_id}`);
    const balance = page.getByTestId('customer-points-balance');
    assert.equal(await balance.textContent(), '100');

    const form = page.getByRole('region', { name: 'Points' }); // the customer page's Points section
    await form.getByLabel('Concept').fill('bonus');
    await form.getByLabel('Points to add').fill('25');
    await form.getByLabel('Description').fill('Console test');
    await form.getByRole('button', { name: 'Record points' }).click();
    await form.getByRole('status').getByText('Recorded +25 points', { exact: false }).waitFor();
    await page.getByTestId('customer-points-balance').getByText('125', { exact: true }).waitFor();
    const points = await pointsOf(t, lucia);
    assert.equal(points.points, 125);
    assert.equal(points.transactions[0].concept, 'bonus');
    assert.equal(points.transactions[0].points, 25);
    assert.equal(points.transactions[0].description, 'Console test');
    await page.getByRole('table', { name: 'Points ledger' }).getByRole('cell', { name: 'Console test' }).waitFor();

    // More than the balance: the API refuses it, and its message shows under the Points field.
    const refused = await t.post(`/apiv3/users/${lucia.userapp_id}/points`, { concept: 'redeem', points: -1000 });
    assert.equal(refused.status, 400, refused.text);
    await form.getByLabel('Concept').fill('redeem');
    await form.getByLabel('Points to add').fill('-1000');
    await form.getByRole('button', { name: 'Record points' }).click();
    const alert = form.getByRole('alert');
    await alert.waitFor();
    assert.equal((await alert.textContent())?.trim(), refused.body.message);
    assert.match(refused.body.message, /^points: /);
    assert.equal(await form.getByLabel('Points to add').getAttribute('aria-invalid'), 'true', 'the message is under the field it names');
    assert.equal((await pointsOf(t, lucia)).points, 125);
    assert.equal(await balance.textContent(), '125');
    await done();
  });

  test('upload a blacklist: the progress shows while it goes, then done; the entries exist', async () => {
    const { t } = c;
    const count = 2_000;
    const values = Array.from({ length: count }, (_, i) => `unsubscribed-${i}@example.com`);
    const csv = Buffer.from(`email\n${values.join('\n')}\n`);
    assert.equal((await t.get('/apiv3/account/blacklist?blacklist=email&limit=1')).body.payload.total, 0);

    const { page, done } = await c.open({ path: '/blacklists' });
    await page.getByRole('heading', { level: 1, name: 'Blacklists' }).waitFor();
    await page.getByText('The email list is empty.', { exact: false }).waitFor();
    await watchProgress(page);
    const upload = page.getByRole('region', { name: 'Upload a CSV file' });
    await upload.getByLabel('CSV file').setInputFiles({ name: 'unsubscribed.csv', mimeType: 'text/csv', buffer: csv });
    await upload.getByLabel('List', { exact: true }).selectOption('email');
    await upload.getByLabel('Mode').selectOption('create');
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    const finished = upload.getByTestId('blacklist-upload-done');
    await finished.waitFor({ timeout: 90_000 });
    assert.equal((await finished.textContent())?.trim(), 'unsubscribed.csv was added to the email list.');
    assert.equal(await progressShown(page), true, 'the progress bar showed while the file went out');
    await page.getByTestId('blacklist-total').getByText(count.toLocaleString('en-GB'), { exact: true }).waitFor();

    assert.equal((await t.get('/apiv3/account/blacklist?blacklist=email&limit=1')).body.payload.total, count);
    for (const value of [values[0]!, values[count - 1]!]) {
      const listed = await t.get(`/apiv3/account/blacklist/email/${encodeURIComponent(value)}`);
      assert.equal(listed.status, 200, listed.text);
      assert.equal(listed.body.payload.blacklisted, true, value);
    }
    await page.getByRole('table', { name: 'Entries of the email list' }).getByRole('cell', { name: values[0]!, exact: true }).waitFor();
    await done();
  });
  test("check a blacklist file first: the page shows the API's dry run and nothing changes", async () => {
    const { t } = c;
    const values = Array.from({ length: 300 }, (_, i) => `checked-${i}@example.com`);
    const csv = Buffer.from(`email\n${values.join('\n')}\nnot-an-address\n`);
    const before = (await t.get('/apiv3/account/blacklist?blacklist=email&limit=1')).body.payload.total;
    const sdk = createRapportClient({ baseUrl: c.baseUrl, apiKey: t.key });
    const expected = await sdk.uploadBlacklist({ file: new Blob([csv]), blacklist: 'email', type: 'delete-create', dryRun: true });
    assert.ok(expected !== null && 'dry_run' in expected && expected.dry_run, 'a dry run answer');
    assert.equal(expected.invalid_lines.count, 1);

    const { page, done } = await c.open({ path: '/blacklists' });
    const upload = page.getByRole('region', { name: 'Upload a CSV file' });
    await upload.getByLabel('CSV file').setInputFiles({ name: 'checked.csv', mimeType: 'text/csv', buffer: csv });
    await upload.getByLabel('List', { exact: true }).selectOption('email');
    await upload.getByLabel('Mode').selectOption('delete-create');
    await upload.getByRole('button', { name: 'Check the file first' }).click();
    const check = upload.getByTestId('blacklist-check-file');
    await check.waitFor({ timeout: 60_000 });
    const n = (value: number) => value.toLocaleString('en-GB');
    assert.equal(
      (await check.locator('p').first().textContent())?.trim(),
      `${n(expected.lines)} lines read. Uploading it would delete ${n(expected.would_delete.entries)} and add ${n(expected.would_add.entries)} entries of the email list.`,
    );
    const invalid = check.getByRole('table');
    await invalid.getByRole('cell', { name: 'not-an-address', exact: true }).waitFor();
    assert.equal((await t.get('/apiv3/account/blacklist?blacklist=email&limit=1')).body.payload.total, before, 'a check changes nothing');
    await done();
  });
});
