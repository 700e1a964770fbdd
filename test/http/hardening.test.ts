import assert from 'node:assert/strict';
import { type AddressInfo, connect } from 'node:net';
import { describe, it } from 'node:test';
import { encodeBase64Text } from '../../src/lib/base64-id.js';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';

// O4: no input is a 500, and every error — router, parser, validation — is the envelope.

const t = await buildTestApp();

const nested = (depth: number, leaf = '1') => '['.repeat(depth) + leaf + ']'.repeat(depth);

/** POST /events answers bare JSON (the spec's exception to the envelope). */
async function createEvent(name: string) {
  const response = await t.post('/apiv3/events', { name });
  assert.equal(response.status, 200, response.text);
}

describe('errors raised before routing', () => {
  it('answers a malformed percent-encoding with 400 in the envelope, with a request id', async () => {
    for (const url of ['/apiv3/categories/%zz', '/apiv3/categories/a%', '/apiv3/users/%E0%A4%']) {
      const response = await t.get(url);
      expectError(response, 400, 'bad_request', /^path: malformed percent-encoding/);
      assert.ok(response.headers['x-request-id'], url);
    }
  });

  it('answers a path that does not decode to UTF-8 text with 404', async () => {
    for (const url of ['/apiv3/categories/%FF%FE', '/apiv3/users/%C3%28', '/apiv3/benefits/%80']) {
      expectError(await t.get(url), 404, 'not_found', /do not decode to UTF-8/);
    }
  });

  it('routes path parameters of up to 1,024 characters and answers longer ones with 414 uri_too_long', async () => {
    // the category handler answers: the parameter reached it
    expectError(await t.get(`/apiv3/categories/${'c'.repeat(1024)}`), 404, 'not_found', /^category c+ not found$/);
    // counted after percent-decoding: 1,024 é are 6,144 characters on the wire
    expectError(await t.get(`/apiv3/categories/${encodeURIComponent('é'.repeat(1024))}`), 404, 'not_found', /^category é+ not found$/);
    const response = await t.get(`/apiv3/categories/${'c'.repeat(1025)}`);
    expectError(response, 414, 'uri_too_long', /longer than 1024 characters/);
    assert.ok(response.headers['x-request-id']);
  });

  it('reads back a user whose 255-character service_uid travels base64-encoded in the path', async () => {
    const serviceUid = `u${'x'.repeat(254)}`;
    expectOk(await t.post('/apiv3/users', { service_uid: serviceUid }), 201);
    const id = encodeBase64Text(serviceUid);
    assert.ok(id.length > 255);
    assert.equal(expectOk(await t.get(`/apiv3/users/${id}`)).service_uid, serviceUid);
  });

  it('answers a request the HTTP parser rejects in the envelope and closes the connection', async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const { port } = t.app.server.address() as AddressInfo;
      const socket = connect(port, '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write('GET /apiv3/users HTTP/1.1\r\nHost: x\r\nBad Header: \x01\r\n\r\n');
      await closed;
      assert.match(received, /^HTTP\/1\.1 400 /);
      const body = JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4));
      assert.deepEqual({ payload: body.payload, code: body.code }, { payload: null, code: 'bad_request' });
      assert.match(body.message, /malformed HTTP request/);
    } finally {
      await t.app.server.close();
    }
  });
});

describe('paths outside the API', () => {
  it('answers a missing file of the documentation viewer with 404, not 405', async () => {
    expectError(await t.get('/apiv3/docs/static/no-such-file.js', { key: null }), 404, 'not_found');
    const wrongVerb = await t.request('POST', '/apiv3/docs/static/index.html', { key: null });
    expectError(wrongVerb, 405, 'method_not_allowed');
    assert.equal(wrongVerb.headers.allow, 'GET');
  });
});

describe('U+0000 in any string', () => {
  it('is a 400 naming the field, in a body, a nested body value, a key, a query and a path parameter', async () => {
    expectError(await t.post('/apiv3/categories', { code: 'a\u0000b', name: 'x' }), 400, 'bad_request', /^code: must not contain the character U\+0000$/);
    expectError(
      await t.post('/apiv3/integration-stats', { files_stats: [{ filename: 'a.csv' }, { filename: 'b\u0000.csv' }] }),
      400,
      'bad_request',
      /^files_stats\[1\]\.filename: must not contain/,
    );
    await createEvent('nul-test');
    expectOk(await t.post('/apiv3/users', { service_uid: 'nul-user' }), 201);
    expectError(
      await t.post('/apiv3/user-events', { event: 'nul-test', service_uid: 'nul-user', metadata: { note: { deep: ['ok', 'x\u0000'] } } }),
      400,
      'bad_request',
      /^metadata\.note\.deep\[1\]: must not contain/,
    );
    expectError(
      await t.post('/apiv3/user-events', { event: 'nul-test', service_uid: 'nul-user', metadata: { 'k\u0000': 1 } }),
      400,
      'bad_request',
      /^metadata\.k\\u0000: must not contain/,
    );
    expectError(await t.get('/apiv3/user-events?service_uid=a%00'), 400, 'bad_request', /^service_uid: must not contain/);
    expectError(await t.get('/apiv3/categories/a%00b'), 400, 'bad_request', /^code: must not contain/);
    expectError(await t.post('/apiv3/categories', { code: 'x\u0000', name: 'x' }, { form: true }), 400, 'bad_request', /^code: must not contain/);
    // nothing was stored
    const events = expectOk(await t.get('/apiv3/user-events?service_uid=nul-user'));
    assert.deepEqual(events, []);
    assert.deepEqual(expectOk(await t.get('/apiv3/categories')), []);
  });

  it('is ignored in a field the route drops (unknown fields are never looked at, G8)', async () => {
    expectOk(await t.post('/apiv3/categories', { code: 'kept', name: 'Kept', unknown: 'a\u0000' }));
  });
});

describe('JSON nesting', () => {
  it('accepts 32 levels and answers 33 or more with 400, whatever the depth, without exhausting the stack', async () => {
    await createEvent('depth');
    expectOk(await t.post('/apiv3/users', { service_uid: 'depth-user' }), 201);
    const body = (inner: string) => `{"event":"depth","service_uid":"depth-user","metadata":{"a":${inner}}}`;
    // the body object, metadata and its value: 2 levels, then the arrays
    expectOk(await t.post('/apiv3/user-events', body(nested(30))));
    for (const depth of [31, 40, 100_000]) {
      expectError(await t.post('/apiv3/user-events', body(nested(depth))), 400, 'bad_request', /^body: must not nest arrays and objects deeper than 32 levels$/);
    }
    expectError(await t.post('/apiv3/integration-stats', nested(500_000)), 400, 'bad_request', /deeper than 32/);
  });

  it('does not count brackets inside strings', async () => {
    const text = JSON.stringify({ event: 'depth', service_uid: 'depth-user', metadata: { note: '['.repeat(100) + '\\"{'.repeat(50) } });
    expectOk(await t.post('/apiv3/user-events', text));
  });
});

describe('integer bounds (the same answer on both databases)', () => {
  it('bounds page so the offset fits every database', async () => {
    assert.deepEqual(expectOk(await t.get('/apiv3/user-events?page=1000000&limit=100')), []);
    expectError(await t.get('/apiv3/user-events?page=1000001'), 400, 'bad_request', /^page: must be <= 1000000$/);
    expectError(await t.get('/apiv3/benefits/all?page=99999999999999999999'), 400, 'bad_request', /^page: /);
  });

  it('bounds 32-bit ids and counters with 400 naming the field', async () => {
    expectError(await t.delete('/apiv3/events/2147483647'), 404, 'not_found');
    expectError(await t.delete('/apiv3/events/2147483648'), 400, 'bad_request', /^id: must be <= 2147483647$/);
    expectError(await t.get('/apiv3/benefits/99999999999999999999'), 400, 'bad_request', /^id: /);
    const benefit = { title: 'Bounded', startdate: '2026-01-01', enddate: '2026-12-31' };
    expectError(await t.post('/apiv3/benefits', { ...benefit, points: 2147483648 }), 400, 'bad_request', /^points: must be <= 2147483647$/);
    expectError(await t.post('/apiv3/benefits', { ...benefit, stock: 2147483648 }), 400, 'bad_request', /^stock: /);
    expectError(await t.post('/apiv3/benefits', { ...benefit, monthly_redeems: '99999999999' }), 400, 'bad_request', /^monthly_redeems: /);
    expectOk(await t.post('/apiv3/benefits', { ...benefit, points: 2147483647, stock: 2147483647 }));
  });

  it('bounds 64-bit counters kept as JSON at 2^53-1', async () => {
    expectOk(await t.post('/apiv3/integration-stats', { customers: { created: Number.MAX_SAFE_INTEGER } }));
    expectError(await t.post('/apiv3/integration-stats', { customers: { created: 1e20 } }), 400, 'bad_request', /^customers\.created: must be <= 9007199254740991$/);
  });
});
