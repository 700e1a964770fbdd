import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectOk } from '../helpers/assertions.js';

// The API's writes find the account's webhook endpoints in a cache kept for API_KEY_CACHE_MS
// (jobs/webhooks/endpoint-cache.ts): a change through this process is seen at once; one made
// elsewhere (another server, written here straight into the database) within the cache's life, and
// never a message for an endpoint disabled or deleted meanwhile (W4: a row exists exactly when the
// change committed, and the change commits whatever became of the endpoint).

const t = await buildTestApp({ config: { webhookAllowPrivate: true, workerEnabled: false, apiKeyCacheMs: 10_000 } });
const db = t.database.db;

async function messagesOf(endpointId: number): Promise<string[]> {
  const rows = await db.selectFrom('webhook_messages').select('type').where('endpoint_id', '=', endpointId).orderBy('id').execute();
  return rows.map((row) => row.type);
}

let sequence = 0;
const createUser = async (points = 0) => expectOk(await t.post('/apiv3/users', { service_uid: `cache-${++sequence}`, points }), 201);

describe('webhook endpoints cache', () => {
  it('an endpoint created, changed or deleted through the API is seen by the next write at once', async () => {
    const endpoint = expectOk(await t.post('/apiv3/webhooks', { url: 'http://127.0.0.1:9/a', events: ['user.created'] }), 201);
    await createUser(5);
    assert.deepEqual(await messagesOf(endpoint.id), ['user.created']);
    expectOk(await t.put(`/apiv3/webhooks/${endpoint.id}`, { events: ['user.created', 'points.changed'] }));
    await createUser(5);
    assert.deepEqual(await messagesOf(endpoint.id), ['user.created', 'points.changed', 'user.created']);
    expectOk(await t.put(`/apiv3/webhooks/${endpoint.id}`, { status: 'disabled' }));
    await createUser(5);
    assert.equal((await messagesOf(endpoint.id)).length, 3);
    expectOk(await t.delete(`/apiv3/webhooks/${endpoint.id}`));
  });

  it('an endpoint deleted elsewhere while remembered: the write still commits, with no message for it', async () => {
    const endpoint = expectOk(await t.post('/apiv3/webhooks', { url: 'http://127.0.0.1:9/b', events: ['*'] }), 201);
    await createUser(); // remembers the endpoint
    await db.deleteFrom('webhook_endpoints').where('id', '=', endpoint.id).execute();
    const user = await createUser(10);
    assert.equal(expectOk(await t.get(`/apiv3/users/${user.userapp_id}`)).points, 10);
    assert.deepEqual(await messagesOf(endpoint.id), []);
  });

  it('an endpoint disabled elsewhere while remembered gets no message', async () => {
    const endpoint = expectOk(await t.post('/apiv3/webhooks', { url: 'http://127.0.0.1:9/c', events: ['*'] }), 201);
    await createUser();
    await db.updateTable('webhook_endpoints').set({ status: 'disabled' }).where('id', '=', endpoint.id).execute();
    await createUser(10);
    assert.deepEqual(await messagesOf(endpoint.id), ['user.created']);
    expectOk(await t.delete(`/apiv3/webhooks/${endpoint.id}`));
  });
});
