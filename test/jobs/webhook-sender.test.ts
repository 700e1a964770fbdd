import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Lookup } from '../../src/jobs/webhooks/address-guard.js';
import { attemptDelivery } from '../../src/jobs/webhooks/sender.js';

// One attempt's timeout (W4: 10 s by default) covers the whole attempt, the host name's resolution
// included: a resolver that never answers fails the attempt at the timeout instead of holding a
// lane of the deliverer for ever.

const attempt = (url: string) => ({ url, secrets: ['whsec_' + Buffer.alloc(24, 7).toString('base64')], messageId: 'msg_sender_test', body: '{"type":"test"}' });

let slow: http.Server;
let port = 0;
before(async () => {
  // Answers after 600 ms.
  slow = http.createServer((_request, response) => setTimeout(() => response.end('late'), 600));
  await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
  port = (slow.address() as AddressInfo).port;
});
after(() => new Promise<void>((resolve) => slow.close(() => resolve())));

describe('attemptDelivery: the timeout', () => {
  it('fails at the timeout when the host name is never resolved', async () => {
    const never: Lookup = () => new Promise(() => {});
    const started = performance.now();
    const outcome = await attemptDelivery(attempt('https://hooks.example.com/in'), { allowPrivate: false, timeoutMs: 150, lookup: never }, new Date());
    const took = performance.now() - started;
    assert.equal(outcome.succeeded, false);
    assert.equal(outcome.error, 'no answer within 150 ms (the host name was not resolved)');
    assert.equal(outcome.responseStatus, null);
    assert.ok(took >= 140 && took < 1500, `took ${took} ms`);
  });

  it('counts the time the lookup took against the request: a slow lookup and a slow answer fail at the timeout', async () => {
    const slowLookup: Lookup = async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const started = performance.now();
    const outcome = await attemptDelivery(attempt(`http://receiver.test:${port}/in`), { allowPrivate: true, timeoutMs: 500, lookup: slowLookup }, new Date());
    const took = performance.now() - started;
    assert.equal(outcome.succeeded, false);
    assert.equal(outcome.error, 'no answer within 500 ms', 'the request had what the lookup left of the 500 ms, not 500 ms more');
    assert.ok(took >= 490, `took ${took} ms: not before the timeout`);
  });

  it('succeeds when lookup and answer fit in the timeout together', async () => {
    const quickLookup: Lookup = async () => [{ address: '127.0.0.1', family: 4 }];
    const outcome = await attemptDelivery(attempt(`http://receiver.test:${port}/in`), { allowPrivate: true, timeoutMs: 2000, lookup: quickLookup }, new Date());
    assert.equal(outcome.succeeded, true, outcome.error ?? '');
    assert.equal(outcome.responseStatus, 200);
    assert.equal(outcome.responseBody, 'late');
  });
});
