import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { isAudited } from '../../src/http/audit-trail.js';
import { keyPrefix } from '../../src/modules/accounts/keys.js';
import { buildAccounts } from '../../src/services.js';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { uploadList, waitFor } from '../helpers/blacklist.js';
import { createUser } from '../helpers/factories.js';

// D7: the audit log of administrative and destructive calls, through GET /account/audit-log.

const t = await buildTestApp();
const AUDIT = '/apiv3/account/audit-log';
const prefix = keyPrefix(t.key);
const readKey = (await buildAccounts(t.database.db, t.clock).createKey(t.accountId, undefined, 'read')).key;

async function entries(query = '', key?: string): Promise<any[]> {
  return expectOk(await t.get(`${AUDIT}${query}`, key ? { key } : {}));
}

async function createEvent(name: string): Promise<number> {
  const response = await t.post('/apiv3/events', { name });
  assert.equal(response.status, 200, response.text);
  return response.body.id; // bare JSON (G4)
}

describe('GET /account/audit-log (D7)', () => {
  it('records a DELETE: time, key prefix, method, path, status, request id and a one-line summary, newest first', async () => {
    t.clock.set('2026-03-01T10:00:00Z');
    const id = await createEvent('audited-visit');
    const deleted = await t.delete(`/apiv3/events/${id}`);
    expectOk(deleted);
    const missing = await t.delete('/apiv3/events/987654');
    expectError(missing, 404, 'not_found');
    t.clock.set(null);
    const [last, first] = await entries('?path=/apiv3/events');
    assert.deepEqual(first, {
      id: first.id,
      time: '2026-03-01 10:00:00',
      key_prefix: prefix,
      actor: { type: 'key', key_prefix: prefix },
      method: 'DELETE',
      path: `/apiv3/events/${id}`,
      status: 200,
      request_id: deleted.headers['x-request-id'],
      summary: `DELETE /apiv3/events/${id} → 200: deleted the event`,
    });
    assert.equal(last.summary, 'DELETE /apiv3/events/987654 → 404: refused (not_found)');
    assert.equal(last.request_id, missing.headers['x-request-id']);
    assert.ok(last.id > first.id, 'same time: ties by id, newest first');
    assert.equal(prefix.length, 11);
    assert.ok(t.key.startsWith(prefix) && !JSON.stringify(await entries()).includes(t.key), 'the prefix, never the key');
  });

  it('records writes to definitions, benefits, categories, segments, blacklists; not everyday calls or reads', async () => {
    const user = await createUser(t, { first_name: 'Ana' });
    expectOk(await t.post('/apiv3/account/custom-attributes', { name: 'tier', label: 'Tier', field_type: 'text', data_type: 'string' }));
    expectError(await t.put('/apiv3/account/product-custom-attributes/nothing', { label: 'x' }), 404, 'not_found');
    const benefit = expectOk(await t.post('/apiv3/benefits', { title: 'Coffee', startdate: '2020-01-01', enddate: '2099-12-31', points: 0 }));
    expectOk(await t.post(`/apiv3/benefits/${benefit.id}/assign`, { userapp_id: user.userapp_id }));
    expectOk(await t.post('/apiv3/categories', { code: 'shoes', name: 'Shoes' }));
    const segment = expectOk(await t.post('/apiv3/segments', { title: 'All', definition: { all: [{ field: 'points', op: 'gte', value: 0 }] } }), 201);
    expectOk(await t.post('/apiv3/segments/preview', { definition: { all: [{ field: 'points', op: 'gte', value: 0 }] } }));
    expectOk(await t.put(`/apiv3/segments/${segment.id}`, { title: 'Everyone' }));
    expectOk(await uploadList(t, 'blocked@example.com\n', 'email', 'create'));
    expectOk(await t.put(`/apiv3/users/${user.userapp_id}`, { first_name: 'Ana María' }));
    expectOk(await t.get('/apiv3/categories'));
    const summaries = (await entries('?limit=100')).map((entry) => entry.summary);
    for (const expected of [
      'POST /apiv3/account/custom-attributes → 200: created a user custom attribute definition',
      'PUT /apiv3/account/product-custom-attributes/nothing → 404: refused (not_found)',
      'POST /apiv3/benefits → 200: created a benefit',
      'POST /apiv3/categories → 200: created a category',
      'POST /apiv3/segments → 201: created a segment',
      `PUT /apiv3/segments/${segment.id} → 200: updated the segment`,
      'POST /apiv3/account/blacklist → 200: uploaded a blacklist',
    ]) {
      assert.ok(summaries.includes(expected), `${expected} in\n${summaries.join('\n')}`);
    }
    for (const path of ['/apiv3/users', '/apiv3/segments/preview', `/apiv3/benefits/${benefit.id}/assign`]) {
      assert.deepEqual(await entries(`?path=${path}`), [], `${path} is not recorded`);
    }
    assert.ok(!summaries.some((line) => line.startsWith('GET')), 'no reads');
  });

  it('never records a body or the query string; a dry run says it changed nothing', async () => {
    const secret = 'Secret benefit title';
    expectOk(await t.post('/apiv3/benefits', { title: secret, startdate: '2020-01-01', enddate: '2099-12-31', points: 0 }));
    const dry = await t.delete('/apiv3/categories?code=shoes&dry_run=true&notify_to=ops%40example.com');
    expectOk(dry);
    const all = JSON.stringify(await entries('?limit=100'));
    for (const text of [secret, 'ops@example.com', 'ops%40example.com', 'code=shoes', 'blocked@example.com']) assert.ok(!all.includes(text), text);
    const [entry] = await entries('?path=/categories&method=delete');
    assert.equal(entry.path, '/apiv3/categories');
    assert.equal(entry.summary, 'DELETE /apiv3/categories → 200: dry run: counted what it would change, changed nothing');
  });

  it('records the refusals of a read-only key with its own prefix; nothing for an unknown key', async () => {
    const before = (await entries('?limit=100')).length;
    expectError(await t.delete('/apiv3/events/1', undefined, { key: readKey }), 403, 'forbidden', /^this key is read-only$/);
    expectError(await t.delete('/apiv3/events/1', undefined, { key: 'rk_unknown' }), 403, 'forbidden', /^invalid or inexistent apikey$/);
    const after = await entries('?limit=100', readKey);
    assert.equal(after.length, before + 1);
    assert.equal(after[0].key_prefix, keyPrefix(readKey));
    assert.equal(after[0].summary, 'DELETE /apiv3/events/1 → 403: refused (forbidden)');
  });

  it('filters by method, path (exact or below, /apiv3 optional), from and to (inclusive), and pages (G6)', async () => {
    t.clock.set('2026-04-10T08:00:00Z');
    const a = await createEvent('filter-a');
    expectOk(await t.delete(`/apiv3/events/${a}`));
    t.clock.set('2026-04-11T23:59:59Z');
    const b = await createEvent('filter-b');
    expectOk(await t.delete(`/apiv3/events/${b}/`)); // the trailing slash is not kept (G1)
    t.clock.set(null);
    const byDay = await entries('?from=2026-04-10&to=2026-04-11');
    assert.deepEqual(byDay.map((e) => e.path), [`/apiv3/events/${b}`, `/apiv3/events/${a}`]);
    assert.deepEqual((await entries('?from=2026-04-11&to=2026-04-11T23:59:59Z')).map((e) => e.path), [`/apiv3/events/${b}`]);
    assert.deepEqual((await entries('?from=2026-04-10 08:00:00&to=2026-04-10 08:00:00')).map((e) => e.path), [`/apiv3/events/${a}`]);
    assert.deepEqual((await entries(`?path=/events/${a}`)).map((e) => e.path), [`/apiv3/events/${a}`]);
    assert.deepEqual((await entries(`?path=/apiv3/events/${a}/`)).map((e) => e.path), [`/apiv3/events/${a}`]);
    assert.deepEqual(await entries('?path=/apiv3/even'), [], 'a path matches whole segments');
    assert.ok((await entries('?path=/apiv3/account&limit=100')).some((e) => e.path === '/apiv3/account/custom-attributes'));
    const posts = await entries('?method=post&limit=100');
    assert.ok(posts.length >= 5 && posts.every((e) => e.method === 'POST'));
    assert.deepEqual(await entries('?method=&path=&from=&to=&limit=1'), (await entries()).slice(0, 1), 'empty filters are absent (G7)');
    const all = await entries('?limit=100');
    const pageOne = await entries('?limit=2&page=1');
    assert.deepEqual(pageOne, all.slice(2, 4));
    for (const [query, message] of [
      ['?method=FETCH', /^method: must be one of GET, POST, PUT, PATCH, DELETE$/],
      ['?path=events', /^path: must start with \/$/],
      ['?from=yesterday', /^from: /],
      ['?from=2026-04-12&to=2026-04-10', /^from: must not be after to/],
      ['?limit=0', /^limit: /],
      ['?limit=101', /^limit: /],
      ['?page=-1', /^page: /],
    ] as const) {
      expectError(await t.get(`${AUDIT}${query}`), 400, 'bad_request', message);
    }
  });

  it('shows each account only its own calls', async () => {
    const other = await t.newAccount('audit-other');
    assert.deepEqual(await entries('', other.key), []);
    const response = await t.post('/apiv3/events', { name: 'other-event' }, { key: other.key });
    expectOk(await t.delete(`/apiv3/events/${response.body.id}`, undefined, { key: other.key }));
    const theirs = await entries('', other.key);
    assert.equal(theirs.length, 1);
    assert.equal(theirs[0].key_prefix, keyPrefix(other.key));
    assert.ok(!(await entries('?limit=100')).some((e) => e.id === theirs[0].id));
  });

  it('records the erasure and the export of a customer (D1, D3), dry runs included', async () => {
    const customer = await createUser(t, { email: 'erase-me@example.com' });
    const url = `/apiv3/users/${customer.userapp_id}`;
    expectOk(await t.get(`${url}/export`));
    expectOk(await t.delete(`${url}?dry_run=true`));
    expectOk(await t.delete(`${url}?suppress=true`));
    const summaries = (await entries(`?path=${url}`)).map((e) => e.summary);
    assert.deepEqual(summaries, [
      `DELETE ${url} → 200: erased the customer and everything that refers to them`,
      `DELETE ${url} → 200: dry run: counted what it would change, changed nothing`,
      `GET ${url}/export → 200: exported everything held about the customer`,
    ]);
    assert.ok(!JSON.stringify(await entries('?limit=100')).includes('erase-me'), 'no personal data');
  });

  it('covers the routes of erasure, export, webhooks and retention by their pattern', () => {
    for (const [method, url] of [
      ['DELETE', '/apiv3/users/:id'],
      ['DELETE', '/apiv3/multiusers'],
      ['DELETE', '/apiv3/multiusers/bulk'],
      ['GET', '/apiv3/users/:id/export'],
      ['GET', '/apiv3/users/:user_id/export'],
      ['GET', '/apiv3/multiusers/export'],
      ['POST', '/apiv3/webhooks'],
      ['PUT', '/apiv3/webhooks/:id'],
      ['POST', '/apiv3/webhooks/:id/rotate-secret'],
      ['PUT', '/apiv3/account/retention'],
      ['DELETE', '/apiv3/account/purchase-item-custom-attributes/:name'],
    ]) {
      assert.equal(isAudited(method!, url!), true, `${method} ${url}`);
    }
    for (const [method, url] of [
      ['GET', '/apiv3/webhooks'],
      ['GET', '/apiv3/account/retention'],
      ['GET', '/apiv3/users/:id'],
      ['POST', '/apiv3/users'],
      ['PUT', '/apiv3/multiusers'],
      ['POST', '/apiv3/user-events'],
      ['POST', '/apiv3/benefits/:benefit_id/assign'],
      ['POST', '/apiv3/segments/preview'],
      ['HEAD', '/apiv3/users/:id/export'],
    ]) {
      assert.equal(isAudited(method!, url!), false, `${method} ${url}`);
    }
  });

  it('keeps entries 400 days: the housekeeping sweeps older ones', async () => {
    t.clock.set('2025-01-01T00:00:00Z');
    expectOk(await t.delete(`/apiv3/events/${await createEvent('old-1')}`));
    t.clock.set('2025-06-01T00:00:00Z');
    expectOk(await t.delete(`/apiv3/events/${await createEvent('old-2')}`));
    const old = async () => (await entries('?to=2025-12-31')).map((e) => e.time);
    assert.deepEqual(await old(), ['2025-06-01 00:00:00', '2025-01-01 00:00:00']);
    // 400 days after 2025-01-01 is 2026-02-05.
    t.clock.set('2026-02-05T00:00:00Z');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal((await old()).length, 2, 'exactly 400 days old: kept');
    t.clock.set('2026-02-05T00:20:00Z');
    await waitFor(async () => (await old()).length === 1, 'the sweep', 10_000);
    assert.deepEqual(await old(), ['2025-06-01 00:00:00']);
    t.clock.set(null);
  });
});

describe('a failed audit write', () => {
  it('is not the caller\'s problem: the call is answered as usual', async () => {
    const broken = await buildTestApp();
    await sql`drop table audit_log`.execute(broken.database.db);
    const response = await broken.post('/apiv3/events', { name: 'x' });
    expectOk(await broken.delete(`/apiv3/events/${response.body.id}`));
    expectError(await broken.delete('/apiv3/events/424242'), 404, 'not_found');
    expectOk(await broken.get('/apiv3/users'));
  });
});
