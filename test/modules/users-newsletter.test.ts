import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';

// U12: POST /users/newsletter, service_uid and email in the query (as the platform documents it) or the body.

const t = await buildTestApp();

async function blacklistEmail(email: string) {
  await t.database.db
    .insertInto('blacklist_entries')
    .values({ account_id: t.accountId, list: 'email', value: email, createtime: '2026-01-01 00:00:00' })
    .execute();
}

describe('POST /users/newsletter', () => {
  it('creates the customer when neither field finds one: 201, tagged newsletter, mailing enabled', async () => {
    const user = expectOk(await t.post('/apiv3/users/newsletter?service_uid=news-1&email=News1%40Example.com'), 201);
    assert.equal(user.service_uid, 'news-1');
    assert.equal(user.email, 'news1@example.com');
    assert.deepEqual(user.tags, ['newsletter']);
    assert.equal(user.mailing_enabled, true);
    assert.equal(user.mailing_enabled_reason, null);
    assert.equal(user.points, 0);
    // In a JSON body, or a form, the same.
    expectOk(await t.post('/apiv3/users/newsletter', { service_uid: 'news-2', email: 'news2@example.com' }), 201);
    expectOk(await t.request('POST', '/apiv3/users/newsletter', { body: { service_uid: 'news-3', email: 'news3@example.com' }, form: true }), 201);
    // The body's fields win over the query's.
    const both = expectOk(await t.post('/apiv3/users/newsletter?service_uid=ignored&email=ignored%40example.com', { service_uid: 'news-4', email: 'news4@example.com' }), 201);
    assert.equal(both.service_uid, 'news-4');
    assert.equal(expectOk(await t.get('/apiv3/multiusers/exist?service_uid=ignored')).exist, false);
  });

  it('finds the customer by service_uid, else by email: 200, tag added, mailing enabled, nothing else changed', async () => {
    const existing = await createUser(t, {
      service_uid: 'news-old',
      email: 'old@example.com',
      first_name: 'Ana',
      tags: 'vip',
      mailing_enabled: 'disabled',
      mailing_disabled_reason: 'asked',
    });
    const found = expectOk(await t.post('/apiv3/users/newsletter?service_uid=news-old&email=old%40example.com'));
    assert.equal(found.userapp_id, existing.userapp_id);
    assert.deepEqual(found.tags, ['vip', 'newsletter']);
    assert.equal(found.mailing_enabled, true);
    assert.equal(found.first_name, 'Ana');
    // Found by email when the service_uid finds nobody; its service_uid is not changed.
    const byEmail = expectOk(await t.post('/apiv3/users/newsletter', { service_uid: 'other-uid', email: 'OLD@example.com' }));
    assert.equal(byEmail.userapp_id, existing.userapp_id);
    assert.equal(byEmail.service_uid, 'news-old');
    assert.deepEqual(byEmail.tags, ['vip', 'newsletter'], 'the tag is not added twice');
    assert.equal(expectOk(await t.get('/apiv3/multiusers/exist?service_uid=other-uid')).exist, false);
  });

  it('when service_uid and email name two customers, the service_uid one is signed up and the other is untouched', async () => {
    const a = await createUser(t, { service_uid: 'two-a', email: 'two-a@example.com' });
    const b = await createUser(t, { service_uid: 'two-b', email: 'two-b@example.com' });
    const answer = expectOk(await t.post('/apiv3/users/newsletter', { service_uid: 'two-a', email: 'two-b@example.com' }));
    assert.equal(answer.userapp_id, a.userapp_id);
    assert.equal(answer.email, 'two-a@example.com');
    assert.deepEqual(answer.tags, ['newsletter']);
    assert.deepEqual(expectOk(await t.get(`/apiv3/users/${b.userapp_id}`)).tags, []);
  });

  it('with the e-mail on the blacklist, adds the tag and leaves the flag as U4 computes it', async () => {
    await blacklistEmail('listed@example.com');
    const created = expectOk(await t.post('/apiv3/users/newsletter', { service_uid: 'listed', email: 'listed@example.com' }), 201);
    assert.deepEqual(created.tags, ['newsletter']);
    assert.equal(created.mailing_enabled, false);
    assert.equal(created.mailing_enabled_reason, 'blacklist');
    const existing = await createUser(t, { service_uid: 'listed-2', email: 'listed2@example.com', mailing_enabled: 'disabled', mailing_disabled_reason: 'asked' });
    await blacklistEmail('listed2@example.com');
    const found = expectOk(await t.post('/apiv3/users/newsletter', { service_uid: 'listed-2', email: 'listed2@example.com' }));
    assert.equal(found.userapp_id, existing.userapp_id);
    assert.deepEqual(found.tags, ['newsletter']);
    assert.equal(found.mailing_enabled, false);
    // The customer's own flag was left as it was: off the blacklist, it is still disabled.
    const row = await t.database.db.selectFrom('users').select('mailing_enabled').where('id', '=', existing.userapp_id).executeTakeFirstOrThrow();
    assert.equal(Number(row.mailing_enabled), 0);
  });

  it('answers 400 naming the field when service_uid or email is missing, empty or invalid', async () => {
    expectError(await t.post('/apiv3/users/newsletter?email=a%40example.com'), 400, 'bad_request', /^service_uid: is required/);
    expectError(await t.post('/apiv3/users/newsletter?service_uid=x&email='), 400, 'bad_request', /^email: is required/);
    expectError(await t.post('/apiv3/users/newsletter', { service_uid: 'x' }), 400, 'bad_request', /^email: is required/);
    expectError(await t.post('/apiv3/users/newsletter', { service_uid: '  ', email: 'a@example.com' }), 400, 'bad_request', /^service_uid: is required/);
    expectError(await t.post('/apiv3/users/newsletter', { service_uid: 'x', email: 'not-an-address' }), 400, 'bad_request', /^email: must be a valid e-mail address/);
    expectError(await t.post('/apiv3/users/newsletter', { service_uid: 7, email: 'a@example.com' }), 400, 'bad_request', /^service_uid: must be string/);
    assert.equal(expectOk(await t.get('/apiv3/multiusers/exist?service_uid=x')).exist, false);
  });

  it('answers 400 when the e-mail belongs to another customer and the service_uid is new', async () => {
    // Found by email (the service_uid finds nobody): that customer is signed up, not a second one.
    await createUser(t, { service_uid: 'mail-owner', email: 'owner@example.com' });
    const answer = expectOk(await t.post('/apiv3/users/newsletter', { service_uid: 'brand-new', email: 'owner@example.com' }));
    assert.equal(answer.service_uid, 'mail-owner');
  });

  it("is limited to the key's account", async () => {
    const other = await t.newAccount('newsletter-other');
    await createUser(t, { service_uid: 'tenant', email: 'tenant@example.com' });
    const created = expectOk(await t.post('/apiv3/users/newsletter', { service_uid: 'tenant', email: 'tenant@example.com' }, { key: other.key }), 201);
    assert.deepEqual(created.tags, ['newsletter']);
  });

  it('two sign-ups of one new customer at once create it once', async () => {
    const [first, second] = await Promise.all([
      t.post('/apiv3/users/newsletter', { service_uid: 'racer', email: 'racer@example.com' }),
      t.post('/apiv3/users/newsletter', { service_uid: 'racer', email: 'racer@example.com' }),
    ]);
    assert.deepEqual([first.status, second.status].sort(), [200, 201]);
    assert.equal(first.body.payload.userapp_id, second.body.payload.userapp_id);
  });
});
