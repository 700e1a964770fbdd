import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { waitFor } from '../helpers/blacklist.js';
import { createUser } from '../helpers/factories.js';
import { startReceiver } from '../helpers/webhook-receiver.js';

// W1–W5 through the API, with a real receiver on 127.0.0.1 (hence WEBHOOK_ALLOW_PRIVATE) and the
// app's clock moved for the retry schedule.

const t = await buildTestApp({ config: { webhookAllowPrivate: true, webhookTimeoutMs: 400, workerPollMs: 20 } });
const receiver = await startReceiver();
const start = Date.parse('2026-06-01T00:00:00Z');
t.clock.set(new Date(start));

const user = await createUser(t, { service_uid: 'hook-user', email: 'hook@example.com' });
assert.equal((await t.post('/apiv3/events', { name: 'visit' })).status, 200);

async function register(body: Record<string, unknown>) {
  return expectOk(await t.post('/apiv3/webhooks', body), 201);
}

function verify(secret: string, received: { headers: Record<string, unknown>; body: string }) {
  const headers = {
    'webhook-id': String(received.headers['webhook-id']),
    'webhook-timestamp': String(received.headers['webhook-timestamp']),
    'webhook-signature': String(received.headers['webhook-signature']),
  };
  return new Webhook(secret).verify(received.body, headers);
}

async function deliveries(id: number, query = '') {
  return expectOk(await t.get(`/apiv3/webhooks/${id}/deliveries${query}`));
}

describe('webhook endpoints (W1)', () => {
  it('registers an endpoint and shows its secret once; lists, gets, changes and deletes it', async () => {
    const created = await register({ url: 'http://127.0.0.1:9/a', events: ['user.created', 'user.created', 'purchase.created'], description: 'CRM' });
    assert.match(created.secret, /^whsec_[A-Za-z0-9+/]{32}$/);
    assert.deepEqual(created, {
      id: created.id,
      url: 'http://127.0.0.1:9/a',
      events: ['user.created', 'purchase.created'],
      description: 'CRM',
      status: 'enabled',
      createtime: '2026-06-01 00:00:00',
      updatetime: '2026-06-01 00:00:00',
      secret: created.secret,
    });
    const got = expectOk(await t.get(`/apiv3/webhooks/${created.id}`));
    assert.equal(got.secret, undefined, 'the secret is not shown again');
    assert.ok(expectOk(await t.get('/apiv3/webhooks')).some((w: any) => w.id === created.id && w.secret === undefined));
    const changed = expectOk(await t.put(`/apiv3/webhooks/${created.id}`, { events: ['*'], status: 'disabled' }));
    assert.deepEqual([changed.events, changed.status, changed.description, changed.url], [['*'], 'disabled', 'CRM', 'http://127.0.0.1:9/a']);
    assert.deepEqual(expectOk(await t.delete(`/apiv3/webhooks/${created.id}`)), { id: created.id, deleted: true });
    expectError(await t.get(`/apiv3/webhooks/${created.id}`), 404, 'not_found', /no webhook endpoint has id/);
    expectError(await t.delete(`/apiv3/webhooks/${created.id}`), 404, 'not_found');
  });

  it('refuses bad input naming the field and the rule', async () => {
    expectError(await t.post('/apiv3/webhooks', { url: 'http://127.0.0.1:9/', events: ['user.made'] }), 400, 'bad_request', /^events\[0\]: "user.made" is not an event type/);
    expectError(await t.post('/apiv3/webhooks', { url: 'not a url', events: ['*'] }), 400, 'bad_request', /^url: must be an absolute URL: https:\/\/…, or http:\/\/… to an address on this machine or a private network$/);
    expectError(await t.post('/apiv3/webhooks', { url: 'ftp://127.0.0.1/x', events: ['*'] }), 400, 'bad_request', /^url: refused/);
    expectError(await t.post('/apiv3/webhooks', { url: 'http://u:p@127.0.0.1/x', events: ['*'] }), 400, 'bad_request', /^url: must not carry a user name/);
    expectError(await t.post('/apiv3/webhooks', { url: 'http://127.0.0.1:9/', events: [] }), 400, 'bad_request', /events/);
    expectError(await t.put('/apiv3/webhooks/1', { status: 'paused' }), 400, 'bad_request', /status/);
    expectError(await t.get('/apiv3/webhooks/0'), 400, 'bad_request', /id/);
    // Beyond the database's integer: a 400, never a 500 (PostgreSQL refuses the value itself).
    expectError(await t.get('/apiv3/webhooks/2147483648'), 400, 'bad_request', /id/);
    expectError(await t.post('/apiv3/webhooks/9007199254740991/test'), 400, 'bad_request', /id/);
    expectError(await t.put('/apiv3/webhooks/999999', { description: 'x' }), 404, 'not_found');
  });

  it("keeps each account's endpoints to itself", async () => {
    const mine = await register({ url: receiver.url, events: ['user.created'] });
    const other = await t.newAccount('webhooks-other');
    expectError(await t.get(`/apiv3/webhooks/${mine.id}`, { key: other.key }), 404, 'not_found');
    expectError(await t.get(`/apiv3/webhooks/${mine.id}/deliveries`, { key: other.key }), 404, 'not_found');
    assert.deepEqual(expectOk(await t.get('/apiv3/webhooks', { key: other.key })), []);
    expectOk(await t.delete(`/apiv3/webhooks/${mine.id}`));
  });
});

describe('delivery (W2–W5)', () => {
  it('sends a user event as its answer, signed so that a Standard Webhooks library verifies it', async () => {
    const hook = await register({ url: receiver.url, events: ['user_event.created'] });
    const before = receiver.received.length;
    // Receivers refuse a timestamp more than 5 minutes from their own clock: this one is real.
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    t.clock.set(now);
    const created = await t.post('/apiv3/user-events', { service_uid: user.service_uid, event: 'visit', metadata: { page: 'home' } });
    assert.equal(created.status, 200, created.text);
    await receiver.waitFor(before + 1);
    const got = receiver.received[before]!;
    assert.deepEqual(got.json, { type: 'user_event.created', timestamp: now.toISOString(), data: created.body.payload });
    assert.equal(got.headers['content-type'], 'application/json');
    assert.match(String(got.headers['webhook-id']), /^msg_/);
    assert.equal(got.headers['webhook-timestamp'], String(now.getTime() / 1000));
    assert.deepEqual(verify(hook.secret, got), got.json);
    assert.throws(() => verify(`whsec_${Buffer.alloc(24, 1).toString('base64')}`, got), /signature/i, 'another secret does not verify');
    await waitFor(async () => (await deliveries(hook.id))[0]?.status === 'succeeded', 'the delivery log');
    const [logged] = await deliveries(hook.id);
    assert.deepEqual(logged, {
      message_id: got.headers['webhook-id'],
      type: 'user_event.created',
      attempts: 1,
      status: 'succeeded',
      response_status: 200,
      response_body: 'thanks',
      duration_ms: logged.duration_ms,
      error: null,
      createtime: created.body.payload.datetime,
      last_attempt_at: created.body.payload.datetime,
      next_attempt_at: null,
    });
    assert.ok(Number.isInteger(logged.duration_ms) && logged.duration_ms >= 0);
    expectOk(await t.delete(`/apiv3/webhooks/${hook.id}`));
    t.clock.set(new Date(start));
  });

  it('writes nothing for a change that failed, and nothing for an endpoint not subscribed or disabled', async () => {
    const hook = await register({ url: receiver.url, events: ['user.deleted'] });
    const disabled = await register({ url: receiver.url, events: ['*'] });
    expectOk(await t.put(`/apiv3/webhooks/${disabled.id}`, { status: 'disabled' }));
    expectError(await t.post('/apiv3/user-events', { service_uid: 'nobody-here', event: 'visit' }), 404, 'not_found');
    expectOk(await t.post('/apiv3/user-events', { service_uid: user.service_uid, event: 'visit' }));
    assert.deepEqual(await deliveries(hook.id), []);
    assert.deepEqual(await deliveries(disabled.id), []);
    expectOk(await t.delete(`/apiv3/webhooks/${hook.id}`));
    expectOk(await t.delete(`/apiv3/webhooks/${disabled.id}`));
  });

  it('retries on the W4 schedule with the same webhook-id, then marks the message failed', async () => {
    receiver.behave({ status: 500 });
    try {
      const hook = await register({ url: receiver.url, events: ['user_event.created'] });
      const before = receiver.received.length;
      t.clock.set(new Date(start));
      expectOk(await t.post('/apiv3/user-events', { service_uid: user.service_uid, event: 'visit' }));
      await receiver.waitFor(before + 1);
      await waitFor(async () => (await deliveries(hook.id))[0]?.attempts === 1, 'the first attempt logged');
      let [message] = await deliveries(hook.id);
      assert.deepEqual([message.status, message.response_status, message.error, message.next_attempt_at], ['pending', 500, 'answered 500', '2026-06-01 00:00:05']);
      // Not before its time.
      t.clock.set(new Date(start + 4000));
      await new Promise((resolve) => setTimeout(resolve, 150));
      assert.equal(receiver.received.length, before + 1);
      const delays = [5, 300, 1800, 7200, 18000, 36000, 36000];
      let at = start;
      for (const [i, delay] of delays.entries()) {
        at += delay * 1000;
        t.clock.set(new Date(at));
        await receiver.waitFor(before + i + 2);
        await waitFor(async () => (await deliveries(hook.id))[0]?.attempts === i + 2, `attempt ${i + 2} logged`);
      }
      [message] = await deliveries(hook.id);
      assert.deepEqual([message.status, message.attempts, message.next_attempt_at], ['failed', 8, null]);
      const ids = new Set(receiver.received.slice(before).map((r) => r.headers['webhook-id']));
      assert.deepEqual([...ids], [message.message_id], 'every attempt carries the same webhook-id');
      t.clock.set(new Date(at + 100 * 3600 * 1000));
      await new Promise((resolve) => setTimeout(resolve, 150));
      assert.equal(receiver.received.length, before + 8, 'nothing after the last attempt');
      assert.deepEqual(await deliveries(hook.id, '?status=pending'), []);
      assert.equal((await deliveries(hook.id, '?status=failed')).length, 1);
      expectOk(await t.delete(`/apiv3/webhooks/${hook.id}`));
    } finally {
      receiver.behave({ status: 200 });
      t.clock.set(new Date(start));
    }
  });
});
