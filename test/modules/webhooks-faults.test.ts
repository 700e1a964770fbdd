import assert from 'node:assert/strict';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { WebhookOutbox } from '../../src/jobs/webhooks/outbox.js';
import { formatDateTime } from '../../src/lib/time.js';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { waitFor } from '../helpers/blacklist.js';
import { createUser } from '../helpers/factories.js';
import { type Received, startReceiver } from '../helpers/webhook-receiver.js';

// W1 and W4–W5 under faults: receivers down, slow, failing, cutting the connection or
// redirecting; secret rotation; the five-day disabling; retry and test by hand; the delivery log's
// pages. A real receiver on 127.0.0.1 and the app's clock moved for the schedule.

const TIMEOUT_MS = 800;
const DAY = 24 * 3600 * 1000;
const t = await buildTestApp({ config: { webhookAllowPrivate: true, webhookTimeoutMs: TIMEOUT_MS, workerPollMs: 20 } });
const receiver = await startReceiver();
const start = Date.parse('2026-07-01T00:00:00Z');
t.clock.set(new Date(start));

const user = await createUser(t, { service_uid: 'faults-user', email: 'faults@example.com' });
assert.equal((await t.post('/apiv3/events', { name: 'visit' })).status, 200);

afterEach(async () => {
  receiver.behave({ status: 200 });
  for (const hook of expectOk(await t.get('/apiv3/webhooks'))) expectOk(await t.delete(`/apiv3/webhooks/${hook.id}`));
  t.clock.set(new Date(start));
});

async function register(url: string, events = ['user_event.created']) {
  return expectOk(await t.post('/apiv3/webhooks', { url, events }), 201);
}

async function emit() {
  return expectOk(await t.post('/apiv3/user-events', { service_uid: user.service_uid, event: 'visit' }));
}

async function deliveries(id: number, query = '') {
  return expectOk(await t.get(`/apiv3/webhooks/${id}/deliveries${query}`));
}

/** The endpoint's newest message once its `attempts`-th attempt is logged. */
async function logged(id: number, attempts: number) {
  await waitFor(async () => (await deliveries(id))[0]?.attempts === attempts, `attempt ${attempts} of webhook ${id} logged`);
  return (await deliveries(id))[0];
}

async function status(id: number): Promise<string> {
  return expectOk(await t.get(`/apiv3/webhooks/${id}`)).status;
}

function verify(secret: string, received: Received) {
  const headers = {
    'webhook-id': String(received.headers['webhook-id']),
    'webhook-timestamp': String(received.headers['webhook-timestamp']),
    'webhook-signature': String(received.headers['webhook-signature']),
  };
  return new Webhook(secret).verify(received.body, headers);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function freePort(): Promise<number> {
  const server = http.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The fault's first attempt is logged (pending, `error`), then the retry 5 s later reaches the
 * receiver, answering 200 again, with the same webhook-id, and succeeds.
 */
async function failsThenRecovers(hook: { id: number }, error: RegExp, arrivedBefore: number, responseStatus: number | null = null) {
  const first = await logged(hook.id, 1);
  assert.equal(first.status, 'pending');
  assert.equal(first.response_status, responseStatus);
  assert.match(first.error, error);
  assert.equal(first.next_attempt_at, '2026-07-01 00:00:05');
  receiver.behave({ status: 200 });
  t.clock.set(new Date(start + 4000));
  await pause(150);
  assert.equal((await deliveries(hook.id))[0].attempts, 1, 'not retried before its time');
  t.clock.set(new Date(start + 5000));
  await receiver.waitFor(arrivedBefore + 1);
  const second = await logged(hook.id, 2);
  assert.deepEqual([second.status, second.response_status, second.error, second.next_attempt_at], ['succeeded', 200, null, null]);
  const retried = receiver.received[receiver.received.length - 1]!;
  assert.equal(retried.headers['webhook-id'], first.message_id);
  return { first, second };
}

describe('a receiver failing (W4)', () => {
  it('down: the refused connection is logged, and the message reaches it on the retry once it is up', async () => {
    const port = await freePort();
    const hook = await register(`http://127.0.0.1:${port}/hooks`);
    await emit();
    const first = await logged(hook.id, 1);
    assert.deepEqual([first.status, first.response_status, first.next_attempt_at], ['pending', null, '2026-07-01 00:00:05']);
    assert.match(first.error, /^connection failed: connect ECONNREFUSED 127\.0\.0\.1:\d+$/);
    const up = await startReceiver('/hooks', port);
    try {
      t.clock.set(new Date(start + 5000));
      await up.waitFor(1);
      const second = await logged(hook.id, 2);
      assert.deepEqual([second.status, second.response_status, second.error], ['succeeded', 200, null]);
      assert.equal(up.received[0]!.headers['webhook-id'], first.message_id);
      assert.equal(up.received.length, 1);
    } finally {
      await up.close();
    }
  });

  it(`slow past the timeout: "no answer within", then retried with the same webhook-id`, async () => {
    receiver.behave({ status: 200, delayMs: TIMEOUT_MS * 3 });
    const hook = await register(receiver.url);
    const before = receiver.received.length;
    await emit();
    await receiver.waitFor(before + 1);
    const { first } = await failsThenRecovers(hook, new RegExp(`^no answer within ${TIMEOUT_MS} ms$`), before + 1);
    // Timers count whole milliseconds of the loop's clock, which may lag performance.now() by one.
    assert.ok(first.duration_ms >= TIMEOUT_MS - 1, `waited ${first.duration_ms} ms`);
    assert.equal(receiver.received[before]!.headers['webhook-id'], first.message_id);
    assert.equal(receiver.received.length, before + 2);
  });

  it('answering 500: logged with the answer, retried with the same webhook-id and the same body', async () => {
    receiver.behave({ status: 500 });
    const hook = await register(receiver.url);
    const before = receiver.received.length;
    await emit();
    await receiver.waitFor(before + 1);
    const { first } = await failsThenRecovers(hook, /^answered 500$/, before + 1, 500);
    assert.equal(first.response_body, 'nope');
    const [one, two] = receiver.received.slice(before);
    assert.equal(one!.headers['webhook-id'], two!.headers['webhook-id']);
    assert.equal(one!.body, two!.body);
    assert.equal(receiver.received.length, before + 2);
  });

  it('closing the connection without an answer: logged as a connection error, retried', async () => {
    receiver.behave({ cut: true });
    const hook = await register(receiver.url);
    const before = receiver.received.length;
    await emit();
    await receiver.waitFor(before + 1);
    const { first } = await failsThenRecovers(hook, /^connection failed: socket hang up$/, before + 1);
    assert.equal(receiver.received[before]!.headers['webhook-id'], first.message_id);
    assert.equal(receiver.received.length, before + 2);
  });

  it('a redirect is an answer like any other: not followed, a failure retried on the schedule', async () => {
    let redirected = 0;
    const redirector = http.createServer((request, response) => {
      redirected += 1;
      request.resume();
      response.writeHead(307, { location: receiver.url }).end('moved');
    });
    redirector.listen(0, '127.0.0.1');
    await once(redirector, 'listening');
    try {
      const hook = await register(`http://127.0.0.1:${(redirector.address() as AddressInfo).port}/old`);
      const before = receiver.received.length;
      await emit();
      const first = await logged(hook.id, 1);
      assert.deepEqual([first.status, first.response_status, first.response_body, first.error], ['pending', 307, 'moved', 'answered 307']);
      t.clock.set(new Date(start + 5000));
      const second = await logged(hook.id, 2);
      assert.deepEqual([second.status, second.response_status, second.next_attempt_at], ['pending', 307, '2026-07-01 00:05:05']);
      assert.equal(redirected, 2);
      assert.equal(receiver.received.length, before, 'the Location was never followed');
    } finally {
      redirector.closeAllConnections();
      await new Promise((resolve) => redirector.close(resolve));
    }
  });
});

describe('secret rotation (W1)', () => {
  it('signs with the old and the new secret for 24 hours, then with the new one only; GET shows neither', async () => {
    // The receiver's library checks the timestamp against its own clock (5 minutes either way): the
    // rotation is dated so that its 24 hours end a minute after the real time.
    const real = Math.floor(Date.now() / 1000) * 1000;
    const hook = await register(receiver.url);
    t.clock.set(new Date(real - DAY + 60_000));
    const rotated = expectOk(await t.post(`/apiv3/webhooks/${hook.id}/rotate-secret`));
    assert.match(rotated.secret, /^whsec_[A-Za-z0-9+/]{32}$/);
    assert.notEqual(rotated.secret, hook.secret);
    assert.equal(rotated.previous_secret_expires, formatDateTime(new Date(real + 60_000)));
    for (const response of [await t.get(`/apiv3/webhooks/${hook.id}`), await t.get('/apiv3/webhooks'), await t.put(`/apiv3/webhooks/${hook.id}`, { description: 'rotated' })]) {
      assert.equal(response.status, 200, response.text);
      assert.ok(!response.text.includes(hook.secret.slice(6)), 'the old secret is not shown');
      assert.ok(!response.text.includes(rotated.secret.slice(6)), 'the new secret is not shown again');
    }

    t.clock.set(new Date(real));
    const before = receiver.received.length;
    await emit();
    await receiver.waitFor(before + 1);
    const during = receiver.received[before]!;
    assert.equal(String(during.headers['webhook-signature']).split(' ').length, 2);
    assert.deepEqual(verify(rotated.secret, during), during.json);
    assert.deepEqual(verify(hook.secret, during), during.json);
    await logged(hook.id, 1);

    t.clock.set(new Date(real + 120_000));
    await emit();
    await receiver.waitFor(before + 2);
    const afterwards = receiver.received[before + 1]!;
    assert.equal(String(afterwards.headers['webhook-signature']).split(' ').length, 1);
    assert.deepEqual(verify(rotated.secret, afterwards), afterwards.json);
    assert.throws(() => verify(hook.secret, afterwards), /no matching signature/i);
    await logged(hook.id, 1);
  });
});

describe('disabling after five days of failures (W4)', () => {
  it('disables an endpoint failing for five days, sends it nothing more, and resumes its messages when enabled', async () => {
    receiver.behave({ status: 500 });
    const hook = await register(receiver.url);
    const first = await emit().then(() => logged(hook.id, 1));
    t.clock.set(new Date(start + 5 * DAY - 60_000));
    await logged(hook.id, 2);
    assert.equal(await status(hook.id), 'enabled', 'four days and 23 hours of failures');

    t.clock.set(new Date(start + 5 * DAY + 1000));
    await emit();
    await waitFor(async () => (await status(hook.id)) === 'disabled', 'the endpoint disabled');
    const disabled = expectOk(await t.get(`/apiv3/webhooks/${hook.id}`));
    assert.equal(disabled.updatetime, '2026-07-06 00:00:01');
    const [second] = await deliveries(hook.id);
    assert.deepEqual([second.attempts, second.status, second.error], [1, 'pending', 'answered 500']);

    const sent = receiver.received.length;
    t.clock.set(new Date(start + 6 * DAY));
    await emit();
    await pause(300);
    assert.equal(receiver.received.length, sent, 'nothing is sent to a disabled endpoint');
    const log = await deliveries(hook.id);
    assert.deepEqual(
      log.map((m: any) => [m.message_id, m.attempts, m.status]),
      [
        [second.message_id, 1, 'pending'],
        [first.message_id, 2, 'pending'],
      ],
      'no message written for a disabled endpoint, none attempted',
    );

    receiver.behave({ status: 200 });
    assert.equal(expectOk(await t.put(`/apiv3/webhooks/${hook.id}`, { status: 'enabled' })).status, 'enabled');
    await receiver.waitFor(sent + 2);
    await waitFor(async () => (await deliveries(hook.id, '?status=succeeded')).length === 2, 'both messages delivered');
    assert.deepEqual(new Set(receiver.received.slice(sent).map((r) => r.headers['webhook-id'])), new Set([first.message_id, second.message_id]));
    assert.equal(receiver.received.length, sent + 2);
    assert.equal(await status(hook.id), 'enabled');
  });

  it('sends a message claimed with the one whose attempt disables the endpoint nothing: it stays pending, unattempted', async () => {
    receiver.behave({ status: 500 });
    const hook = await register(receiver.url);
    await emit().then(() => logged(hook.id, 1));
    await emit().then(() => logged(hook.id, 1));
    const before = receiver.received.length;
    // Both retries fall due at the same moment, five days into the streak: one claim takes both.
    t.clock.set(new Date(start + 5 * DAY + 1000));
    await waitFor(async () => (await status(hook.id)) === 'disabled', 'the endpoint disabled');
    await pause(200);
    assert.equal(receiver.received.length, before + 1, 'only the attempt that disables the endpoint is sent');
    const log = (await deliveries(hook.id)).map((m: any) => [m.attempts, m.status]).sort();
    assert.deepEqual(log, [
      [1, 'pending'],
      [2, 'pending'],
    ]);
    const leases = await t.database.db.selectFrom('webhook_messages').select(['claimed_by', 'lease_until']).where('endpoint_id', '=', hook.id).execute();
    assert.deepEqual(leases, [
      { claimed_by: null, lease_until: null },
      { claimed_by: null, lease_until: null },
    ], 'the unsent one is handed back, not left claimed');
  });

  it('counts the five days from the last success', async () => {
    receiver.behave({ status: 500 });
    const hook = await register(receiver.url);
    await emit();
    await logged(hook.id, 1);
    receiver.behave({ status: 200 });
    t.clock.set(new Date(start + 3 * DAY));
    assert.equal((await logged(hook.id, 2)).status, 'succeeded');

    receiver.behave({ status: 500 });
    t.clock.set(new Date(start + 5 * DAY + 1000));
    await emit();
    await logged(hook.id, 1);
    t.clock.set(new Date(start + 10 * DAY));
    await logged(hook.id, 2);
    assert.equal(await status(hook.id), 'enabled', 'failing since day 5 only');

    t.clock.set(new Date(start + 10 * DAY + 2000));
    await emit();
    await waitFor(async () => (await status(hook.id)) === 'disabled', 'the endpoint disabled five days after the last success');
  });
});

describe('retry and test by hand (W5)', () => {
  it('retries a message now and answers it after the attempt; 404 for a message that is not the endpoint’s', async () => {
    receiver.behave({ status: 500 });
    const hook = await register(receiver.url);
    const before = receiver.received.length;
    await emit();
    const first = await logged(hook.id, 1);
    const url = `/apiv3/webhooks/${hook.id}/deliveries/${first.message_id}/retry`;

    const failed = expectOk(await t.post(url));
    assert.deepEqual(
      [failed.message_id, failed.attempts, failed.status, failed.response_status, failed.error, failed.next_attempt_at],
      [first.message_id, 2, 'pending', 500, 'answered 500', '2026-07-01 00:00:05'],
      'a failed retry by hand leaves the schedule as it was',
    );
    receiver.behave({ status: 200 });
    const succeeded = expectOk(await t.post(url));
    assert.deepEqual([succeeded.attempts, succeeded.status, succeeded.response_status, succeeded.error, succeeded.next_attempt_at], [3, 'succeeded', 200, null, null]);
    const again = expectOk(await t.post(url));
    assert.deepEqual([again.attempts, again.status], [4, 'succeeded'], 'a delivered message is sent again too');
    assert.deepEqual(
      receiver.received.slice(before).map((r) => r.headers['webhook-id']),
      [first.message_id, first.message_id, first.message_id, first.message_id],
    );
    assert.deepEqual((await deliveries(hook.id))[0], again);

    const other = await register(receiver.url, ['user.deleted']);
    const test = expectOk(await t.post(`/apiv3/webhooks/${other.id}/test`));
    expectError(await t.post(`/apiv3/webhooks/${hook.id}/deliveries/${test.message_id}/retry`), 404, 'not_found', /has no message/);
    expectError(await t.post(`/apiv3/webhooks/${hook.id}/deliveries/msg_unknown/retry`), 404, 'not_found', /has no message msg_unknown/);
    expectError(await t.post(`/apiv3/webhooks/999999/deliveries/${first.message_id}/retry`), 404, 'not_found', /no webhook endpoint/);
    const stranger = await t.newAccount('faults-stranger');
    expectError(await t.post(url, undefined, { key: stranger.key }), 404, 'not_found');
  });

  it('answers 409 while another process holds the message', async () => {
    receiver.behave({ status: 500 });
    const hook = await register(receiver.url);
    await emit();
    const first = await logged(hook.id, 1);
    // Another process's live claim, as its worker leaves it while an attempt is in flight.
    await t.database.db
      .updateTable('webhook_messages')
      .set({ claimed_by: 'another-process', lease_until: formatDateTime(new Date(start + 60_000)) })
      .where('message_id', '=', first.message_id)
      .execute();
    const before = receiver.received.length;
    const busy = await t.post(`/apiv3/webhooks/${hook.id}/deliveries/${first.message_id}/retry`);
    expectError(busy, 409, 'conflict', /being sent/);
    assert.equal(busy.headers['retry-after'], '10');
    assert.equal(receiver.received.length, before);
    assert.equal((await deliveries(hook.id))[0].attempts, 1);
  });

  it('sends webhook.test whatever the endpoint subscribes to, once, signed', async () => {
    const real = Math.floor(Date.now() / 1000) * 1000;
    t.clock.set(new Date(real));
    const hook = await register(receiver.url, ['user.deleted']);
    const before = receiver.received.length;
    const sent = expectOk(await t.post(`/apiv3/webhooks/${hook.id}/test`));
    assert.deepEqual([sent.type, sent.attempts, sent.status, sent.response_status, sent.error, sent.next_attempt_at], ['webhook.test', 1, 'succeeded', 200, null, null]);
    assert.equal(receiver.received.length, before + 1);
    const got = receiver.received[before]!;
    assert.equal(got.headers['webhook-id'], sent.message_id);
    assert.deepEqual(verify(hook.secret, got), got.json);
    assert.equal(got.json.type, 'webhook.test');
    assert.equal(got.json.timestamp, new Date(real).toISOString());
    assert.equal(got.json.data.webhook_id, hook.id);

    receiver.behave({ status: 500 });
    const failed = expectOk(await t.post(`/apiv3/webhooks/${hook.id}/test`));
    assert.deepEqual([failed.type, failed.attempts, failed.status, failed.response_status, failed.error], ['webhook.test', 1, 'failed', 500, 'answered 500']);
    t.clock.set(new Date(real + DAY));
    await pause(200);
    assert.equal(receiver.received.length, before + 2, 'a test message is not retried on the schedule');
    expectError(await t.post('/apiv3/webhooks/999999/test'), 404, 'not_found');
  });
});

describe('the delivery log (W5, G6)', () => {
  it('pages newest first and filters by status', async () => {
    const hook = await register(receiver.url);
    const before = receiver.received.length;
    for (let i = 1; i <= 5; i++) {
      if (i === 4) {
        await receiver.waitFor(before + 3);
        await waitFor(async () => (await deliveries(hook.id, '?status=succeeded')).length === 3, 'three delivered');
        receiver.behave({ status: 500 });
      }
      t.clock.set(new Date(start + i * 1000));
      await emit();
    }
    await waitFor(async () => (await deliveries(hook.id)).every((m: any) => m.attempts === 1), 'every first attempt logged');
    const all = await deliveries(hook.id);
    assert.deepEqual(
      all.map((m: any) => [m.createtime, m.status]),
      [
        ['2026-07-01 00:00:05', 'pending'],
        ['2026-07-01 00:00:04', 'pending'],
        ['2026-07-01 00:00:03', 'succeeded'],
        ['2026-07-01 00:00:02', 'succeeded'],
        ['2026-07-01 00:00:01', 'succeeded'],
      ],
    );
    const ids = all.map((m: any) => m.message_id);
    const page = async (query: string) => (await deliveries(hook.id, query)).map((m: any) => m.message_id);
    assert.deepEqual(await page('?limit=2'), ids.slice(0, 2));
    assert.deepEqual(await page('?limit=2&page=1'), ids.slice(2, 4));
    assert.deepEqual(await page('?limit=2&page=2'), ids.slice(4));
    assert.deepEqual(await page('?limit=2&page=3'), []);
    assert.deepEqual(await page('?status=pending'), ids.slice(0, 2));
    assert.deepEqual(await page('?status=succeeded&limit=1&page=1'), ids.slice(3, 4));
    assert.deepEqual(await page('?status=failed'), []);
    expectError(await t.get(`/apiv3/webhooks/${hook.id}/deliveries?limit=101`), 400, 'bad_request', /limit/);
    expectError(await t.get(`/apiv3/webhooks/${hook.id}/deliveries?limit=0`), 400, 'bad_request', /limit/);
    expectError(await t.get(`/apiv3/webhooks/${hook.id}/deliveries?page=-1`), 400, 'bad_request', /page/);
    expectError(await t.get(`/apiv3/webhooks/${hook.id}/deliveries?status=sent`), 400, 'bad_request', /status/);
    expectError(await t.get('/apiv3/webhooks/999999/deliveries'), 404, 'not_found');
  });
});

describe('the outbox in the change’s transaction (W4)', () => {
  it('keeps no message of a change rolled back, and the message of one committed', async () => {
    const hook = await register(receiver.url);
    const count = async () =>
      Number(
        (
          await t.database.db
            .selectFrom('webhook_messages')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('endpoint_id', '=', hook.id)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const event = { type: 'user_event.created' as const, data: { id: 1 } };
    await assert.rejects(
      t.database.db.transaction().execute(async (trx) => {
        await new WebhookOutbox(trx).emit(t.accountId, [event], t.clock.now());
        const inside = await trx.selectFrom('webhook_messages').select('id').where('endpoint_id', '=', hook.id).execute();
        assert.equal(inside.length, 1, 'written inside the transaction');
        throw new Error('the change failed');
      }),
      /the change failed/,
    );
    assert.equal(await count(), 0);
    assert.deepEqual(await deliveries(hook.id), []);

    const before = receiver.received.length;
    await t.database.db.transaction().execute((trx) => new WebhookOutbox(trx).emit(t.accountId, [event], t.clock.now()));
    assert.equal(await count(), 1);
    await receiver.waitFor(before + 1);
    assert.deepEqual(receiver.received[before]!.json.data, { id: 1 });
  });
});
