import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError } from '../helpers/assertions.js';

const t = await buildTestApp();

describe('POST /events', () => {
  it('creates an event and answers the bare object', async () => {
    t.clock.set('2026-03-04T05:06:07Z');
    const response = await t.post('/apiv3/events', { name: 'Signup-2026' });
    t.clock.set(null);
    assert.equal(response.status, 200);
    assert.deepEqual(Object.keys(response.body).sort(), ['createtime', 'id', 'name']);
    assert.equal(response.body.name, 'Signup-2026');
    assert.equal(response.body.createtime, '2026-03-04 05:06:07');
    assert.ok(Number.isInteger(response.body.id) && response.body.id > 0);
  });

  it('ignores unknown properties', async () => {
    const response = await t.post('/apiv3/events', { name: 'extra-props', cleanser: { a: 1 } });
    assert.equal(response.status, 200);
    assert.equal(response.body.cleanser, undefined);
  });

  it('rejects names with other characters, empty or too long', async () => {
    for (const name of ['with space', 'under_score', 'acción', '', 'a'.repeat(65), 'dot.ted']) {
      expectError(await t.post('/apiv3/events', { name }), 400, 'bad_request', /^name: /);
    }
    expectError(await t.post('/apiv3/events', {}), 400, 'bad_request', /name: is required/);
    expectError(await t.post('/apiv3/events', { name: 12 }), 400, 'bad_request', /name/);
  });

  it('rejects a duplicated name with 400, case-sensitively', async () => {
    assert.equal((await t.post('/apiv3/events', { name: 'purchase' })).status, 200);
    expectError(await t.post('/apiv3/events', { name: 'purchase' }), 400, 'bad_request', /already exists/);
    assert.equal((await t.post('/apiv3/events', { name: 'Purchase' })).status, 200);
  });

  it('lets another account use the same name', async () => {
    const other = await t.newAccount();
    assert.equal((await t.post('/apiv3/events', { name: 'purchase' }, { key: other.key })).status, 200);
  });
});

describe('GET /events', () => {
  it('answers a bare array by id, paginated', async () => {
    const fresh = await t.newAccount();
    const names = Array.from({ length: 5 }, (_, i) => `ev-${i}`);
    for (const name of names) await t.post('/apiv3/events', { name }, { key: fresh.key });
    const all = await t.get('/apiv3/events', { key: fresh.key });
    assert.equal(all.status, 200);
    assert.ok(Array.isArray(all.body));
    assert.deepEqual(all.body.map((e: any) => e.name), names);
    const page = await t.get('/apiv3/events?limit=2&page=1', { key: fresh.key });
    assert.deepEqual(page.body.map((e: any) => e.name), ['ev-2', 'ev-3']);
    const beyond = await t.get('/apiv3/events?limit=2&page=9', { key: fresh.key });
    assert.deepEqual(beyond.body, []);
  });

  it('defaults to 25 per page', async () => {
    const fresh = await t.newAccount();
    for (let i = 0; i < 27; i++) await t.post('/apiv3/events', { name: `e${i}` }, { key: fresh.key });
    assert.equal((await t.get('/apiv3/events', { key: fresh.key })).body.length, 25);
    assert.equal((await t.get('/apiv3/events?limit=100', { key: fresh.key })).body.length, 27);
  });

  it('rejects invalid paging with a 400 envelope', async () => {
    expectError(await t.get('/apiv3/events?limit=101'), 400, 'bad_request', /limit/);
    expectError(await t.get('/apiv3/events?limit=0'), 400, 'bad_request', /limit/);
    expectError(await t.get('/apiv3/events?page=-1'), 400, 'bad_request', /page/);
    expectError(await t.get('/apiv3/events?page=abc'), 400, 'bad_request', /page/);
  });

  it('never shows another account\'s events', async () => {
    const other = await t.newAccount();
    assert.deepEqual((await t.get('/apiv3/events', { key: other.key })).body, []);
  });

  it('needs a key', async () => {
    expectError(await t.get('/apiv3/events', { key: null }), 403, 'forbidden');
  });
});

describe('DELETE /events/{id}', () => {
  it('answers the envelope with payload [] and message ""', async () => {
    const created = (await t.post('/apiv3/events', { name: 'to-delete' })).body;
    const response = await t.delete(`/apiv3/events/${created.id}`);
    assert.equal(response.status, 200);
    assert.deepEqual(response.body.payload, []);
    assert.equal(response.body.message, '');
    assert.equal(response.body.code, 'ok');
    assert.match(response.body.time, /^\d+ms$/);
    const names = (await t.get('/apiv3/events?limit=100')).body.map((e: any) => e.name);
    assert.ok(!names.includes('to-delete'));
    // the name is free again
    assert.equal((await t.post('/apiv3/events', { name: 'to-delete' })).status, 200);
  });

  it('answers 404 for an unknown id and for another account\'s event', async () => {
    expectError(await t.delete('/apiv3/events/999999'), 404, 'not_found', /event 999999/);
    const other = await t.newAccount();
    const foreign = (await t.post('/apiv3/events', { name: 'foreign' }, { key: other.key })).body;
    expectError(await t.delete(`/apiv3/events/${foreign.id}`), 404, 'not_found');
    assert.equal((await t.get('/apiv3/events', { key: other.key })).body.length, 1);
  });

  it('rejects a non-numeric id', async () => {
    expectError(await t.delete('/apiv3/events/abc'), 400, 'bad_request', /id/);
  });
});
