import assert from 'node:assert/strict';
import { connect, type AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { buildTestApp, createTestDatabase, testConfig } from '../helpers/app.js';
import { keyPrefix } from '../../src/modules/accounts/keys.js';
import { buildAccounts } from '../../src/services.js';
import { expectError, expectOk } from '../helpers/assertions.js';

const t = await buildTestApp();

describe('cross-cutting HTTP behaviour', () => {
  it('answers /health and /ready bare and without a key', async () => {
    const health = await t.get('/health', { key: null });
    assert.equal(health.status, 200);
    assert.deepEqual(health.body, { status: 'ok' });
    const ready = await t.get('/ready', { key: null });
    assert.equal(ready.status, 200);
    assert.deepEqual(ready.body, { status: 'ok' });
  });

  it('rejects a missing, unknown or malformed key with 403 forbidden', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Basic nope-not-a-key' },
      { authorization: `Bearer ${t.key}` },
      { authorization: `bearer ${t.key}` },
      { authorization: `Token ${t.key}` },
      { authorization: `${t.key} ${t.key}` },
      { authorization: `Basic` },
      { authorization: `Basic ${t.key} extra` },
      { authorization: 'rk_not-a-key-at-all' },
    ];
    for (const headers of attempts) {
      expectError(await t.get('/apiv3/users', { key: null, headers }), 403, 'forbidden', /^invalid or inexistent apikey$/);
    }
  });

  it('accepts the key by header (any case of the scheme, or the bare key as the whole value) and by ?apikey=', async () => {
    expectOk(await t.get('/apiv3/users', { key: null, headers: { authorization: `bAsIc ${t.key}` } }));
    // G2: the platform's VTEX app sends the key as the whole header, without a scheme
    expectOk(await t.get('/apiv3/users', { key: null, headers: { authorization: t.key } }));
    expectOk(await t.get('/apiv3/users', { key: null, headers: { authorization: ` ${t.key}  ` } }));
    expectOk(await t.post('/apiv3/users', { service_uid: 'bare-key' }, { key: null, headers: { authorization: t.key } }), 201);
    // a header, even one presenting no key, wins over the query
    expectError(await t.get(`/apiv3/users?apikey=${t.key}`, { key: null, headers: { authorization: `Bearer ${t.key}` } }), 403, 'forbidden');
    expectOk(await t.get(`/apiv3/users?apikey=${t.key}`, { key: null }));
    expectError(await t.get('/apiv3/users?apikey=wrong', { key: null }), 403, 'forbidden');
  });

  it('stops accepting a revoked key on its next request', async () => {
    const other = await t.newAccount('revoked');
    expectOk(await t.get('/apiv3/users', { key: other.key }));
    const accounts = buildAccounts(t.database.db, t.clock);
    assert.equal(await accounts.revokeKey(keyPrefix(other.key)), 1);
    expectError(await t.get('/apiv3/users', { key: other.key }), 403, 'forbidden');
  });

  it('stores keys hashed, never in clear', async () => {
    const rows = await t.database.db.selectFrom('api_keys').selectAll().execute();
    assert.ok(rows.length > 0);
    for (const row of rows) {
      assert.notEqual(row.key_hash, t.key);
      assert.match(row.key_hash, /^[0-9a-f]{64}$/);
      assert.ok(t.key.startsWith(row.prefix) || row.prefix.length === 11);
    }
  });

  it('answers a known path with a wrong verb with 405 and Allow', async () => {
    const response = await t.request('PATCH', '/apiv3/users');
    expectError(response, 405, 'method_not_allowed', /PATCH/);
    assert.equal(response.headers.allow, 'GET, POST');
  });

  it('answers malformed JSON with 400, a wrong content type with 415, a huge body with 413', async () => {
    expectError(await t.post('/apiv3/users', '{"email": '), 400, 'bad_request', /malformed JSON/);
    expectError(
      await t.post('/apiv3/users', 'email=a', { headers: { 'content-type': 'text/plain' } }),
      415,
      'unsupported_media_type',
    );
    const huge = JSON.stringify({ service_uid: 'x', notes: 'a'.repeat(1024 * 1024 + 10) });
    expectError(await t.post('/apiv3/users', huge), 413, 'payload_too_large');
  });

  it('answers an unexpected failure with 500, an error id that is in the log, and no stack', async () => {
    const lines: string[] = [];
    const testDb = await createTestDatabase();
    const app = await buildApp({
      config: testConfig(),
      database: testDb.database,
      logger: { level: 'error', stream: { write: (line: string) => lines.push(line) } },
    });
    app.get('/apiv3/__boom', async () => {
      throw new Error('secret internals');
    });
    try {
      const response = await app.inject({ method: 'GET', url: '/apiv3/__boom' });
      assert.equal(response.statusCode, 500);
      const body = response.json();
      assert.equal(body.code, 'internal_error');
      assert.equal(body.payload, null);
      const errorId = /error id (\S+) /.exec(body.message)?.[1];
      assert.ok(errorId, body.message);
      assert.doesNotMatch(response.body, /secret internals|at .*\.ts/);
      assert.ok(lines.some((line) => line.includes(errorId) && line.includes('secret internals')));
    } finally {
      await app.close();
      await testDb.drop();
    }
  });

  it('serves the OpenAPI 3.1 document bare, without a key', async () => {
    const response = await t.get('/apiv3/openapi.json', { key: null });
    assert.equal(response.status, 200);
    assert.equal(response.body.openapi, '3.1.0');
    assert.equal(typeof response.body.paths, 'object');
    assert.equal(response.body.payload, undefined);
  });

  it('serves the documentation viewer', async () => {
    const response = await t.get('/apiv3/docs/', { key: null });
    assert.equal(response.status, 200);
    assert.match(String(response.headers['content-type']), /text\/html/);
  });

  it('answers an unknown path with 404 not_found in the envelope', async () => {
    expectError(await t.get('/apiv3/no-such-thing'), 404, 'not_found', /no route GET \/apiv3\/no-such-thing/);
  });
});

describe('shutdown', () => {
  it('finishes the request in flight and answers a request arriving during shutdown with 503', async () => {
    const testDb = await createTestDatabase();
    const accounts = buildAccounts(testDb.database.db, t.clock);
    await accounts.bootstrap('shutdown-key-0123456789');
    const app = await buildApp({ config: testConfig({ workerEnabled: false }), database: testDb.database, logger: false });
    let firstArrived!: () => void;
    const arrived = new Promise<void>((resolve) => (firstArrived = resolve));
    app.addHook('onRequest', (_request, _reply, done) => {
      firstArrived();
      done();
    });
    let shutdownBegan!: () => void;
    const closing = new Promise<void>((resolve) => (shutdownBegan = resolve));
    app.addHook('preClose', (done) => {
      shutdownBegan();
      done();
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    const body = JSON.stringify({ service_uid: 'during-shutdown' });
    const head = (method: string, path: string, length: number) =>
      `${method} ${path} HTTP/1.1\r\nHost: x\r\nAuthorization: Basic shutdown-key-0123456789\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
    try {
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(head('POST', '/apiv3/users', body.length) + body.slice(0, 5));
      await arrived;
      const closed = app.close();
      await closing;
      // the rest of the first request, and a second one pipelined behind it on the same connection
      socket.write(body.slice(5) + head('GET', '/apiv3/users', 0));
      await closed;
      await new Promise((resolve) => setTimeout(resolve, 50));
      const statuses = [...received.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1]);
      assert.deepEqual(statuses, ['201', '503'], received); // POST /users answers 201 (U1)
      assert.match(received, /"code":"service_unavailable"/);
      assert.match(received, /retry-after: 5/i);
    } finally {
      socket.destroy();
      await app.close();
      await testDb.drop();
    }
  });
});

describe('readiness', () => {
  it('answers /ready with 503 and Retry-After when the database is unreachable', async () => {
    const testDb = await createTestDatabase();
    const app = await buildApp({ config: testConfig({ workerEnabled: false }), database: testDb.database, logger: false });
    try {
      assert.equal((await app.inject({ method: 'GET', url: '/ready' })).statusCode, 200);
      await testDb.database.close();
      const response = await app.inject({ method: 'GET', url: '/ready' });
      assert.equal(response.statusCode, 503);
      assert.deepEqual(response.json(), { status: 'unavailable' });
      assert.equal(response.headers['retry-after'], '5');
      assert.equal((await app.inject({ method: 'GET', url: '/health' })).statusCode, 200);
    } finally {
      await app.close();
      await testDb.drop();
    }
  });
});

describe('rate limit', () => {
  it('answers 429 too_many_requests with Retry-After once an account spends its budget', async () => {
    const limited = await buildTestApp({ config: { rateLimitPerMinute: 3 } });
    for (let i = 0; i < 3; i += 1) expectOk(await limited.get('/apiv3/users'));
    const response = await limited.get('/apiv3/users');
    expectError(response, 429, 'too_many_requests', /rate limit of 3 requests per minute/);
    assert.match(String(response.headers['retry-after']), /^\d+$/);
    // another account has its own budget
    const other = await limited.newAccount();
    expectOk(await limited.get('/apiv3/users', { key: other.key }));
  });
});
