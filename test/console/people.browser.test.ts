import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { CSRF, PASSWORD, addPerson } from '../helpers/people.js';
import { type ConsoleHarness, skipWithoutBrowser, startConsole } from './browser.js';

// The console's people (T1–T5, L7): e-mail sign-in, the welcome link's page, what a viewer is
// shown, the People page, the blacklist's single entries, the account's settings.

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

const navLinks = async (page: Page) => (await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents()).map((text) => text.trim());

describe('console in a browser: people, roles, blacklist entries, settings', { skip: skipWithoutBrowser() }, () => {
  let c: ConsoleHarness;
  before(async () => {
    c = await startConsole();
  });
  after(() => c?.close());

  test('an owner signs in with e-mail and password (a wrong one said in words), stays signed in on reload, adds a person and sees the link, signs out', async () => {
    await addPerson(c.t, 'olga@example.com', 'owner');
    const { page, done } = await c.open({ key: null });

    await signIn(page, 'olga@example.com', 'not the password at all');
    const error = page.getByTestId('sign-in-error');
    await error.waitFor();
    assert.match((await error.textContent()) ?? '', /^Wrong e-mail or password\./);

    await signIn(page, 'olga@example.com', PASSWORD);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    assert.equal((await page.getByTestId('who').textContent())?.trim(), 'olga@example.com owner');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    assert.ok((await navLinks(page)).includes('People'));

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'People' }).click();
    await page.getByRole('heading', { level: 1, name: 'People' }).waitFor();
    await page.getByRole('textbox', { name: 'E-mail' }).fill('vera@example.com');
    await page.getByLabel('Role', { exact: true }).selectOption('viewer');
    await page.getByRole('button', { name: 'Add the person' }).click();
    const link = await page.getByTestId('welcome-link').inputValue();
    assert.match(link, /\/console\/welcome\?token=[A-Za-z0-9_-]{43}$/);
    await page.getByTestId('people').getByRole('cell', { name: 'vera@example.com', exact: true }).waitFor();
    const listed = await c.t.get('/apiv3/account/people');
    assert.deepEqual(
      listed.body.payload.map((p: { email: string; role: string }) => `${p.email} ${p.role}`),
      ['olga@example.com owner', 'vera@example.com viewer'],
    );

    // The last owner cannot demote herself: said in words.
    await page.getByLabel('Role of olga@example.com').selectOption('editor');
    await page.getByRole('row', { name: /olga@example\.com/ }).getByRole('button', { name: 'Change role' }).click();
    await page.getByRole('row', { name: /olga@example\.com/ }).getByRole('alert').getByText('The account needs an owner: make another person an owner first').waitFor();

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('E-mail').waitFor();
    await page.reload();
    await page.getByLabel('E-mail').waitFor(); // the cookie's session ended on the server
    assert.equal((await c.t.get('/console/session', { key: null, headers: { cookie: (await page.context().cookies()).map((k) => `${k.name}=${k.value}`).join('; ') } })).status, 403);
    await done();
  });

  test('a welcome link sets the password and signs in; a forged link says so and what to do', async () => {
    const added = await c.t.post('/apiv3/account/people', { email: 'ed@example.com', role: 'editor' });
    assert.equal(added.status, 201, added.text);
    const url = new URL(added.body.payload.invite_url);
    const { page, done } = await c.open({ key: null, path: `/welcome?token=${'x'.repeat(43)}` });
    await page.getByLabel('New password').fill('long enough password');
    await page.getByLabel('The same password again').fill('long enough password');
    await page.getByRole('button', { name: 'Set the password and sign in' }).click();
    const gone = page.getByTestId('link-gone');
    await gone.waitFor();
    assert.match((await gone.textContent()) ?? '', /This link no longer works.*Ask an owner of your account for a new link/);

    await page.goto(c.url(`/welcome${url.search}`));
    await page.getByLabel('New password').fill('short');
    await page.getByLabel('The same password again').fill('short');
    await page.getByRole('button', { name: 'Set the password and sign in' }).click();
    assert.equal((await page.getByTestId('password-error').textContent())?.trim(), 'Type 10 to 128 characters.');
    await page.getByLabel('New password').fill('a good long password');
    await page.getByLabel('The same password again').fill('a good long password');
    await page.getByRole('button', { name: 'Set the password and sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    assert.equal((await page.getByTestId('who').textContent())?.trim(), 'ed@example.com editor');
    const links = await navLinks(page);
    assert.ok(links.includes('Blacklists'));
    for (const ownerOnly of ['People', 'Webhooks', 'Retention', 'Audit log', 'Settings']) assert.ok(!links.includes(ownerOnly), ownerOnly);
    const signedIn = await c.t.post('/console/session', { email: 'ed@example.com', password: 'a good long password' }, { key: null, headers: CSRF });
    assert.equal(signedIn.status, 200, signedIn.text);
    await done();
  });

  test('a viewer sees no owner pages, and change buttons are disabled with the reason', async () => {
    await addPerson(c.t, 'viv@example.com', 'viewer');
    const { page, done } = await c.open({ key: null, path: '/categories' });
    await signIn(page, 'viv@example.com', PASSWORD);
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    assert.equal((await page.getByTestId('who').textContent())?.trim(), 'viv@example.com viewer');
    const links = await navLinks(page);
    for (const ownerOnly of ['People', 'Webhooks', 'Retention', 'Audit log', 'Settings']) assert.ok(!links.includes(ownerOnly), ownerOnly);
    const create = page.getByRole('button', { name: 'Create category' });
    assert.equal(await create.isDisabled(), true);
    assert.match((await create.getAttribute('title')) ?? '', /Your role is viewer/);
    await page.getByTestId('read-only-note').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Segments' }).click();
    await page.getByRole('heading', { level: 1, name: 'Segments' }).waitFor();
    assert.equal(await page.getByRole('link', { name: 'New segment' }).count(), 0);

    // The session ends elsewhere (signed out in another tab): the next call signs out, saying why.
    const cookie = (await page.context().cookies()).map((k) => `${k.name}=${k.value}`).join('; ');
    assert.equal((await c.t.delete('/console/session', undefined, { key: null, headers: { cookie, ...CSRF } })).status, 204);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Customers' }).click();
    const notice = page.getByTestId('signed-out-notice');
    await notice.waitFor();
    assert.match((await notice.textContent()) ?? '', /^You were signed out\. Your session has ended/);
    await page.getByLabel('E-mail').waitFor();
    await done();
  });

  test('blacklist: add one value with a reason, search, remove it; a check does not follow to the other list', async () => {
    const { page, done } = await c.open({ path: '/blacklists' });
    await page.getByRole('heading', { level: 1, name: 'Blacklists' }).waitFor();
    await page.getByLabel('E-mail address to add').fill('Nomail@Example.com');
    await page.getByLabel('Reason (optional)').fill('asked by phone');
    await page.getByRole('button', { name: 'Add to the list' }).click();
    await page.getByTestId('blacklist-added').waitFor();
    const entry = await c.t.get('/apiv3/account/blacklist?blacklist=email&search=nomail');
    assert.equal(entry.body.payload.total, 1);
    assert.equal(entry.body.payload.entries[0].reason, 'asked by phone');

    await page.getByRole('searchbox', { name: 'Search' }).fill('NOMAIL');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const row = page.getByTestId('blacklist-entries').getByRole('row', { name: /nomail@example\.com/ });
    await row.getByRole('cell', { name: 'asked by phone' }).waitFor();
    assert.equal((await page.getByTestId('blacklist-total').textContent())?.trim(), '1');

    await page.getByLabel('Is this e-mail address listed?').fill('nomail@example.com');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.getByTestId('blacklist-check-result').getByText('is on the email list').waitFor();
    await page.getByLabel('Show the list of').selectOption('telephone');
    await page.getByLabel('Is this telephone listed?').waitFor();
    assert.equal(await page.getByTestId('blacklist-check-result').count(), 0);
    await page.getByLabel('Show the list of').selectOption('email');

    await page.getByTestId('blacklist-entries').getByRole('row', { name: /nomail@example\.com/ }).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove from the list' }).click();
    await page.getByText('The email list is empty.').waitFor();
    assert.equal((await c.t.get('/apiv3/account/blacklist/email/nomail%40example.com')).body.payload.blacklisted, false);
    await done();
  });

  test('settings: a new currency is how money is shown at once', async () => {
    const { page, done } = await c.open({ path: '/settings' });
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByLabel('Currency').selectOption('EUR');
    await page.getByRole('button', { name: 'Save the settings' }).click();
    await page.getByTestId('settings-saved').getByText('€1,234.50').waitFor();
    assert.equal((await c.t.get('/apiv3/account/settings')).body.payload.currency, 'EUR');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Purchases' }).click();
    await page.getByTestId('purchases-total-revenue').getByText('€0.00').waitFor();
    await done();
  });

  test('an account in Spanish, in Argentine pesos, in Buenos Aires, on a 360 px phone: names, not codes; the e-mail cut with an ellipsis; no repeated role labels', async () => {
    const put = await c.t.put('/apiv3/account/settings', { currency: 'ARS', timezone: 'America/Argentina/Buenos_Aires', locale: 'es' });
    assert.equal(put.status, 200, put.text);
    const email = 'maria.fernanda.longname.support@example-store.com.ar';
    await addPerson(c.t, email, 'owner');
    const { page, done } = await c.open({ key: null, width: 360 });
    await signIn(page, email, PASSWORD);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    assert.equal(await page.evaluate(() => (globalThis as any).document.documentElement.lang), 'es');

    // The header's e-mail: one line cut with an ellipsis, the whole of it in its title.
    const who = page.getByTestId('who').locator('.who-name');
    assert.equal(await who.getAttribute('title'), email);
    const shape = await who.evaluate((e: any) => ({ height: e.getBoundingClientRect().height, lineHeight: parseFloat((globalThis as any).getComputedStyle(e).lineHeight) || 20, clipped: e.scrollWidth > e.clientWidth, overflow: (globalThis as any).getComputedStyle(e).textOverflow }));
    assert.ok(shape.height < shape.lineHeight * 1.5, `the e-mail wraps: ${JSON.stringify(shape)}`);
    assert.equal(shape.overflow, 'ellipsis');
    assert.ok(shape.clipped, 'so long an e-mail is cut at 360 px');

    // People: the role's label is for screen readers; the select keeps it as its name.
    await page.goto(c.url('/people'));
    await page.getByRole('heading', { level: 1, name: 'People' }).waitFor();
    const select = page.getByLabel(`Role of ${email}`);
    await select.waitFor();
    const labels = await page.locator('main label').evaluateAll((all: any[]) =>
      all.filter((l) => l.textContent.startsWith('Role of ')).map((l) => { const box = l.getBoundingClientRect(); return box.width > 1 || box.height > 1; }),
    );
    assert.ok(labels.length >= 1);
    assert.deepEqual(labels.filter(Boolean), [], 'a "Role of …" label takes room on the screen');

    // Settings: the zone and the currency by name; the zone's code only as small secondary text.
    await page.goto(c.url('/settings'));
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    const zone = page.getByLabel('Time zone');
    assert.equal(await zone.evaluate((e: any) => e.selectedOptions[0].textContent), 'Buenos Aires (GMT-3)');
    assert.equal((await page.getByTestId('zone-code').textContent())?.trim(), 'America/Argentina/Buenos_Aires');
    assert.equal(await page.getByLabel('Currency').evaluate((e: any) => e.selectedOptions[0].textContent), 'Argentine Peso (ARS)');
    await page.getByLabel('Account name').fill('Tienda Palermo');
    await page.getByRole('button', { name: 'Save the settings' }).click();
    const saved = (await page.getByTestId('settings-saved').textContent())?.replace(/\s/g, ' ');
    assert.equal(saved, 'Saved: money is now shown like 1.234,50 pesos argentinos, and dates and times in Buenos Aires (GMT-3).');
    await done();
  });
});
