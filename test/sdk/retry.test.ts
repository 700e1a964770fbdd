import assert from 'node:assert/strict';
import { type IncomingMessage, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { after, describe, test } from 'node:test';
import {
  type RetryOptions,
  createRapportClient,
  defaultSleep,
  retryAfterMs,
  retryDelay,
} from '../../packages/sdk/src/index.js';
import { rapportError, startSdkServer } from './server.js';

// The retry unit runs against a small local stub that answers a scripted sequence; the last test
// runs against the real server with its rate limit on.

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: string;
}

interface Scripted {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

const script: Scripted[] = [];
const seen: Seen[] = [];
const stub = createServer((request: IncomingMessage, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', authorization: request.headers.authorization, body: Buffer.concat(chunks).toString() });
    const next = script.shift() ?? { status: 200, body: { payload: { done: true }, message: 'ok', code: 'ok', time: '0ms' } };
    response.writeHead(next.status, { 'content-type': 'application/json', 'x-request-id': `req-${seen.length}`, ...next.headers });
    response.end(JSON.stringify(next.body ?? envelopeError(next.status)));
  });
});
await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
after(() => new Promise<void>((resolve) => stub.close(() => resolve())));
const stubUrl = `http://127.0.0.1:${(stub.address() as AddressInfo).port}`;

function envelopeError(status: number) {
  const code = status === 429 ? 'too_many_requests' : status === 503 ? 'service_unavailable' : status === 400 ? 'bad_request' : 'internal_error';
  return { payload: null, message: `status ${status}`, code, time: '0ms' };
}

function stubClient(retry: RetryOptions | false = {}) {
  script.length = 0;
  seen.length = 0;
  const sleeps: number[] = [];
  const sleep = async (ms: number) => {
    sleeps.push(ms);
  };
  const client = createRapportClient({
    baseUrl: stubUrl,
    apiKey: 'rk_stub',
    retry: retry === false ? false : { baseDelayMs: 100, random: () => 0.5, ...retry },
    sleep,
  });
  return { client, sleeps };
}

const ok = (payload: unknown): Scripted => ({ status: 200, body: { payload, message: 'ok', code: 'ok', time: '0ms' } });

describe('Retry-After and backoff arithmetic', () => {
  test('Retry-After reads delay-seconds and HTTP dates', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    assert.equal(retryAfterMs('3', now), 3000);
    assert.equal(retryAfterMs(' 0 ', now), 0);
    assert.equal(retryAfterMs('Sun, 01 Mar 2026 10:00:05 GMT', now), 5000);
    assert.equal(retryAfterMs('Sun, 01 Mar 2026 09:00:00 GMT', now), 0);
    assert.equal(retryAfterMs('soon', now), null);
    assert.equal(retryAfterMs('', now), null);
    assert.equal(retryAfterMs(null, now), null);
  });

  test('told: the time told plus jitter; not told: exponential with equal jitter, capped', () => {
    const options = { maxAttempts: 9, baseDelayMs: 100, maxDelayMs: 1000, statuses: [429], sleep: defaultSleep };
    assert.equal(retryDelay(1, 2000, { ...options, random: () => 0 }), 2000);
    assert.equal(retryDelay(1, 2000, { ...options, random: () => 0.99 }), 2099);
    assert.deepEqual([1, 2, 3, 4, 5].map((n) => retryDelay(n, null, { ...options, random: () => 0 })), [50, 100, 200, 400, 500]);
    assert.deepEqual([1, 2, 3].map((n) => retryDelay(n, null, { ...options, random: () => 0.999999 })).map(Math.round), [100, 200, 400]);
  });

  test('the default sleep waits, and stops at once when aborted', async () => {
    const started = Date.now();
    await defaultSleep(30);
    assert.ok(Date.now() - started >= 25);
    const controller = new AbortController();
    const pending = defaultSleep(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await assert.rejects(pending, /stop/);
  });
});

describe('retries against a stub', () => {
  test('429 with Retry-After: waits what it was told, then sends the same request again', async () => {
    const { client, sleeps } = stubClient();
    script.push({ status: 429, headers: { 'retry-after': '2' } }, ok({ id: 1 }));
    const payload = await client.POST('/events', { body: { name: 'again' } });
    assert.deepEqual(payload, { id: 1 });
    assert.deepEqual(sleeps, [2050]);
    assert.equal(seen.length, 2);
    for (const request of seen) {
      assert.equal(request.method, 'POST');
      assert.equal(request.url, '/apiv3/events');
      assert.equal(request.authorization, 'Basic rk_stub');
      assert.equal(request.body, '{"name":"again"}');
    }
  });

  test('Retry-After as an HTTP date', async () => {
    const { client, sleeps } = stubClient({ random: () => 0 });
    script.push({ status: 503, headers: { 'retry-after': new Date(Date.now() + 10_000).toUTCString() } }, ok(null));
    await client.GET('/users');
    assert.equal(sleeps.length, 1);
    assert.ok(sleeps[0]! > 8000 && sleeps[0]! <= 10_000, String(sleeps[0]));
  });

  test('503 without Retry-After backs off exponentially', async () => {
    const { client, sleeps } = stubClient();
    script.push({ status: 503 }, { status: 503 }, ok([]));
    assert.deepEqual(await client.GET('/users'), []);
    assert.deepEqual(sleeps, [75, 150]);
    assert.equal(seen.length, 3);
  });

  test('attempts are bounded: the last answer becomes the error', async () => {
    const { client, sleeps } = stubClient({ maxAttempts: 3 });
    script.push(...Array.from({ length: 5 }, () => ({ status: 429, headers: { 'retry-after': '1' } })));
    const error = await rapportError(client.GET('/users'));
    assert.equal(error.status, 429);
    assert.equal(error.code, 'too_many_requests');
    assert.equal(error.retryAfter, 1);
    assert.equal(error.requestId, 'req-3');
    assert.equal(seen.length, 3);
    assert.deepEqual(sleeps, [1050, 1050]);
  });

  test('a Retry-After beyond maxDelayMs is not waited for', async () => {
    const { client, sleeps } = stubClient({ maxDelayMs: 60_000 });
    script.push({ status: 429, headers: { 'retry-after': '3600' } });
    const error = await rapportError(client.GET('/users'));
    assert.equal(error.retryAfter, 3600);
    assert.deepEqual(sleeps, []);
    assert.equal(seen.length, 1);
  });

  test('other statuses are not retried', async () => {
    const { client, sleeps } = stubClient();
    script.push({ status: 500 });
    assert.equal((await rapportError(client.GET('/users'))).status, 500);
    script.push({ status: 400 });
    assert.equal((await rapportError(client.GET('/users'))).code, 'bad_request');
    assert.equal(seen.length, 2);
    assert.deepEqual(sleeps, []);
  });

  test('retry: false sends once', async () => {
    const { client, sleeps } = stubClient(false);
    script.push({ status: 503, headers: { 'retry-after': '1' } });
    assert.equal((await rapportError(client.GET('/users'))).code, 'service_unavailable');
    assert.equal(seen.length, 1);
    assert.deepEqual(sleeps, []);
  });

  test('an upload from a Blob is retried whole; one from a stream is sent once', async () => {
    const { client, sleeps } = stubClient();
    script.push({ status: 503, headers: { 'retry-after': '1' } }, ok(null));
    await client.uploadBlacklist({ file: new Blob(['a@example.com\n']), blacklist: 'email', type: 'create' });
    assert.equal(seen.length, 2);
    assert.equal(seen[0]!.body, seen[1]!.body);
    assert.match(seen[1]!.body, /a@example\.com/);
    assert.deepEqual(sleeps, [1050]);

    script.push({ status: 503, headers: { 'retry-after': '1' } }, ok(null));
    seen.length = 0;
    const error = await rapportError(client.uploadBlacklist({ file: Readable.from(['a@example.com\n']), blacklist: 'email', type: 'create' }));
    assert.equal(error.status, 503);
    assert.equal(seen.length, 1);
  });
});

const server = await startSdkServer({ config: { rateLimitPerMinute: 2 } });

describe('retries against the real server', () => {
  test('a rate-limited call waits out the Retry-After the server sends, then succeeds', async () => {
    server.clock.set('2026-03-01T10:00:20Z');
    const sleeps: number[] = [];
    // The fake timer moves the server's clock: waiting is instant, and the window really ends.
    const sleep = async (ms: number) => {
      sleeps.push(ms);
      server.clock.set(new Date(server.clock.now().getTime() + ms));
    };
    const client = server.client({ sleep, retry: { random: () => 0 } });
    await client.GET('/users');
    await client.GET('/users');
    assert.deepEqual(await client.GET('/users'), []);
    assert.deepEqual(sleeps, [40_000]);
  });

  test('without time passing, the attempts run out and the 429 is the error', async () => {
    server.clock.set('2026-03-01T11:00:50Z');
    const sleeps: number[] = [];
    const client = server.client({ sleep: async (ms) => void sleeps.push(ms), retry: { maxAttempts: 2, random: () => 0 } });
    await client.GET('/users');
    await client.GET('/users');
    const error = await rapportError(client.GET('/users'));
    assert.equal(error.status, 429);
    assert.equal(error.code, 'too_many_requests');
    assert.equal(error.retryAfter, 10);
    assert.deepEqual(sleeps, [10_000]);
  });
});
