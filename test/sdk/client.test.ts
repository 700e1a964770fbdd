import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  decodeBase64Url,
  encodeBase64Url,
  encodeBranchName,
  encodeSku,
  encodeUserRef,
  paginate,
} from '../../packages/sdk/src/index.js';
import { rapportError, startSdkServer } from './server.js';

const t = await startSdkServer();
const { sdk } = t;

/** A client that counts its requests and remembers the last X-Request-Id. */
function recordingClient(apiKey = t.key) {
  const seen = { requests: [] as string[], lastRequestId: null as string | null };
  const client = t.client({
    apiKey,
    fetch: async (request) => {
      seen.requests.push(`${request.method} ${new URL(request.url).pathname}${new URL(request.url).search}`);
      const response = await fetch(request);
      seen.lastRequestId = response.headers.get('x-request-id');
      return response;
    },
  });
  return { client, seen };
}

describe('base64 identifiers (U3, P1, P4)', () => {
  test('encodings are URL-safe, unpadded, UTF-8, and decode back from every accepted form', () => {
    assert.equal(encodeBase64Url('>>>???'), 'Pj4-Pz8_'); // standard: Pj4+Pz8/
    assert.equal(encodeBase64Url('ab'), 'YWI'); // standard: YWI=
    assert.equal(encodeBase64Url('Ñandú'), 'w5FhbmTDug');
    assert.equal(decodeBase64Url('Pj4-Pz8_'), '>>>???');
    assert.equal(decodeBase64Url('Pj4%2BPz8%2F'), '>>>???'); // standard, URL-encoded
    assert.equal(decodeBase64Url('YWI='), 'ab');
    assert.equal(decodeBase64Url('w5FhbmTDug'), 'Ñandú');
    assert.equal(encodeUserRef(42), '42');
    assert.equal(encodeUserRef('42'), 'NDI');
    assert.throws(() => encodeUserRef(0), RangeError);
    assert.throws(() => encodeUserRef(1.5), RangeError);
  });

  test('a user is found by userapp_id (number) and by service_uid (string), digits included', async () => {
    const first = await sdk.POST('/users', { body: { service_uid: '>>>???', email: 'first@example.com' } });
    // A service_uid that reads like the first user's id: as a string it is base64-encoded, never an id.
    const second = await sdk.POST('/users', { body: { service_uid: String(first.userapp_id), email: 'second@example.com' } });
    const byId = await sdk.GET('/users/{id}', { params: { path: { id: encodeUserRef(first.userapp_id) } } });
    assert.equal(byId.email, 'first@example.com');
    const byUid = await sdk.GET('/users/{id}', { params: { path: { id: encodeUserRef('>>>???') } } });
    assert.equal(byUid.userapp_id, first.userapp_id);
    const byDigits = await sdk.GET('/users/{id}', { params: { path: { id: encodeUserRef(String(first.userapp_id)) } } });
    assert.equal(byDigits.userapp_id, second.userapp_id);
    const exist = await sdk.GET('/users/{id}/exist', { params: { path: { id: encodeUserRef('Ñandú') } } });
    assert.deepEqual(exist, { exist: false });
  });

  test('a product is read, updated and deleted by its SKU', async () => {
    const sku = 'SKU/1+2 ñ?';
    await sdk.POST('/products', { body: { sku, name: 'Boots', price: 10 } });
    const id = encodeSku(sku);
    assert.equal((await sdk.GET('/products/{sku}', { params: { path: { sku: id } } })).name, 'Boots');
    const updated = await sdk.PUT('/products/{sku}', { params: { path: { sku: id } }, body: { price: 12.5 } });
    assert.equal(updated.price, 12.5);
    assert.equal(updated.exist, true);
    await sdk.DELETE('/products/{sku}', { params: { path: { sku: id } } });
    assert.deepEqual(await sdk.GET('/products/{sku}/exist', { params: { path: { sku: id } } }), { exist: false });
  });

  test('a branch is updated by its name, even one with a slash', async () => {
    const created = await sdk.POST('/branches', { body: { name: 'Centro / Norte?' } });
    const updated = await sdk.PUT('/branches/{id}', {
      params: { path: { id: encodeBranchName('Centro / Norte?') } },
      body: { description: 'renovated' },
    });
    assert.equal(updated.id, created.id);
    assert.equal(updated.description, 'renovated');
    const error = await rapportError(sdk.PUT('/branches/{id}', { params: { path: { id: encodeBranchName('Nowhere') } }, body: { notes: 'x' } }));
    assert.equal(error.status, 404);
  });
});

describe('envelope', () => {
  test('calls answer the payload; the raw client keeps the envelope', async () => {
    const created = await sdk.POST('/categories', { body: { code: 'shoes', name: 'Shoes' } });
    assert.equal(created.code, 'shoes');
    const raw = await sdk.raw.GET('/categories/{code}', { params: { path: { code: 'shoes' } } });
    assert.equal(raw.response.status, 200);
    assert.equal(raw.data?.code, 'ok');
    assert.match(raw.data?.time ?? '', /^\d+ms$/);
    assert.equal(raw.data?.payload.name, 'Shoes');
    assert.deepEqual(await sdk.GET('/categories/{code}', { params: { path: { code: 'shoes' } } }), raw.data?.payload);
  });

  test('a null payload is null', async () => {
    assert.equal(await sdk.DELETE('/account/blacklist', { params: { query: { blacklist: 'email' } }, body: {} }), null);
  });

  test('the two bare event routes answer their body as it is', async () => {
    const event = await sdk.POST('/events', { body: { name: 'bare-check' } });
    assert.equal(event.name, 'bare-check');
    assert.equal(typeof event.id, 'number');
    const events = await sdk.GET('/events');
    assert.ok(Array.isArray(events));
    assert.ok(events.some((e) => e.id === event.id));
  });
});

describe('errors', () => {
  test('a wrong key is a RapportError 403 forbidden with the request id', async () => {
    const { client, seen } = recordingClient('rk_wrong-key-0000000000');
    const error = await rapportError(client.GET('/users'));
    assert.equal(error.name, 'RapportError');
    assert.equal(error.status, 403);
    assert.equal(error.code, 'forbidden');
    assert.equal(error.message, 'invalid or inexistent apikey');
    assert.ok(seen.lastRequestId);
    assert.equal(error.requestId, seen.lastRequestId);
  });

  test('an unknown id is 404 not_found', async () => {
    const error = await rapportError(sdk.GET('/users/{id}', { params: { path: { id: encodeUserRef('nobody') } } }));
    assert.equal(error.status, 404);
    assert.equal(error.code, 'not_found');
    assert.match(error.message, /^no user with id /);
  });

  test('invalid input is 400 bad_request naming the field', async () => {
    const error = await rapportError(sdk.POST('/users', { body: { service_uid: 'bad-mail', email: 'not-an-address' } }));
    assert.equal(error.status, 400);
    assert.equal(error.code, 'bad_request');
    assert.match(error.message, /email/);
    const paging = await rapportError(sdk.GET('/users', { params: { query: { limit: 500 } } }));
    assert.equal(paging.code, 'bad_request');
    assert.match(paging.message, /^limit: /);
  });

  test('a bare route answers its errors in the envelope too', async () => {
    await sdk.POST('/events', { body: { name: 'twice' } });
    const error = await rapportError(sdk.POST('/events', { body: { name: 'twice' } }));
    assert.equal(error.status, 400);
    assert.equal(error.code, 'bad_request');
  });

  test('a body that is not the envelope still gives status and text', async () => {
    const client = t.client({ fetch: async () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }) });
    const error = await rapportError(client.GET('/users'));
    assert.equal(error.status, 502);
    assert.equal(error.code, 'http_502');
    assert.equal(error.message, '<html>bad gateway</html>');
    assert.equal(error.requestId, null);
  });
});

describe('pagination', () => {
  test('iterates every item, one request per page, stopping on a short page', async () => {
    for (let i = 0; i < 7; i += 1) await sdk.POST('/users', { body: { service_uid: `page-${i}`, email: `page${i}@example.com` } });
    await sdk.POST('/users', { body: { service_uid: 'elsewhere', email: 'elsewhere@example.com' } });
    const { client, seen } = recordingClient();
    const uids: (string | null)[] = [];
    for await (const user of client.paginate('/users', { params: { query: { search: 'page-' } } }, { limit: 3 })) uids.push(user.service_uid);
    assert.deepEqual(uids.sort(), ['page-0', 'page-1', 'page-2', 'page-3', 'page-4', 'page-5', 'page-6']);
    assert.deepEqual(seen.requests, [0, 1, 2].map((page) => `GET /apiv3/users?search=page-&page=${page}&limit=3`));
  });

  test('a last full page costs one more request, which comes back empty', async () => {
    const { client, seen } = recordingClient();
    const names: string[] = [];
    for (let i = 0; i < 4; i += 1) await sdk.POST('/events', { body: { name: `paged-${i}` } });
    for await (const event of client.paginate('/events', undefined, { limit: 100 })) names.push(event.name);
    assert.ok(names.length < 100);
    for (let i = 0; i < 4; i += 1) assert.ok(names.includes(`paged-${i}`));
    assert.equal(seen.requests.length, 1);
    seen.requests.length = 0;
    // Exactly one full page: the iterator cannot know it was the last, so it asks once more.
    const again: string[] = [];
    for await (const event of client.paginate('/events', undefined, { limit: names.length })) again.push(event.name);
    assert.deepEqual(again, names);
    assert.deepEqual(seen.requests, [`GET /apiv3/events?page=0&limit=${names.length}`, `GET /apiv3/events?page=1&limit=${names.length}`]);
  });

  test('stopping early reads no further page', async () => {
    const { client, seen } = recordingClient();
    for await (const user of client.paginate('/users', undefined, { limit: 2 })) {
      assert.ok(user.userapp_id > 0);
      break;
    }
    assert.equal(seen.requests.length, 1);
  });

  test('listings under a path id, and the blacklist listing through paginate()', async () => {
    const user = await sdk.POST('/users', { body: { service_uid: 'ledger', email: 'ledger@example.com' } });
    const id = encodeUserRef('ledger');
    for (let i = 1; i <= 5; i += 1) await sdk.POST('/users/{id}/points', { params: { path: { id } }, body: { concept: 'test', points: i, description: `n${i}` } });
    const entries = [];
    for await (const entry of sdk.paginate('/users/{id}/transactions', { params: { path: { id } } }, { limit: 2 })) entries.push(entry.points);
    assert.deepEqual(entries, [5, 4, 3, 2, 1]);
    assert.equal(user.points, 0);

    await sdk.uploadBlacklist({ file: new Blob(['a@example.com\nb@example.com\nc@example.com\n']), blacklist: 'email', type: 'delete-create' });
    const values: string[] = [];
    const pages = paginate(async (page, limit) => (await sdk.GET('/account/blacklist', { params: { query: { blacklist: 'email', page, limit } } })).entries, { limit: 2 });
    for await (const entry of pages) values.push(entry.value);
    assert.deepEqual(values, ['a@example.com', 'b@example.com', 'c@example.com']);
  });

  test('limit is checked before any request', async () => {
    const { client, seen } = recordingClient();
    await assert.rejects(async () => {
      for await (const _ of client.paginate('/users', undefined, { limit: 101 })) break;
    }, RangeError);
    assert.equal(seen.requests.length, 0);
  });
});
