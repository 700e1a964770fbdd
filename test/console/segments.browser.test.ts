import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { type ConsoleHarness, eventually, skipWithoutBrowser, startConsole } from './browser.js';

// The Segments page end to end in chromium against a real server: the builder
// offers each field's operators only; the count and sample follow the definition (the API's preview
// of the same definition is the reference); a 400 naming a condition's path shows next to that
// condition; save; the members on the Customers page; the export downloaded and read; the list's
// live counts; the Customers page's filter by segment.

/** The count the page shows once its preview has settled (no "counting again"). */
async function shownCount(page: Page): Promise<number> {
  const status = page.locator('[aria-busy="true"]');
  assert.equal(await status.count(), 0, 'the preview is still counting');
  const text = await page.getByTestId('segment-preview-count').textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

/** The option labels of a select. */
const optionLabels = (select: Locator) => select.locator('option').allTextContents();

/** Records the bodies of the page's preview requests, read in the page (the SDK sends a Request whose body the browser streams, unseen by the protocol). */
async function recordPreviews(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const page = globalThis as any;
    const original = page.fetch;
    page.__previews = [];
    page.fetch = async (input: any, init?: any) => {
      if (typeof input === 'object' && input.method === 'POST' && new URL(input.url).pathname === '/apiv3/segments/preview') page.__previews.push(JSON.parse(await input.clone().text()));
      return original(input, init);
    };
  });
}

const previewsSent = (page: Page): Promise<unknown[]> => page.evaluate(() => (globalThis as any).__previews);

const condition = (page: Page, number: string) => page.getByRole('group', { name: `Condition ${number}`, exact: true });

describe('console in a browser: segments', { skip: skipWithoutBrowser() }, () => {
  let c: ConsoleHarness;
  before(async () => {
    c = await startConsole();
    const { t } = c;
    const attribute = await t.post('/apiv3/account/custom-attributes', { label: 'Tier', name: 'tier', field_type: 'text', data_type: 'string' });
    assert.equal(attribute.status, 200, attribute.text);
    for (const user of [
      { service_uid: 'seg-1', email: 'ana@example.com', first_name: 'Ana', last_name: 'Gold', points: 500, custom_attributes: { tier: 'gold' } },
      { service_uid: 'seg-2', email: 'bruno@example.com', first_name: 'Bruno', last_name: 'Gold', points: 300, custom_attributes: { tier: 'GOLD' } },
      { service_uid: 'seg-3', email: 'carla@example.com', first_name: 'Carla', last_name: 'Silver', points: 800, custom_attributes: { tier: 'silver' } },
      { service_uid: 'seg-4', email: 'dario@example.com', first_name: 'Darío', last_name: 'Gold', points: 50, custom_attributes: { tier: 'gold' } },
      { service_uid: 'seg-5', email: 'eva@example.com', first_name: 'Eva', last_name: 'Plain', points: 1000 },
    ]) {
      const created = await t.post('/apiv3/users', user);
      assert.equal(created.status, 201, created.text);
    }
  });
  after(() => c?.close());

  /** What the API's preview says of a definition: the reference for what the page shows. */
  async function apiPreview(definition: unknown): Promise<{ count: number; users: { userapp_id: number; first_name: string }[] }> {
    const answer = await c.t.post('/apiv3/segments/preview', { definition });
    assert.equal(answer.status, 200, answer.text);
    return answer.body.payload;
  }

  test('build two conditions, watch the count, see a path-named error at its condition, save, open the members, download the export', async () => {
    const { t } = c;
    const { page, done } = await c.open({ path: '/segments' });
    await page.getByRole('heading', { level: 1, name: 'Segments' }).waitFor();
    await page.getByText('No segments yet.', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'New segment' }).click();
    await page.getByRole('heading', { level: 1, name: 'New segment' }).waitFor();
    await page.getByLabel('Title').fill('Gold with points');

    // Condition 1: only the operators of each field's type are offered.
    const first = condition(page, '1');
    await first.waitFor();
    const field = first.getByLabel('Field');
    const operator = first.getByLabel('Operator');
    await field.selectOption({ label: 'Points' });
    assert.deepEqual(await optionLabels(operator), ['equals', 'does not equal', 'is more than', 'is at least', 'is less than', 'is at most', 'is between', 'is one of', 'has a value', 'has no value']);
    await field.selectOption({ label: 'Tier' }); // a custom attribute of data type string: text operators
    assert.deepEqual(await optionLabels(operator), ['is', 'is not', 'is one of', 'is none of', 'contains', 'does not contain', 'starts with', 'ends with', 'has a value', 'has no value']);
    await field.selectOption({ label: 'Birthdate' });
    assert.ok((await optionLabels(operator)).includes('birthday within the next … days'));
    await field.selectOption({ label: 'Created' });
    assert.ok(!(await optionLabels(operator)).includes('birthday within the next … days'), 'birthday_within_days is for birthdate only');
    await field.selectOption({ label: 'Accepts e-mail' });
    assert.deepEqual(await optionLabels(operator), ['is', 'has a value', 'has no value']);

    await field.selectOption({ label: 'Points' });
    await operator.selectOption({ label: 'is at least' });
    await first.getByLabel('Value', { exact: true }).fill('200');
    const one = { all: [{ field: 'points', op: 'gte', value: 200 }] };
    const expectedOne = await apiPreview(one);
    assert.equal(expectedOne.count, 4);
    await eventually(async () => assert.equal(await shownCount(page), expectedOne.count));
    const sample = page.getByRole('table', { name: 'They are' });
    await eventually(async () => assert.deepEqual(await sample.locator('tbody tr td:first-child').allTextContents(), ['Ana Gold', 'Bruno Gold', 'Carla Silver', 'Eva Plain']));

    // Condition 2: the custom attribute; the count changes.
    await page.getByRole('button', { name: 'Add condition', exact: true }).click();
    const second = condition(page, '2');
    await second.getByLabel('Field').selectOption({ label: 'Tier' });
    await second.getByLabel('Operator').selectOption({ label: 'is' });
    await second.getByLabel('Value', { exact: true }).fill('gold');
    const two = { all: [...one.all, { field: 'custom_attributes.tier', op: 'eq', value: 'gold' }] };
    const expectedTwo = await apiPreview(two);
    assert.equal(expectedTwo.count, 2);
    await eventually(async () => assert.equal(await shownCount(page), expectedTwo.count));

    // Bounds the wrong way round: the API's 400 names definition.all[0].value; it shows at condition 1.
    await first.getByLabel('Operator').selectOption({ label: 'is between' });
    await first.getByLabel('From', { exact: true }).fill('900');
    await first.getByLabel('To', { exact: true }).fill('100');
    const refused = await c.t.post('/apiv3/segments/preview', { definition: { all: [{ field: 'points', op: 'between', value: [900, 100] }, two.all[1]] } });
    assert.equal(refused.status, 400);
    assert.match(refused.body.message, /^definition\.all\[0\]\.value: /);
    const error = first.getByTestId('condition-error');
    await error.waitFor();
    assert.equal((await error.locator('.error-text').textContent())?.trim(), 'Put the smaller number first.');
    assert.equal(await error.getByTestId('error-detail').count(), 0, 'the API’s wording is not echoed');
    assert.equal(await first.getByLabel('From', { exact: true }).getAttribute('aria-invalid'), 'true');
    assert.equal(await second.getByTestId('condition-error').count(), 0, 'only the condition it names');
    await page.getByText('Correct the condition marked in the builder to see who matches.').waitFor();

    await first.getByLabel('From', { exact: true }).fill('200');
    await first.getByLabel('To', { exact: true }).fill('2000');
    await error.waitFor({ state: 'detached' });
    const definition = { all: [{ field: 'points', op: 'between', value: [200, 2000] }, two.all[1]] };
    await eventually(async () => assert.equal(await shownCount(page), (await apiPreview(definition)).count));

    // Save: the segment is stored with the definition built.
    await page.getByRole('button', { name: 'Save segment' }).click();
    await page.getByRole('heading', { level: 1, name: 'Gold with points' }).waitFor();
    const stored = (await t.get('/apiv3/segments/gold-with-points')).body.payload;
    assert.deepEqual(stored.definition, definition);
    assert.equal(new URL(page.url()).pathname, `/console/segments/${stored.id}`);
    const members = (await t.get(`/apiv3/users?segment_id=${stored.id}`)).body.payload as { first_name: string; last_name: string; service_uid: string; userapp_id: number; points: number; email: string }[];
    assert.deepEqual(
      members.map((m) => m.service_uid),
      ['seg-1', 'seg-2'],
    );
    // Opened again from what was stored, the builder writes back the same definition: nothing to save.
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').getByText('Nothing changed.').waitFor();
    const membersSection = page.getByRole('region', { name: 'Members and export' });
    await membersSection.getByText('2 customers are in this segment now', { exact: false }).waitFor();

    // The export, downloaded: CSV for a spreadsheet first (the default: its columns headed in the
    // words they are ticked under), then for a program (the API's names), then NDJSON with fields.
    assert.equal(await membersSection.getByLabel('Layout').inputValue(), 'spreadsheet');
    assert.deepEqual(await optionLabels(membersSection.getByLabel('Layout')), ['For a spreadsheet', 'For a program']);
    await membersSection.getByTestId('export-file-note').getByText('The file heads its columns in the words above and shows times in', { exact: false }).waitFor();
    const [sheet] = await Promise.all([page.waitForEvent('download'), membersSection.getByRole('button', { name: 'Download the export' }).click()]);
    assert.equal(sheet.suggestedFilename(), 'gold-with-points.csv');
    const sheetText = await readFile((await sheet.path())!, 'utf8');
    assert.ok(sheetText.startsWith('\uFEFF'), 'the CSV starts with a BOM, for spreadsheet programs');
    const sheetLines = sheetText.slice(1).split('\r\n');
    const tickedWords = await membersSection
      .getByTestId('export-columns')
      .locator('label:has(input:checked) > span')
      .evaluateAll((spans) => spans.map((span) => (span.firstChild?.textContent ?? '').trim()));
    assert.equal(sheetLines[0], tickedWords.join(','));
    assert.equal(sheetLines[0], 'Customer number,Customer ID in your shop,E-mail,Telephone,First name,Last name,Points');
    assert.equal(sheetLines[1], `${members[0]!.userapp_id},seg-1,ana@example.com,,Ana,Gold,500`);
    await membersSection.getByTestId('segment-export-done').getByText('Downloaded gold-with-points.csv', { exact: false }).waitFor();
    await membersSection.getByLabel('Layout').selectOption({ label: 'For a program' });
    await membersSection.getByTestId('export-file-note').getByText('The file names its columns as the API does', { exact: false }).waitFor();
    const [csv] = await Promise.all([page.waitForEvent('download'), membersSection.getByRole('button', { name: 'Download the export' }).click()]);
    const csvText = await readFile((await csv.path())!, 'utf8');
    assert.ok(csvText.startsWith('\uFEFF'), 'the CSV starts with a BOM, for spreadsheet programs');
    const csvLines = csvText.slice(1).split('\r\n');
    assert.equal(csvLines[0], 'userapp_id,service_uid,email,telephone,first_name,last_name,points');
    assert.equal(csvLines[1], `${members[0]!.userapp_id},seg-1,ana@example.com,,Ana,Gold,500`);

    // NDJSON with three columns ticked, nothing typed: the default seven unticked, then the three.
    await membersSection.getByLabel('Format').selectOption('ndjson');
    assert.equal(await membersSection.getByLabel('Layout').count(), 0, 'NDJSON is for programs only');
    const columns = membersSection.getByTestId('export-columns');
    for (const label of ['Customer number', 'Customer ID in your shop', 'E-mail', 'Telephone', 'First name', 'Last name', 'Points']) {
      await columns.getByRole('checkbox', { name: new RegExp(`^${label} `) }).uncheck();
    }
    await columns.getByRole('checkbox', { name: 'Customer ID in your shop service_uid' }).check();
    await columns.getByRole('checkbox', { name: 'Points points' }).check();
    await columns.getByRole('checkbox', { name: 'Tier custom_attributes.tier' }).check();
    const [ndjson] = await Promise.all([page.waitForEvent('download'), membersSection.getByRole('button', { name: 'Download the export' }).click()]);
    assert.equal(ndjson.suggestedFilename(), 'gold-with-points.ndjson');
    const firstLine = (await readFile((await ndjson.path())!, 'utf8')).split('\n')[0]!;
    assert.deepEqual(JSON.parse(firstLine), { service_uid: 'seg-1', points: 500, 'custom_attributes.tier': 'gold' });

    // Nothing ticked: said under the columns, nothing asked of the API.
    const ticked = columns.getByRole('checkbox', { checked: true });
    while ((await ticked.count()) > 0) await ticked.first().uncheck();
    await membersSection.getByRole('button', { name: 'Download the export' }).click();
    await columns.locator('.field-error').getByText('Tick at least one column.', { exact: true }).waitFor();

    // Recent changes (SG8): none while the first members are taken silently; a customer who then
    // earns points enters, and the section lists it.
    const recent = page.getByRole('region', { name: 'Recent changes' });
    await recent.getByTestId('segment-changes-empty').waitFor();
    await eventually(async () => {
      const live = await t.database.db.selectFrom('segment_live').select(['refresh_requested', 'started_at']).where('segment_id', '=', stored.id).executeTakeFirstOrThrow();
      assert.ok(live.refresh_requested === 0 && live.started_at === null, 'the first members are in');
    });
    const dario = (await t.get(`/apiv3/users/${Buffer.from('seg-4').toString('base64')}`)).body.payload;
    assert.equal((await t.put(`/apiv3/users/${dario.userapp_id}`, { points: 600 })).status, 200);
    await eventually(async () => assert.equal((await t.get(`/apiv3/segments/${stored.id}/changes`)).body.payload.length, 1));
    await page.reload();
    const row = page.getByTestId('segment-changes-table').getByRole('row').nth(1);
    await row.getByText('Entered').waitFor();
    await row.getByRole('link', { name: `Customer ${dario.userapp_id}` }).waitFor();
    assert.equal((await t.put(`/apiv3/users/${dario.userapp_id}`, { points: 50 })).status, 200);

    // Open the members: the Customers page filtered by the segment shows exactly the API's members.
    await membersSection.getByRole('link', { name: 'Open the members' }).click();
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    assert.equal(new URL(page.url()).search, `?segment=${stored.id}`);
    const table = page.getByRole('table', { name: 'Customers in “Gold with points”' });
    await eventually(async () => assert.deepEqual(await table.locator('tbody tr td:first-child').allTextContents(), members.map((m) => `${m.first_name} ${m.last_name}`)));

    // A member's page names the segments they are in (GET /users/{id}/segments).
    await table.getByRole('link', { name: 'Ana Gold' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ana Gold' }).waitFor();
    const inSegments = (await t.get(`/apiv3/users/${members[0]!.userapp_id}/segments`)).body.payload as { title: string }[];
    assert.deepEqual(
      inSegments.map((s) => s.title),
      ['Gold with points'],
    );
    await eventually(async () => assert.deepEqual(await page.getByTestId('customer-segments').getByRole('link').allTextContents(), ['Gold with points']));
    await done();
  });

  test('nested groups: any inside all, with Not; the count is the API preview of the same definition; previews wait for typing to pause', async () => {
    const { page, context, done } = await c.open({ path: '/segments' });
    await recordPreviews(context);
    await page.clock.install(); // the page's timers: the preview's 400 ms wait is stepped through below
    await page.goto(c.url('/segments/new'));
    const first = condition(page, '1');
    await first.getByLabel('Field').selectOption({ label: 'Points' });
    await first.getByLabel('Operator').selectOption({ label: 'is at least' });

    // Typed key by key with the clock stopped: nothing is asked until 400 ms pass without a change, then once.
    await page.clock.pauseAt(Date.now() + 60_000);
    await first.getByLabel('Value', { exact: true }).pressSequentially('200');
    await page.clock.runFor(399);
    assert.deepEqual(await previewsSent(page), []);
    await page.clock.runFor(1);
    await eventually(async () => assert.deepEqual(await previewsSent(page), [{ definition: { all: [{ field: 'points', op: 'gte', value: 200 }] } }]));
    await page.clock.resume();

    await page.getByRole('button', { name: 'Add group', exact: true }).click();
    const group = page.getByRole('group', { name: 'Group 2', exact: true });
    await group.getByLabel('Group 2 matches').selectOption('any');
    // A ticked "Not" is a group of its own for the API's limit of levels: the count says so, only then.
    const size = page.getByText('of 50 conditions', { exact: false });
    assert.doesNotMatch((await size.textContent()) ?? '', /Not/);
    await group.getByLabel('Not (exclude who matches)').first().check();
    await eventually(async () => assert.match((await size.textContent()) ?? '', /\(each “Not” counts as a group\)\.$/));
    const inner = condition(page, '2.1');
    await inner.getByLabel('Field').selectOption({ label: 'Tier' });
    await inner.getByLabel('Value', { exact: true }).fill('silver');
    await group.getByRole('button', { name: 'Add condition to group 2' }).click();
    const other = condition(page, '2.2');
    await other.getByLabel('Field').selectOption({ label: 'First name' });
    await other.getByLabel('Operator').selectOption({ label: 'starts with' });
    await other.getByLabel('Value', { exact: true }).fill('EV');
    const definition = {
      all: [
        { field: 'points', op: 'gte', value: 200 },
        { not: { any: [{ field: 'custom_attributes.tier', op: 'eq', value: 'silver' }, { field: 'first_name', op: 'starts_with', value: 'EV' }] } },
      ],
    };
    const expected = await apiPreview(definition);
    assert.deepEqual(
      expected.users.map((u) => u.first_name),
      ['Ana', 'Bruno'],
    );
    await eventually(async () => assert.equal(await shownCount(page), expected.count));

    // An empty value is caught by the console on save, next to its condition; nothing is saved.
    await page.getByLabel('Title').fill('Nested');
    await other.getByLabel('Value', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Save segment' }).click();
    await other.getByTestId('condition-error').getByText('Fill this in.').waitFor();
    assert.equal(await other.getByLabel('Value', { exact: true }).getAttribute('aria-invalid'), 'true');
    assert.equal((await c.t.get('/apiv3/segments?search=Nested')).body.payload.length, 0);
    await done();
  });

  test('value groups: the group is chosen from the six, the scores are numbers; the count is the API preview', async () => {
    const { page, context, done } = await c.open({ path: '/segments' });
    await recordPreviews(context);
    await page.goto(c.url('/segments/new'));
    const first = condition(page, '1');
    await first.getByLabel('Field').selectOption({ label: 'Value group' });
    const value = first.getByLabel('Value', { exact: true });
    assert.deepEqual(await optionLabels(value), ['Choose one', 'Champions', 'Loyal', 'Promising', 'At risk', 'Hibernating', 'Regular']);
    await value.selectOption({ label: 'At risk' });
    await page.getByRole('button', { name: 'Add condition', exact: true }).click();
    const second = condition(page, '2');
    await second.getByLabel('Field').selectOption({ label: 'Recency score (1–5)' });
    await second.getByLabel('Operator').selectOption({ label: 'is at least' });
    await second.getByLabel('Value', { exact: true }).fill('2');
    const definition = { all: [{ field: 'rfm.value_group', op: 'eq', value: 'at_risk' }, { field: 'rfm.recency', op: 'gte', value: 2 }] };
    await eventually(async () => assert.deepEqual((await previewsSent(page)).at(-1), { definition }));
    await eventually(async () => assert.equal(await shownCount(page), (await apiPreview(definition)).count));
    await done();
  });

  test('a stored definition with every kind of condition opens in the builder, which previews it as stored', async () => {
    const { t } = c;
    assert.equal((await t.post('/apiv3/events', { name: 'login' })).status, 200);
    assert.equal((await t.post('/apiv3/user-events', { event: 'login', service_uid: 'seg-4' })).status, 200);
    const year = new Date().getUTCFullYear();
    const benefit = await t.post('/apiv3/benefits', { title: 'Welcome gift', startdate: `${year - 1}-01-01`, enddate: `${year + 1}-12-31`, points: 0, status: '1' });
    assert.equal(benefit.status, 200, benefit.text);
    const mailing = await t.post('/apiv3/mailings', { name: 'Spring sale', subject: 'Spring', body: '<p>x</p>' });
    assert.equal(mailing.status, 201, mailing.text);
    const base = await t.post('/apiv3/segments', { title: 'Silver', definition: { all: [{ field: 'custom_attributes.tier', op: 'eq', value: 'silver' }] } });
    assert.equal(base.status, 201, base.text);
    const definition = {
      all: [
        { field: 'points', op: 'in', value: [50, 300, 500, 800, 1000] },
        {
          any: [
            { field: 'tags', op: 'has_any', value: ['vip', 'new'] },
            { field: 'birthdate', op: 'birthday_within_days', value: 30 },
            { field: 'createtime', op: 'between', value: ['2000-01-01 00:00:00', `${year + 1}-12-31`] },
            { purchases: { from: '2020-01-01', to: `${year + 1}-12-31`, channel: 'web', sku: 'X-1', category: 'shoes', branch_name: 'Centro' }, measure: 'total', op: 'between', value: [1, 1000] },
            { event: 'login', within_last_days: 30, op: 'gte', value: 1 },
            { blacklisted: 'email', value: true },
            { benefit: benefit.body.payload.id, op: 'has' },
            { abandoned_cart: { within_last_days: 10 }, op: 'has_not' },
            { not: { segment: base.body.payload.id, op: 'in' } },
            { all: [{ field: 'mailing_enabled', op: 'eq', value: false }, { field: 'custom_attributes.tier', op: 'in', value: ['gold', 'silver'] }] },
            { not: { not: { field: 'email', op: 'is_set' } } },
            { mailing: mailing.body.payload.id, activity: 'opened', within_last_days: 30, op: 'has_not' },
            { mailing: 'any', activity: 'bounced', op: 'has' },
          ],
        },
      ],
    };
    const created = await t.post('/apiv3/segments', { title: 'Everything', definition });
    assert.equal(created.status, 201, created.text);
    const stored = created.body.payload;
    const count = (await t.get(`/apiv3/segments/${stored.id}/count`)).body.payload.count;

    const { page, context, done } = await c.open({ path: '/segments' });
    await recordPreviews(context);
    await page.goto(c.url(`/segments/${stored.id}`));
    await page.getByRole('heading', { level: 1, name: 'Everything' }).waitFor();
    await eventually(async () => assert.equal(await shownCount(page), count));
    assert.equal(await page.getByTestId('condition-error').count(), 0, 'the API took the definition the builder wrote');
    // What the builder wrote back is the stored definition (a `not` of a `not` becomes a `not` of a group holding a `not`).
    const written = structuredClone(definition) as { all: [unknown, { any: unknown[] }] };
    written.all[1].any[10] = { not: { all: [{ not: { field: 'email', op: 'is_set' } }] } };
    assert.deepEqual((await previewsSent(page)).at(-1), { definition: written });
    // Some of what the builder shows: the custom attribute, the purchase filters, the datetime kept as text.
    assert.equal(await condition(page, '2.4').getByLabel('Measure').inputValue(), 'total');
    assert.equal(await condition(page, '2.4').getByLabel('Channel').inputValue(), 'web');
    assert.equal(await condition(page, '2.4').getByLabel('Branch').inputValue(), 'Centro');
    assert.equal(await condition(page, '2.3').getByLabel('From', { exact: true }).inputValue(), '2000-01-01 00:00:00');
    assert.equal(await condition(page, '2.5').getByLabel('Event').inputValue(), 'login');
    assert.equal(await condition(page, '2.9').getByLabel('Not (exclude who matches)').isChecked(), true);
    assert.equal(await condition(page, '2.10.2').getByLabel('Field').inputValue(), 'field:custom_attributes.tier');
    assert.equal(await condition(page, '2.12').getByLabel('Activity').inputValue(), 'opened');
    assert.equal(await condition(page, '2.12').getByLabel('Mailing').inputValue(), String(mailing.body.payload.id));
    assert.equal(await condition(page, '2.12').getByLabel('Days').inputValue(), '30');
    assert.equal(await condition(page, '2.13').getByLabel('Mailing').inputValue(), 'any');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').getByText('Nothing changed.').waitFor();
    await done();
  });

  test('tags and SKUs are picked from the data: the tags the API lists, products by SKU or name; a value no record has is warned about', async () => {
    const { t } = c;
    for (const user of [
      { service_uid: 'pick-1', email: 'pick1@example.com', tags: ['pick-gold', 'pick-silver'] },
      { service_uid: 'pick-2', email: 'pick2@example.com', tags: ['pick-gold'] },
    ]) {
      const created = await t.post('/apiv3/users', user);
      assert.equal(created.status, 201, created.text);
    }
    const product = await t.post('/apiv3/products', { sku: 'PICK-RUN-1', name: 'Trail runner shoe' });
    assert.equal(product.status, 200, product.text);
    const apiTags = (await t.get('/apiv3/account/tags')).body.payload as { tag: string; customers: number }[];
    assert.ok(apiTags.some((tag) => tag.tag === 'pick-gold' && tag.customers === 2), JSON.stringify(apiTags));

    const { page, done } = await c.open({ path: '/segments/new' });
    const first = condition(page, '1');
    await first.getByLabel('Field').selectOption({ label: 'Tags' });
    await first.getByLabel('Operator').selectOption({ label: 'has the tag' });
    // The Tag is a pick-list of every tag the API lists, by name, each with how many customers hold it.
    const tag = first.getByLabel('Tag', { exact: true });
    assert.equal(await tag.evaluate((element: any) => element.tagName), 'SELECT');
    const expected = [...apiTags].sort((a, b) => a.tag.localeCompare(b.tag)).map((a) => `${a.tag} (${a.customers} ${a.customers === 1 ? 'customer' : 'customers'})`);
    assert.deepEqual(await optionLabels(tag), ['Choose one', ...expected]);
    await tag.selectOption({ label: 'pick-gold (2 customers)' });
    await eventually(async () => assert.equal(await shownCount(page), 2));
    // Several tags: a multiple choice of the same list.
    await first.getByLabel('Operator').selectOption({ label: 'has all of the tags' });
    const several = first.getByLabel('Tags', { exact: true });
    await several.selectOption(['pick-gold', 'pick-silver']);
    await eventually(async () => assert.equal(await shownCount(page), (await apiPreview({ all: [{ field: 'tags', op: 'has_all', value: ['pick-gold', 'pick-silver'] }] })).count));
    assert.equal(await page.getByTestId('value-warning').count(), 0);

    // The SKU: products found by name as it is typed; a SKU no product has is warned about.
    await first.getByLabel('Field').selectOption({ label: 'Purchases' });
    const sku = first.getByLabel('SKU');
    await sku.fill('trail runner');
    await eventually(async () => assert.deepEqual(await first.getByTestId('sku-suggestions').locator('option').evaluateAll((options) => options.map((o) => (o as unknown as { value: string }).value)), ['PICK-RUN-1']));
    await sku.fill('PICK-RUN-9');
    await first.getByTestId('value-warning').getByText('No product has the SKU “PICK-RUN-9”: no purchase item matches it. Choose a product from the list.').waitFor();
    await sku.fill('PICK-RUN-1');
    await first.getByTestId('value-warning').waitFor({ state: 'detached' });

    // A stored tag no customer holds: shown, marked, and said.
    const saved = await t.post('/apiv3/segments', { title: 'Typed tag', definition: { all: [{ field: 'tags', op: 'has', value: 'pick-bronze' }] } });
    assert.equal(saved.status, 201, saved.text);
    await page.goto(c.url(`/segments/${saved.body.payload.id}`));
    const warning = page.getByTestId('value-warning');
    await warning.getByText('No customer has the tag “pick-bronze”: choose a tag from the list.').waitFor();
    assert.ok((await optionLabels(condition(page, '1').getByLabel('Tag', { exact: true }))).includes('pick-bronze (no customer has it)'));
    await done();
  });

  test('the export’s columns in words, every one the API gives, ticked; tags written alike in the segment’s CSV and the customers’ CSV', async () => {
    const { t } = c;
    const tagged = await t.post('/apiv3/users', { service_uid: 'seg-tags', email: 'tagged@example.com', first_name: 'Tania', city: 'Rosario', tags: ['vip', 'newsletter'] });
    assert.equal(tagged.status, 201, tagged.text);
    const created = await t.post('/apiv3/segments', { title: 'Tagged vip', definition: { all: [{ field: 'tags', op: 'has', value: 'vip' }] } });
    assert.equal(created.status, 201, created.text);
    const { page, done } = await c.open({ path: `/segments/${created.body.payload.id}` });
    const columns = page.getByRole('region', { name: 'Members and export' }).getByTestId('export-columns');
    await columns.getByRole('checkbox', { name: 'Tier custom_attributes.tier' }).waitFor();
    // Every column the API can give: each U4 field, each custom attribute, the value scores; none typed.
    const user = (await t.get(`/apiv3/users/${tagged.body.payload.userapp_id}`)).body.payload as Record<string, unknown>;
    const offered = await columns.locator('input[type=checkbox]').evaluateAll((boxes) => boxes.map((box) => (box as unknown as { value: string }).value));
    assert.deepEqual([...offered].sort(), [...Object.keys(user), 'custom_attributes.tier', 'rfm.value_group', 'rfm.recency', 'rfm.frequency', 'rfm.monetary'].sort());
    assert.equal(await page.getByRole('region', { name: 'Members and export' }).getByRole('textbox').count(), 0, 'nothing to type');
    // The default seven ticked, each in the console's words with the API's name beside it.
    const ticked = () => columns.locator('input[type=checkbox]:checked').evaluateAll((boxes) => boxes.map((box) => (box as unknown as { value: string }).value));
    assert.deepEqual(await ticked(), ['userapp_id', 'service_uid', 'email', 'telephone', 'first_name', 'last_name', 'points']);
    assert.equal((await columns.locator('label', { has: page.locator('input[value=service_uid]') }).textContent())?.trim(), 'Customer ID in your shop service_uid');
    await columns.getByRole('button', { name: 'Select all' }).click();
    assert.equal((await ticked()).length, offered.length);
    await columns.getByRole('button', { name: 'Default columns' }).click();
    assert.deepEqual(await ticked(), ['userapp_id', 'service_uid', 'email', 'telephone', 'first_name', 'last_name', 'points']);
    await page.getByLabel('Layout').selectOption({ label: 'For a program' });
    await page.getByTestId('export-file-note').getByText('The file names its columns as the API does', { exact: false }).waitFor();

    // City, tags and the created date added: the file's header is the API's names, in the list's order.
    await columns.getByRole('checkbox', { name: 'City city' }).check();
    await columns.getByRole('checkbox', { name: /^Tags / }).check();
    await columns.getByRole('checkbox', { name: 'Created createtime' }).check();
    const [segmentCsv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the export' }).click()]);
    const segmentLines = (await readFile((await segmentCsv.path())!, 'utf8')).slice(1).trimEnd().split('\r\n');
    assert.equal(segmentLines[0], 'userapp_id,service_uid,email,telephone,first_name,last_name,points,city,tags,createtime');
    assert.equal(segmentLines[1], `${user.userapp_id},seg-tags,tagged@example.com,,Tania,,0,Rosario,"vip,newsletter",${user.createtime}`);
    const apiCsv = (await t.get(`/apiv3/segments/${created.body.payload.id}/export?fields=userapp_id,tags`)).text.trimEnd().split('\r\n');
    const apiTags = apiCsv[1]!.slice(apiCsv[1]!.indexOf(',') + 1);
    assert.equal(apiTags, '"vip,newsletter"');

    // The console's own CSV of a search writes the tags as the API's does; its time is the account's (GMT here), to the minute.
    await page.goto(c.url('/customers?q=tania'));
    await page.getByTestId('customers-total').getByText('1 customer', { exact: true }).waitFor();
    const [searchCsv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('customers-export').click()]);
    const searchLines = (await readFile((await searchCsv.path())!, 'utf8')).slice(1).trimEnd().split('\r\n');
    assert.equal(searchLines[0], 'userapp_id,service_uid,email,telephone,first_name,last_name,points,tags,Created (GMT)');
    assert.equal(searchLines[1], `${user.userapp_id},seg-tags,tagged@example.com,,Tania,,0,${apiTags},${String(user.createtime).slice(0, 16)}`);
    await done();
  });

  test("for a spreadsheet in the account's zone and decimal-comma locale: ';' between fields, times there, value groups named", async () => {
    const { t } = c;
    const sheeted = await t.post('/apiv3/users', { service_uid: 'seg-sheet', email: 'sheet@example.com', first_name: 'Sofía', city: 'Planilla', points: 70 });
    assert.equal(sheeted.status, 201, sheeted.text);
    const user = sheeted.body.payload;
    await t.database.db.updateTable('users').set({ createtime: '2026-03-01 02:30:00' }).where('id', '=', user.userapp_id).execute();
    await t.database.db
      .insertInto('value_scores')
      .values({ account_id: t.accountId, user_id: user.userapp_id, recency: 5, frequency: 5, monetary: 5, value_group: 'champions', total_units: 0 })
      .execute();
    const created = await t.post('/apiv3/segments', { title: 'Planilla', definition: { all: [{ field: 'city', op: 'eq', value: 'Planilla' }] } });
    assert.equal(created.status, 201, created.text);
    assert.equal((await t.put('/apiv3/account/settings', { timezone: 'America/Argentina/Buenos_Aires', locale: 'es-AR' })).status, 200);
    try {
      const { page, done } = await c.open({ path: `/segments/${created.body.payload.id}` });
      const section = page.getByRole('region', { name: 'Members and export' });
      const columns = section.getByTestId('export-columns');
      await columns.getByRole('checkbox', { name: 'Created createtime' }).check();
      await columns.getByRole('checkbox', { name: 'Value group rfm.value_group' }).check();
      await section.getByTestId('export-file-note').getByText('fields are separated by “;” and decimals written with a comma', { exact: false }).waitFor();
      const [file] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download the export' }).click()]);
      const lines = (await readFile((await file.path())!, 'utf8')).slice(1).trimEnd().split('\r\n');
      assert.deepEqual(lines, [
        'Customer number;Customer ID in your shop;E-mail;Telephone;First name;Last name;Points;Created;Value group',
        `${user.userapp_id};seg-sheet;sheet@example.com;;Sofía;;70;2026-02-28 23:30;Champions`,
      ]);
      await done();
    } finally {
      assert.equal((await t.put('/apiv3/account/settings', { timezone: 'UTC', locale: 'en' })).status, 200);
    }
  });

  test("a customer's Segments panel follows their tags as they are added and removed, without reloading", async () => {
    const { t } = c;
    const created = await t.post('/apiv3/segments', { title: 'Promo tagged', definition: { all: [{ field: 'tags', op: 'has', value: 'promo' }] } });
    assert.equal(created.status, 201, created.text);
    const person = await t.post('/apiv3/users', { service_uid: 'seg-promo', email: 'promo@example.com', first_name: 'Pablo', last_name: 'Promo' });
    assert.equal(person.status, 201, person.text);
    const { page, done } = await c.open({ path: `/customers/${person.body.payload.userapp_id}` });
    await page.getByRole('heading', { level: 1, name: 'Pablo Promo' }).waitFor();
    const panel = page.getByRole('region', { name: 'Segments', exact: true });
    await panel.getByText('In no saved segment now.', { exact: false }).waitFor();
    await page.getByLabel('Add tags').fill('promo');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByTestId('customer-tags').getByText('promo').waitFor();
    await eventually(async () => assert.deepEqual(await page.getByTestId('customer-segments').getByRole('link').allTextContents(), ['Promo tagged']));
    await page.getByRole('button', { name: 'Remove tag promo' }).click();
    await panel.getByText('In no saved segment now.', { exact: false }).waitFor();
    await done();
  });

  test("a 60-character e-mail in Who matches is cut with an ellipsis, whole in its title; the customer's name stays on one line: nothing overflows at 1280 px", async () => {
    const { t } = c;
    const email = `${'a-very-long-local-part-for-testing'.padEnd(45, 'x')}@example.com.ar`;
    assert.equal(email.length, 60);
    const long = await t.post('/apiv3/users', { service_uid: 'seg-long-mail', email, first_name: 'Larga', last_name: 'Dirección', city: 'Lejos' });
    assert.equal(long.status, 201, long.text);
    const longName = { first_name: 'Maximiliano Bartolomé', last_name: 'de la Santísima Trinidad Fernández' };
    const named = await t.post('/apiv3/users', { service_uid: 'seg-long-name', email: `${'b-very-long-local-part'.padEnd(45, 'y')}@example.com.ar`, ...longName, city: 'Lejos' });
    assert.equal(named.status, 201, named.text);
    const created = await t.post('/apiv3/segments', { title: 'Far away', definition: { all: [{ field: 'city', op: 'eq', value: 'Lejos' }] } });
    assert.equal(created.status, 201, created.text);
    const { page, done } = await c.open({ path: `/segments/${created.body.payload.id}`, width: 1280 });
    const table = page.getByTestId('segment-preview-table');
    const cell = table.getByTitle(email);
    await cell.waitFor();
    const measured = await page.evaluate(`(() => {
      const wrap = document.querySelector('[data-testid="segment-preview-table"]').closest('.table-wrap');
      return { page: document.documentElement.scrollWidth - document.documentElement.clientWidth, table: wrap.scrollWidth - wrap.clientWidth };
    })()`) as { page: number; table: number };
    assert.deepEqual(measured, { page: 0, table: 0 }, 'neither the page nor the Who matches table scrolls sideways');
    assert.ok(await cell.evaluate((element) => element.getBoundingClientRect().right <= (element.closest('.table-wrap') as unknown as { getBoundingClientRect(): { right: number } }).getBoundingClientRect().right));
    // The name beside the long e-mail is one line of text: the e-mail gives way, not the name.
    const name = table.getByRole('link', { name: 'Larga Dirección' });
    assert.equal(await name.evaluate((link) => link.getClientRects().length), 1, 'the name is on one line');
    // A very long name is one line too, cut with an ellipsis, whole in its title (the table still fits: measured above).
    const longCell = table.getByTitle(`${longName.first_name} ${longName.last_name}`);
    assert.equal(await longCell.evaluate((link) => link.getClientRects().length), 1, 'the long name is on one line');
    assert.ok(await longCell.evaluate((link) => link.scrollWidth > link.clientWidth), 'the long name is cut');
    await done();
  });

  test('the list shows each segment with its count now; the Customers page filters by a saved segment', async () => {
    const { t } = c;
    const created = await t.post('/apiv3/segments', { title: 'Rich', definition: { all: [{ field: 'points', op: 'gte', value: 800 }] } });
    assert.equal(created.status, 201, created.text);
    const rich = created.body.payload;
    const { page, done } = await c.open({ path: '/segments' });
    const table = page.getByRole('table', { name: 'Segments' });
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Rich', exact: true }) });
    const count = async () => Number((await row.getByTestId('segment-count').textContent())?.replace(/[^\d]/g, ''));
    await row.getByTestId('segment-count').waitFor();
    assert.equal(await count(), (await t.get(`/apiv3/segments/${rich.id}/count`)).body.payload.count);
    assert.equal(await count(), 2);
    // Always current: a new customer who matches is counted when the list is shown again.
    assert.equal((await t.post('/apiv3/users', { service_uid: 'seg-6', email: 'fede@example.com', first_name: 'Fede', points: 5000 })).status, 201);
    await page.reload();
    await eventually(async () => assert.equal(await count(), 3));

    await page.goto(c.url('/customers'));
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    const segmentSelect = page.getByLabel('Segment', { exact: true });
    await eventually(async () => assert.ok((await optionLabels(segmentSelect)).includes('Rich')));
    await segmentSelect.selectOption({ label: 'Rich' });
    const members = (await t.get(`/apiv3/users?segment_id=${rich.id}`)).body.payload as { first_name: string; last_name: string | null }[];
    const filtered = page.getByRole('table', { name: 'Customers in “Rich”' });
    await eventually(async () => assert.deepEqual(await filtered.locator('tbody tr td:first-child').allTextContents(), members.map((m) => [m.first_name, m.last_name].filter(Boolean).join(' '))));
    assert.equal(new URL(page.url()).searchParams.get('segment'), String(rich.id));
    // With a search too: both apply.
    await page.getByLabel('Search', { exact: true }).fill('carla');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const both = page.getByRole('table', { name: 'Customers in “Rich” matching “carla”' });
    await eventually(async () => assert.deepEqual(await both.locator('tbody tr td:first-child').allTextContents(), ['Carla Silver']));
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByRole('table', { name: 'Customers', exact: true }).waitFor();
    await done();
  });
});
