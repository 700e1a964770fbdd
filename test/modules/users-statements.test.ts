import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectOk } from '../helpers/assertions.js';
import { countStatements } from '../helpers/statements.js';

// What one write costs in statements, counted at the drivers (helpers/statements.ts), so the number
// cannot grow unseen. The account has a webhook endpoint subscribed to every event, so each write
// also writes its messages (W4); the API key and the endpoints come from their caches, as they do
// for every request but the first of a process (API_KEY_CACHE_MS).

const t = await buildTestApp({ config: { webhookAllowPrivate: true, workerEnabled: false } });
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
});
