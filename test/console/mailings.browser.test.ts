import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';
import { startSmtpReceiver } from '../helpers/smtp.js';
import { type ConsoleHarness, EN_MOMENT, eventually, skipWithoutBrowser, startConsole } from './browser.js';

// The console's Mailings pages in chromium against a real server that sends through a real SMTP
// receiver (the worker on, polling every 20 ms): a folder and a mailing created, composed, previewed
// for a chosen customer at desktop and phone width; the audience with its suppressed customers; a
// template error under the body; a test send received; sent now and followed to `sent` with its
// statistics and recipients (filtered); a scheduled mailing paused and cancelled; the customer's
// page listing the mailing.

// Started with the suite (not at load), so that a run without chromium, which skips it, leaves no
// listening receiver to keep the file from ending.
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;

/** The rows of a table (by test id) as their cells' texts. */
function rows(page: Page, testId: string): Promise<string[][]> {
  return page
    .getByTestId(testId)
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr: any) => [...tr.querySelectorAll('td')].map((td: any) => td.textContent.trim())));
}

describe('console in a browser: mailings', { skip: skipWithoutBrowser() }, () => {
  let c: ConsoleHarness;
  let club: { id: number };
  let ana: { userapp_id: number };
  let ben: { userapp_id: number };
  let mailingId = 0;
  before(async () => {
    smtp = await startSmtpReceiver();
    c = await startConsole({ config: { smtpUrl: smtp.url, workerPollMs: 20 } });
    club = expectOk(await c.t.post('/apiv3/segments', { title: 'Club', definition: { all: [{ field: 'tags', op: 'has', value: 'club' }] } }), 201);
    ana = await createUser(c.t, { email: 'ana@example.com', first_name: 'Ana', tags: ['club'] });
    ben = await createUser(c.t, { email: 'ben@example.com', first_name: 'Ben', tags: ['club'] });
    await createUser(c.t, { email: null, first_name: 'Nomail', tags: ['club'] });
    await createUser(c.t, { email: 'off@example.com', first_name: 'Off', tags: ['club'], mailing_enabled: 'disabled' });
  });
  after(async () => {
    await c?.close();
    await smtp?.close();
  });

  test('a folder and a mailing created from the list; the mailing opens to be written', async () => {
    const { page, done } = await c.open({ path: '/' });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mailings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Mailings' }).waitFor();
    await page.getByText('No mailings yet. Create one below: give it a name, then write it.').waitFor();

    const newFolder = page.getByRole('form', { name: 'New folder' });
    await newFolder.getByRole('button', { name: 'Create folder' }).click();
    await newFolder.getByText('Type the folder’s name.').waitFor();
    await newFolder.getByLabel('New folder').fill('Newsletters');
    await newFolder.getByRole('button', { name: 'Create folder' }).click();
    const folders = page.getByRole('navigation', { name: 'Folders' });
    await folders.getByRole('link', { name: 'Newsletters (0)' }).waitFor();
    const [folder] = expectOk(await c.t.get('/apiv3/mailingfolders'));
    assert.equal(folder.name, 'Newsletters');
    assert.equal(await folders.getByRole('link', { name: 'Newsletters (0)' }).getAttribute('aria-current'), 'page');
    await page.getByRole('heading', { level: 2, name: 'Mailings in Newsletters' }).waitFor();

    const form = page.getByRole('form', { name: 'New mailing' });
    await form.getByLabel('Name', { exact: true }).fill('June news');
    await form.getByRole('button', { name: 'Create mailing' }).click();
    await page.getByRole('heading', { level: 1, name: 'June news' }).waitFor();
    const [mailing] = expectOk(await c.t.get('/apiv3/mailings'));
    mailingId = mailing.id;
    assert.equal(new URL(page.url()).pathname, `/console/mailings/${mailingId}`);
    assert.deepEqual([mailing.name, mailing.folder_id, mailing.status, mailing.subject], ['June news', folder.id, 'draft', 'June news']);
    await page.getByTestId('mailing-status').getByText('draft', { exact: true }).waitFor();

    // Back on the list, the folder counts it and the list shows it.
    await page.getByRole('link', { name: '← Mailings' }).click();
    await folders.getByRole('link', { name: 'Newsletters (1)' }).click();
    await eventually(async () => assert.deepEqual((await rows(page, 'mailings-table')).map((r) => [r[0], r[2]]), [['June news', 'draft']]));
    await page.getByLabel('Status').selectOption('sent');
    await page.getByText('No mailing matches.', { exact: false }).waitFor();
    await done();
  });

  test('compose, the preview for a chosen customer at phone width, the audience, a template error, a test send', async () => {
    const { page, done } = await c.open({ path: `/mailings/${mailingId}` });
    const compose = page.getByRole('form', { name: 'Compose the mailing' });
    await compose.getByLabel('Subject', { exact: true }).fill('Hello {{ customer.first_name | default: "there" }}');
    await compose.getByLabel('Segment').selectOption({ label: 'Club' });
    await compose.getByLabel('Body', { exact: true }).fill('<p>Hi {{ customer.first_name }}, our June news.</p>');
    await compose.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('mailing-saved').getByText('Saved.', { exact: false }).waitFor();
    const stored = expectOk(await c.t.get(`/apiv3/mailings/${mailingId}`));
    assert.deepEqual([stored.subject, stored.segment_id, stored.body], ['Hello {{ customer.first_name | default: "there" }}', club.id, '<p>Hi {{ customer.first_name }}, our June news.</p>']);

    // The preview: by default the segment's first member, then the customer typed.
    const frame = page.frameLocator('iframe[title="The message as rendered"]');
    await eventually(async () => assert.equal(await page.getByTestId('preview-subject').textContent(), 'Hello Ana'));
    await frame.getByText('Hi Ana, our June news.').waitFor();
    assert.equal(await page.locator('iframe.mail-frame').getAttribute('sandbox'), '', 'no scripts, no same origin');
    const preview = page.getByRole('form', { name: 'Preview for a customer' });
    await preview.getByLabel('Customer').fill('nobody@example.com');
    await preview.getByRole('button', { name: 'Show for this customer' }).click();
    await preview.getByText('No customer has the e-mail “nobody@example.com”.', { exact: false }).waitFor();
    await preview.getByLabel('Customer').fill('ben@example.com');
    await preview.getByRole('button', { name: 'Show for this customer' }).click();
    await eventually(async () => assert.equal(await page.getByTestId('preview-subject').textContent(), 'Hello Ben'));
    await frame.getByText('Hi Ben, our June news.').waitFor();
    await page.getByTestId('preview-for').getByText(`Shown for Ben (#${ben.userapp_id}).`).waitFor();
    const wide = (await page.locator('iframe.mail-frame').boundingBox())!.width;
    await page.getByRole('group', { name: 'Preview width' }).getByRole('button', { name: 'Phone' }).click();
    await eventually(async () => assert.equal(Math.round((await page.locator('iframe.mail-frame').boundingBox())!.width), 375));
    assert.ok(wide > 375, `desktop ${wide}px is wider than a phone`);
    assert.equal(await page.getByRole('button', { name: 'Phone' }).getAttribute('aria-pressed'), 'true');

    // The audience: 2 of 4 reachable; one without an e-mail, one who does not accept mailings.
    const audience = expectOk(await c.t.get(`/apiv3/mailings/${mailingId}/audience`));
    assert.deepEqual(audience, { members: 4, receivable: 2, suppressed: { no_email: 1, blacklisted: 0, mailing_disabled: 1, duplicate: 0 } });
    const figures = page.getByTestId('mailing-audience');
    await figures.getByText('2 of 4 customers in the segment would receive it now; 2 would not:').waitFor();
    assert.deepEqual(await figures.getByTestId('audience-suppressed').locator('li').allTextContents(), ['1 without an e-mail', '1 who do not accept mailings']);

    // A template that does not parse: the API's 400 names body, line and column, shown under it.
    const body = compose.getByLabel('Body', { exact: true });
    await body.fill('<p>Hi</p>\n<p>{{ customer.first_name </p>');
    await compose.getByRole('button', { name: 'Save' }).click();
    await compose.getByText(/^The template has a mistake at line 2, column \d+/).waitFor();
    assert.equal(await body.getAttribute('aria-invalid'), 'true');
    assert.equal(await compose.getByTestId('error-detail').count(), 0, 'the API’s wording is not echoed');
    assert.equal(expectOk(await c.t.get(`/apiv3/mailings/${mailingId}`)).body, stored.body, 'nothing saved');

    // A test send, rendered for the chosen customer, arrives.
    const before = smtp.messages.length;
    const test = page.getByRole('form', { name: 'Send a test' });
    await test.getByLabel('Send a test to').fill('qa@example.com, lead@example.com');
    await test.getByRole('button', { name: 'Send test' }).click();
    await page.getByTestId('test-sent').getByText('The test was sent to qa@example.com, lead@example.com.').waitFor();
    const got = await smtp.waitFor(before + 2);
    assert.deepEqual(
      got.slice(before).map((m) => [m.to.join(), m.subject]),
      [
        ['qa@example.com', '[Test] Hello Ben'],
        ['lead@example.com', '[Test] Hello Ben'],
      ],
    );
    assert.equal(expectOk(await c.t.get(`/apiv3/mailings/${mailingId}`)).stats.recipients, 0, 'a test counts in no statistic');
    await done();
  });

  test('send now after the confirmation, followed to sent with its statistics; the recipients filtered', async () => {
    const { page, done } = await c.open({ path: `/mailings/${mailingId}` });
    const before = smtp.messages.length;
    await page.getByRole('button', { name: 'Send now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send this mailing now' });
    await dialog.getByRole('button', { name: 'Send to 2 customers' }).click();
    await page.getByTestId('mailing-status').getByText('sent', { exact: true }).waitFor();
    const stats = page.getByTestId('mailing-stats');
    const figure = (key: string) => stats.locator(`[data-stat="${key}"] .figure`).textContent();
    await eventually(async () => assert.deepEqual(await Promise.all(['recipients', 'sent', 'bounced', 'suppressed', 'opened'].map(figure)), ['4', '2', '0', '2', '0']));
    await page.getByTestId('mailing-progress').getByText('4 of 4 done (100%)', { exact: false }).waitFor();
    const api = expectOk(await c.t.get(`/apiv3/mailings/${mailingId}`));
    assert.deepEqual([api.status, api.stats.sent, api.stats.suppressed], ['sent', 2, 2]);
    await smtp.waitFor(before + 2);
    assert.deepEqual(smtp.messages.slice(before).map((m) => [m.to.join(), m.subject]).sort(), [
      ['ana@example.com', 'Hello Ana'],
      ['ben@example.com', 'Hello Ben'],
    ]);

    // Sent: the form is read-only; the recipients, all and then only the suppressed.
    assert.ok(await page.getByRole('form', { name: 'Compose the mailing' }).getByLabel('Subject', { exact: true }).isDisabled());
    await eventually(async () => assert.equal((await rows(page, 'mailing-recipients')).length, 4));
    await page.getByLabel('Recipients’ status').selectOption('suppressed');
    await eventually(async () =>
      assert.deepEqual(
        (await rows(page, 'mailing-recipients')).map((r) => [r[1], r[2]]),
        [
          ['suppressed', 'no e-mail address'],
          ['suppressed', 'does not accept mailings (unsubscribed, or set so)'],
        ],
      ),
    );
    assert.equal(new URL(page.url()).searchParams.get('rstatus'), 'suppressed');
    await done();
  });

  test('a scheduled mailing paused, then cancelled after the confirmation', async () => {
    const created = expectOk(await c.t.post('/apiv3/mailings', { name: 'Autumn', subject: 'Autumn', body: '<p>Soon</p>', segment_id: club.id }), 201);
    const { page, done } = await c.open({ path: `/mailings/${created.id}` });
    const schedule = page.getByRole('form', { name: 'Schedule the mailing' });
    await schedule.getByRole('button', { name: 'Schedule' }).click();
    await schedule.getByText('Choose the day and time to send it.').waitFor();
    await schedule.getByLabel('Send at', { exact: true }).fill('2030-01-02T09:30');
    await schedule.getByRole('button', { name: 'Schedule' }).click();
    await page.getByTestId('mailing-when').getByText('Scheduled for 01/02/2030 09:30 AM UTC.').waitFor();
    assert.deepEqual([expectOk(await c.t.get(`/apiv3/mailings/${created.id}`)).status, expectOk(await c.t.get(`/apiv3/mailings/${created.id}`)).send_at], ['scheduled', '2030-01-02 09:30:00']);

    await page.getByRole('button', { name: 'Pause' }).click();
    await page.getByTestId('mailing-status').getByText('paused', { exact: true }).waitFor();
    assert.equal(expectOk(await c.t.get(`/apiv3/mailings/${created.id}`)).status, 'paused');

    await page.getByRole('button', { name: 'Cancel the mailing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this mailing' });
    await dialog.getByRole('button', { name: 'Back' }).click();
    assert.equal(expectOk(await c.t.get(`/apiv3/mailings/${created.id}`)).status, 'paused', 'Back changes nothing');
    await page.getByRole('button', { name: 'Cancel the mailing' }).click();
    await dialog.getByRole('button', { name: 'Cancel the mailing' }).click();
    await page.getByTestId('mailing-status').getByText('cancelled', { exact: true }).waitFor();
    assert.equal(expectOk(await c.t.get(`/apiv3/mailings/${created.id}`)).status, 'cancelled');
    await done();
  });

  test("a customer's page lists the mailings they received", async () => {
    const { page, done } = await c.open({ path: '/' });
    const reads: string[] = [];
    page.on('request', (request) => reads.push(new URL(request.url()).pathname));
    await page.goto(c.url(`/customers/${ana.userapp_id}`));
    const table = page.getByTestId('customer-mailings');
    await eventually(async () => {
      const [row] = await rows(page, 'customer-mailings');
      assert.deepEqual(row?.slice(0, 2), ['June news', 'sent']);
      assert.match(row![2]!, EN_MOMENT);
    });
    // A page of the customer's mailings, not the whole export (D3).
    assert.ok(reads.includes(`/apiv3/users/${ana.userapp_id}/mailings`), reads.join(' '));
    assert.ok(!reads.some((path) => path.endsWith('/export')), reads.join(' '));
    await table.getByRole('link', { name: 'June news' }).click();
    await page.getByRole('heading', { level: 1, name: 'June news' }).waitFor();
    await done();
  });
});
