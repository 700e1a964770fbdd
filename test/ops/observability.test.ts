import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { loggerOptions, requestIds } from '../../src/http/logging.js';
import { usingPostgres } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { type OpsApp, opsApp, withSharedDatabase } from './support.js';

// Item 8: request ids, GET /metrics, CORS_ORIGINS and TRUST_PROXY, seen from outside.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[48][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/; // random (v4) or per-process random + count (v8)

/** A pino destination that keeps the parsed log lines. */
function logCapture() {
  const lines: Array<Record<string, any>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

/** An app logging at `level` into a capture, with a route that fails; made before the describe's tests. */
function loggingApp(suite: ReturnType<typeof withSharedDatabase>, level: string) {
  const log = logCapture();
  const made = { api: undefined as unknown as OpsApp, log };
  before(async () => {
    made.api = await opsApp(
      suite.shared.handles[0]!,
      {},
      {
        logger: { ...(loggerOptions(level) as object), stream: log.stream },
        beforeReady: (app) =>
          app.get('/test-failure', async () => {
            throw new Error('deliberate failure');
          }),
      },
    );
  });
  after(() => made.api.app.close());
  return made;
}

describe('observability and HTTP settings', () => {
  const suite = withSharedDatabase(1);

  describe('request ids', () => {
    const made = loggingApp(suite, 'info');
    const { log } = made;

    it('are fresh UUIDs, different for every request, in the X-Request-Id header and the log line', async () => {
      const first = await made.api.call('GET', '/apiv3/users', { key: suite.key });
      const second = await made.api.call('GET', '/health');
      const ids = [first.headers['x-request-id'], second.headers['x-request-id']].map(String);
      for (const id of ids) assert.match(id, UUID);
      assert.notEqual(ids[0], ids[1]);
      const logged = log.lines.filter((line) => line.msg === 'request completed').map((line) => line.reqId);
      assert.ok(logged.includes(ids[0]) && logged.includes(ids[1]), 'each id is the reqId of its log line');
    });

    it('of two processes (or one restarted) never meet: each starts from its own random bits', () => {
      const [first, second] = [requestIds(), requestIds()]; // what two process starts draw
      const ids = [first(), first(), second(), second()];
      for (const id of ids) assert.match(id, UUID);
      assert.equal(new Set(ids).size, 4);
      assert.notEqual(ids[0]!.slice(0, 24), ids[2]!.slice(0, 24));
    });

    it('keep a sane incoming X-Request-Id and replace anything else', async () => {
      const sane = 'lb-7f3a9c21:0042';
      assert.equal((await made.api.call('GET', '/health', { headers: { 'x-request-id': sane } })).headers['x-request-id'], sane);
      for (const insane of ['short', 'has spaces in it', 'x'.repeat(200), 'quote"and<angle>', '../../etc/passwd']) {
        const id = String((await made.api.call('GET', '/health', { headers: { 'x-request-id': insane } })).headers['x-request-id']);
        assert.match(id, UUID, insane);
      }
    });

    it('are the error id of a 500, in the message, the header and the error log line', async () => {
      const failed = await made.api.call('GET', '/test-failure');
      const message = expectError(failed, 500, 'internal_error');
      const id = String(failed.headers['x-request-id']);
      assert.match(id, UUID);
      assert.ok(message.includes(id), message);
      assert.ok(!failed.text.includes('deliberate failure'), 'no internals in the answer');
      const errorLine = log.lines.find((line) => line.msg === 'unhandled error');
      assert.equal(errorLine?.reqId, id);
      assert.equal(errorLine?.errorId, id);
    });

    it('never log the suite.key, in the header or the query', async () => {
      await made.api.call('GET', `/apiv3/users?apikey=${suite.key}`);
      await made.api.call('GET', '/apiv3/users', { key: suite.key });
      assert.ok(!JSON.stringify(log.lines).includes(suite.key));
    });
  });

  describe('request logging above info', () => {
    const made = loggingApp(suite, 'warn');
    const { log } = made;

    it('logs nothing for a request that goes well, and the error of one that fails with its request id', async () => {
      expectOk(await made.api.call('GET', '/apiv3/users', { key: suite.key }));
      assert.equal(log.lines.length, 0, JSON.stringify(log.lines));
      const failed = await made.api.call('GET', '/test-failure');
      expectError(failed, 500, 'internal_error');
      assert.deepEqual(
        log.lines.map((line) => [line.msg, line.reqId]),
        [['unhandled error', failed.headers['x-request-id']]],
      );
    });
  });

  describe('GET /metrics', () => {
    it('needs a live key; answers Prometheus text with request counts and latencies by route and status', async () => {
      const api = await opsApp(suite.shared.handles[0]!);
      try {
        expectError(await api.call('GET', '/metrics'), 403, 'forbidden');
        expectError(await api.call('GET', '/metrics', { key: 'rk_not-a-key-at-all-000000' }), 403, 'forbidden');
        expectOk(await api.call('GET', '/apiv3/users', { key: suite.key }));
        expectOk(await api.call('GET', '/apiv3/users', { key: suite.key }));
        expectError(await api.call('GET', '/apiv3/users/999999', { key: suite.key }), 404, 'not_found');
        expectError(await api.call('GET', '/no/such/route', { key: suite.key }), 404, 'not_found');

        const metrics = await api.call('GET', `/metrics?apikey=${suite.key}`);
        assert.equal(metrics.status, 200);
        assert.match(String(metrics.headers['content-type']), /^text\/plain; version=0\.0\.4/);
        const text = metrics.text;
        assert.match(text, /^rapport_http_requests_total\{method="GET",route="\/apiv3\/users",status="200"\} 2$/m);
        assert.match(text, /^rapport_http_requests_total\{method="GET",route="\/apiv3\/users\/:id",status="404"\} 1$/m);
        assert.match(text, /^rapport_http_requests_total\{method="GET",route="\(unmatched\)",status="404"\} 1$/m);
        assert.match(text, /^rapport_http_requests_total\{method="GET",route="\/metrics",status="403"\} 2$/m);
        assert.match(text, /^rapport_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/apiv3\/users",status="200"\} 2$/m);
        assert.match(text, /^rapport_http_request_duration_seconds_count\{method="GET",route="\/apiv3\/users",status="200"\} 2$/m);
        assert.match(text, /^rapport_http_in_flight_requests 1$/m); // the scrape itself
        assert.match(text, /^rapport_event_loop_delay_seconds \d/m);
        assert.match(text, /^nodejs_eventloop_lag_seconds \d/m);
        assert.match(text, /^process_resident_memory_bytes \d+/m);
        assert.match(text, /^rapport_background_requests\{status="pending"\} 0$/m);
        assert.match(text, /^rapport_background_requests\{status="running"\} 0$/m);
        assert.match(text, /^rapport_mail_outbox_pending 0$/m);
        assert.match(text, /^rapport_segment_marks_pending 0$/m);
        if (usingPostgres()) {
          assert.match(text, /^rapport_db_pool_connections\{state="max"\} 10$/m);
          assert.match(text, /^rapport_db_pool_connections\{state="in_use"\} \d+$/m);
          assert.match(text, /^rapport_db_pool_connections\{state="waiting"\} 0$/m);
        } else {
          assert.doesNotMatch(text, /rapport_db_pool_connections/);
        }
      } finally {
        await api.app.close();
      }
    });

    it('counts background requests waiting to run', async () => {
      const api = await opsApp(suite.shared.handles[0]!); // the worker is off: accepted requests stay pending
      try {
        expectOk(await api.call('POST', '/apiv3/categories', { key: suite.key, body: { code: 'metrics-cat', name: 'Metrics' } }));
        expectOk(await api.call('DELETE', '/apiv3/categories/bulk', { key: suite.key }));
        const text = (await api.call('GET', '/metrics', { key: suite.key })).text;
        assert.match(text, /^rapport_background_requests\{status="pending"\} 1$/m);
        // G2: the bare key as the whole header works here too (no METRICS_TOKEN)
        assert.equal((await api.call('GET', '/metrics', { headers: { authorization: suite.key } })).status, 200);
      } finally {
        await api.app.close();
      }
    });

    it('with METRICS_TOKEN takes only that token, as a bearer token', async () => {
      const token = 'metrics-token-0123456789abcdef';
      const api = await opsApp(suite.shared.handles[0]!, { metricsToken: token });
      try {
        expectError(await api.call('GET', '/metrics', { key: suite.key }), 403, 'forbidden', /metrics token/);
        expectError(await api.call('GET', '/metrics', { headers: { authorization: `Bearer ${token}x` } }), 403, 'forbidden');
        expectError(await api.call('GET', '/metrics', { headers: { authorization: `Basic ${token}` } }), 403, 'forbidden');
        expectError(await api.call('GET', '/metrics', { headers: { authorization: token } }), 403, 'forbidden');
        expectError(await api.call('GET', '/metrics', { headers: { authorization: suite.key } }), 403, 'forbidden');
        const ok = await api.call('GET', '/metrics', { headers: { authorization: `Bearer ${token}` } });
        assert.equal(ok.status, 200);
        assert.match(ok.text, /^# TYPE rapport_http_requests_total counter$/m);
        expectOk(await api.call('GET', '/apiv3/users', { key: suite.key }), 200); // the API still takes keys
      } finally {
        await api.app.close();
      }
    });
  });

  describe('CORS_ORIGINS', () => {
    it('answers preflights and marks answers for the listed origins only', async () => {
      const api = await opsApp(suite.shared.handles[0]!, { corsOrigins: ['https://app.example.com'] });
      try {
        const preflight = await api.call('OPTIONS', '/apiv3/users', {
          headers: { origin: 'https://app.example.com', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
        });
        assert.equal(preflight.status, 204);
        assert.equal(preflight.headers['access-control-allow-origin'], 'https://app.example.com');
        assert.match(String(preflight.headers['access-control-allow-methods']), /POST/);
        assert.match(String(preflight.headers['access-control-allow-headers']), /Authorization/i);
        assert.match(String(preflight.headers['access-control-allow-headers']), /Idempotency-Key/i); // D6
        const allowed = await api.call('GET', '/apiv3/users', { key: suite.key, headers: { origin: 'https://app.example.com' } });
        expectOk(allowed);
        assert.equal(allowed.headers['access-control-allow-origin'], 'https://app.example.com');
        assert.match(String(allowed.headers['access-control-expose-headers']), /X-Request-Id/);
        assert.match(String(allowed.headers['access-control-expose-headers']), /Idempotent-Replayed/);
        const foreign = await api.call('GET', '/apiv3/users', { key: suite.key, headers: { origin: 'https://evil.example.net' } });
        expectOk(foreign);
        assert.equal(foreign.headers['access-control-allow-origin'], undefined);
      } finally {
        await api.app.close();
      }
    });

    it('sends no CORS header when unset', async () => {
      const api = await opsApp(suite.shared.handles[0]!, { corsOrigins: [] });
      try {
        const answer = await api.call('GET', '/apiv3/users', { key: suite.key, headers: { origin: 'https://app.example.com' } });
        expectOk(answer);
        assert.equal(answer.headers['access-control-allow-origin'], undefined);
      } finally {
        await api.app.close();
      }
    });
  });

  describe('TRUST_PROXY', () => {
    async function loggedIp(trustProxy: boolean | string[]): Promise<string> {
      const log = logCapture();
      const api = await opsApp(suite.shared.handles[0]!, { trustProxy }, { logger: { ...(loggerOptions('info') as object), stream: log.stream } });
      try {
        // app.inject comes from 127.0.0.1
        await api.call('GET', '/health', { headers: { 'x-forwarded-for': '203.0.113.7' } });
        return log.lines.find((line) => line.msg === 'incoming request')!.req.ip;
      } finally {
        await api.app.close();
      }
    }

    it('takes the client address from X-Forwarded-For only from trusted proxies', async () => {
      assert.equal(await loggedIp(false), '127.0.0.1');
      assert.equal(await loggedIp(true), '203.0.113.7');
      assert.equal(await loggedIp(['127.0.0.1/32']), '203.0.113.7');
      assert.equal(await loggedIp(['10.0.0.0/8']), '127.0.0.1');
    });
  });
});
