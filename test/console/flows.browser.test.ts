import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { createRapportClient } from '../../packages/sdk/src/index.js';
import { pointsOf } from '../helpers/purchases.js';
import { type ConsoleHarness, eventually, skipWithoutBrowser, startConsole, storedKey, withSettings } from './browser.js';

/** The console's words for a refused key (packages/console/src/api/errors.ts). */
const KEY_REFUSED = 'This API key is not valid (or was revoked). Paste a current key.';

/** POST /users answers 201 (U1); 200 from a server before that change. */
const created = (status: number) => status === 200 || status === 201;

// The console's main flows end to end in chromium against a real server: sign in
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
    await page.getByRole('button', { name: 'Use an API key instead' }).click();
    await page.getByLabel('API key').fill(c.t.key);
    await page.getByRole('button', { name: 'Sign in with the key' }).click();

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

  test("a wrong key is refused in the console's words, without echoing the API's, and is not kept", async () => {
    const wrong = 'rk_this-key-does-not-exist-0000';
    const refused = await c.t.get('/apiv3/users?limit=1', { key: wrong });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, 'forbidden');

    const { page, done } = await c.open({ key: null });
    await page.getByRole('button', { name: 'Use an API key instead' }).click();
    await page.getByLabel('API key').fill(wrong);
    await page.getByRole('button', { name: 'Sign in with the key' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    // What to do, in the console's words; the API's own wording is not echoed under them.
    assert.equal((await alert.locator('.error-text').textContent())?.trim(), KEY_REFUSED);
    assert.equal(await alert.getByTestId('error-detail').count(), 0, 'the API’s wording is not echoed');
    assert.equal(await page.getByLabel('API key').getAttribute('aria-invalid'), 'true');
    assert.equal(await storedKey(page), null);
    assert.equal(await page.getByRole('heading', { level: 1, name: 'Overview' }).count(), 0);
    await done();
  });

  test('a key the server refuses while signed in signs out, saying to paste a current key', async () => {
    const stale = 'rk_revoked-or-mistyped-key-0000';
    const refused = await c.t.get('/apiv3/users?limit=1', { key: stale });
    assert.equal(refused.status, 403);

    const { page, done } = await c.open({ key: stale, path: '/customers' });
    const alert = page.getByTestId('signed-out-notice');
    await alert.waitFor();
    assert.equal(await alert.getAttribute('role'), 'alert');
    assert.equal((await alert.locator('.error-text').textContent())?.trim(), KEY_REFUSED);
    assert.match((await alert.textContent()) ?? '', /^You were signed out\. /);
    assert.equal(await alert.getByTestId('error-detail').count(), 0, 'the API’s wording is not echoed');
    await page.getByLabel('API key').waitFor();
    assert.equal(await page.getByRole('button', { name: 'Sign out' }).count(), 0);
    await done();
  });

  test("find a customer, add points: the balance shown and the API agree; a typo is caught in the form; a refused amount says what to do", async () => {
    const { t } = c;
    for (const body of [
      { service_uid: 'c-1', email: 'bruno.sosa@example.com', first_name: 'Bruno', last_name: 'Sosa', points: 10 },
      { service_uid: 'c-2', email: 'lucia.benitez@example.com', first_name: 'Lucía', last_name: 'Benítez', points: 100 },
      { service_uid: 'c-3', email: 'lucas.benitez@example.com', first_name: 'Lucas', last_name: 'Benítez', points: 0 },
    ]) {
      assert.ok(created((await t.post('/apiv3/users', body)).status));
    }
    const found = await t.get('/apiv3/users?search=lucia.benitez');
    assert.equal(found.body.payload.length, 1);
    const lucia = found.body.payload[0];

    const { page, done } = await c.open({ path: '/customers' });
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await page.getByLabel('Search', { exact: true }).fill('lucia.benitez');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    // One customer matches: the search opens their page; Back shows the list of that one match.
    await page.getByRole('heading', { level: 1, name: 'Lucía Benítez' }).waitFor();
    await page.goBack();
    const results = page.getByRole('table', { name: 'Customers matching “lucia.benitez”' });
    await results.waitFor();
    await eventually(async () => assert.equal(await results.locator('tbody tr').count(), 1)); // the previous rows stay until the answer
    await results.getByRole('link', { name: 'Lucía Benítez' }).click();

    await page.getByRole('heading', { level: 1, name: 'Lucía Benítez' }).waitFor();
    assert.equal(new URL(page.url()).pathname, `/console/customers/${lucia.userapp_id}`);
    const balance = page.getByTestId('customer-points-balance');
    assert.equal(await balance.textContent(), '100');

    const form = page.getByRole('region', { name: 'Points', exact: true }); // the customer page's Points section
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

    // "ten" and an empty concept are caught by the form: its words under each field, nothing sent.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/points')) sent.push(request.url());
    });
    await form.getByLabel('Concept').fill('');
    await form.getByLabel('Points to add').fill('ten');
    await form.getByRole('button', { name: 'Record points' }).click();
    const pointsField = form.getByLabel('Points to add');
    await eventually(async () => assert.equal(await pointsField.getAttribute('aria-invalid'), 'true'));
    const pointsError = form.locator('.field', { has: page.getByLabel('Points to add') }).locator('.field-error');
    assert.equal((await pointsError.textContent())?.trim(), 'Type a whole number, digits only (like 10, or -5 to take away).');
    assert.doesNotMatch((await form.textContent()) ?? '', /is required|must be/, 'no validator wording');
    const conceptError = form.locator('.field', { has: page.getByLabel('Concept') }).locator('.field-error');
    assert.equal((await conceptError.textContent())?.trim(), 'Say what it is for, e.g. bonus.');
    assert.equal(await page.evaluate(() => (globalThis as any).document.activeElement?.getAttribute('name')), 'concept', 'the focus is on the first field to correct');
    assert.deepEqual(sent, [], 'nothing was sent');

    // More than the balance: the API refuses it; under the Points field the console says what to do (the API's wording not echoed).
    const refused = await t.post(`/apiv3/users/${lucia.userapp_id}/points`, { concept: 'redeem', points: -1000 });
    assert.equal(refused.status, 400, refused.text);
    assert.match(refused.body.message, /^points: /);
    await form.getByLabel('Concept').fill('redeem');
    await form.getByLabel('Points to add').fill('-1000');
    await form.getByRole('button', { name: 'Record points' }).click();
    const alert = form.getByRole('alert');
    await alert.locator('.error-text').waitFor();
    assert.equal((await alert.locator('.error-text').textContent())?.trim(), 'The customer has 125 points: take away 125 at most.');
    assert.equal(await alert.getByTestId('error-detail').count(), 0, 'the API’s wording is not echoed');
    assert.equal(await form.getByLabel('Points to add').getAttribute('aria-invalid'), 'true', 'the message is under the field it names');
    assert.equal(sent.length, 1);
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
    // The counts: the physical lines (header included, as the API's dry run counts them), the entries added.
    const lines = (await createRapportClient({ baseUrl: c.baseUrl, apiKey: t.key }).uploadBlacklist({ file: new Blob([csv]), blacklist: 'email', type: 'create', dryRun: true })) as { lines: number };
    assert.equal(lines.lines, count + 1);
    assert.equal(
      (await finished.textContent())?.trim(),
      `unsubscribed.csv: ${(count + 1).toLocaleString('en-GB')} lines read, ${count.toLocaleString('en-GB')} entries added to the email list (the others were on it already or repeated); it now holds ${count.toLocaleString('en-GB')} entries.`,
    );
    assert.equal(await progressShown(page), true, 'the progress bar showed while the file went out');
    await page.getByTestId('blacklist-total').getByText(count.toLocaleString('en-GB'), { exact: true }).waitFor();

    assert.equal((await t.get('/apiv3/account/blacklist?blacklist=email&limit=1')).body.payload.total, count);
    for (const value of [values[0]!, values[count - 1]!]) {
      const listed = await t.get(`/apiv3/account/blacklist/email/${encodeURIComponent(value)}`);
      assert.equal(listed.status, 200, listed.text);
      assert.equal(listed.body.payload.blacklisted, true, value);
    }
    // The list shows the newest first: the file's last line is on the first page.
    await page.getByRole('table', { name: 'Entries of the email list' }).getByRole('cell', { name: values[count - 1]!, exact: true }).waitFor();
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

  test('replace the whole list: the dry run first, a confirmation naming the count, then the counts of what was done; emptying names its count too', async () => {
    const { t } = c;
    const total = async () => (await t.get('/apiv3/account/blacklist?blacklist=email&limit=1')).body.payload.total as number;
    const before = await total();
    assert.ok(before > 0, 'the earlier upload filled the list');
    const n = (value: number) => value.toLocaleString('en-GB');
    const values = Array.from({ length: 300 }, (_, i) => `replacement-${i}@example.com`);
    const csv = Buffer.from(`email\n${values.join('\n')}\n`);
    const sdk = createRapportClient({ baseUrl: c.baseUrl, apiKey: t.key });
    const expected = (await sdk.uploadBlacklist({ file: new Blob([csv]), blacklist: 'email', type: 'delete-create', dryRun: true })) as any;
    assert.equal(expected.would_delete.entries, before);
    assert.equal(expected.would_add.entries, values.length);

    const { page, done } = await c.open({ path: '/blacklists' });
    const upload = page.getByRole('region', { name: 'Upload a CSV file' });
    await upload.getByLabel('CSV file').setInputFiles({ name: 'replacement.csv', mimeType: 'text/csv', buffer: csv });
    await upload.getByLabel('List', { exact: true }).selectOption('email');
    await upload.getByLabel('Mode').selectOption('delete-create');

    // Upload opens the check: what would go and come, and a button that says how many go.
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    let dialog = page.getByRole('dialog', { name: 'Replace the email list?' });
    const confirmName = `Delete ${n(before)} entries and load ${n(values.length)}`;
    await dialog.getByRole('button', { name: confirmName }).waitFor({ timeout: 60_000 });
    assert.equal(
      (await dialog.getByTestId('replace-summary').textContent())?.trim(),
      `${n(expected.lines)} lines read: ${n(before)} entries of the email list would be deleted, and ${n(values.length)} loaded from the file.`,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.equal(await total(), before, 'the check and a cancel change nothing');
    assert.equal(await upload.getByTestId('blacklist-upload-done').count(), 0);

    // Again, and confirm: the list is replaced, and the page says so in counts.
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Replace the email list?' });
    await dialog.getByRole('button', { name: confirmName }).click({ timeout: 60_000 });
    await dialog.waitFor({ state: 'hidden', timeout: 90_000 });
    const finished = upload.getByTestId('blacklist-upload-done');
    await finished.waitFor();
    assert.equal(
      (await finished.textContent())?.trim(),
      `replacement.csv: ${n(expected.lines)} lines read; the email list was replaced: ${n(before)} entries removed, ${n(values.length)} entries loaded.`,
    );
    assert.equal(await total(), values.length);
    assert.equal((await t.get(`/apiv3/account/blacklist/email/${encodeURIComponent(values[0]!)}`)).body.payload.blacklisted, true);
    await page.getByTestId('blacklist-total').getByText(n(values.length), { exact: true }).waitFor();

    // A file the server would refuse: the dialog says to fix it, lists the line, and cannot be confirmed.
    await upload.getByLabel('CSV file').setInputFiles({ name: 'broken.csv', mimeType: 'text/csv', buffer: Buffer.from('email\nok@example.com\nnot-an-address\n') });
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    dialog = page.getByRole('dialog', { name: 'Replace the email list?' });
    await dialog.getByText('Fix the file’s invalid lines', { exact: false }).waitFor({ timeout: 60_000 });
    await dialog.getByRole('cell', { name: 'not-an-address', exact: true }).waitFor();
    assert.equal(await dialog.getByTestId('confirm-dry-run').isDisabled(), true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await total(), values.length);

    // Emptying the list: its confirmation names the count as well.
    await page.getByRole('button', { name: 'Empty the email list' }).click();
    dialog = page.getByRole('dialog', { name: 'Empty the email list?' });
    await dialog.getByRole('button', { name: `Delete ${n(values.length)} entries` }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('The email list was emptied.').waitFor();
    await eventually(async () => assert.equal(await total(), 0));
    await done();
  });

  test('assign a benefit by e-mail, customer ID in your shop or customer number: found first, then assigned; the console says what to do when it cannot', async () => {
    const { t } = c;
    const make = async (body: Record<string, unknown>) => {
      const response = await t.post('/apiv3/users', body);
      assert.ok(created(response.status), response.text);
      return response.body.payload as { userapp_id: number; email: string | null; service_uid: string | null };
    };
    const ines = await make({ service_uid: 'c-2201', email: 'ines.moreno@example.com', first_name: 'Inés', last_name: 'Moreno', points: 1000 });
    const tomas = await make({ service_uid: 'c-2202', email: 'tomas.diaz@example.com', first_name: 'Tomás', last_name: 'Díaz', points: 1000 });
    const poor = await make({ service_uid: 'c-2203', email: 'no.points@example.com', first_name: 'Sin', last_name: 'Puntos', points: 0 });
    // A service UID made of digits that is also another customer's number.
    const twin = await make({ service_uid: String(ines.userapp_id), email: 'digits@example.com', first_name: 'Dígitos', points: 1000 });
    const year = new Date().getUTCFullYear();
    const benefit = await t.post('/apiv3/benefits', { title: 'Cinema ticket', startdate: `${year - 1}-01-01`, enddate: `${year + 1}-12-31`, points: 100, status: '1' });
    assert.equal(benefit.status, 200, benefit.text);
    const benefitId = benefit.body.payload.id as number;
    const couponsOf = async (user: { userapp_id: number }) => (await t.get(`/apiv3/coupons?userapp_id=${user.userapp_id}`)).body.payload as unknown[];

    const { page, done } = await c.open({ path: `/benefits/${benefitId}` });
    const paths: string[] = [];
    page.on('request', (request) => paths.push(new URL(request.url()).pathname + new URL(request.url()).search));
    const form = page.getByRole('form', { name: 'Assign to a customer' });
    const field = form.getByLabel('Customer');
    const fieldError = form.locator('.field', { has: page.getByLabel('Customer') }).locator('.field-error');
    const assign = async (text: string) => {
      await field.fill(text);
      await form.getByRole('button', { name: 'Assign' }).click();
    };

    // By e-mail: looked up with /multiusers/find, assigned by userapp_id; never the e-mail as an id.
    await assign('ines.moreno@example.com');
    const notice = form.getByRole('status');
    await notice.getByText('Assigned to Inés Moreno', { exact: false }).waitFor();
    assert.equal((await couponsOf(ines)).length, 1);
    assert.ok(paths.some((path) => path.startsWith('/apiv3/multiusers/find?email=ines.moreno%40example.com')), paths.join('\n'));
    assert.ok(!paths.some((path) => /\/users\/[A-Za-z0-9_-]*aW5l/.test(path)), 'no e-mail encoded as an id');

    // By service UID, and by #number.
    await assign('c-2202');
    await notice.getByText('Assigned to Tomás Díaz', { exact: false }).waitFor();
    // Waits for the POST itself, so a run that loses the click says so instead of a count.
    const assigned = page.waitForResponse((response) => response.url().endsWith(`/benefits/${benefitId}/assign`) && response.request().method() === 'POST', { timeout: 60_000 });
    await assign(`#${tomas.userapp_id}`);
    assert.equal((await assigned).status(), 200, await form.innerText());
    await eventually(async () => assert.equal((await couponsOf(tomas)).length, 2));

    // Digits that are a number and another customer's service UID: the console asks which one.
    await assign(String(ines.userapp_id));
    await fieldError.waitFor();
    assert.equal(
      (await fieldError.textContent())?.trim(),
      `“${ines.userapp_id}” matches two customers: number ${ines.userapp_id} is Inés Moreno, and Dígitos has the customer ID in your shop ${ines.userapp_id}. ` +
        `Type #${ines.userapp_id} for Inés Moreno or #${twin.userapp_id} for Dígitos.`,
    );
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    assert.equal((await couponsOf(ines)).length, 1, 'nothing assigned');

    // Nobody, and nothing typed.
    await assign('nobody@example.com');
    await fieldError.getByText('No customer has the e-mail “nobody@example.com”.', { exact: false }).waitFor();
    await assign('   ');
    await fieldError.getByText('Type the customer’s name, e-mail, customer ID in your shop or customer number.', { exact: true }).waitFor();

    // The API refuses (too few points): what to do, in the console's words only.
    const refused = await t.post(`/apiv3/benefits/${benefitId}/assign`, { userapp_id: poor.userapp_id });
    assert.equal(refused.status, 400, refused.text);
    await assign('no.points@example.com');
    const alert = form.locator('.error-note[role="alert"]');
    await alert.waitFor();
    assert.equal((await alert.locator('.error-text').textContent())?.trim(), 'This customer has 0 points and it costs 100: add points first, or choose another customer.');
    assert.equal(await alert.getByTestId('error-detail').count(), 0, 'the API’s wording is not echoed');
    assert.equal((await couponsOf(poor)).length, 0);

    // The coupons list shows customers by name.
    await page.goto(c.url('/benefits/coupons'));
    const coupons = page.getByRole('table', { name: 'Coupons' });
    await coupons.getByRole('link', { name: 'Tomás Díaz' }).first().waitFor();
    assert.equal(await coupons.getByRole('link', { name: 'c-2202' }).count(), 0);
    await done();
  });

  test('assign a benefit twice in a month (es, Buenos Aires): the limit said naming the customer and the benefit and when again; a stale "customers match" goes when one is chosen; the points shown are the points left', async () => {
    const { t } = c;
    const make = async (body: Record<string, unknown>) => {
      const response = await t.post('/apiv3/users', body);
      assert.ok(created(response.status), response.text);
      return response.body.payload as { userapp_id: number };
    };
    const lucia = await make({ service_uid: 'l-1', email: 'lucia.alvarez@example.com', first_name: 'Lucía', last_name: 'Álvarez', points: 706 });
    await make({ service_uid: 'l-2', email: 'lucia.alvarado@example.com', first_name: 'Lucía', last_name: 'Álvarado', points: 50 });
    const year = new Date().getUTCFullYear();
    const benefit = await t.post('/apiv3/benefits', { title: 'Café gratis', startdate: `${year - 1}-01-01`, enddate: `${year + 1}-12-31`, points: 500, monthly_redeems: 1, status: '1' });
    assert.equal(benefit.status, 200, benefit.text);
    const benefitId = benefit.body.payload.id as number;

    const { page, done } = await c.open({ path: `/benefits/${benefitId}` });
    await withSettings(page, { currency: 'ARS', timezone: 'America/Argentina/Buenos_Aires', locale: 'es' });
    const form = page.getByRole('form', { name: 'Assign to a customer' });
    const field = form.getByLabel('Customer');
    const fieldError = form.locator('.field', { has: page.getByLabel('Customer') }).locator('.field-error');
    const choose = async () => {
      await field.fill('Lucía Ál');
      await form.getByTestId('customer-suggestions').getByRole('button', { name: 'Lucía Álvarez', exact: true }).click();
    };

    // Two match what is typed: said under the field, and gone once one is chosen.
    await field.fill('Lucía Ál');
    await form.getByRole('button', { name: 'Assign' }).click();
    await fieldError.getByText('2 customers match “Lucía Ál”', { exact: false }).waitFor();
    await form.getByTestId('customer-suggestions').getByRole('button', { name: 'Lucía Álvarez', exact: true }).click();
    await form.getByText('Chosen: Lucía Álvarez (lucia.alvarez@example.com), 706 points.', { exact: true }).waitFor();
    assert.equal(await fieldError.count(), 0, 'the earlier lookup’s error is gone');
    assert.notEqual(await field.getAttribute('aria-invalid'), 'true');

    await form.getByRole('button', { name: 'Assign to Lucía Álvarez' }).click();
    await form.getByRole('status').getByText('Assigned to Lucía Álvarez: a coupon was created and 500 points taken (206 left).', { exact: true }).waitFor();

    // Chosen again: the points she has now, not those the matches were first read with.
    await choose();
    await form.getByText('Chosen: Lucía Álvarez (lucia.alvarez@example.com), 206 points.', { exact: true }).waitFor();

    // Again this month: refused by the limit, said in words naming both, with when she can have it again:
    // the API's months are UTC, so the next starts at 21:00 of the month's last day in Buenos Aires.
    await form.getByRole('button', { name: 'Assign to Lucía Álvarez' }).click();
    const now = new Date();
    const again = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - 3 * 3_600_000);
    const day = `${String(again.getUTCDate()).padStart(2, '0')}/${String(again.getUTCMonth() + 1).padStart(2, '0')}/${again.getUTCFullYear()}`;
    const alert = form.locator('.error-note[role="alert"]');
    await alert.waitFor();
    assert.equal(
      (await alert.locator('.error-text').textContent())?.trim(),
      `Lucía Álvarez already received “Café gratis” this month (limit 1 a month); they can receive it again from ${day} 21:00 GMT-3.`,
    );
    assert.equal(await alert.getByTestId('error-detail').count(), 0, 'the API’s wording is not echoed');
    assert.equal(((await t.get(`/apiv3/coupons?userapp_id=${lucia.userapp_id}`)).body.payload as unknown[]).length, 1);
    // Choosing (another) customer clears the refusal, which was about the one before.
    await choose();
    await form.getByText('Chosen: Lucía Álvarez (lucia.alvarez@example.com), 206 points.', { exact: true }).waitFor();
    assert.equal(await alert.count(), 0);
    await done();
  });

  test('purchases: customers by name (one read per customer of the page), the branch filter offers the branches, a customer filter by e-mail, a long range charted by month', async () => {
    const { t } = c;
    const make = async (body: Record<string, unknown>) => {
      const response = await t.post('/apiv3/users', body);
      assert.ok(created(response.status), response.text);
      return response.body.payload as { userapp_id: number; service_uid: string };
    };
    const people = [
      await make({ service_uid: 'p-1', email: 'marta.rios@example.com', first_name: 'Marta', last_name: 'Ríos' }),
      await make({ service_uid: 'p-2', email: 'julian.paz@example.com', first_name: 'Julián', last_name: 'Paz' }),
      await make({ service_uid: 'p-3', email: 'only.email@example.com' }),
    ];
    for (const name of ['Centro', 'Norte']) assert.equal((await t.post('/apiv3/branches', { name })).status, 200);
    for (let i = 0; i < 9; i += 1) {
      const who = people[i % 3]!;
      const bought = await t.post('/apiv3/purchases', {
        invoice_number: `P-${i}`,
        service_uid: who.service_uid,
        branch_name: i % 3 === 1 ? 'Norte' : 'Centro',
        createtime: i === 0 ? '2023-06-15 10:00:00' : undefined,
        purchase_detail: [{ sku: 'P-SKU', product_name: 'Thing', quantity: 1, unit_price: 10 + i }],
      });
      assert.equal(bought.status, 200, bought.text);
    }

    const { page, done } = await c.open({ path: '/' });
    const userReads: string[] = [];
    page.on('request', (request) => {
      if (/\/apiv3\/users\/\d+$/.test(new URL(request.url()).pathname)) userReads.push(request.url());
    });
    await page.goto(c.url('/purchases'));
    const table = page.getByRole('table', { name: 'Purchases' });
    await table.getByRole('link', { name: 'Marta Ríos' }).first().waitFor();
    await table.getByRole('link', { name: 'Julián Paz' }).first().waitFor();
    await table.getByRole('link', { name: 'only.email@example.com' }).first().waitFor();
    assert.equal(await table.getByRole('link', { name: 'p-1', exact: true }).count(), 0, 'not the service UID');
    const shown = new Set((await t.get('/apiv3/purchases?limit=25')).body.payload.map((p: any) => p.user.userapp_id));
    assert.ok(userReads.length <= shown.size, `${userReads.length} reads of customers for ${shown.size} customers on the page`);

    // The branch filter is a choice of the account's branches, applied at once.
    const branch = page.getByRole('form', { name: 'Filter purchases' }).getByLabel('Branch');
    assert.equal(await branch.evaluate((element) => element.tagName), 'SELECT');
    const branches = (await t.get('/apiv3/branches?limit=100')).body.payload.map((b: any) => b.name);
    const offered = await branch.locator('option').evaluateAll((options) => options.map((o: any) => o.value).filter(Boolean));
    assert.deepEqual(offered.sort(), [...branches].sort());
    await branch.selectOption('Norte');
    await eventually(async () => assert.equal(new URL(page.url()).searchParams.get('branch_name'), 'Norte'));
    await eventually(async () => {
      const cells = await table.locator('tbody tr td:nth-child(4)').allTextContents();
      assert.ok(cells.length > 0 && cells.every((cell) => cell.includes('Norte')), cells.join(','));
    });

    // The customer filter takes an e-mail.
    await page.getByRole('form', { name: 'Filter purchases' }).getByRole('button', { name: 'Clear filters' }).click();
    const filters = page.getByRole('form', { name: 'Filter purchases' });
    await filters.getByLabel('Customer').fill('marta.rios@example.com');
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await eventually(async () => {
      const names = await table.locator('tbody tr td:nth-child(3)').allTextContents();
      assert.deepEqual([...new Set(names.map((name) => name.trim()))], ['Marta Ríos']);
      assert.equal(names.length, 3);
    });

    // More days than a chart per day takes (366): per month, no error.
    const summaries: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/apiv3/purchases/summary') summaries.push(request.url());
    });
    await page.goto(c.url('/purchases?from=2022-01-01&to=2024-12-31'));
    await page.getByRole('heading', { level: 2, name: 'Revenue and orders per month' }).waitFor();
    await page.getByTestId('purchases-revenue-chart').getByText('Revenue per month', { exact: true }).waitFor();
    await page.getByTestId('purchases-total-orders').waitFor();
    assert.equal(await page.getByTestId('purchases-total-orders').textContent(), '1');
    assert.equal(await page.locator('main .error-note').count(), 0);
    assert.ok(summaries.every((url) => new URL(url).searchParams.get('group_by') === 'month'), summaries.join('\n'));
    await page.getByTestId('purchases-revenue-chart').getByText('Show the data').click();
    const rows = await page.getByRole('table', { name: 'Revenue per month data' }).locator('tbody tr').allTextContents();
    assert.equal(rows.length, 36, rows.join(' | '));
    await done();
  });
});
