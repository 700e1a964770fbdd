import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectOk } from '../helpers/assertions.js';
import { countStatements } from '../helpers/statements.js';

// What one write costs in statements, counted at the drivers (helpers/statements.ts), so the number
// cannot grow unseen. The account has a webhook endpoint subscribed to every event, so each write
// also writes its messages (W4); the API key and the endpoints come from their caches, as they do
// for every request but the first of a process (API_KEY_CACHE_MS, long here so that a slow
// machine cannot let them expire between the warm-up and the counted request).

const t = await buildTestApp({ config: { webhookAllowPrivate: true, workerEnabled: false, apiKeyCacheMs: 10_000 } });
expectOk(await t.post('/apiv3/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['*'] }), 201);
// Warms the key and endpoint caches (and each statement's compiled form).
expectOk(await t.post('/apiv3/users', { service_uid: 'warm-up', points: 5 }), 201);

async function counted(method: 'POST' | 'PUT', url: string, body: unknown) {
  const { result, statements } = await countStatements(() => t.request(method, url, { body }));
  return { response: result, statements };
}

describe('statements per write', () => {
  it('POST /users with points: at most 5 (begin, the user, its first ledger entry, the messages, commit)', async () => {
    const { response, statements } = await counted('POST', '/apiv3/users', { service_uid: 'counted-1', first_name: 'Ann', points: 100 });
    const user = expectOk(response, 201);
    assert.equal(user.points, 100);
    assert.ok(statements.length <= 5, `${statements.length} statements:\n${statements.join('\n')}`);
    const ledger = expectOk(await t.get(`/apiv3/users/${user.userapp_id}/transactions`));
    assert.deepEqual(
      ledger.map((e: { concept: string; points: number; balance: number }) => [e.concept, e.points, e.balance]),
      [['initial', 100, 100]],
    );
  });

  it('PUT /users/{id}: at most 6 (the user, begin, the update, the custom values, the message, commit); with points at most 9', async () => {
    const user = expectOk(await t.post('/apiv3/users', { service_uid: 'counted-2', points: 10 }), 201);
    const plain = await counted('PUT', `/apiv3/users/${user.userapp_id}`, { first_name: 'Bo' });
    assert.equal(expectOk(plain.response).first_name, 'Bo');
    assert.ok(plain.statements.length <= 6, `${plain.statements.length} statements:\n${plain.statements.join('\n')}`);
    const withPoints = await counted('PUT', `/apiv3/users/${user.userapp_id}`, { first_name: 'Cy', points: 40 });
    const body = expectOk(withPoints.response);
    assert.deepEqual([body.first_name, body.points], ['Cy', 40]);
    assert.ok(withPoints.statements.length <= 9, `${withPoints.statements.length} statements:\n${withPoints.statements.join('\n')}`);
  });

  it('PUT /multiusers: at most 6 for an update, at most 6 for a creation with points', async () => {
    const update = await counted('PUT', '/apiv3/multiusers', { service_uid: 'counted-2', last_name: 'Dee' });
    assert.equal(expectOk(update.response).last_name, 'Dee');
    assert.ok(update.statements.length <= 6, `${update.statements.length} statements:\n${update.statements.join('\n')}`);
    const creation = await counted('PUT', '/apiv3/multiusers', { service_uid: 'counted-3', points: 100 });
    assert.equal(expectOk(creation.response).points, 100);
    assert.ok(creation.statements.length <= 6, `${creation.statements.length} statements:\n${creation.statements.join('\n')}`);
  });
});
