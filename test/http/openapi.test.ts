import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Validator } from '@seriousme/openapi-schema-validator';
import { buildTestApp } from '../helpers/app.js';

const t = await buildTestApp();
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

async function fetchDocument(): Promise<any> {
  const response = await t.get('/apiv3/openapi.json', { key: null });
  assert.equal(response.status, 200);
  return response.body;
}

function operations(doc: any): Array<{ path: string; method: string; operation: any }> {
  const out = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const method of METHODS) if (item[method]) out.push({ path, method, operation: item[method] });
  }
  return out;
}

describe('OpenAPI document', () => {
  it('lists every API route with the schemas that validate it', async () => {
    const doc = await fetchDocument();
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
      ['/apiv3/branches', 'delete'],
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
    // U1, A1: the three creates the platform's WooCommerce plugin reads answer 201, every other success 200
    const created = new Set(['post /apiv3/users', 'post /apiv3/multiusers/abandoned-cart', 'post /apiv3/users/{id}/abandoned-cart']);
    for (const [path, method] of [...expected, ['/apiv3/multiusers/abandoned-cart', 'post'], ['/apiv3/users/{id}/abandoned-cart', 'post']] as Array<[string, string]>) {
      const operation = doc.paths[path]?.[method];
      assert.ok(operation, `${method.toUpperCase()} ${path} is documented`);
      const status = created.has(`${method} ${path}`) ? '201' : '200';
      assert.ok(operation.responses?.[status], `${method.toUpperCase()} ${path} documents its ${status} response`);
      assert.equal(operation.responses[status === '200' ? '201' : '200'], undefined, `${method.toUpperCase()} ${path} documents one success status`);
    }
    const createUser = doc.paths['/apiv3/users'].post;
    const bodySchema = createUser.requestBody.content['application/json'].schema;
    assert.equal(bodySchema.properties.email.type, 'string');
    assert.deepEqual(bodySchema.properties.gender.enum, ['M', 'F', 'm', 'f', '']);
    const envelope = createUser.responses['201'].content['application/json'].schema;
    assert.deepEqual(Object.keys(envelope.properties).sort(), ['code', 'message', 'payload', 'time']);
    // the two bare responses of the spec are documented bare
    const events = doc.paths['/apiv3/events'].get.responses['200'].content['application/json'].schema;
    assert.equal(events.type, 'array');
    assert.equal(JSON.stringify(doc).includes('__boom'), false);
    // nothing outside the API is in it
    for (const path of Object.keys(doc.paths)) assert.match(path, /^\/apiv3\//);
    assert.equal(doc.paths['/apiv3/openapi.json'], undefined);
  });

  it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
    const doc = await fetchDocument();
    const validator = new Validator();
    const result = await validator.validate(doc);
    assert.equal(result.valid, true, JSON.stringify(result.errors, null, 2)?.slice(0, 4000));
    assert.equal(validator.version, '3.1');
    assert.doesNotThrow(() => validator.resolveRefs());
  });

  it('gives every operation a unique camelCase operationId, tags and a summary', async () => {
    const doc = await fetchDocument();
    const seen = new Map<string, string>();
    const all = operations(doc);
    assert.ok(all.length >= 52, `only ${all.length} operations`);
    for (const { path, method, operation } of all) {
      const where = `${method.toUpperCase()} ${path}`;
      assert.match(operation.operationId ?? '', /^[a-z][A-Za-z0-9]*$/, `${where} operationId`);
      assert.equal(seen.get(operation.operationId), undefined, `${where} repeats the operationId of ${seen.get(operation.operationId)}`);
      seen.set(operation.operationId, where);
      assert.ok(Array.isArray(operation.tags) && operation.tags.length > 0, `${where} has tags`);
      assert.ok(operation.summary, `${where} has a summary`);
    }
    // generated from method and path when the route names none
    assert.equal(doc.paths['/apiv3/users/{id}/points'].post.operationId, 'postUsersByIdPoints');
    assert.equal(doc.paths['/apiv3/account/blacklist/{blacklist}/{value}'].get.operationId, 'getAccountBlacklistByBlacklistByValue');
  });

  it('declares the error responses each operation can answer, all with the shared ErrorEnvelope', async () => {
    const doc = await fetchDocument();
    const component = doc.components.schemas.ErrorEnvelope;
    assert.deepEqual(component.required.sort(), ['code', 'message', 'payload', 'time']);
    assert.equal(component.properties.payload.type, 'null');
    for (const { path, method, operation } of operations(doc)) {
      const where = `${method.toUpperCase()} ${path}`;
      const expected = ['400', '403', '429', '500', '503'];
      if (path.includes('{')) expected.push('404', '414');
      if (method !== 'get') expected.push('409', '413', '415');
      for (const status of expected) {
        const response = operation.responses[status];
        assert.ok(response, `${where} declares ${status}`);
        assert.ok(response.description && response.description !== 'Default Response', `${where} ${status} is described`);
        const media = response.content['application/json'];
        assert.equal(media.schema.$ref, '#/components/schemas/ErrorEnvelope', `${where} ${status} uses the component`);
        assert.equal(media.example.payload, null, `${where} ${status} has an example`);
        assert.equal(typeof media.example.code, 'string');
      }
      if (method === 'get') assert.equal(operation.responses['415'], undefined, `${where}: no body, no 415`);
      if (!path.includes('{')) assert.equal(operation.responses['414'], undefined, `${where}: no path parameter, no 414`);
      assert.equal(operation.responses['405'], undefined, `${where}: 405 is about a path, not an operation`);
      assert.ok(operation.responses['429'].headers['retry-after'], `${where} 429 documents Retry-After`);
      if (method === 'get') assert.equal(operation.responses['409'], undefined, `${where}: reads take no Idempotency-Key, no 409`);
      else assert.ok(operation.responses['409'].headers['retry-after'], `${where} 409 documents Retry-After`);
    }
  });

  it('documents the Idempotency-Key header of every write and the Idempotent-Replayed header of its success (D6)', async () => {
    const doc = await fetchDocument();
    const parameter = doc.components.parameters.IdempotencyKey;
    assert.deepEqual({ name: parameter.name, in: parameter.in, required: parameter.required }, { name: 'Idempotency-Key', in: 'header', required: false });
    assert.deepEqual([parameter.schema.minLength, parameter.schema.maxLength], [1, 255]);
    let writes = 0;
    for (const { path, method, operation } of operations(doc)) {
      const refs = (operation.parameters ?? []).filter((p: { $ref?: string }) => p.$ref === '#/components/parameters/IdempotencyKey');
      const success = Object.entries<any>(operation.responses).filter(([status]) => status.startsWith('2'));
      if (method === 'get') {
        assert.equal(refs.length, 0, `GET ${path}`);
        for (const [, response] of success) assert.equal(response.headers?.['Idempotent-Replayed'], undefined, `GET ${path}`);
        continue;
      }
      writes += 1;
      assert.equal(refs.length, 1, `${method.toUpperCase()} ${path} takes Idempotency-Key`);
      for (const [status, response] of success) assert.ok(response.headers?.['Idempotent-Replayed'], `${method.toUpperCase()} ${path} ${status}`);
    }
    assert.ok(writes >= 30, `only ${writes} writes`);
  });

  it('shows examples of request bodies', async () => {
    const doc = await fetchDocument();
    const example = doc.paths['/apiv3/user-events'].post.requestBody.content['application/json'].example;
    assert.deepEqual(Object.keys(example).sort(), ['datetime', 'event', 'metadata', 'service_uid']);
    assert.ok(doc.paths['/apiv3/integration-stats'].post.requestBody.content['application/json'].example.files_stats);
  });

  it('documents the multipart body of the blacklist upload', async () => {
    const doc = await fetchDocument();
    const upload = doc.paths['/apiv3/account/blacklist'].post;
    const media = upload.requestBody.content['multipart/form-data'];
    assert.deepEqual(Object.keys(media.schema.properties).sort(), ['blacklist', 'file', 'type']);
    assert.deepEqual(media.schema.required.sort(), ['blacklist', 'file', 'type']);
    assert.equal(media.schema.properties.file.format, 'binary');
    assert.deepEqual(media.schema.properties.type.enum, ['create', 'delete-create']);
    assert.equal(media.example.blacklist, 'email');
    assert.equal(upload.requestBody.content['application/json'], undefined);
  });

  it('answers the statuses it declares: an error of each kind is the documented envelope', async () => {
    const doc = await fetchDocument();
    const declared = (path: string, method: string, status: number) => Boolean(doc.paths[path][method].responses[String(status)]);
    const cases: Array<[string, string, () => Promise<{ status: number; body: any }>]> = [
      ['/apiv3/users', 'get', () => t.get('/apiv3/users?limit=0')],
      ['/apiv3/users', 'get', () => t.get('/apiv3/users', { key: null })],
      ['/apiv3/events/{id}', 'delete', () => t.delete('/apiv3/events/12345')],
      ['/apiv3/categories/{code}', 'get', () => t.get(`/apiv3/categories/${'c'.repeat(1025)}`)],
      ['/apiv3/categories', 'post', () => t.post('/apiv3/categories', 'code=a', { headers: { 'content-type': 'text/plain' } })],
    ];
    for (const [path, method, send] of cases) {
      const response = await send();
      assert.ok(declared(path, method, response.status), `${method} ${path} answered ${response.status}, which it does not declare`);
      assert.equal(response.body.payload, null);
      assert.equal(typeof response.body.code, 'string');
    }
  });
});
