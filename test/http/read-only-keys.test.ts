import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { buildAccounts } from '../../src/services.js';
import { buildTestApp, usingPostgres } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createBranch, createProduct } from '../helpers/commerce-factories.js';
import { createUser } from '../helpers/factories.js';
import { createPurchase } from '../helpers/purchases.js';

// D8: a read-only key (`rapport keys create --scope read`) may GET and HEAD; every other method of
// every route is 403 `forbidden`, "this key is read-only", and changes nothing. The routes are the
// ones the served OpenAPI document lists, so a route added later is covered without touching this.

const t = await buildTestApp();
const readKey = (await buildAccounts(t.database.db, t.clock).createKey(t.accountId, undefined, 'read')).key;

// Something for every kind of path parameter to point at: with a full key, most of the calls below
// would change or delete these.
const user = await createUser(t, { first_name: 'Ana' });
assert.equal((await t.post('/apiv3/events', { name: 'visit' })).status, 200); // bare JSON (G4)
expectOk(await t.post('/apiv3/user-events', { event: 'visit', service_uid: user.service_uid }));
expectOk(await t.post('/apiv3/categories', { code: 'shoes', name: 'Shoes' }));
expectOk(await t.post('/apiv3/account/custom-attributes', { name: 'color', label: 'Color', field_type: 'text', data_type: 'string' }));
const benefit = expectOk(await t.post('/apiv3/benefits', { title: 'Coffee', startdate: '2020-01-01', enddate: '2099-12-31', points: 0 }));
const product = await createProduct(t, { sku: 'SKU-1' });
const branch = await createBranch(t, { name: 'Centro' });
const purchase = await createPurchase(t, user);
const segment = expectOk(await t.post('/apiv3/segments', { title: 'Everyone', definition: { all: [{ field: 'points', op: 'gte', value: 0 }] } }), 201);

const PARAMS: Record<string, string> = {
  id: String(user.userapp_id),
  benefit_id: String(benefit.id),
  sku: encodeURIComponent(Buffer.from(product.sku).toString('base64')),
  name: 'color',
  code: 'shoes',
  request_id: randomUUID(),
  blacklist: 'email',
  value: 'x@example.com',
  '*': encodeURIComponent(Buffer.from(branch.name).toString('base64')),
};

function fill(path: string): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => PARAMS[name] ?? '1');
}

async function operations(): Promise<Array<{ method: string; path: string }>> {
  const doc = (await t.get('/apiv3/openapi.json', { key: null })).body as { paths: Record<string, Record<string, unknown>> };
  const out = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of Object.keys(item)) {
      if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) out.push({ method: method.toUpperCase(), path });
    }
  }
  return out;
}

/**
 * Every row of every table but the bookkeeping ones (the audit log records the refusals, D7) and
 * those the live segments loop writes in the background (SG7), whatever the requests do.
 */
async function snapshot(): Promise<string> {
  const db = t.database.db;
  const names = usingPostgres()
    ? (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = ${t.database.schema!}`.execute(db)).rows
    : (await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)).rows;
  const skipped = new Set(['audit_log', 'rate_limits', 'kysely_migration', 'kysely_migration_lock', 'segment_live', 'segment_members', 'segment_changes', 'segment_dirty']);
  const tables: Record<string, unknown[]> = {};
  for (const { name } of names.sort((a, b) => a.name.localeCompare(b.name))) {
    if (skipped.has(name)) continue;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    tables[name] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return JSON.stringify(tables);
}

describe('a read-only key (D8)', () => {
  it('is refused on every operation of the OpenAPI document but GET, with 403 "this key is read-only", and nothing changes', async () => {
    const before = await snapshot();
    assert.match(before, /"users":\["\{/, 'the snapshot holds the data');
    const writes = (await operations()).filter((op) => op.method !== 'GET');
    assert.ok(writes.length > 40, `only ${writes.length} write operations in the document`);
    for (const { method, path } of writes) {
      const response = await t.request(method as 'POST', fill(path), { key: readKey, body: { dry_run: false } });
      assert.equal(response.status, 403, `${method} ${path} answered ${response.status}: ${response.text}`);
      assert.equal(response.body.code, 'forbidden', `${method} ${path}`);
      assert.equal(response.body.message, 'this key is read-only', `${method} ${path}`);
      assert.equal(response.body.payload, null);
    }
    // A second pass is answered from the key cache, which carries the scope too.
    for (const { method, path } of writes.slice(0, 5)) {
      assert.equal((await t.request(method as 'POST', fill(path), { key: readKey, body: {} })).status, 403);
    }
    assert.equal(await snapshot(), before, 'a refused call changed data');
    // The same call with a full key does what it says: the targets were there.
    expectOk(await t.delete(`/apiv3/segments/${segment.id}`));
    expectOk(await t.delete(`/apiv3/purchases/${purchase.id}`));
  });

  it('reads with every GET of the document', async () => {
    for (const { method, path } of (await operations()).filter((op) => op.method === 'GET')) {
      const response = await t.get(fill(path), { key: readKey });
      assert.notEqual(response.status, 403, `${method} ${path}: ${response.text}`);
      assert.ok(response.status < 500, `${method} ${path} answered ${response.status}: ${response.text}`);
    }
    const users = expectOk(await t.get('/apiv3/users', { key: readKey }));
    assert.ok(users.some((u: { userapp_id: number }) => u.userapp_id === user.userapp_id));
    const head = await t.request('HEAD', '/apiv3/users', { key: readKey });
    assert.equal(head.status, 200);
    // The read-only key reads through ?apikey= too, and /metrics (key-protected without METRICS_TOKEN).
    expectOk(await t.get(`/apiv3/users/${user.userapp_id}?apikey=${readKey}`, { key: null }));
    assert.equal((await t.get('/metrics', { key: readKey })).status, 200);
  });

  it('is refused before the body is read: no 400 for malformed JSON, no 413 for a body over the limit', async () => {
    expectError(await t.post('/apiv3/users', '{"service_uid": ', { key: readKey }), 403, 'forbidden', /^this key is read-only$/);
    const huge = JSON.stringify({ service_uid: 'x', notes: 'n'.repeat(2 * 1024 * 1024) });
    expectError(await t.post('/apiv3/users', huge, { key: readKey }), 403, 'forbidden', /^this key is read-only$/);
    expectError(await t.put('/apiv3/multiusers', 'service_uid=x', { key: readKey, headers: { 'content-type': 'text/plain' } }), 403, 'forbidden');
    expectError(await t.get('/apiv3/multiusers/find?service_uid=nobody', { key: readKey }), 404, 'not_found');
  });

  it('does not change what a full key or an unknown key gets', async () => {
    const created = await t.post('/apiv3/users', { service_uid: 'full-key-writes' });
    assert.equal(created.status, 201);
    expectError(await t.post('/apiv3/users', { service_uid: 'x' }, { key: 'rk_unknown' }), 403, 'forbidden', /^invalid or inexistent apikey$/);
    expectError(await t.get('/apiv3/users', { key: 'rk_unknown' }), 403, 'forbidden', /^invalid or inexistent apikey$/);
  });
});
