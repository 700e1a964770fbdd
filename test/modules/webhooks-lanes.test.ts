import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_CONCURRENCY } from '../../src/jobs/webhooks/deliverer.js';
import { buildTestApp } from '../helpers/app.js';
import { expectOk } from '../helpers/assertions.js';
import { waitFor } from '../helpers/blacklist.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

// A receiver that answers only at the timeout holds at most half of a process's lanes: the other
// endpoints' messages keep going meanwhile (W4's worker, jobs/webhooks/deliverer.ts).

const TIMEOUT_MS = 5000;
const t = await buildTestApp({ config: { webhookAllowPrivate: true, webhookTimeoutMs: TIMEOUT_MS, workerPollMs: 20 } });

describe('delivery lanes', () => {
  it("delivers a healthy endpoint's messages while another endpoint's receiver holds every request", async () => {
    const stuck = await startReceiver('/stuck');
    stuck.behave({ status: 200, delayMs: 60_000 });
    const healthy = await startReceiver('/healthy');
    const slow = expectOk(await t.post('/apiv3/webhooks', { url: stuck.url, events: ['user_event.created'] }), 201);
    expectOk(await t.post('/apiv3/webhooks', { url: healthy.url, events: ['user_event.created'] }), 201);
    const count = DEFAULT_CONCURRENCY * 2;
    // Written not yet due, then made due at once, so that the deliverer alone is timed.
    const endpoints = expectOk(await t.get('/apiv3/webhooks')) as Array<{ id: number }>;
    const rows = endpoints.flatMap(({ id }) =>
      Array.from({ length: count }, (_, i) => ({
        message_id: `msg_lanes_${id}_${i}`,
        account_id: t.accountId,
        endpoint_id: id,
        type: 'user_event.created',
        body: JSON.stringify({ type: 'user_event.created', timestamp: new Date().toISOString(), data: { n: i } }),
        status: 'pending' as const,
        next_attempt_at: '2999-01-01 00:00:00',
        createtime: '2026-01-01 00:00:00',
      })),
    );
    await t.database.db.insertInto('webhook_messages').values(rows).execute();
    await t.database.db.updateTable('webhook_messages').set({ next_attempt_at: '2000-01-01 00:00:00' }).execute();
    // Every healthy message arrives before the stuck receiver's first attempt times out (a worker
    // waiting for a whole batch would wait for those timeouts first).
    await healthy.waitFor(count, 20_000);
    const firstStuck = stuck.received[0]!.at;
    const lastHealthy = Math.max(...healthy.received.map((r) => r.at));
    assert.ok(lastHealthy < firstStuck + TIMEOUT_MS, `the last healthy message ${lastHealthy - firstStuck} ms after the first stuck one`);
    assert.ok(stuck.received.length <= DEFAULT_CONCURRENCY / 2, `at most half of the ${DEFAULT_CONCURRENCY} lanes held by the stuck endpoint (${stuck.received.length})`);
    assert.ok(stuck.received.length >= 1);
    // The stuck endpoint's attempts then time out and are logged as such.
    await waitFor(async () => (expectOk(await t.get(`/apiv3/webhooks/${slow.id}/deliveries?status=pending&limit=100`)) as any[]).some((d) => d.attempts === 1), 'a timed-out attempt', 15_000);
    const [timedOut] = (expectOk(await t.get(`/apiv3/webhooks/${slow.id}/deliveries?status=pending&limit=100`)) as any[]).filter((d) => d.attempts === 1);
    assert.equal(timedOut.error, `no answer within ${TIMEOUT_MS} ms`);
    expectOk(await t.delete(`/apiv3/webhooks/${slow.id}`));
  });
});
