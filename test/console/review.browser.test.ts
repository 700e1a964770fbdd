import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createUser } from '../helpers/factories.js';
import { type ConsoleHarness, eventually, skipWithoutBrowser, startConsole } from './browser.js';

// What the console says where a person could go wrong (issue 33's review): an entry a customer's
// erasure put on a blacklist says so; a webhook to a private address is refused with why and what
// to do; a benefit ending in the past is warned about before it is saved. The server runs with its
// defaults (private webhook addresses refused).

describe('console in a browser: erasure reasons, private webhook addresses, past end dates', { skip: skipWithoutBrowser() }, () => {
  let c: ConsoleHarness;
  before(async () => {
    c = await startConsole();
  });
  after(() => c?.close());

  test('an entry added by a customer’s erasure shows its reason on the blacklist', async () => {
    const user = await createUser(c.t, { email: 'Erased@Example.com', telephone: '+54 11 4000 1234' });
    assert.equal((await c.t.delete(`/apiv3/users/${user.userapp_id}?suppress=true`)).status, 200);
    const { page, done } = await c.open({ path: '/blacklists' });
    const row = page.getByTestId('blacklist-entries').getByRole('row', { name: /erased@example\.com/ });
    await row.getByRole('cell', { name: 'Added when the customer was erased', exact: true }).waitFor();
    await page.getByLabel('Show the list of').selectOption('telephone');
    await page.getByTestId('blacklist-entries').getByRole('row', { name: /\+541140001234/ }).getByRole('cell', { name: 'Added when the customer was erased' }).waitFor();
    await done();
  });

  test('a webhook to a private address is refused with why and what to do, in plain words', async () => {
    const { page, done } = await c.open({ path: '/webhooks' });
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    assert.equal(await page.getByText('Standard Webhooks').count(), 0);
    await page.getByRole('link', { name: 'how to verify signatures' }).waitFor();
    const form = page.getByRole('form', { name: 'New webhook endpoint' });
    for (const [url, words] of [
      ['http://192.168.1.5/hook', 'Rapport only delivers to public internet addresses, and 192.168.1.5 is a private address'],
      ['https://127.0.0.1/hook', 'Rapport only delivers to public internet addresses, and 127.0.0.1 is a loopback address'],
    ] as const) {
      await form.getByLabel('URL').fill(url);
      await form.getByRole('checkbox', { name: /^All events/ }).check();
      await form.getByRole('button', { name: 'Create endpoint' }).click();
      const error = form.locator('.field-invalid .field-error');
      await error.getByText(words, { exact: false }).waitFor();
      const text = (await error.textContent()) ?? '';
      assert.match(text, /Use your receiver's public https:\/\/ address/);
      assert.match(text, /whoever runs the Rapport server can allow private addresses \(the setting WEBHOOK_ALLOW_PRIVATE=true\)/);
    }
    assert.deepEqual((await c.t.get('/apiv3/webhooks')).body.payload, [], 'nothing was created');
    await done();
  });

  test('a benefit whose end date is past: warned before saving, saved when confirmed; a future one saves at once', async () => {
    const { page, done } = await c.open({ path: '/benefits/new' });
    const form = page.getByRole('form', { name: 'New benefit' });
    await form.getByLabel('Title').fill('Old promo');
    await form.getByLabel('Starts').fill('2020-01-01');
    await form.getByLabel('Ends').fill('2020-12-31');
    await form.getByRole('button', { name: 'Create benefit' }).click();
    const warning = page.getByTestId('benefit-past-end');
    await warning.getByText('The end date (12/31/2020) is already past: customers cannot use this benefit.', { exact: false }).waitFor();
    assert.equal((await c.t.get('/apiv3/benefits/all')).body.payload.length, 0, 'nothing saved yet');
    // A later date takes the warning away; another past one is warned about again before saving.
    await form.getByLabel('Ends').fill('2099-12-31');
    await eventually(async () => assert.equal(await warning.count(), 0));
    await form.getByLabel('Ends').fill('2021-03-31');
    await form.getByRole('button', { name: 'Create benefit' }).click();
    await warning.getByText('The end date (03/31/2021) is already past', { exact: false }).waitFor();
    assert.equal((await c.t.get('/apiv3/benefits/all')).body.payload.length, 0, 'still nothing saved');
    await form.getByRole('button', { name: 'Create anyway' }).click();
    await page.getByRole('heading', { level: 1, name: 'Old promo' }).waitFor();
    const saved = (await c.t.get('/apiv3/benefits/all')).body.payload as { title: string; enddate: string }[];
    assert.deepEqual(saved.map((b) => [b.title, b.enddate]), [['Old promo', '2021-03-31 23:59:59']]);

    // Editing it without touching the end date saves at once; moving the end into the future too.
    const edit = page.getByRole('form', { name: 'Edit benefit' });
    await edit.getByLabel('Ends').fill('2099-06-30');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await eventually(async () => assert.equal(((await c.t.get('/apiv3/benefits/all')).body.payload as { enddate: string }[])[0]!.enddate, '2099-06-30 23:59:59'));
    assert.equal(await page.getByTestId('benefit-past-end').count(), 0);
    await done();
  });
});
