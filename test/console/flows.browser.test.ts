import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { type ConsoleHarness, skipWithoutBrowser, startConsole, storedKey } from './browser.js';

// The console's main flows end to end in chromium against a real server (issue 10, item 4): sign in
// with a key, a wrong key, a key refused while signed in. What the page shows is checked against
// what the API answers.

describe('console in a browser: signing in', { skip: skipWithoutBrowser() }, () => {
  let c: ConsoleHarness;
  before(async () => {
    c = await startConsole();
  });
  after(() => c?.close());

  test('signing in with the key opens the overview; signing out forgets the key', async () => {
    const { page, done } = await c.open({ key: null });
    await page.getByRole('heading', { level: 1, name: 'Rapport console' }).waitFor();
    assert.equal(await page.title(), 'Sign in · Rapport console');
    await page.getByLabel('API key').fill(c.t.key);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    assert.equal(await page.title(), 'Overview · Rapport console');
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
});
