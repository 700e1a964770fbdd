import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { verifyWebhook } from '../../packages/sdk/src/index.js';
import { buildAccounts } from '../../src/services.js';
import { type Received, startReceiver } from '../helpers/webhook-receiver.js';
import { type ConsoleHarness, eventually, skipWithoutBrowser, startConsole, storedKey } from './browser.js';

// The console's side of webhooks (W1–W5) in chromium against a real server that sends to a real receiver
// on 127.0.0.1 (hence WEBHOOK_ALLOW_PRIVATE): an endpoint created and its secret shown once (copied,
// and proved to be the one that signs); a test message sent and seen in the delivery log; a failed
// message retried; the secret rotated; disabled, changed and deleted; a read-only key refused.

/** The delivery log's rows as the page shows them: [message id, type, status, attempts, answer's HTTP status, answer's body]. */
async function deliveryRows(page: Page): Promise<string[][]> {
  return page
    .getByTestId('webhook-deliveries-table')
    .locator('tbody tr')
    .evaluateAll((trs) =>
      // No named function in here: the test runner's transpiler would wrap it in a helper the page does not have.
      trs.map((tr: any) => ['.delivery-id', '.delivery-type', '.badge', '.delivery-attempts', '.delivery-response', '.response-body pre'].map((selector) => tr.querySelector(selector)?.textContent.trim() ?? '')),
    );
}

/** How far the page reaches past the window's right edge, in CSS pixels. */
function sideways(page: Page): Promise<number> {
  return page.evaluate('document.scrollingElement.scrollWidth - document.documentElement.clientWidth') as Promise<number>;
}

// Started with the file (closed by its own `after`), not in a hook.
const receiver = await startReceiver();

describe('console in a browser: webhooks', { skip: skipWithoutBrowser() }, () => {
  let c: ConsoleHarness;
  let readKey: string;
  before(async () => {
    c = await startConsole({ config: { webhookAllowPrivate: true, workerPollMs: 20 } });
    readKey = (await buildAccounts(c.t.database.db, c.t.clock).createKey(c.t.accountId, undefined, 'read')).key;
  });
  after(() => c?.close());

  /** An endpoint made through the API, at a path of the receiver of its own (the receiver takes any path). */
  async function endpoint(name: string, body: Record<string, unknown> = {}): Promise<{ id: number; secret: string; url: string }> {
    const created = await c.t.post('/apiv3/webhooks', { url: `${receiver.url}/${name}`, events: ['user.deleted'], ...body });
    assert.equal(created.status, 201, created.text);
    return created.body.payload;
  }

  /** The message the receiver got after `before` requests. */
  async function next(before: number): Promise<Received> {
    await receiver.waitFor(before + 1);
    return receiver.received[before]!;
  }

  test('create: checked first, then the secret is shown once with a copy button, and it is the secret that signs', async () => {
    const { t } = c;
    const url = `${receiver.url}/created`;
    const { page, context, done } = await c.open({ path: '/' });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: c.baseUrl });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByText('No endpoints yet. Create one with the form below.').waitFor();

    const form = page.getByRole('form', { name: 'New webhook endpoint' });
    await form.getByRole('button', { name: 'Create endpoint' }).click();
    await form.getByText('Type the address Rapport sends to, starting with https://.').waitFor();
    await form.getByText('Choose at least one event, or All events.').waitFor();
    assert.deepEqual((await t.get('/apiv3/webhooks')).body.payload, [], 'nothing was sent');

    // "All events" covers every type: the single types are then checked and not choosable.
    await form.getByRole('checkbox', { name: /^All events/ }).check();
    assert.ok(await form.getByRole('checkbox', { name: /^user\.created / }).isDisabled());
    assert.ok(await form.getByRole('checkbox', { name: /^user\.created / }).isChecked());
    await form.getByRole('checkbox', { name: /^All events/ }).uncheck();
    await form.getByLabel('URL').fill(url);
    await form.getByRole('checkbox', { name: /^user_event\.created / }).check();
    await form.getByRole('checkbox', { name: /^user\.deleted / }).check();
    await form.getByLabel('Description').fill('CRM sync');
    await form.getByRole('button', { name: 'Create endpoint' }).click();

    const reveal = page.getByTestId('webhook-secret');
    await reveal.getByText('Copy it now: it will not be shown again.').waitFor();
    const secret = await reveal.getByLabel('Signing secret').inputValue();
    assert.match(secret, /^whsec_[A-Za-z0-9+/=]{20,}$/);
    await reveal.getByRole('button', { name: 'Copy secret' }).click();
    await reveal.getByText('Copied to the clipboard.').waitFor();
    assert.equal(await page.evaluate('navigator.clipboard.readText()'), secret);

    const listed = (await t.get('/apiv3/webhooks')).body.payload;
    assert.equal(listed.length, 1);
    const [hook] = listed;
    assert.deepEqual([hook.url, hook.events, hook.description, hook.status, hook.secret], [url, ['user.deleted', 'user_event.created'], 'CRM sync', 'enabled', undefined]);
    const table = page.getByTestId('webhooks-table');
    await eventually(async () => {
      const cells = await table.locator('tbody tr').first().locator('td').allTextContents();
      assert.deepEqual(cells, [url, 'user.deleteduser_event.created', 'enabled', 'CRM sync']);
    });
    // The form is empty again, for another endpoint.
    assert.equal(await form.getByLabel('URL').inputValue(), '');

    // The shown secret is the endpoint's: a message signed with it verifies.
    const count = receiver.received.length;
    assert.equal((await t.post(`/apiv3/webhooks/${hook.id}/test`)).status, 200);
    const got = await next(count);
    assert.equal((await verifyWebhook(secret, got.headers, got.body)).type, 'webhook.test');

    // Once: dismissed, or the page read again, it is nowhere.
    await reveal.getByRole('button', { name: 'I have kept it: hide the secret' }).click();
    assert.equal(await page.getByTestId('webhook-secret').count(), 0);
    await page.reload();
    await table.waitFor();
    assert.equal(await page.getByTestId('webhook-secret').count(), 0);
    assert.ok(!(await page.content()).includes(secret.slice('whsec_'.length)));
    await table.getByRole('link', { name: url }).click();
    await page.getByRole('heading', { level: 1, name: url }).waitFor();
    await page.getByTestId('webhook-summary').getByText('CRM sync').waitFor();
    assert.ok(!(await page.content()).includes(secret.slice('whsec_'.length)));
    await done();
    assert.equal((await t.delete(`/apiv3/webhooks/${hook.id}`)).status, 200);
  });

  test('send a test: the outcome is said and the log shows it succeeded; a failed message, filtered, then retried', async () => {
    const { t } = c;
    const hook = await endpoint('test-and-retry');
    const { page, done } = await c.open({ path: `/webhooks/${hook.id}` });
    await page.getByRole('heading', { level: 1, name: hook.url }).waitFor();
    await page.getByText('No messages yet.', { exact: false }).waitFor();

    let count = receiver.received.length;
    await page.getByRole('button', { name: 'Send a test message' }).click();
    await page.getByTestId('webhook-outcome').getByText(/^The test message was delivered: the endpoint answered HTTP 200 in \d+ ms\.$/).waitFor();
    const sent = await next(count);
    const messageId = String(sent.headers['webhook-id']);
    await eventually(async () => assert.deepEqual(await deliveryRows(page), [[messageId, 'webhook.test', 'succeeded', '1 attempt', 'HTTP 200', 'thanks']]));

    receiver.behave({ status: 503, body: 'maintenance until noon' });
    count = receiver.received.length;
    await page.getByRole('button', { name: 'Send a test message' }).click();
    await page.getByTestId('webhook-outcome').getByText('The test message was not delivered: the endpoint answered HTTP 503', { exact: false }).waitFor();
    const failedId = String((await next(count)).headers['webhook-id']);
    await eventually(async () =>
      assert.deepEqual(await deliveryRows(page), [
        [failedId, 'webhook.test', 'failed', '1 attempt', 'HTTP 503', 'maintenance until noon'],
        [messageId, 'webhook.test', 'succeeded', '1 attempt', 'HTTP 200', 'thanks'],
      ]),
    );

    await page.getByLabel('Status').selectOption('failed');
    await eventually(async () => assert.deepEqual((await deliveryRows(page)).map((row) => row[0]), [failedId]));
    assert.equal(new URL(page.url()).searchParams.get('status'), 'failed');

    receiver.behave({ status: 200 });
    count = receiver.received.length;
    await page.getByRole('button', { name: `Retry ${failedId}` }).click();
    await page.getByTestId('webhook-outcome').getByText(`Message ${failedId} was delivered again: the endpoint answered HTTP 200`, { exact: false }).waitFor();
    assert.equal((await next(count)).headers['webhook-id'], failedId, 'the retry is the same message');
    await page.getByText('No failed messages.').waitFor();
    await page.getByLabel('Status').selectOption('');
    await eventually(async () =>
      assert.deepEqual((await deliveryRows(page))[0], [failedId, 'webhook.test', 'succeeded', '2 attempts', 'HTTP 200', 'thanks']),
    );
    const logged = (await t.get(`/apiv3/webhooks/${hook.id}/deliveries`)).body.payload;
    assert.deepEqual(
      logged.map((d: any) => [d.message_id, d.status, d.attempts]),
      [
        [failedId, 'succeeded', 2],
        [messageId, 'succeeded', 1],
      ],
    );

    // A long body without spaces: at 1280 px the log fits its box, opened too, and every Retry is in view.
    receiver.behave({ status: 500, body: `trace:${'x'.repeat(1500)}` });
    await page.getByRole('button', { name: 'Send a test message' }).click();
    await page.getByTestId('webhook-outcome').getByText('The test message was not delivered: the endpoint answered HTTP 500', { exact: false }).waitFor();
    receiver.behave({ status: 200 });
    const log = page.getByTestId('webhook-deliveries-table');
    await eventually(async () => assert.equal(await log.locator('tbody tr').count(), 3));
    await log.locator('tbody tr').first().locator('.response-body summary').click();
    await log.locator('tbody tr').first().locator('.response-body pre').waitFor();
    const wrap = page.locator('.table-wrap', { has: log });
    const [scrollWidth, clientWidth] = await wrap.evaluate((element: any) => [element.scrollWidth, element.clientWidth]);
    assert.ok(scrollWidth <= clientWidth, `the log is ${scrollWidth} px wide in a box of ${clientWidth} px`);
    assert.equal(await sideways(page), 0);
    for (const button of await log.getByRole('button', { name: /^Retry / }).all()) {
      const box = (await button.boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= 1280, `a Retry at ${box.x}–${box.x + box.width} px`);
    }

    // A phone's width: the log's table scrolls in its own box (or stacks); the page never sideways.
    await page.setViewportSize({ width: 360, height: 800 });
    assert.equal(await sideways(page), 0);
    await done();
  });

  test('a second endpoint to a URL one has already is warned about first, naming it; an address that is no URL said with the other problems at once, each gone once its field is edited', async () => {
    const { t } = c;
    const first = await endpoint('twice', { description: 'CRM sync', events: ['user.created', 'user.deleted'] });
    const { page, done } = await c.open({ path: '/webhooks' });
    const form = page.getByRole('form', { name: 'New webhook endpoint' });
    await page.getByTestId('webhooks-table').getByRole('link', { name: first.url }).waitFor();
    const count = async () => ((await t.get('/apiv3/webhooks')).body.payload as { url: string }[]).filter((hook) => hook.url === first.url).length;

    const errors = () => form.locator('.field-error').allTextContents();
    // No URL at all and no event: both said at once, under their fields; nothing sent.
    await form.getByLabel('URL').fill('ftp:/bad url');
    await form.getByRole('button', { name: 'Create endpoint' }).click();
    await form.getByText('Choose at least one event, or All events.').waitFor();
    assert.deepEqual(await errors(), ['Type a full address starting with https://, like https://crm.example.com/hooks/rapport.', 'Choose at least one event, or All events.']);
    assert.equal(await form.getByLabel('URL').getAttribute('aria-invalid'), 'true');
    // Each goes when its field is edited, the other staying until then.
    await form.getByLabel('URL').fill('');
    assert.deepEqual(await errors(), ['Choose at least one event, or All events.']);
    assert.equal(await form.getByLabel('URL').getAttribute('aria-invalid'), null);
    await form.getByRole('checkbox', { name: /^All events/ }).check();
    assert.deepEqual(await errors(), []);
    await form.getByRole('button', { name: 'Create endpoint' }).click();
    await form.getByText('Type the address Rapport sends to, starting with https://.', { exact: true }).waitFor();
    assert.deepEqual(await errors(), ['Type the address Rapport sends to, starting with https://.']);

    // An address the server refuses: its word under the field; edited, it goes (not left under a valid address), and is not moved above the form.
    await form.getByLabel('URL').fill(`${receiver.url}/hook#part`);
    await form.getByRole('button', { name: 'Create endpoint' }).click();
    await form.locator('.field-invalid .field-error').waitFor();
    assert.equal((await errors()).length, 1);
    await form.getByLabel('URL').fill(`${receiver.url}/other`);
    assert.deepEqual(await errors(), []);
    assert.equal(await form.locator('.error-note').count(), 0);

    // The same URL again (its scheme typed in capitals, which the API writes small): warned, nothing created, then created when confirmed.
    await form.getByLabel('URL').fill(first.url.replace('http://', 'HTTP://'));
    await form.getByRole('button', { name: 'Create endpoint' }).click();
    await page
      .getByTestId('duplicate-warning')
      .getByText('A webhook to this URL exists already: “CRM sync”, for user.created, user.deleted. Its receiver would get each message twice. Create another anyway?', { exact: true })
      .waitFor();
    assert.equal(await count(), 1, 'nothing created yet');
    await form.getByRole('button', { name: 'Create anyway' }).click();
    await page.getByTestId('webhook-secret').waitFor();
    assert.equal(await count(), 2);
    for (const hook of (await t.get('/apiv3/webhooks')).body.payload as { id: number; url: string }[]) {
      if (hook.url === first.url) assert.equal((await t.delete(`/apiv3/webhooks/${hook.id}`)).status, 200);
    }
    await done();
  });

  test('rotate: asked first; the new secret shown once; the previous one signs too for 24 hours', async () => {
    const { t } = c;
    const hook = await endpoint('rotated');
    const { page, done } = await c.open({ path: `/webhooks/${hook.id}` });
    await page.getByRole('heading', { level: 1, name: hook.url }).waitFor();
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate the signing secret' });
    await dialog.getByText('For 24 hours the current secret keeps signing too', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    assert.equal(await page.getByTestId('webhook-secret').count(), 0, 'cancelled: nothing rotated');

    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await dialog.getByRole('button', { name: 'Make a new secret' }).click();
    const reveal = page.getByTestId('webhook-secret');
    await reveal.getByRole('heading', { name: 'New signing secret' }).waitFor();
    await reveal.getByText('Copy it now: it will not be shown again.').waitFor();
    await reveal.getByRole('button', { name: 'Copy secret' }).waitFor();
    const secret = await reveal.getByLabel('Signing secret').inputValue();
    assert.match(secret, /^whsec_/);
    assert.notEqual(secret, hook.secret);
    const note = (await page.getByTestId('webhook-rotation').textContent())!;
    const until = /keeps signing too until (\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}) ([AP])M UTC \(24 hours\)/.exec(note);
    assert.ok(until, note);
    const [month, day, year, hour, minute] = until.slice(1, 6).map(Number) as [number, number, number, number, number];
    const expires = Date.UTC(year, month - 1, day, (hour % 12) + (until[6] === 'P' ? 12 : 0), minute);
    assert.ok(Math.abs(expires - (Date.now() + 24 * 3600_000)) < 120_000, note);

    // Both secrets sign the next message.
    const count = receiver.received.length;
    await page.getByRole('button', { name: 'Send a test message' }).click();
    await page.getByTestId('webhook-outcome').getByText('The test message was delivered', { exact: false }).waitFor();
    const got = await next(count);
    assert.equal(String(got.headers['webhook-signature']).split(' ').length, 2);
    for (const key of [secret, hook.secret]) assert.equal((await verifyWebhook(key, got.headers, got.body)).type, 'webhook.test');
    await done();
    assert.equal((await t.delete(`/apiv3/webhooks/${hook.id}`)).status, 200);
  });

  test('disable and enable, change the events and description, a refused URL under its field, delete after confirming', async () => {
    const { t } = c;
    const hook = await endpoint('changed', { description: 'Old name' });
    const { page, done } = await c.open({ path: `/webhooks/${hook.id}` });
    await page.getByRole('heading', { level: 1, name: hook.url }).waitFor();
    const summary = page.getByTestId('webhook-summary');

    await page.getByRole('button', { name: 'Disable', exact: true }).click();
    await page.getByTestId('webhook-notice').getByText('Disabled: nothing is sent to this endpoint until it is enabled again.').waitFor();
    await summary.getByText('disabled', { exact: true }).waitFor();
    assert.equal((await t.get(`/apiv3/webhooks/${hook.id}`)).body.payload.status, 'disabled');
    await page.getByRole('button', { name: 'Enable', exact: true }).click();
    await page.getByTestId('webhook-notice').getByText('Enabled: messages are sent to this endpoint again.').waitFor();
    await summary.getByText('enabled', { exact: true }).waitFor();
    assert.equal((await t.get(`/apiv3/webhooks/${hook.id}`)).body.payload.status, 'enabled');

    const form = page.getByRole('form', { name: 'Change the endpoint' });
    await form.getByRole('checkbox', { name: /^All events/ }).check();
    await form.getByLabel('Description').fill('Data warehouse');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await page.getByTestId('webhook-saved').getByText('Changes saved.').waitFor();
    const changed = (await t.get(`/apiv3/webhooks/${hook.id}`)).body.payload;
    assert.deepEqual([changed.events, changed.description, changed.url, changed.status], [['*'], 'Data warehouse', hook.url, 'enabled']);
    await summary.getByText('All events').waitFor();

    await form.getByLabel('URL').fill('ftp://127.0.0.1/hooks');
    await form.getByRole('button', { name: 'Save changes' }).click();
    const url = form.getByLabel('URL');
    await eventually(async () => assert.equal(await url.getAttribute('aria-invalid'), 'true'));
    await form.locator('.field-invalid .field-error').getByText('This address cannot receive webhooks: only http:// and https:// URLs.', { exact: true }).waitFor();
    assert.equal((await t.get(`/apiv3/webhooks/${hook.id}`)).body.payload.url, hook.url);

    await page.getByRole('button', { name: 'Delete endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this webhook endpoint' });
    await dialog.getByText(`Deletes the endpoint ${hook.url}, its delivery log`, { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Delete 1 webhook endpoint' }).click();
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByTestId('webhooks-flash').getByText(`The endpoint ${hook.url} was deleted.`).waitFor();
    assert.equal((await t.get(`/apiv3/webhooks/${hook.id}`)).status, 404);
    await done();
  });

  test('a read-only key: its scope is read from the API, so it sees the endpoints and the log but is offered no change; it stays signed in', async () => {
    const { t } = c;
    const hook = await endpoint('read-only', { description: 'Read me' });
    const { page, done } = await c.open({ key: readKey, path: '/webhooks' });
    await page.getByTestId('webhooks-table').getByRole('link', { name: hook.url }).waitFor();
    await page.getByTestId('read-only-note').getByText('This API key can only read: you can look, not change.', { exact: false }).waitFor();
    assert.equal(await page.getByRole('form', { name: 'New webhook endpoint' }).count(), 0);

    await page.getByTestId('webhooks-table').getByRole('link', { name: hook.url }).click();
    await page.getByRole('heading', { level: 1, name: hook.url }).waitFor();
    await page.getByTestId('webhook-summary').waitFor();
    for (const name of ['Send a test message', 'Disable', 'Rotate secret', 'Delete endpoint', 'Save changes']) {
      assert.equal(await page.getByRole('button', { name, exact: true }).count(), 0, name);
    }
    assert.equal(await storedKey(page), readKey);
    // A full key is offered the changes (the same page, the file's own key).
    const full = await c.open({ path: `/webhooks/${hook.id}` });
    await full.page.getByRole('button', { name: 'Send a test message' }).waitFor();
    assert.equal(await full.page.getByTestId('read-only-note').count(), 0);
    await full.done();
    assert.deepEqual((await t.get(`/apiv3/webhooks/${hook.id}/deliveries`)).body.payload, []);
    await done();
    assert.equal((await t.delete(`/apiv3/webhooks/${hook.id}`)).status, 200);
  });
});
