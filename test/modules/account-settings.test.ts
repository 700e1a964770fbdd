import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';
import { addPerson, as } from '../helpers/people.js';

// T5: the account's settings, read by any role, written by an owner or a full key, partially; and
// bom=true on CSV exports.

const t = await buildTestApp();

describe('GET /account/settings', () => {
  it('answers the defaults of a new account', async () => {
    assert.deepEqual(expectOk(await t.get('/apiv3/account/settings')), { name: 'main', currency: 'USD', timezone: 'UTC', locale: 'en' });
  });

  it('is read by every role', async () => {
    const viewer = await addPerson(t, 'viewer@example.com', 'viewer');
    assert.equal(expectOk(await t.get('/apiv3/account/settings', as(viewer))).currency, 'USD');
  });
});

describe('GET /account/access', () => {
  it("tells a key's scope and a person's role, so the console offers only what the caller may do", async () => {
    const full = expectOk(await t.get('/apiv3/account/access'));
    assert.equal(full.via, 'key');
    assert.equal(full.scope, 'full');
    assert.equal(full.role, null);
    assert.equal(typeof full.key_prefix, 'string');
    const { key } = await (await import('../../src/services.js')).buildAccounts(t.database.db, t.clock).createKey(t.accountId, undefined, 'read');
    const read = expectOk(await t.get('/apiv3/account/access', { key }));
    assert.deepEqual([read.via, read.scope, read.role], ['key', 'read', null]);
    assert.notEqual(read.key_prefix, full.key_prefix);
    for (const [email, role, scope] of [['access-v@example.com', 'viewer', 'read'], ['access-e@example.com', 'editor', 'full'], ['access-o@example.com', 'owner', 'full']] as const) {
      const person = await addPerson(t, email, role);
      assert.deepEqual(expectOk(await t.get('/apiv3/account/access', as(person))), { via: 'person', scope, role, key_prefix: null });
    }
    expectError(await t.get('/apiv3/account/access', { key: 'not-a-key' }), 403, 'forbidden');
  });
});

describe('PUT /account/settings', () => {
  it('changes only the fields given, normalising their spelling', async () => {
    assert.deepEqual(expectOk(await t.put('/apiv3/account/settings', { currency: 'eur', locale: 'pt-br' })), { name: 'main', currency: 'EUR', timezone: 'UTC', locale: 'pt-BR' });
    assert.deepEqual(expectOk(await t.put('/apiv3/account/settings', { name: ' Loja Norte ', timezone: 'America/Sao_Paulo' })), {
      name: 'Loja Norte',
      currency: 'EUR',
      timezone: 'America/Sao_Paulo',
      locale: 'pt-BR',
    });
    assert.deepEqual(expectOk(await t.put('/apiv3/account/settings', {})), expectOk(await t.get('/apiv3/account/settings')));
    assert.equal(expectOk(await t.get('/console/session', as(await addPerson(t, 'n@example.com', 'viewer')))).account.name, 'Loja Norte');
  });

  it('refuses an invalid value with 400 naming it', async () => {
    expectError(await t.put('/apiv3/account/settings', { currency: 'EURO' }), 400, 'bad_request', /currency/);
    expectError(await t.put('/apiv3/account/settings', { currency: 'XYZ' }), 400, 'bad_request', /^currency: must be an ISO 4217/);
    expectError(await t.put('/apiv3/account/settings', { timezone: 'Mars/Olympus' }), 400, 'bad_request', /^timezone: must be an IANA time zone/);
    expectError(await t.put('/apiv3/account/settings', { timezone: '+01:00' }), 400, 'bad_request', /^timezone:/);
    expectError(await t.put('/apiv3/account/settings', { locale: 'not a locale!' }), 400, 'bad_request', /^locale: must be a BCP 47/);
    expectError(await t.put('/apiv3/account/settings', { name: '   ' }), 400, 'bad_request', /^name: must not be blank/);
    expectError(await t.put('/apiv3/account/settings', { name: '' }), 400, 'bad_request', /name/);
    assert.equal(expectOk(await t.get('/apiv3/account/settings')).currency, 'EUR', 'nothing changed');
  });

  it('is written by an owner, not an editor, a viewer or a read-only key', async () => {
    const owner = await addPerson(t, 'owner@example.com', 'owner');
    const editor = await addPerson(t, 'editor@example.com', 'editor');
    expectOk(await t.put('/apiv3/account/settings', { currency: 'BRL' }, as(owner)));
    expectError(await t.put('/apiv3/account/settings', { currency: 'USD' }, as(editor)), 403, 'forbidden', /only an owner/);
    const { key } = await (await import('../../src/services.js')).buildAccounts(t.database.db, t.clock).createKey(t.accountId, undefined, 'read');
    expectError(await t.put('/apiv3/account/settings', { currency: 'USD' }, { key }), 403, 'forbidden', /read-only/);
    const log = expectOk(await t.get('/apiv3/account/audit-log?path=/account/settings&limit=100')) as { status: number; actor: unknown; summary: string }[];
    const byOwner = log.find((e) => e.status === 200 && JSON.stringify(e.actor) === JSON.stringify({ type: 'person', email: 'owner@example.com' }));
    assert.match(byOwner!.summary, /changed the account's settings/);
  });

  it("each account has its own settings", async () => {
    const other = await t.newAccount('other');
    assert.deepEqual(expectOk(await t.get('/apiv3/account/settings', { key: other.key })), { name: 'other', currency: 'USD', timezone: 'UTC', locale: 'en' });
  });
});

describe('bom=true on CSV exports', () => {
  it('starts the segment export with a UTF-8 BOM only when asked', async () => {
    await createUser(t, { email: 'bom@example.com', first_name: 'Zoë', tags: 'bom' });
    const segment = expectOk(await t.post('/apiv3/segments', { title: 'Bom', definition: { all: [{ field: 'tags', op: 'has', value: 'bom' }] } }), 201);
    const plain = await t.app.inject({ method: 'GET', url: `/apiv3/segments/${segment.id}/export`, headers: { authorization: `Basic ${t.key}` } });
    assert.equal(plain.statusCode, 200, plain.body);
    assert.notEqual(plain.rawPayload[0], 0xef);
    const withBom = await t.app.inject({ method: 'GET', url: `/apiv3/segments/${segment.id}/export?bom=true`, headers: { authorization: `Basic ${t.key}` } });
    assert.deepEqual([...withBom.rawPayload.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    assert.equal(withBom.rawPayload.subarray(3).toString('utf8'), plain.body);
    const ndjson = await t.app.inject({ method: 'GET', url: `/apiv3/segments/${segment.id}/export?format=ndjson&bom=true`, headers: { authorization: `Basic ${t.key}` } });
    assert.notEqual(ndjson.rawPayload[0], 0xef, 'not for NDJSON');
    const bad = await t.get(`/apiv3/segments/${segment.id}/export?bom=yes`);
    expectError(bad, 400, 'bad_request', /bom/);
  });
});
