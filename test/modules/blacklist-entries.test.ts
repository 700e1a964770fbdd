import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { BLACKLIST_URL, listValues, uploadList } from '../helpers/blacklist.js';
import { createUser } from '../helpers/factories.js';
import { addPerson, as } from '../helpers/people.js';

// L7: one entry at a time (PUT/DELETE /account/blacklist/{list}/{value}), with a reason; L6's
// listing with search, order and reasons; audited (D7, T4) and announced (W2).

const t = await buildTestApp({ config: { webhookAllowPrivate: true } });
const entry = (list: string, value: string) => `${BLACKLIST_URL}/${list}/${encodeURIComponent(value)}`;

describe('PUT /account/blacklist/{blacklist}/{value}', () => {
  it('adds a normalised value with its reason (201), then answers 200 when it is there', async () => {
    assert.deepEqual(expectOk(await t.put(entry('email', ' Ana@Example.COM '), { reason: ' asked by phone ' }), 201), { blacklisted: true });
    assert.deepEqual(expectOk(await t.put(entry('email', 'ana@example.com'), { reason: 'again' })), { blacklisted: true });
    assert.deepEqual(expectOk(await t.get(entry('email', 'ANA@example.com'))), { blacklisted: true });
    const listing = expectOk(await t.get(`${BLACKLIST_URL}?blacklist=email`));
    assert.equal(listing.total, 1);
    assert.equal(listing.entries[0].value, 'ana@example.com');
    assert.equal(listing.entries[0].reason, 'asked by phone', 'the first reason stays');
  });

  it('takes no body at all, and a telephone in any notation', async () => {
    expectOk(await t.request('PUT', entry('telephone', '+55 (11) 4000-1234')), 201);
    assert.deepEqual(await listValues(t, 'telephone'), ['+551140001234']);
    const listing = expectOk(await t.get(`${BLACKLIST_URL}?blacklist=telephone`));
    assert.equal(listing.entries[0].reason, null);
  });

  it('goes live at once: the customer is no longer reachable', async () => {
    const user = await createUser(t, { email: 'reach@example.com' });
    assert.equal(expectOk(await t.get(`/apiv3/users/${user.userapp_id}`)).mailing_enabled, true);
    expectOk(await t.put(entry('email', 'reach@example.com'), {}), 201);
    assert.equal(expectOk(await t.get(`/apiv3/users/${user.userapp_id}`)).mailing_enabled, false);
  });

  it('refuses an invalid value, an unknown list and a long reason with 400 naming them', async () => {
    expectError(await t.put(entry('email', 'not-an-email'), {}), 400, 'bad_request', /^value: must be a valid e-mail address/);
    expectError(await t.put(entry('telephone', '12'), {}), 400, 'bad_request', /^value: must be a telephone of 6 to 15 digits/);
    expectError(await t.put(entry('fax', 'a@example.com'), {}), 400, 'bad_request', /blacklist/);
    expectError(await t.put(entry('email', 'long@example.com'), { reason: 'x'.repeat(501) }), 400, 'bad_request', /reason/);
  });
});

describe('DELETE /account/blacklist/{blacklist}/{value}', () => {
  it('removes one value (normalised first) and answers 404 when it is not on the list', async () => {
    expectOk(await t.put(entry('email', 'gone@example.com'), {}), 201);
    const before = expectOk(await t.get(`${BLACKLIST_URL}?blacklist=email`)).total;
    assert.deepEqual(expectOk(await t.delete(entry('email', 'GONE@example.com'))), { blacklisted: false });
    assert.equal(expectOk(await t.get(`${BLACKLIST_URL}?blacklist=email`)).total, before - 1);
    assert.deepEqual(expectOk(await t.get(entry('email', 'gone@example.com'))), { blacklisted: false });
    expectError(await t.delete(entry('email', 'gone@example.com')), 404, 'not_found', /not on the email list/);
    expectError(await t.delete(entry('email', 'never valid')), 404, 'not_found');
    expectError(await t.delete(entry('fax', 'x')), 400, 'bad_request', /blacklist/);
  });

  it('removes a value an upload put there, and the total follows', async () => {
    expectOk(await uploadList(t, 'up1@example.com\nup2@example.com\n', 'email', 'create'));
    const before = expectOk(await t.get(`${BLACKLIST_URL}?blacklist=email`)).total;
    expectOk(await t.delete(entry('email', 'up1@example.com')));
    const after = expectOk(await t.get(`${BLACKLIST_URL}?blacklist=email`));
    assert.equal(after.total, before - 1);
    assert.ok(!(await listValues(t, 'email')).includes('up1@example.com'));
  });
});

describe('GET /account/blacklist with search and order', () => {
  it('searches values in any case (total counts the matches) and lists newest first on request', async () => {
    const all = await listValues(t, 'email');
    const found = expectOk(await t.get(`${BLACKLIST_URL}?blacklist=email&search=EXAMPLE.COM&limit=100`));
    assert.equal(found.total, all.filter((v) => v.includes('example.com')).length);
    const one = expectOk(await t.get(`${BLACKLIST_URL}?blacklist=email&search=up2`));
    assert.deepEqual(
      one.entries.map((e: { value: string }) => e.value),
      ['up2@example.com'],
    );
    assert.equal(one.total, 1);
    const literal = expectOk(await t.get(`${BLACKLIST_URL}?blacklist=email&search=%25`));
    assert.equal(literal.total, 0, '% is a character, not a wildcard');
    const newest = expectOk(await t.get(`${BLACKLIST_URL}?blacklist=email&order=newest&limit=100`));
    assert.deepEqual(
      newest.entries.map((e: { value: string }) => e.value),
      [...all].reverse(),
    );
    const oldest = expectOk(await t.get(`${BLACKLIST_URL}?blacklist=email&order=oldest&limit=100&search=`));
    assert.deepEqual(
      oldest.entries.map((e: { value: string }) => e.value),
      all,
    );
    const phones = expectOk(await t.get(`${BLACKLIST_URL}?blacklist=telephone&search=${encodeURIComponent('(11) 4000')}`));
    assert.equal(phones.total, 1);
    expectError(await t.get(`${BLACKLIST_URL}?blacklist=email&order=random`), 400, 'bad_request', /order/);
  });
});

describe('audit and webhooks', () => {
  it('records each change with its actor, and writes a blacklist.changed message', async () => {
    const hook = expectOk(await t.post('/apiv3/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['blacklist.changed'] }), 201);
    const editor = await addPerson(t, 'editor@example.com', 'editor');
    expectOk(await t.put(entry('email', 'audited@example.com'), { reason: 'r' }, as(editor)), 201);
    expectOk(await t.delete(entry('email', 'audited@example.com')));
    const log = expectOk(await t.get('/apiv3/account/audit-log?path=/account/blacklist&limit=10'));
    const [removal, addition] = log;
    assert.equal(removal.method, 'DELETE');
    assert.deepEqual(removal.actor, { type: 'key', key_prefix: removal.key_prefix });
    assert.match(removal.summary, /took one value off the blacklist/);
    assert.equal(addition.method, 'PUT');
    assert.deepEqual(addition.actor, { type: 'person', email: 'editor@example.com' });
    assert.equal(addition.key_prefix, '');
    assert.match(addition.summary, /put one value on the blacklist/);
    const deliveries = expectOk(await t.get(`/apiv3/webhooks/${hook.id}/deliveries`));
    assert.deepEqual(
      deliveries.map((d: { type: string }) => d.type),
      ['blacklist.changed', 'blacklist.changed'],
    );
  });

  it('a viewer may list and check but not change an entry', async () => {
    const viewer = await addPerson(t, 'viewer@example.com', 'viewer');
    expectOk(await t.get(`${BLACKLIST_URL}?blacklist=email`, as(viewer)));
    expectError(await t.put(entry('email', 'v@example.com'), {}, as(viewer)), 403, 'forbidden', /editor role/);
    expectError(await t.delete(entry('email', 'up2@example.com'), undefined, as(viewer)), 403, 'forbidden');
  });
});
