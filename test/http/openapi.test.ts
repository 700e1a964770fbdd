import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';

const t = await buildTestApp();

describe('OpenAPI document', () => {
  it('lists every API route with the schemas that validate it', async () => {
    const response = await t.get('/apiv3/openapi.json', { key: null });
    assert.equal(response.status, 200);
    const doc = response.body;
    assert.equal(doc.openapi, '3.1.0');
    const expected: Array<[string, string]> = [
      ['/apiv3/users', 'post'],
      ['/apiv3/users', 'get'],
      ['/apiv3/users/{id}', 'get'],
      ['/apiv3/users/{id}', 'put'],
      ['/apiv3/users/{id}/exist', 'get'],
      ['/apiv3/users/{id}/points', 'post'],
      ['/apiv3/multiusers', 'put'],
      ['/apiv3/multiusers/find', 'get'],
      ['/apiv3/multiusers/exist', 'get'],
      ['/apiv3/account/custom-attributes', 'post'],
      ['/apiv3/account/product-custom-attributes/{name}', 'put'],
      ['/apiv3/account/purchase-custom-attributes/{name}', 'delete'],
      ['/apiv3/account/purchase-item-custom-attributes', 'get'],
      ['/apiv3/benefits', 'get'],
      ['/apiv3/benefits/all', 'get'],
      ['/apiv3/benefits/{benefit_id}/assign', 'post'],
      ['/apiv3/coupons', 'get'],
      ['/apiv3/categories', 'delete'],
      ['/apiv3/categories/bulk', 'delete'],
      ['/apiv3/integration-stats', 'post'],
      ['/apiv3/integration-stats', 'get'],
      ['/apiv3/account/blacklist', 'post'],
      ['/apiv3/account/blacklist', 'delete'],
      ['/apiv3/events', 'get'],
      ['/apiv3/events', 'post'],
      ['/apiv3/events/{id}', 'delete'],
      ['/apiv3/user-events', 'post'],
      ['/apiv3/user-events', 'get'],
      ['/apiv3/user-events/bulk', 'delete'],
      ['/apiv3/requests/{request_id}', 'get'],
    ];
    for (const [path, method] of expected) {
      const operation = doc.paths[path]?.[method];
      assert.ok(operation, `${method.toUpperCase()} ${path} is documented`);
      assert.ok(operation.responses?.['200'], `${method.toUpperCase()} ${path} documents its 200 response`);
    }
    const createUser = doc.paths['/apiv3/users'].post;
    const bodySchema = createUser.requestBody.content['application/json'].schema;
    assert.equal(bodySchema.properties.email.type, 'string');
    const envelope = createUser.responses['200'].content['application/json'].schema;
    assert.deepEqual(Object.keys(envelope.properties).sort(), ['code', 'message', 'payload', 'time']);
    // the two bare responses of the spec are documented bare
    const events = doc.paths['/apiv3/events'].get.responses['200'].content['application/json'].schema;
    assert.equal(events.type, 'array');
    assert.equal(JSON.stringify(doc).includes('__boom'), false);
  });
});
