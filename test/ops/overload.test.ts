import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { expectError, expectOk } from '../helpers/assertions.js';
import { type OpsApp, opsApp, withSharedDatabase } from './support.js';

// O5 load shedding, forced with tiny thresholds: an overloaded process answers new requests at once
// with the envelope 503 and Retry-After, keeps /health, /ready and /metrics answering, and serves
// again as soon as the load is gone.

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
}

function send(base: string, path: string, key?: string, agent: http.Agent | false = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { headers: key ? { authorization: `Basic ${key}` } : {}, agent }, (response) => {
      let text = '';
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => {
        const json = String(response.headers['content-type']).startsWith('application/json');
        resolve({ status: response.statusCode!, headers: response.headers, body: json ? JSON.parse(text) : text });
      });
    });
    request.on('error', reject);
    request.end();
  });
}

/** Asks again every 20 ms (up to 100 times) until an answer is the one wanted. */
async function firstAnswer<T extends { status: number }>(ask: () => Promise<T>, wanted: (answer: T) => boolean): Promise<T | undefined> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const answer = await ask();
    if (wanted(answer)) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}

function expectShed(answer: Answer): void {
  assert.equal(answer.status, 503, JSON.stringify(answer.body));
  assert.equal(answer.body.code, 'service_unavailable');
  assert.equal(answer.body.payload, null);
  assert.match(answer.body.message, /overloaded; retry in \d s/);
  assert.match(String(answer.headers['retry-after']), /^[1-3]$/);
  assert.match(String(answer.headers['x-request-id']), /^[0-9a-f-]{36}$/);
}

describe('load shedding', () => {
  const suite = withSharedDatabase(2);

  it('refuses requests beyond OVERLOAD_MAX_IN_FLIGHT at once, and serves again when they finish', async () => {
    const { app } = await opsApp(suite.shared.handles[0]!, { overloadMaxInFlight: 1, overloadEventLoopDelayMs: 0 });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      // One request in flight: headers sent, body still coming.
      const body = JSON.stringify({ service_uid: 'slow-1' });
      const slow = http.request(`${base}/apiv3/users`, {
        method: 'POST',
        agent: false,
        headers: { authorization: `Basic ${suite.key}`, 'content-type': 'application/json', 'content-length': String(body.length) },
      });
      const slowAnswer = new Promise<number>((resolve, reject) => {
        slow.on('response', (response) => {
          response.resume();
          resolve(response.statusCode!);
        });
        slow.on('error', reject);
      });
      slow.write(body.slice(0, 5));
      slow.flushHeaders();
      // wait until the server has it in flight: then a second request is one too many
      const refused = await firstAnswer(() => send(base, '/apiv3/users', suite.key), (answer) => answer.status === 503);
      assert.ok(refused, 'a second request while one is in flight is refused');
      expectShed(refused);
      // the probes are never shed
      assert.equal((await send(base, '/health')).status, 200);
      assert.equal((await send(base, '/ready')).status, 200);
      assert.equal((await send(base, '/metrics', suite.key)).status, 200);

      slow.end(body.slice(5));
      assert.equal(await slowAnswer, 201); // POST /users answers 201 (U1)
      const served = await send(base, '/apiv3/users', suite.key);
      assert.equal(served.status, 200);
      assert.equal(served.body.code, 'ok');
    } finally {
      await app.close();
    }
  });

  it('refuses before reading or parsing the body, and the keep-alive connection serves again afterwards', async () => {
    const { app } = await opsApp(suite.shared.handles[0]!, { overloadMaxInFlight: 1, overloadEventLoopDelayMs: 0 });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const post = (body: string) =>
      new Promise<Answer & { socket: unknown }>((resolve, reject) => {
        const request = http.request(`${base}/apiv3/users`, { method: 'POST', agent, headers: { authorization: `Basic ${suite.key}`, 'content-type': 'application/json' } }, (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: JSON.parse(text), socket: request.socket }));
        });
        request.on('error', reject);
        request.end(body);
      });
    let slow: http.ClientRequest | undefined;
    try {
      // One request in flight (its body never comes) makes any other one too many.
      slow = http.request(`${base}/apiv3/users`, { method: 'POST', agent: false, headers: { authorization: `Basic ${suite.key}`, 'content-type': 'application/json', 'content-length': '100' } });
      slow.on('error', () => {});
      slow.flushHeaders();
      // Malformed JSON: parsed, it would be a 400; refused first, it is the 503.
      const refused = await firstAnswer(() => post('{"service_uid": broken'), (answer) => answer.status === 503);
      assert.ok(refused, 'refused while another request is in flight');
      expectShed(refused);
      // the probes are never shed, whatever the query or a trailing slash
      assert.equal((await send(base, '/health?probe=1')).status, 200);
      assert.equal((await send(base, '/ready/')).status, 200);
      // nor the console's page (its API calls are shed like any other request)
      const consolePage = await send(base, '/console/');
      assert.equal(consolePage.status, 200);
      assert.match(String(consolePage.headers['content-type']), /^text\/html/);
      expectShed(await send(base, '/apiv3/users', suite.key));

      slow.destroy();
      // The same connection (its unread body discarded) serves the next request.
      const served = await firstAnswer(() => post(JSON.stringify({ service_uid: 'after-refusal' })), (answer) => answer.status !== 503);
      assert.equal(served?.status, 201, JSON.stringify(served?.body)); // POST /users answers 201 (U1)
      assert.equal(served.body.code, 'ok');
      assert.equal(served.socket, refused.socket, 'the keep-alive connection was reused');
    } finally {
      slow?.destroy(); // a failed assertion must not leave app.close() waiting for it
      agent.destroy();
      await app.close();
    }
  });

  it('refuses requests while the event loop is saturated, then recovers', async () => {
    const overloaded = await opsApp(suite.shared.handles[1]!, { overloadEventLoopDelayMs: 1, overloadMaxInFlight: 0 });
    try {
      // Saturate the loop for longer than a sample (250 ms); the sample that follows sees it.
      const until = Date.now() + 600;
      while (Date.now() < until);
      await new Promise((resolve) => setTimeout(resolve, 20));
      const refused = await overloaded.call('GET', '/apiv3/users', { key: suite.key });
      expectError(refused, 503, 'service_unavailable', /overloaded/);
      assert.match(String(refused.headers['retry-after']), /^[1-3]$/);
      assert.equal((await overloaded.call('GET', '/health')).status, 200, 'liveness is never shed');

      // An idle loop is not overloaded: within a few samples requests are served again.
      let status = 503;
      for (let attempt = 0; attempt < 40 && status === 503; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await overloaded.call('GET', '/apiv3/users', { key: suite.key })).status;
      }
      assert.equal(status, 200);

      const metrics = await overloaded.call('GET', '/metrics', { key: suite.key });
      assert.match(metrics.text, /^rapport_http_shed_requests_total\{reason="event_loop_delay"\} [1-9]\d*$/m);
    } finally {
      await overloaded.app.close();
    }
  });

  it('refuses part of a burst that takes longer than the target, at once and in the envelope', async () => {
    const { app } = await opsApp(suite.shared.handles[1]!, { overloadEventLoopDelayMs: 5, overloadMaxInFlight: 0 });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    try {
      // On a loaded machine (CI runs three test files at once) a 5 ms target can also trip the
      // sustained-overload share before the burst and refuse all of it; that share recovers within
      // a few samples, so the burst is retried after a pause until it starts on a calm loop; a burst
      // with nothing refused is sent again too.
      // The burst goes over connections opened beforehand: the server accepts one new connection per
      // turn of its loop, so 300 fresh connections spread the burst over as many turns, each under
      // 5 ms on a quiet machine (nothing refused: seen on CI's PostgreSQL pass).
      const agent = new http.Agent({ keepAlive: true, maxSockets: 300 });
      await Promise.all(Array.from({ length: 300 }, () => send(base, '/health', undefined, agent)));
      let answers: Awaited<ReturnType<typeof send>>[] = [];
      for (let attempt = 0; attempt < 8; attempt += 1) {
        answers = await Promise.all(Array.from({ length: 300 }, () => send(base, '/apiv3/users?limit=100', suite.key, agent)));
        const refusedNow = answers.filter((answer) => answer.status === 503).length;
        if (refusedNow > 0 && refusedNow < answers.length) break;
        await new Promise((resolve) => setTimeout(resolve, refusedNow === 0 ? 100 : 1_000));
      }
      const refused = answers.filter((answer) => answer.status === 503);
      // (How much is served depends on how the burst spreads over turns of the loop and how busy the
      // machine is; on a quiet machine most of the first turn's 5 ms is.)
      assert.ok(refused.length > 0, 'a burst of 300 takes longer than 5 ms: part of it is refused');
      for (const answer of refused) expectShed(answer);
      for (const answer of answers.filter((a) => a.status !== 503)) assert.equal(answer.status, 200);
      agent.destroy();
    } finally {
      await app.close();
    }
  });

  it('sheds nothing when both signals are off', async () => {
    const calm: OpsApp = await opsApp(suite.shared.handles[1]!, { overloadEventLoopDelayMs: 0, overloadMaxInFlight: 0 });
    try {
      const until = Date.now() + 400;
      while (Date.now() < until);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expectOk(await calm.call('GET', '/apiv3/users', { key: suite.key }));
    } finally {
      await calm.app.close();
    }
  });
});
