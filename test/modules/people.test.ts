import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { PASSWORD, addPerson, as, cookieFrom, signIn, tokenOf } from '../helpers/people.js';

// T1, T4: people of an account, managed over /apiv3/account/people by an owner or a full key.

const t = await buildTestApp();

describe('POST /account/people', () => {
  it('adds a person and answers their welcome link', async () => {
    const res = await t.post('/apiv3/account/people', { email: ' Ana@Example.com ', role: 'editor' });
    assert.equal(res.status, 201);
    assert.equal(res.body.code, 'ok');
    const { id, email, role, invite_url, emailed, last_sign_in_at, createtime } = res.body.payload;
    assert.ok(Number.isInteger(id));
    assert.equal(email, 'ana@example.com');
    assert.equal(role, 'editor');
    assert.equal(last_sign_in_at, null);
    assert.match(createtime, /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    assert.match(invite_url, /^http:\/\/127\.0\.0\.1:8080\/console\/welcome\?token=[A-Za-z0-9_-]{43}$/);
    assert.equal(emailed, false, 'this server has no SMTP_URL: the link was not e-mailed');
  });

  it('refuses an e-mail already a person of the account, any case', async () => {
    const res = await t.post('/apiv3/account/people', { email: 'ANA@example.com', role: 'viewer' });
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'bad_request');
    assert.match(res.body.message, /^email: is a person of this account already/);
  });

  it('refuses an invalid role or e-mail, naming the field', async () => {
    const role = await t.post('/apiv3/account/people', { email: 'bo@example.com', role: 'admin' });
    assert.equal(role.status, 400);
    assert.match(role.body.message, /role/);
    const email = await t.post('/apiv3/account/people', { email: 'not an e-mail', role: 'viewer' });
    assert.equal(email.status, 400);
    assert.match(email.body.message, /^email: must be a valid e-mail address/);
    const missing = await t.post('/apiv3/account/people', { role: 'viewer' });
    assert.equal(missing.status, 400);
    assert.match(missing.body.message, /email/);
  });
});

describe('GET /account/people', () => {
  it('lists people in id order with their last sign-in', async () => {
    const owner = await addPerson(t, 'owner@example.com', 'owner');
    const res = await t.get('/apiv3/account/people');
    assert.equal(res.status, 200);
    const listed = res.body.payload as { id: number; email: string; role: string; last_sign_in_at: string | null }[];
    assert.deepEqual(
      listed.map((p) => [p.email, p.role]),
      [
        ['ana@example.com', 'editor'],
        ['owner@example.com', 'owner'],
      ],
    );
    assert.deepEqual(Object.keys(listed[0]!).sort(), ['createtime', 'email', 'id', 'last_sign_in_at', 'role']);
    assert.equal(listed[0]!.last_sign_in_at, null);
    assert.match(listed.find((p) => p.id === owner.id)!.last_sign_in_at!, /^\d{4}-/);
  });
});

describe('PUT /account/people/:id', () => {
  it("changes a role, and the person's live session has it at once", async () => {
    const bea = await addPerson(t, 'bea@example.com', 'editor');
    assert.equal((await t.post('/apiv3/categories', { code: 'c1', name: 'C1' }, as(bea))).status, 200);
    const res = await t.put(`/apiv3/account/people/${bea.id}`, { role: 'viewer' });
    assert.equal(res.status, 200);
    assert.equal(res.body.payload.role, 'viewer');
    assert.equal(res.body.payload.email, 'bea@example.com');
    const refused = await t.post('/apiv3/categories', { code: 'c2', name: 'C2' }, as(bea));
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, 'forbidden');
    assert.equal((await t.get('/console/session', as(bea))).body.payload.role, 'viewer');
  });

  it('answers 404 for an unknown id, and for a person of another account', async () => {
    const other = await t.newAccount('people-other');
    const stranger = await t.post('/apiv3/account/people', { email: 'stranger@example.com', role: 'editor' }, { key: other.key });
    for (const id of [999999, stranger.body.payload.id]) {
      const res = await t.put(`/apiv3/account/people/${id}`, { role: 'viewer' });
      assert.equal(res.status, 404);
      assert.equal(res.body.code, 'not_found');
    }
  });

  it('refuses to demote the last owner', async () => {
    const owners = (await t.get('/apiv3/account/people')).body.payload.filter((p: { role: string }) => p.role === 'owner');
    assert.equal(owners.length, 1);
    const res = await t.put(`/apiv3/account/people/${owners[0].id}`, { role: 'editor' });
    assert.equal(res.status, 400);
    assert.match(res.body.message, /^role: the last owner cannot be demoted/);
  });

  it('refuses a bad id or role with 400', async () => {
    assert.equal((await t.put('/apiv3/account/people/0', { role: 'viewer' })).status, 400);
    assert.equal((await t.put('/apiv3/account/people/abc', { role: 'viewer' })).status, 400);
    assert.equal((await t.put('/apiv3/account/people/1', { role: 'boss' })).status, 400);
  });
});

describe('POST /account/people/:id/email-link', () => {
  it('without SMTP says nothing was e-mailed, and makes no link', async () => {
    const dee = await addPerson(t, 'dee@example.com', 'viewer');
    const res = await t.post(`/apiv3/account/people/${dee.id}/email-link`, undefined);
    assert.equal(res.status, 200);
    assert.equal(res.body.code, 'ok');
    assert.deepEqual(res.body.payload, { emailed: false });
  });

  it('answers 404 for an unknown id or a person of another account, 400 for a bad id', async () => {
    const unknown = await t.post('/apiv3/account/people/999999/email-link', undefined);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.code, 'not_found');
    const other = await t.newAccount('people-link-other');
    const theirs = await t.post('/apiv3/account/people', { email: 'theirs-link@example.com', role: 'viewer' }, { key: other.key });
    assert.equal((await t.post(`/apiv3/account/people/${theirs.body.payload.id}/email-link`, undefined)).status, 404);
    const bad = await t.post('/apiv3/account/people/abc/email-link', undefined);
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /id/);
  });
});

describe('DELETE /account/people/:id', () => {
  it('removes a person and ends their sessions', async () => {
    const cy = await addPerson(t, 'cy@example.com', 'editor');
    assert.equal((await t.get('/apiv3/users', as(cy))).status, 200);
    const res = await t.delete(`/apiv3/account/people/${cy.id}`);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body.payload, { deleted: true });
    assert.equal((await t.get('/apiv3/users', as(cy))).status, 403);
    assert.equal((await t.delete(`/apiv3/account/people/${cy.id}`)).status, 404);
    const again = await signIn(t, { email: 'cy@example.com', password: PASSWORD });
    assert.equal(again.status, 403);
  });

  it('refuses to remove the last owner, even by themselves', async () => {
    const owners = (await t.get('/apiv3/account/people')).body.payload.filter((p: { role: string }) => p.role === 'owner');
    const res = await t.delete(`/apiv3/account/people/${owners[0].id}`);
    assert.equal(res.status, 400);
    assert.match(res.body.message, /last owner cannot be removed/);
  });

  it('lets an owner remove another owner once there are two', async () => {
    const second = await addPerson(t, 'second-owner@example.com', 'owner');
    const res = await t.delete(`/apiv3/account/people/${second.id}`, undefined, as(second));
    assert.equal(res.status, 200);
    assert.equal((await t.get('/console/session', as(second))).status, 403);
  });
});

describe('people are managed by owners only', () => {
  it('an editor and a viewer are refused every people route; an owner is not', async () => {
    const editor = await addPerson(t, 'ed@example.com', 'editor');
    const viewer = await addPerson(t, 'vi@example.com', 'viewer');
    const owner = await signIn(t, { email: 'owner@example.com', password: PASSWORD });
    const ownerCookie = { cookie: cookieFrom(owner) };
    for (const person of [editor, viewer]) {
      assert.equal((await t.get('/apiv3/account/people', as(person))).status, 403);
      assert.equal((await t.post('/apiv3/account/people', { email: 'x@example.com', role: 'viewer' }, as(person))).status, 403);
      assert.equal((await t.put(`/apiv3/account/people/${editor.id}`, { role: 'owner' }, as(person))).status, 403);
      assert.equal((await t.delete(`/apiv3/account/people/${viewer.id}`, undefined, as(person))).status, 403);
      assert.equal((await t.post(`/apiv3/account/people/${viewer.id}/email-link`, undefined, as(person))).status, 403);
    }
    const invited = await t.post('/apiv3/account/people', { email: 'by-owner@example.com', role: 'viewer' }, as(ownerCookie));
    assert.equal(invited.status, 201);
    assert.ok(tokenOf(invited.body.payload.invite_url));
  });

  it('a read-only key may not add people (D8)', async () => {
    const { key } = await (await import('../../src/services.js')).buildAccounts(t.database.db, t.clock).createKey(t.accountId, undefined, 'read');
    const res = await t.post('/apiv3/account/people', { email: 'ro@example.com', role: 'viewer' }, { key });
    assert.equal(res.status, 403);
    assert.equal(res.body.message, 'this key is read-only');
  });
});
