import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { formatDateTime } from '../../src/lib/time.js';
import { buildAccounts } from '../../src/services.js';
import { type ConsoleHarness, EN_MOMENT, enMoment, eventually, skipWithoutBrowser, startConsole, storedKey } from './browser.js';

// The console's side of erasure and export (D1–D7) in chromium against a real server: a customer deleted
// after the dry run's counts (with suppression) and their data downloaded; the audit log page
// listing that deletion; the retention settings saved, read again, and run by the worker; a
// read-only key (D8) offered no change, reading and downloading still, without being signed out.


/** POST /users answers 201 (U1). */
const created = (status: number) => status === 200 || status === 201;

const DAY = 86_400_000;

describe('console in a browser: erase and export a customer, the audit log, retention', { skip: skipWithoutBrowser() }, () => {
  let c: ConsoleHarness;
  let readKey: string;
  before(async () => {
    c = await startConsole();
    readKey = (await buildAccounts(c.t.database.db, c.t.clock).createKey(c.t.accountId, undefined, 'read')).key;
    for (const name of ['page-view', 'checkout']) assert.equal((await c.t.post('/apiv3/events', { name })).status, 200);
  });
  after(() => c?.close());

  /** A customer with two user events and one purchase; answers their userapp_id. */
  async function customer(serviceUid: string, email: string, telephone: string): Promise<number> {
    const { t } = c;
    const user = await t.post('/apiv3/users', { service_uid: serviceUid, email, telephone, first_name: 'Lucía', last_name: 'Gómez', points: 40 });
    assert.ok(created(user.status), user.text);
    for (const event of ['page-view', 'checkout']) assert.equal((await t.post('/apiv3/user-events', { event, service_uid: serviceUid })).status, 200);
    const purchase = await t.post('/apiv3/purchases', {
      invoice_number: `INV-${serviceUid}`,
      service_uid: serviceUid,
      purchase_detail: [{ sku: `SKU-${serviceUid}`, product_name: 'Mate', quantity: 1, unit_price: 10 }],
    });
    assert.equal(purchase.status, 200, purchase.text);
    return user.body.payload.userapp_id;
  }

  test('a customer: download their data as JSON named after them, then delete them after the dry run, with suppression', async () => {
    const { t } = c;
    const id = await customer('erase-1', 'lucia.gomez@example.com', '+54 11 4000 2001');
    const { page, done } = await c.open({ path: `/customers/${id}` });
    await page.getByRole('heading', { level: 1, name: 'Lucía Gómez' }).waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download this customer’s data' }).click()]);
    assert.equal(download.suggestedFilename(), `lucia-gomez-${id}.json`);
    const saved = JSON.parse(await readFile((await download.path())!, 'utf8'));
    const exported = await t.get(`/apiv3/users/${id}/export`);
    assert.equal(exported.status, 200, exported.text);
    assert.deepEqual(saved, exported.body.payload, 'the file holds what GET /users/{id}/export answers');
    assert.equal(saved.user.email, 'lucia.gomez@example.com');
    assert.equal(saved.user_events.length, 2);
    await page.getByTestId('customer-export-done').getByText(`Downloaded lucia-gomez-${id}.json.`).waitFor();

    await page.getByRole('button', { name: 'Delete this customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Lucía Gómez' });
    const counts = dialog.getByTestId('would-delete');
    await counts.waitFor();
    // Counted in people's words, not by the API's table names ("users 1").
    const shown = (await counts.locator('li').allTextContents()).map((item) => item.trim());
    assert.ok(shown.includes('2 user events'), shown.join(' | '));
    assert.ok(shown.includes('1 purchase'), shown.join(' | '));
    assert.ok(shown.includes('1 customer profile'), shown.join(' | '));
    assert.ok(!shown.some((item) => /users|ledger/.test(item)), shown.join(' | '));
    const confirm = dialog.getByTestId('confirm-dry-run');
    assert.match((await confirm.textContent())!, /^Delete this customer, .*2 user events.* 1 purchase\b/);
    // The dry run changed nothing.
    assert.equal((await t.get(`/apiv3/users/${id}`)).status, 200);

    await dialog.getByLabel('Also add the e-mail and telephone to the blacklists').check();
    await confirm.click();
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/console/customers');
    await page.getByTestId('customers-flash').getByText('Lucía Gómez was deleted, and their e-mail and telephone were added to the blacklists.').waitFor();

    const gone = await t.get(`/apiv3/users/${id}`);
    assert.equal(gone.status, 404, gone.text);
    assert.equal((await t.get('/apiv3/user-events?limit=100')).body.payload.filter((e: any) => e.service_uid === 'erase-1').length, 0);
    const listed = await t.get(`/apiv3/account/blacklist/email/${encodeURIComponent('lucia.gomez@example.com')}`);
    assert.equal(listed.status, 200, listed.text);
    assert.equal(listed.body.payload.blacklisted, true);

    // The message is for the next page only: a reload does not show it again.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    assert.equal(await page.getByTestId('customers-flash').count(), 0);
    await done();
  });

  test('a read-only key: the delete is not offered (its scope is read from the API), the customer stays, the key stays signed in', async () => {
    const { t } = c;
    const id = await customer('erase-ro', 'ro.person@example.com', '+54 11 4000 2002');
    const { page, done } = await c.open({ key: readKey, path: `/customers/${id}` });
    await page.getByRole('heading', { level: 1, name: 'Lucía Gómez' }).waitFor();
    await page.getByTestId('read-only-note').getByText('This API key can only read', { exact: false }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Delete this customer' }).count(), 0);
    assert.equal(await storedKey(page), readKey);
    assert.equal((await t.get(`/apiv3/users/${id}`)).status, 200);
    // Reading still works with it: the export downloads.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download this customer’s data' }).click()]);
    assert.equal(download.suggestedFilename(), `lucia-gomez-${id}.json`);
    await done();
  });

  test('the audit log lists a deletion, newest first, filtered by method and path, in the console’s date format', async () => {
    const { t } = c;
    const other = await customer('export-audit', 'export.person@example.com', '+54 11 4000 2004');
    assert.equal((await t.get(`/apiv3/users/${other}/export`)).status, 200);
    const id = await customer('erase-audit', 'audit.person@example.com', '+54 11 4000 2003');
    assert.equal((await t.delete(`/apiv3/users/${id}?dry_run=true`)).status, 200);
    const erased = await t.delete(`/apiv3/users/${id}`);
    assert.equal(erased.status, 200, erased.text);
    const log = await t.get('/apiv3/account/audit-log?limit=5');
    assert.equal(log.status, 200, log.text);
    const newest = log.body.payload[0];
    assert.equal(newest.path, `/apiv3/users/${id}`);

    const { page, done } = await c.open({ path: '/' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    const table = page.getByTestId('audit-log-table');
    await table.waitFor();
    const first = table.locator('tbody tr').first();
    const cells = await first.locator('td').allTextContents();
    assert.equal(cells.length, 6);
    assert.match(cells[0]!, EN_MOMENT);
    assert.equal(cells[0], enMoment(newest.time));
    assert.equal(cells[1], newest.key_prefix);
    assert.equal(cells[2], 'DELETE');
    assert.equal(cells[3], `/apiv3/users/${id}`);
    assert.equal(cells[4], '200');
    assert.equal(cells[5], newest.summary);

    // Only GETs (the exports of one customer are recorded, D3): the deletion is not among them.
    await page.getByLabel('Method').selectOption('GET');
    await eventually(async () => {
      const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr: any) => [tr.children[2].textContent, tr.children[3].textContent]));
      assert.deepEqual(rows[0], ['GET', `/apiv3/users/${other}/export`]);
      assert.ok(rows.every(([method]) => method === 'GET'), JSON.stringify(rows));
    });
    assert.equal(new URL(page.url()).searchParams.get('method'), 'GET');
    // DELETE under /users: the deletion and its dry run, newest first.
    await page.getByLabel('Method').selectOption('DELETE');
    await page.getByLabel('Path').fill('/users');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await eventually(async () => {
      const paths = await table.locator('tbody tr td:nth-child(4)').allTextContents();
      assert.deepEqual(paths.slice(0, 2), [`/apiv3/users/${id}`, `/apiv3/users/${id}`]);
      const summaries = await table.locator('tbody tr td:nth-child(6)').allTextContents();
      assert.match(summaries[1]!, /dry run/);
    });
    // A range that ends before it starts: the API's 400 under the field it names, in the console's words.
    await page.getByLabel('From').fill('2026-02-01');
    await page.getByLabel('To').fill('2026-01-01');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('Correct the filter above to see audit log entries.').waitFor();
    await page.getByRole('form', { name: 'Filter the audit log' }).locator('.field-error').first().waitFor();
    await done();
  });

  test('retention: checked before sending, saved, read again after a reload, run by the worker; a read-only key is offered no save', async () => {
    const { t } = c;
    const user = await t.post('/apiv3/users', { service_uid: 'retention-1', email: 'retention@example.com' });
    assert.ok(created(user.status), user.text);
    // A page view older than 30 days: the first run after the save deletes it.
    const old = formatDateTime(new Date(t.clock.now().getTime() - 400 * DAY));
    assert.equal((await t.post('/apiv3/user-events', { event: 'page-view', service_uid: 'retention-1', datetime: old })).status, 200);

    const { page, done } = await c.open({ path: '/' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Retention' }).click();
    await page.getByRole('heading', { level: 1, name: 'Retention' }).waitFor();
    await page.getByTestId('retention-last-run').getByText('Not run yet').waitFor();

    const days = page.getByLabel('Keep user events for (days)');
    await days.fill('5000');
    await page.getByRole('button', { name: 'Add a rule for an event' }).click();
    await page.getByRole('button', { name: 'Save retention' }).click();
    await page.getByText('Type 3,650 or less.').waitFor();
    await page.getByText('Choose the event this rule is for.').waitFor();
    assert.deepEqual((await t.get('/apiv3/account/retention')).body.payload.user_events_days, null, 'nothing was sent');

    await days.fill('365');
    await page.getByLabel('Event of rule 1').selectOption('page-view');
    await page.getByLabel('Days to keep page-view').fill('30');
    await page.getByRole('button', { name: 'Save retention' }).click();
    await page.getByTestId('retention-saved').waitFor();
    const saved = await t.get('/apiv3/account/retention');
    assert.equal(saved.body.payload.user_events_days, 365);
    assert.deepEqual(saved.body.payload.by_event, { 'page-view': 30 });

    // The worker runs the retention the save made due; the page shows its run once read again.
    await eventually(async () => assert.equal((await t.get('/apiv3/account/retention')).body.payload.deleted_last_run, 1));
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Retention' }).waitFor();
    assert.equal(await page.getByLabel('Keep user events for (days)').inputValue(), '365');
    assert.equal(await page.getByLabel('Event of rule 1').inputValue(), 'page-view');
    assert.equal(await page.getByLabel('Days to keep page-view').inputValue(), '30');
    const lastRun = (await t.get('/apiv3/account/retention')).body.payload.last_run as string;
    await page.getByTestId('retention-last-run').getByText(enMoment(lastRun)).waitFor();
    await page.getByTestId('retention-last-run').getByText('1 user event', { exact: true }).waitFor();

    // Removing the rule and emptying the default: keep forever.
    await page.getByRole('button', { name: 'Remove rule 1' }).click();
    await page.getByLabel('Keep user events for (days)').fill('');
    await page.getByRole('button', { name: 'Save retention' }).click();
    await page.getByTestId('retention-saved').waitFor();
    const forever = await t.get('/apiv3/account/retention');
    assert.equal(forever.body.payload.user_events_days, null);
    assert.deepEqual(forever.body.payload.by_event, {});
    await done();

    // A read key reads the retention (D8: it may GET every route) but is offered no save.
    const readOnly = await c.open({ key: readKey, path: '/retention' });
    await readOnly.page.getByRole('heading', { level: 1, name: 'Retention' }).waitFor();
    await readOnly.page.getByTestId('read-only-note').waitFor();
    await readOnly.page.getByLabel('Keep user events for (days)').waitFor();
    assert.equal(await readOnly.page.getByRole('button', { name: 'Save retention' }).count(), 0);
    assert.equal(await storedKey(readOnly.page), readKey);
    assert.equal((await t.get('/apiv3/account/retention')).body.payload.user_events_days, null);
    await readOnly.done();
  });
});
