import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Webhook } from 'standardwebhooks';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookHeaders,
  WebhookVerificationError,
  type WebhookVerificationReason,
  verifyWebhook,
} from '../../packages/sdk/src/index.js';
import { WEBHOOK_EVENT_TYPES as SERVER_EVENT_TYPES } from '../../src/jobs/webhooks/events.js';
import { buildAccounts } from '../../src/services.js';
import { type Received, startReceiver } from '../helpers/webhook-receiver.js';
import { rapportError, startSdkServer } from './server.js';

// rapport.webhooks.* (W1, W5) against a real server sending to a real receiver on 127.0.0.1 (hence
// WEBHOOK_ALLOW_PRIVATE), and verifyWebhook checked on Rapport's own messages against the
// standardwebhooks package: both accept the same messages and refuse the same forgeries.

const t = await startSdkServer({ config: { webhookAllowPrivate: true, workerPollMs: 20 } });
const { sdk } = t;
const receiver = await startReceiver();

await sdk.POST('/events', { body: { name: 'visit' } });
await sdk.POST('/users', { body: { service_uid: 'hook-sdk', email: 'hook.sdk@example.com' } });

/** The three Standard Webhooks headers of a received message, as strings. */
function headersOf(received: Received): Record<string, string> {
  return {
    'webhook-id': String(received.headers['webhook-id']),
    'webhook-timestamp': String(received.headers['webhook-timestamp']),
    'webhook-signature': String(received.headers['webhook-signature']),
  };
}

/** What the receiver got since `before`: waits for the next message. */
async function nextMessage(before: number): Promise<Received> {
  await receiver.waitFor(before + 1);
  return receiver.received[before]!;
}

type Verdict = { accepted: true; body: unknown } | { accepted: false; reason?: WebhookVerificationReason };

async function ours(secret: string, headers: WebhookHeaders, body: string): Promise<Verdict> {
  try {
    return { accepted: true, body: await verifyWebhook(secret, headers, body) };
  } catch (error) {
    assert.ok(error instanceof WebhookVerificationError, `expected a WebhookVerificationError, got ${String(error)}`);
    return { accepted: false, reason: error.reason };
  }
}

function theirs(secret: string, headers: Record<string, string>, body: string): Verdict {
  try {
    return { accepted: true, body: new Webhook(secret).verify(body, headers) };
  } catch {
    return { accepted: false };
  }
}

/** Both libraries' verdicts on one message; they must agree, and the reason must be ours to give. */
async function bothSay(secret: string, headers: Record<string, string>, body: string): Promise<Verdict> {
  const mine = await ours(secret, headers, body);
  const reference = theirs(secret, headers, body);
  assert.equal(mine.accepted, reference.accepted, `verifyWebhook ${mine.accepted ? 'accepted' : 'refused'} what standardwebhooks ${reference.accepted ? 'accepted' : 'refused'}`);
  if (mine.accepted && reference.accepted) assert.deepEqual(mine.body, reference.body);
  return mine;
}

const unixNow = () => Math.floor(Date.now() / 1000);
const otherSecret = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;

describe('rapport.webhooks: endpoints', () => {
  test('the SDK lists the event types the server knows', () => {
    assert.deepEqual([...WEBHOOK_EVENT_TYPES], [...SERVER_EVENT_TYPES]);
  });

  test('create shows the secret; get, list and update do not; update is partial; delete, then 404', async () => {
    const created = await sdk.webhooks.create({ url: receiver.url, events: ['user.created', 'purchase.created'], description: 'CRM' });
    assert.match(created.secret, /^whsec_[A-Za-z0-9+/=]+$/);
    assert.deepEqual([created.url, created.events, created.description, created.status], [receiver.url, ['user.created', 'purchase.created'], 'CRM', 'enabled']);
    const got = await sdk.webhooks.get(created.id);
    assert.equal('secret' in got, false);
    assert.deepEqual(got, { id: created.id, url: created.url, events: created.events, description: 'CRM', status: 'enabled', createtime: created.createtime, updatetime: created.updatetime });
    assert.deepEqual(
      (await sdk.webhooks.list()).filter((w) => w.id === created.id),
      [got],
    );

    const changed = await sdk.webhooks.update(created.id, { events: ['*'], status: 'disabled' });
    assert.deepEqual([changed.events, changed.status, changed.description, changed.url], [['*'], 'disabled', 'CRM', receiver.url]);
    assert.equal('secret' in changed, false);
    const moved = await sdk.webhooks.update(created.id, { url: `${receiver.url}/moved`, description: '' });
    assert.deepEqual([moved.url, moved.description, moved.status], [`${receiver.url}/moved`, '', 'disabled']);

    assert.deepEqual(await sdk.webhooks.delete(created.id), { id: created.id, deleted: true });
    const missing = await rapportError(sdk.webhooks.get(created.id));
    assert.equal(missing.status, 404);
    assert.equal(missing.code, 'not_found');
  });

  test('a refused URL or event type is a RapportError 400 naming the field; a bad id throws before any request', async () => {
    const url = await rapportError(sdk.webhooks.create({ url: 'ftp://127.0.0.1/hooks', events: ['*'] }));
    assert.equal(url.status, 400);
    assert.match(url.message, /^url: refused/);
    const events = await rapportError(sdk.webhooks.create({ url: receiver.url, events: ['user.made' as never] }));
    assert.match(events.message, /^events\[0\]: "user.made" is not an event type/);
    assert.throws(() => sdk.webhooks.get(0), RangeError);
    assert.throws(() => sdk.webhooks.retry(1, ''), RangeError);
  });

  test('a read-only key reads endpoints and is refused every change with 403', async () => {
    const hook = await sdk.webhooks.create({ url: receiver.url, events: ['*'] });
    const { key } = await buildAccounts(t.database.db, t.clock).createKey(t.accountId, undefined, 'read');
    const reader = t.client({ apiKey: key });
    assert.ok((await reader.webhooks.list()).some((w) => w.id === hook.id));
    for (const change of [reader.webhooks.update(hook.id, { status: 'disabled' }), reader.webhooks.rotateSecret(hook.id), reader.webhooks.test(hook.id), reader.webhooks.delete(hook.id)]) {
      const refused = await rapportError(change);
      assert.equal(refused.status, 403);
      assert.equal(refused.code, 'forbidden');
      assert.match(refused.message, /read-only/);
    }
    assert.equal((await sdk.webhooks.get(hook.id)).status, 'enabled');
    await sdk.webhooks.delete(hook.id);
  });
});

describe('rapport.webhooks: test, deliveries, retry', () => {
  test('test answers the delivery; the log lists it newest first, filtered by status; retry sends the same message again', async () => {
    const hook = await sdk.webhooks.create({ url: receiver.url, events: ['user.deleted'] });
    const before = receiver.received.length;
    const sent = await sdk.webhooks.test(hook.id);
    assert.deepEqual([sent.type, sent.status, sent.attempts, sent.response_status, sent.response_body, sent.error], ['webhook.test', 'succeeded', 1, 200, 'thanks', null]);
    const got = await nextMessage(before);
    assert.equal(got.headers['webhook-id'], sent.message_id);
    const message = await verifyWebhook<{ webhook_id: number }>(hook.secret, got.headers, got.body);
    assert.equal(message.type, 'webhook.test');
    assert.equal(message.data.webhook_id, hook.id);

    receiver.behave({ status: 500, body: 'down for maintenance' });
    const failed = await sdk.webhooks.test(hook.id);
    assert.deepEqual([failed.status, failed.attempts, failed.response_status, failed.response_body], ['failed', 1, 500, 'down for maintenance']);

    const log = await sdk.webhooks.deliveries(hook.id);
    assert.deepEqual(
      log.map((d) => [d.message_id, d.status]),
      [
        [failed.message_id, 'failed'],
        [sent.message_id, 'succeeded'],
      ],
    );
    assert.deepEqual(
      (await sdk.webhooks.deliveries(hook.id, { status: 'failed' })).map((d) => d.message_id),
      [failed.message_id],
    );
    assert.deepEqual(
      (await sdk.webhooks.deliveries(hook.id, { page: 1, limit: 1 })).map((d) => d.message_id),
      [sent.message_id],
    );

    receiver.behave({ status: 200 });
    const count = receiver.received.length;
    const retried = await sdk.webhooks.retry(hook.id, failed.message_id);
    assert.deepEqual([retried.message_id, retried.status, retried.attempts, retried.response_status], [failed.message_id, 'succeeded', 2, 200]);
    const again = await nextMessage(count);
    assert.equal(again.headers['webhook-id'], failed.message_id, 'a retry carries the same webhook-id');

    const unknown = await rapportError(sdk.webhooks.retry(hook.id, 'msg_nothing'));
    assert.equal(unknown.status, 404);
    await sdk.webhooks.delete(hook.id);
  });
});

describe('verifyWebhook', () => {
  test('verifies a message Rapport sent for a change, as standardwebhooks does, whatever form the headers and body take', async () => {
    const hook = await sdk.webhooks.create({ url: receiver.url, events: ['user_event.created'] });
    const before = receiver.received.length;
    const created = await sdk.POST('/user-events', { body: { service_uid: 'hook-sdk', event: 'visit', metadata: { page: 'home' } } });
    const got = await nextMessage(before);
    const headers = headersOf(got);

    const verdict = await bothSay(hook.secret, headers, got.body);
    assert.ok(verdict.accepted);
    assert.deepEqual(verdict.body, { type: 'user_event.created', timestamp: (verdict.body as { timestamp: string }).timestamp, data: created });
    assert.match((verdict.body as { timestamp: string }).timestamp, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    // Node.js's request headers, fetch's Headers, any case; the body as a Buffer or bytes.
    const bytes = new TextEncoder().encode(got.body);
    const shouted = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toUpperCase(), value]));
    for (const [form, answer] of [
      ['IncomingHttpHeaders', verifyWebhook(hook.secret, got.headers, got.body)],
      ['Headers', verifyWebhook(hook.secret, new Headers(headers), Buffer.from(got.body))],
      ['upper-case names', verifyWebhook(hook.secret, shouted, bytes)],
    ] as const) {
      assert.deepEqual(await answer, verdict.body, form);
    }
    // The secret without its prefix is the same key (standardwebhooks reads it so too).
    assert.deepEqual(await bothSay(hook.secret.slice('whsec_'.length), headers, got.body), verdict);
    await sdk.webhooks.delete(hook.id);
  });

  test('refuses, as standardwebhooks does, a changed body, another secret, an old or future timestamp, a replayed signature, a missing header', async () => {
    const hook = await sdk.webhooks.create({ url: receiver.url, events: ['*'] });
    const before = receiver.received.length;
    await sdk.webhooks.test(hook.id);
    const got = await nextMessage(before);
    const headers = headersOf(got);
    const signer = new Webhook(hook.secret);
    const signedAt = (seconds: number, body = got.body) => ({
      ...headers,
      'webhook-timestamp': String(seconds),
      'webhook-signature': signer.sign(headers['webhook-id']!, new Date(seconds * 1000), body),
    });
    assert.equal((await bothSay(hook.secret, headers, got.body)).accepted, true);

    const cases: Array<[string, Record<string, string>, string, WebhookVerificationReason]> = [
      ['a changed body', headers, got.body.replace('"webhook.test"', '"user.deleted"'), 'no_matching_signature'],
      ['a body with a space added', headers, `${got.body} `, 'no_matching_signature'],
      ['another secret', headers, got.body, 'no_matching_signature'],
      ['signed 6 minutes ago', signedAt(unixNow() - 360), got.body, 'timestamp_too_old'],
      ['signed 6 minutes ahead', signedAt(unixNow() + 360), got.body, 'timestamp_too_new'],
      ['a fresh timestamp on the old signature', { ...headers, 'webhook-timestamp': String(Number(headers['webhook-timestamp']) + 1) }, got.body, 'no_matching_signature'],
      ['another message id', { ...headers, 'webhook-id': 'msg_other' }, got.body, 'no_matching_signature'],
      ['a signature of another scheme only', { ...headers, 'webhook-signature': headers['webhook-signature']!.replace(/^v1,/, 'v1a,') }, got.body, 'no_matching_signature'],
      ['no webhook-signature', { 'webhook-id': headers['webhook-id']!, 'webhook-timestamp': headers['webhook-timestamp']! }, got.body, 'missing_header'],
      ['a timestamp that is not a number', { ...headers, 'webhook-timestamp': 'soon' }, got.body, 'invalid_timestamp'],
    ];
    for (const [what, given, body, reason] of cases) {
      const secret = what === 'another secret' ? otherSecret : hook.secret;
      assert.deepEqual(await bothSay(secret, given, body), { accepted: false, reason }, what);
    }

    // What standardwebhooks signs, verifyWebhook accepts (4 minutes old is within the 5).
    const resigned = signedAt(unixNow() - 240);
    assert.equal((await bothSay(hook.secret, resigned, got.body)).accepted, true);
    // Another scheme's signature before ours is skipped, as the specification says.
    const mixed = { ...headers, 'webhook-signature': `v1a,${Buffer.alloc(64).toString('base64')} ${headers['webhook-signature']}` };
    assert.equal((await bothSay(hook.secret, mixed, got.body)).accepted, true);
    await sdk.webhooks.delete(hook.id);
  });

  test('the tolerance and the moment checked against can be given', async () => {
    const hook = await sdk.webhooks.create({ url: receiver.url, events: ['*'] });
    const before = receiver.received.length;
    await sdk.webhooks.test(hook.id);
    const got = await nextMessage(before);
    const sentAt = Number(got.headers['webhook-timestamp']);
    const later = new Date((sentAt + 600) * 1000);
    assert.equal((await verifyWebhook(hook.secret, got.headers, got.body)).type, 'webhook.test', 'just sent: accepted');
    await assert.rejects(verifyWebhook(hook.secret, got.headers, got.body, { now: later }), (error: unknown) => {
      assert.ok(error instanceof WebhookVerificationError);
      assert.equal(error.reason, 'timestamp_too_old');
      assert.match(error.message, /600 s old, more than the 300 s allowed/);
      return true;
    });
    assert.equal((await verifyWebhook(hook.secret, got.headers, got.body, { now: later, toleranceSeconds: 600 })).type, 'webhook.test');
    await assert.rejects(verifyWebhook(hook.secret, got.headers, got.body, { now: new Date((sentAt - 61) * 1000), toleranceSeconds: 60 }), /in the future/);
    await assert.rejects(verifyWebhook('not base64!', got.headers, got.body), TypeError);
    await sdk.webhooks.delete(hook.id);
  });

  test('during a rotation the message carries two signatures: the new and the previous secret both verify, in both libraries', async () => {
    const hook = await sdk.webhooks.create({ url: receiver.url, events: ['*'] });
    const rotated = await sdk.webhooks.rotateSecret(hook.id);
    assert.notEqual(rotated.secret, hook.secret);
    const expires = Date.parse(`${rotated.previous_secret_expires.replace(' ', 'T')}Z`);
    assert.ok(Math.abs(expires - Date.now() - 24 * 3600 * 1000) < 60_000, rotated.previous_secret_expires);
    const before = receiver.received.length;
    await sdk.webhooks.test(hook.id);
    const got = await nextMessage(before);
    const headers = headersOf(got);
    assert.equal(headers['webhook-signature']!.split(' ').length, 2);
    for (const secret of [rotated.secret, hook.secret]) assert.equal((await bothSay(secret, headers, got.body)).accepted, true);
    assert.equal((await bothSay(otherSecret, headers, got.body)).accepted, false);
    await sdk.webhooks.delete(hook.id);
  });
});
