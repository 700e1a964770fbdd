import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';

// SG7 without the worker: a write marks the customer with its table (migration 0026), only for an
// account with a segment, and GET /metrics counts the marks waiting.

const t = await buildTestApp({ config: { workerEnabled: false } });
const db = t.database.db;
const marks = async () => (await db.selectFrom('segment_dirty').select(['user_id', 'source']).orderBy('id').execute()).map((row) => [Number(row.user_id), row.source]);
const pending = async () => {
  const text = (await t.get(`/metrics?apikey=${t.key}`, { key: null })).text;
  return Number(/^rapport_segment_marks_pending (\d+)$/m.exec(text)?.[1]);
};

describe('marks of the customer path', () => {
  it('are written only once the account has a segment, name their table, and are counted by the metrics', async () => {
    const before = await createUser(t, { service_uid: 'm-0', points: 1 });
    assert.deepEqual(await marks(), []);
    assert.equal(await pending(), 0);

    expectOk(await t.post('/apiv3/segments', { title: 'Some points', definition: { all: [{ field: 'points', op: 'gte', value: 1 }] } }), 201);
    const user = await createUser(t, { service_uid: 'm-1', points: 5 });
    assert.equal((await t.post('/apiv3/events', { name: 'login' })).status, 200); // a bare event (E2)
    expectOk(await t.post('/apiv3/user-events', { service_uid: 'm-0', event: 'login', datetime: '2026-01-01 10:00:00' }));
    assert.deepEqual(await marks(), [
      [user.userapp_id, 'users'],
      [before.userapp_id, 'user_events'],
    ]);
    assert.equal(await pending(), 2);
  });

  it('a blacklist entry added or removed marks the customers holding its value in that list, and no one else', async () => {
    await db.deleteFrom('segment_dirty').execute();
    const listed = await createUser(t, { service_uid: 'm-2', email: 'Listed@Example.com', telephone: '+5491155550001' });
    const other = await createUser(t, { service_uid: 'm-3', email: 'other@example.com', telephone: '+5491155550002' });
    await db.deleteFrom('segment_dirty').execute();
    expectOk(await t.put('/apiv3/account/blacklist/email/listed@example.com', { reason: 'asked' }), 201);
    expectOk(await t.put('/apiv3/account/blacklist/telephone/+5491155550002', { reason: 'asked' }), 201);
    expectOk(await t.put('/apiv3/account/blacklist/email/nobody@example.com', { reason: 'asked' }), 201);
    assert.deepEqual(await marks(), [
      [listed.userapp_id, 'blacklist_entries'],
      [other.userapp_id, 'blacklist_entries'],
    ]);
    await db.deleteFrom('segment_dirty').execute();
    expectOk(await t.delete('/apiv3/account/blacklist/email/listed@example.com'));
    assert.deepEqual(await marks(), [[listed.userapp_id, 'blacklist_entries']]);
  });
});
