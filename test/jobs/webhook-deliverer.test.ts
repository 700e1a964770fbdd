import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { WebhookDeliverer } from '../../src/jobs/webhooks/deliverer.js';
import { buildRepositories } from '../../src/services.js';
import { buildTestApp } from '../helpers/app.js';
import { expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

// The deliverer's own paths, with a deliverer built here (the app's does not run: workerEnabled false).

const t = await buildTestApp({ config: { webhookAllowPrivate: true, workerEnabled: false } });
const receiver = await startReceiver();

describe('an attempt that fails to run', () => {
  it('is logged with its message, frees its lane, and the message goes again once its claim expires', async () => {
    const hook = expectOk(await t.post('/apiv3/webhooks', { url: receiver.url, events: ['user.created'] }), 201);
    await createUser(t, { service_uid: 'deliverer-1' });
    await createUser(t, { service_uid: 'deliverer-2' });

    const lines: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }) as unknown as FastifyBaseLogger;
    const messages = buildRepositories(t.database.db).webhookMessages;
    // The first outcome cannot be written (the database refused it, say): the attempt's promise rejects.
    let refuse = 1;
    const failing = Object.create(messages) as typeof messages;
    failing.record = (...args) => (refuse-- > 0 ? Promise.reject(new Error('outcome not written')) : messages.record(...args));
    const deliverer = new WebhookDeliverer({ messages: failing, clock: t.clock, log, allowPrivate: true, timeoutMs: 2000, leaseMs: 60_000, pollMs: 60_000 });

    await deliverer.runOnce();
    assert.equal(receiver.received.length, 2, 'both messages sent; the pass ended');
    const failed = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'webhook attempt failed to run');
    assert.equal(failed.length, 1);
    assert.equal(failed[0].err.message, 'outcome not written');
    const log1 = expectOk(await t.get(`/apiv3/webhooks/${hook.id}/deliveries`));
    const lost = log1.find((m: any) => m.message_id === failed[0].messageId);
    assert.deepEqual([lost.status, lost.attempts], ['pending', 0], 'its outcome was not written');
    assert.equal(log1.filter((m: any) => m.status === 'succeeded').length, 1);

    // Still claimed until the lease ends: nothing is sent before, then it goes again.
    await deliverer.runOnce();
    assert.equal(receiver.received.length, 2);
    t.clock.set(new Date(t.clock.now().getTime() + 61_000));
    await deliverer.runOnce();
    assert.equal(receiver.received.length, 3);
    assert.equal(receiver.received[2]!.headers['webhook-id'], failed[0].messageId);
    const log2 = expectOk(await t.get(`/apiv3/webhooks/${hook.id}/deliveries?status=succeeded`));
    assert.equal(log2.length, 2);
    await deliverer.stop();
  });
});
