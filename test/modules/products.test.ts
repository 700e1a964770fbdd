import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { base64Forms, createProduct } from '../helpers/commerce-factories.js';
import { waitForRequest } from '../helpers/requests.js';

const t = await buildTestApp();

const path = (sku: string) => `/apiv3/products/${base64Forms(sku).encoded}`;
const getProduct = async (sku: string, key?: string) => expectOk(await t.get(path(sku), { key }));

const PRODUCT_KEYS = [
  'available',
  'base_name',
  'brand',
  'category',
  'createtime',
  'custom_attributes',
  'description',
  'id',
  'image_url',
  'metadata',
  'name',
  'offer_price',
  'price',
  'sku',
  'specifications',
  'stock',
  'thumbnail_url',
  'updatetime',
  'url',
];

let attributeSeq = 0;
/** A product custom attribute definition; answers its (normalised) name. */
async function productAttribute(fields: Record<string, unknown> = {}, key?: string): Promise<string> {
  attributeSeq += 1;
  const body = { label: `Attr ${attributeSeq}`, field_type: 'text', data_type: 'string', ...fields };
  return expectOk(await t.post('/apiv3/account/product-custom-attributes', body, { key })).name;
}

describe('POST /products', () => {
  it('creates a product with every field and answers the P2 object', async () => {
    t.clock.set('2026-03-01T10:00:00Z');
    try {
      const size = await productAttribute({ data_type: 'integer' });
      const body = {
        sku: 'full-1',
        name: 'Trail Shoe',
        base_name: 'Trail',
        brand: 'Acme',
        description: 'A shoe for trails',
        url: 'https://shop.example/trail',
        image_url: 'https://shop.example/trail.jpg',
        thumbnail_url: 'https://shop.example/trail-t.jpg',
        price: 120.5,
        offer_price: 99.99,
        stock: 7,
        available: false,
        category: [{ id: 'full-shoes', name: 'Shoes' }, 'full-trail'],
        specifications: [{ name: 'color', value: 'red' }],
        metadata: { origin: 'sync', tags: ['a', 'b'], nested: { n: 1 } },
        custom_attributes: { [size]: 42 },
      };
      const product = expectOk(await t.post('/apiv3/products', body));
      assert.deepEqual(Object.keys(product).sort(), PRODUCT_KEYS);
      assert.ok(Number.isInteger(product.id) && product.id > 0);
      const { category: _category, custom_attributes, ...rest } = body;
      for (const [field, value] of Object.entries(rest)) assert.deepEqual(product[field], value, field);
      assert.deepEqual(product.category, [
        { id: 'full-shoes', name: 'Shoes' },
        { id: 'full-trail', name: 'full-trail' },
      ]);
      assert.deepEqual(product.custom_attributes, custom_attributes);
      assert.equal(product.createtime, '2026-03-01 10:00:00');
      assert.equal(product.updatetime, '2026-03-01 10:00:00');
      assert.deepEqual(await getProduct('full-1'), product);
    } finally {
      t.clock.set(null);
    }
  });

  it('answers defaults for what was never given: available true, nulls, [] category and specifications', async () => {
    const product = expectOk(await t.post('/apiv3/products', { sku: 'min-1', name: 'Minimal' }));
    assert.equal(product.available, true);
    for (const field of ['base_name', 'brand', 'description', 'url', 'image_url', 'thumbnail_url', 'price', 'offer_price', 'stock', 'metadata']) {
      assert.equal(product[field], null, field);
    }
    assert.deepEqual(product.category, []);
    assert.deepEqual(product.specifications, []);
    assert.deepEqual(product.custom_attributes, {});
  });

  it('treats null as not given (G8) and ignores unknown keys', async () => {
    const product = expectOk(
      await t.post('/apiv3/products', {
        sku: 'null-1',
        name: 'Nulls',
        price: null,
        offer_price: null,
        stock: null,
        available: null,
        category: null,
        metadata: null,
        id: 999,
        exist: true,
        createtime: '2000-01-01 00:00:00',
        cleanser: { prettify: true },
      }),
    );
    assert.equal(product.price, null);
    assert.equal(product.offer_price, null);
    assert.equal(product.stock, null);
    assert.equal(product.available, true);
    assert.deepEqual(product.category, []);
    assert.equal(product.metadata, null);
    assert.notEqual(product.id, 999);
    assert.notEqual(product.createtime, '2000-01-01 00:00:00');
    assert.equal('exist' in product, false);
  });

  it('requires sku and name, and refuses blank or over-long ones', async () => {
    expectError(await t.post('/apiv3/products', { name: 'No sku' }), 400, 'bad_request', /^sku: is required$/);
    expectError(await t.post('/apiv3/products', { sku: 'no-name' }), 400, 'bad_request', /^name: is required$/);
    expectError(await t.post('/apiv3/products', { sku: '', name: 'X' }), 400, 'bad_request', /^sku: /);
    expectError(await t.post('/apiv3/products', { sku: '   ', name: 'X' }), 400, 'bad_request', /^sku: must not be blank$/);
    expectError(await t.post('/apiv3/products', { sku: 'blank-name', name: '  ' }), 400, 'bad_request', /^name: must not be blank$/);
    expectError(await t.post('/apiv3/products', { sku: 'x'.repeat(256), name: 'X' }), 400, 'bad_request', /^sku: must NOT have more than 255 characters$/);
    const longest = expectOk(await t.post('/apiv3/products', { sku: 's'.repeat(255), name: 'Longest' }));
    assert.equal(longest.sku.length, 255);
    expectError(await t.post('/apiv3/products', { sku: 12345, name: 'X' }), 400, 'bad_request', /^sku: must be string$/);
    expectError(await t.post('/apiv3/products', 'not json'), 400, 'bad_request', /malformed JSON/);
    expectError(await t.post('/apiv3/products', []), 400, 'bad_request', /body: must be a JSON object/);
  });

  it('refuses a duplicate SKU in the account but not in another account', async () => {
    await createProduct(t, { sku: 'dup-1' });
    expectError(await t.post('/apiv3/products', { sku: 'dup-1', name: 'Again' }), 400, 'bad_request', /^sku: a product with sku "dup-1" already exists$/);
    const other = await t.newAccount();
    const theirs = await createProduct(t, { sku: 'dup-1' }, { key: other.key });
    assert.equal(theirs.sku, 'dup-1');
  });

  it('SKUs are exact: case and spaces make different products', async () => {
    await createProduct(t, { sku: 'Case-1' });
    await createProduct(t, { sku: 'case-1' });
    await createProduct(t, { sku: ' case-1 ' });
    assert.equal((await getProduct(' case-1 ')).sku, ' case-1 ');
    assert.equal((await getProduct('Case-1')).sku, 'Case-1');
  });

  it('validates prices, stock and available strictly', async () => {
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ price: -0.01 }, /^price: must be >= 0$/],
      [{ offer_price: -1 }, /^offer_price: must be >= 0$/],
      [{ price: '10' }, /^price: must be number$/],
      [{ stock: 1.5 }, /^stock: must be integer$/],
      [{ stock: '3' }, /^stock: must be integer$/],
      [{ stock: 2 ** 53 }, /^stock: must be <= 9007199254740991$/],
      [{ stock: -(2 ** 53) }, /^stock: must be >= -9007199254740991$/],
      [{ available: 'yes' }, /^available: must be boolean$/],
      [{ url: 'u'.repeat(2049) }, /^url: must NOT have more than 2048 characters$/],
      [{ brand: 5 }, /^brand: must be string$/],
    ];
    for (const [fields, message] of bad) {
      expectError(await t.post('/apiv3/products', { sku: 'bad-num', name: 'X', ...fields }), 400, 'bad_request', message);
    }
    assert.equal((await t.get(`${path('bad-num')}/exist`)).body.payload.exist, false);
    const edge = expectOk(await t.post('/apiv3/products', { sku: 'edge-num', name: 'X', price: 0, offer_price: 0, stock: -5 }));
    assert.deepEqual([edge.price, edge.offer_price, edge.stock], [0, 0, -5]);
    const big = expectOk(await t.post('/apiv3/products', { sku: 'big-num', name: 'X', stock: Number.MAX_SAFE_INTEGER, price: 1e12 + 0.25 }));
    assert.deepEqual([big.stock, big.price], [Number.MAX_SAFE_INTEGER, 1e12 + 0.25]);
  });

  it('accepts a form body, coercing its fields to their types (G8)', async () => {
    const product = expectOk(await t.post('/apiv3/products', { sku: 'form-1', name: 'Form', price: '12.5', stock: '3', available: 'false' }, { form: true }));
    assert.deepEqual([product.price, product.stock, product.available], [12.5, 3, false]);
  });

  it('keeps specifications in the form given: array of {name, value} or object of strings', async () => {
    const list = [
      { name: 'color', value: 'red' },
      { name: 'size', value: '42' },
    ];
    assert.deepEqual((await createProduct(t, { specifications: list })).specifications, list);
    const object = { color: 'blue', material: 'leather' };
    assert.deepEqual((await createProduct(t, { specifications: object })).specifications, object);
    assert.deepEqual((await createProduct(t, { specifications: {} })).specifications, {});
    // unknown keys of an item are dropped (G8)
    assert.deepEqual((await createProduct(t, { specifications: [{ name: 'a', value: 'b', extra: 1 }] })).specifications, [{ name: 'a', value: 'b' }]);
    const bad: Array<[unknown, RegExp]> = [
      ['red', /^specifications: must be array or object$/],
      [[{ name: 'color' }], /^specifications\[0\]\.value: is required$/],
      [[{ name: 'color', value: 5 }], /^specifications\[0\]\.value: must be string$/],
      [[{ name: '', value: 'x' }], /^specifications\[0\]\.name: /],
      [['color'], /^specifications\[0\]: must be object$/],
      [{ color: 5 }, /^specifications\.color: must be string$/],
      [{ color: { hue: 'red' } }, /^specifications\.color: must be string$/],
      [Array.from({ length: 201 }, (_, i) => ({ name: `n${i}`, value: 'v' })), /^specifications: must NOT have more than 200 items$/],
      [Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`n${i}`, 'v'])), /^specifications: must NOT have more than 200 properties$/],
    ];
    for (const [specifications, message] of bad) {
      expectError(await t.post('/apiv3/products', { sku: 'bad-spec', name: 'X', specifications }), 400, 'bad_request', message);
    }
  });

  it('limits metadata to an object of 16,384 bytes of JSON (UTF-8), as E3', async () => {
    const envelope = JSON.stringify({ k: '' }).length; // {"k":""}
    const exact = { k: 'x'.repeat(16_384 - envelope) };
    assert.deepEqual((await createProduct(t, { metadata: exact })).metadata, exact);
    expectError(
      await t.post('/apiv3/products', { sku: 'meta-big', name: 'X', metadata: { k: 'x'.repeat(16_385 - envelope) } }),
      400,
      'bad_request',
      /^metadata: must be at most 16384 bytes as JSON$/,
    );
    // 'é' is two bytes in UTF-8: counted as bytes, not characters
    const half = Math.ceil((16_385 - envelope) / 2);
    expectError(await t.post('/apiv3/products', { sku: 'meta-utf8', name: 'X', metadata: { k: 'é'.repeat(half) } }), 400, 'bad_request', /^metadata: /);
    expectError(await t.post('/apiv3/products', { sku: 'meta-arr', name: 'X', metadata: [1, 2] }), 400, 'bad_request', /^metadata: must be object$/);
    expectError(await t.post('/apiv3/products', { sku: 'meta-str', name: 'X', metadata: 'text' }), 400, 'bad_request', /^metadata: must be object$/);
    assert.equal((await t.get(`${path('meta-big')}/exist`)).body.payload.exist, false);
  });
});

describe('product custom attributes (P5)', () => {
  it('stores values of product attributes, arrays included, and refuses others', async () => {
    const color = await productAttribute({ label: 'Colour name' });
    const promos = await productAttribute({ label: 'Promos', data_type: 'integer' });
    const launch = await productAttribute({ label: 'Launch', field_type: 'datetime', data_type: 'timestamp' });
    const userOnly = expectOk(await t.post('/apiv3/account/custom-attributes', { label: 'User only', field_type: 'text', data_type: 'string' })).name;
    const product = await createProduct(t, { custom_attributes: { 'Colour Name': 'red', [promos]: [1, 2, 3], [launch]: '2026-03-01T12:00:00+02:00' } });
    assert.deepEqual(product.custom_attributes, { [color]: 'red', [promos]: [1, 2, 3], [launch]: '2026-03-01 10:00:00' });
    expectError(await t.post('/apiv3/products', { sku: 'ca-1', name: 'X', custom_attributes: { nope: 1 } }), 400, 'bad_request', /^custom_attributes\.nope: no product custom attribute named "nope"/);
    expectError(await t.post('/apiv3/products', { sku: 'ca-1', name: 'X', custom_attributes: { [userOnly]: 'x' } }), 400, 'bad_request', new RegExp(`^custom_attributes\\.${userOnly}: no product`));
    expectError(await t.post('/apiv3/products', { sku: 'ca-1', name: 'X', custom_attributes: { [promos]: 'many' } }), 400, 'bad_request', new RegExp(`^custom_attributes\\.${promos}: `));
    expectError(await t.post('/apiv3/products', { sku: 'ca-1', name: 'X', custom_attributes: 'x' }), 400, 'bad_request', /^custom_attributes: must be object$/);
    assert.equal((await t.get(`${path('ca-1')}/exist`)).body.payload.exist, false);
  });

  it('does not see another account\'s product attributes', async () => {
    const other = await t.newAccount();
    const theirs = await productAttribute({ label: 'Theirs only' }, other.key);
    expectError(await t.post('/apiv3/products', { sku: 'ca-2', name: 'X', custom_attributes: { [theirs]: 'x' } }), 400, 'bad_request', /no product custom attribute/);
  });
});

describe('product category (P3)', () => {
  it('creates the missing categories of the path under each other and answers the path from the root', async () => {
    const product = await createProduct(t, { category: [{ id: 'p3-root', name: 'Root' }, { id: 'p3-mid', name: 'Mid', url: 'https://x/mid' }, 'p3-leaf'] });
    assert.deepEqual(product.category, [
      { id: 'p3-root', name: 'Root' },
      { id: 'p3-mid', name: 'Mid' },
      { id: 'p3-leaf', name: 'p3-leaf' },
    ]);
    const leaf = expectOk(await t.get('/apiv3/categories/p3-leaf'));
    assert.equal(leaf.path, 'p3-root/p3-mid/p3-leaf');
    assert.equal(leaf.parent_code, 'p3-mid');
  });

  it('leaves existing categories with their name and place', async () => {
    expectOk(await t.post('/apiv3/categories', { code: 'p3-shoes', name: 'Shoes' }));
    expectOk(await t.post('/apiv3/categories', { code: 'p3-boots', name: 'Boots', parent_code: 'p3-shoes' }));
    // the product names p3-boots under another root and with another name
    const product = await createProduct(t, { category: [{ id: 'p3-other', name: 'Other' }, { id: 'p3-boots', name: 'Renamed' }] });
    assert.deepEqual(product.category, [
      { id: 'p3-shoes', name: 'Shoes' },
      { id: 'p3-boots', name: 'Boots' },
    ]);
    const boots = expectOk(await t.get('/apiv3/categories/p3-boots'));
    assert.deepEqual([boots.name, boots.path], ['Boots', 'p3-shoes/p3-boots']);
    // the other codes of the path were still created
    assert.equal(expectOk(await t.get('/apiv3/categories/p3-other')).name, 'Other');
  });

  it('takes numeric ids as codes and refuses codes with / or none', async () => {
    const product = await createProduct(t, { category: [{ id: 9101, name: 'Numbered' }] });
    assert.deepEqual(product.category, [{ id: '9101', name: 'Numbered' }]);
    expectError(await t.post('/apiv3/products', { sku: 'cat-bad', name: 'X', category: ['a/b'] }), 400, 'bad_request', /^category\[0\]\.id: must not contain \/$/);
    expectError(await t.post('/apiv3/products', { sku: 'cat-bad', name: 'X', category: [{ url: 'https://x' }] }), 400, 'bad_request', /^category\[0\]\.id: is required/);
    expectError(await t.post('/apiv3/products', { sku: 'cat-bad', name: 'X', category: 'shoes' }), 400, 'bad_request', /^category: must be array$/);
  });

  it('creates categories only with the product: a refused product leaves none behind', async () => {
    await createProduct(t, { sku: 'race-sku' });
    const refused = await t.post('/apiv3/products', { sku: 'race-sku', name: 'X', category: ['never-created'] });
    expectError(refused, 400, 'bad_request', /already exists/);
    expectError(await t.get('/apiv3/categories/never-created'), 404, 'not_found');
    // two creators of one new SKU at once: one wins, the loser's categories are rolled back with it
    const [a, b] = await Promise.all([
      t.post('/apiv3/products', { sku: 'race-2', name: 'A', category: ['race-cat-a'] }),
      t.post('/apiv3/products', { sku: 'race-2', name: 'B', category: ['race-cat-b'] }),
    ]);
    const [winner, loser] = a.status === 200 ? [a, b] : [b, a];
    expectOk(winner);
    expectError(loser, 400, 'bad_request', /^sku: a product with sku "race-2" already exists$/);
    const winnerCode = winner.body.payload.category[0].id;
    const loserCode = winnerCode === 'race-cat-a' ? 'race-cat-b' : 'race-cat-a';
    expectOk(await t.get(`/apiv3/categories/${winnerCode}`));
    expectError(await t.get(`/apiv3/categories/${loserCode}`), 404, 'not_found');
  });

  it('a category deleted through DELETE /categories leaves its products with category []', async () => {
    const inLeaf = await createProduct(t, { category: ['del-root', 'del-leaf'] });
    const inRoot = await createProduct(t, { category: ['del-root'] });
    const elsewhere = await createProduct(t, { category: ['del-keep'] });
    const accepted = expectOk(await t.delete('/apiv3/categories', { code: 'del-root' }));
    const view = await waitForRequest(t, accepted.request_id);
    assert.equal(view.status, 'done');
    for (const product of [inLeaf, inRoot]) {
      const now = await getProduct(product.sku);
      assert.deepEqual(now.category, []);
      assert.equal(now.name, product.name);
    }
    assert.deepEqual((await getProduct(elsewhere.sku)).category, [{ id: 'del-keep', name: 'del-keep' }]);
  });
});

describe('GET /products/{sku} and /exist', () => {
  const sku = 'sku-ÿ?>>0'; // standard base64 c2t1LcO/Pz4+MA== has +, / and padding

  it('finds a product by every base64 form of its SKU (U3)', async () => {
    const created = await createProduct(t, { sku });
    const forms = base64Forms(sku);
    assert.match(forms.raw, /\+.*\/|\/.*\+/);
    assert.match(forms.raw, /=$/);
    for (const form of [forms.encoded, forms.urlSafe, forms.urlSafePadded, encodeURIComponent(forms.urlSafe)]) {
      assert.deepEqual(expectOk(await t.get(`/apiv3/products/${form}`)), created, form);
      assert.deepEqual(expectOk(await t.get(`/apiv3/products/${form}/exist`)), { exist: true }, form);
    }
    // standard base64 sent raw works while it has no `/` (+ and = are plain path characters)
    const plain = await createProduct(t, { sku: 'SKU>?~1' });
    assert.equal(base64Forms('SKU>?~1').raw, 'U0tVPj9+MQ==');
    assert.equal(expectOk(await t.get('/apiv3/products/U0tVPj9+MQ==')).id, plain.id);
    // G1: a trailing slash is ignored
    assert.equal(expectOk(await t.get(`/apiv3/products/${forms.encoded}/`)).id, created.id);
  });

  it('answers 404 for an unknown, undecodable or foreign SKU; /exist answers false and never 404', async () => {
    const other = await t.newAccount();
    await createProduct(t, { sku: 'foreign-1' }, { key: other.key });
    const cases = [
      base64Forms('no-such-sku').encoded,
      base64Forms('foreign-1').encoded,
      '!!!',
      'a', // one base64 character encodes nothing
      '_w', // base64 of the byte 0xFF: not UTF-8 text
      'AA', // base64 of U+0000
    ];
    for (const id of cases) {
      expectError(await t.get(`/apiv3/products/${id}`), 404, 'not_found');
      assert.deepEqual(expectOk(await t.get(`/apiv3/products/${id}/exist`)), { exist: false }, id);
    }
    // percent-escapes that are not UTF-8 are refused by the router itself (O4): 404 there too
    expectError(await t.get('/apiv3/products/%FF%FE'), 404, 'not_found');
    assert.equal(expectOk(await t.get(path('foreign-1'), { key: other.key })).sku, 'foreign-1');
    expectError(await t.get(path('foreign-1'), { key: null }), 403, 'forbidden');
  });

  it('reads a product in a few queries: row, custom values, category path', async () => {
    await createProduct(t, { sku: 'q-count', category: ['q-a', 'q-b'], custom_attributes: {} });
    const queries: string[] = [];
    const original = t.database.db.getExecutor().executeQuery.bind(t.database.db.getExecutor());
    const executor = t.database.db.getExecutor() as { executeQuery: typeof original };
    executor.executeQuery = (async (query: Parameters<typeof original>[0], ...rest: unknown[]) => {
      queries.push(query.sql);
      return (original as (...args: unknown[]) => unknown)(query, ...rest);
    }) as typeof original;
    try {
      expectOk(await t.get(path('q-count')));
    } finally {
      executor.executeQuery = original;
    }
    const mine = queries.filter((sql) => !/api_keys|accounts|rate/i.test(sql));
    assert.ok(mine.some((sql) => /from "products"/.test(sql)), `the product query was seen:\n${queries.join('\n')}`);
    assert.ok(mine.length <= 3, `GET /products/{sku} ran ${mine.length} queries:\n${mine.join('\n')}`);
  });
});

describe('PUT /products/{sku}', () => {
  it('changes only what is given and answers the product with exist: true', async () => {
    t.clock.set('2026-04-01T08:00:00Z');
    const color = await productAttribute();
    const size = await productAttribute({ data_type: 'integer' });
    const before = await createProduct(t, {
      sku: 'put-1',
      brand: 'Acme',
      price: 10,
      stock: 3,
      specifications: { a: '1' },
      metadata: { m: 1 },
      category: ['put-cat'],
      custom_attributes: { [color]: 'red', [size]: 40 },
    });
    t.clock.set('2026-04-02T08:00:00Z');
    const after = expectOk(await t.put(path('put-1'), { name: 'Renamed product', price: 12.5, custom_attributes: { [size]: 41 } }));
    assert.equal(after.exist, true);
    const { exist, ...product } = after;
    assert.equal(exist, true);
    assert.deepEqual(product, {
      ...before,
      name: 'Renamed product',
      price: 12.5,
      custom_attributes: { [color]: 'red', [size]: 41 },
      updatetime: '2026-04-02 08:00:00',
    });
    assert.equal(product.createtime, '2026-04-01 08:00:00');
    assert.deepEqual(await getProduct('put-1'), product);
    t.clock.set(null);
  });

  it('treats null as not given, removes a custom value with null, replaces category, specifications and metadata', async () => {
    const color = await productAttribute();
    const size = await productAttribute({ data_type: 'integer' });
    await createProduct(t, { sku: 'put-2', price: 10, stock: 3, specifications: [{ name: 'a', value: '1' }], metadata: { m: 1 }, category: ['put2-a'], custom_attributes: { [color]: 'red', [size]: 40 } });
    const after = expectOk(
      await t.put(path('put-2'), {
        price: null,
        stock: null,
        name: null,
        category: ['put2-b', 'put2-c'],
        specifications: { b: '2' },
        metadata: { n: 2 },
        custom_attributes: { [color]: null },
        available: false,
      }),
    );
    assert.deepEqual([after.price, after.stock, after.available], [10, 3, false]);
    assert.deepEqual(after.category, [
      { id: 'put2-b', name: 'put2-b' },
      { id: 'put2-c', name: 'put2-c' },
    ]);
    assert.deepEqual(after.specifications, { b: '2' });
    assert.deepEqual(after.metadata, { n: 2 });
    assert.deepEqual(after.custom_attributes, { [size]: 40 });
    // [] removes the category
    assert.deepEqual(expectOk(await t.put(path('put-2'), { category: [] })).category, []);
    // an empty body changes nothing but updatetime
    const same = expectOk(await t.put(path('put-2'), {}));
    assert.deepEqual(same.specifications, { b: '2' });
  });

  it('accepts the product object the client read back, plus exist: true', async () => {
    const color = await productAttribute();
    const read = await createProduct(t, { sku: 'echo-1', price: 5, category: ['echo-root', { id: 'echo-leaf', name: 'Leaf' }], specifications: [{ name: 's', value: 'v' }], custom_attributes: { [color]: 'blue' } });
    const echoed = expectOk(await t.put(path('echo-1'), { ...read, exist: true, stock: 9 }));
    const { exist, updatetime: _after, ...rest } = echoed;
    const { updatetime: _before, ...expected } = read;
    assert.equal(exist, true);
    assert.deepEqual(rest, { ...expected, stock: 9 });
  });

  it('renames the product with a different body sku, keeping its values; 400 when the SKU is taken', async () => {
    const color = await productAttribute();
    const original = await createProduct(t, { sku: 'ren-old', custom_attributes: { [color]: 'green' } });
    await createProduct(t, { sku: 'ren-taken' });
    expectError(await t.put(path('ren-old'), { sku: 'ren-taken', name: 'Should not apply' }), 400, 'bad_request', /^sku: a product with sku "ren-taken" already exists$/);
    assert.equal((await getProduct('ren-old')).name, original.name);
    const renamed = expectOk(await t.put(path('ren-old'), { sku: 'ren-new' }));
    assert.deepEqual([renamed.id, renamed.sku, renamed.custom_attributes], [original.id, 'ren-new', { [color]: 'green' }]);
    expectError(await t.get(path('ren-old')), 404, 'not_found');
    assert.equal((await getProduct('ren-new')).id, original.id);
    // the same SKU as the path is no rename
    assert.equal(expectOk(await t.put(path('ren-new'), { sku: 'ren-new', brand: 'B' })).brand, 'B');
    // another account's SKU is not "taken"
    const other = await t.newAccount();
    await createProduct(t, { sku: 'ren-theirs' }, { key: other.key });
    assert.equal(expectOk(await t.put(path('ren-new'), { sku: 'ren-theirs' })).sku, 'ren-theirs');
  });

  it('answers 404 for an unknown, undecodable or foreign SKU, leaving the foreign product unchanged', async () => {
    const other = await t.newAccount();
    await createProduct(t, { sku: 'put-foreign', name: 'Theirs' }, { key: other.key });
    expectError(await t.put(path('put-foreign'), { name: 'Mine now' }), 404, 'not_found');
    expectError(await t.put(path('put-missing'), { name: 'X' }), 404, 'not_found');
    expectError(await t.put('/apiv3/products/%FF', { name: 'X' }), 404, 'not_found');
    expectError(await t.put('/apiv3/products/!!', { name: 'X' }), 404, 'not_found');
    assert.equal(expectOk(await t.get(path('put-foreign'), { key: other.key })).name, 'Theirs');
  });

  it('validates the body like POST', async () => {
    await createProduct(t, { sku: 'put-val', price: 1 });
    expectError(await t.put(path('put-val'), { price: -1 }), 400, 'bad_request', /^price: must be >= 0$/);
    expectError(await t.put(path('put-val'), { name: ' ' }), 400, 'bad_request', /^name: must not be blank$/);
    expectError(await t.put(path('put-val'), { sku: '' }), 400, 'bad_request', /^sku: /);
    expectError(await t.put(path('put-val'), { custom_attributes: { nope: 1 } }), 400, 'bad_request', /^custom_attributes\.nope: /);
    expectError(await t.put(path('put-val'), { metadata: { k: 'x'.repeat(17_000) } }), 400, 'bad_request', /^metadata: /);
    assert.equal((await getProduct('put-val')).price, 1);
  });
});

describe('DELETE /products/{sku}', () => {
  it('deletes the product and its custom values', async () => {
    const color = await productAttribute();
    const product = await createProduct(t, { sku: 'del-1', custom_attributes: { [color]: 'red' } });
    const stored = () =>
      t.database.db.selectFrom('attribute_values').select('value').where('account_id', '=', t.accountId).where('record_id', '=', product.id).execute();
    assert.equal((await stored()).length, 1);
    const response = await t.delete(path('del-1'));
    assert.equal(expectOk(response), null);
    expectError(await t.get(path('del-1')), 404, 'not_found');
    assert.deepEqual(expectOk(await t.get(`${path('del-1')}/exist`)), { exist: false });
    assert.equal((await stored()).length, 0);
    // the SKU is free again
    assert.deepEqual((await createProduct(t, { sku: 'del-1' })).custom_attributes, {});
  });

  it('answers 404 for an unknown, undecodable or foreign SKU and deletes nothing', async () => {
    const other = await t.newAccount();
    await createProduct(t, { sku: 'del-foreign' }, { key: other.key });
    expectError(await t.delete(path('del-foreign')), 404, 'not_found');
    expectError(await t.delete(path('del-missing')), 404, 'not_found');
    expectError(await t.delete('/apiv3/products/%C3%28'), 404, 'not_found');
    expectOk(await t.get(path('del-foreign'), { key: other.key }));
  });
});

describe('GET /products', () => {
  it('lists in id order with G6 paging; another account sees none of them', async () => {
    const other = await t.newAccount();
    const created: any[] = [];
    for (let i = 0; i < 5; i += 1) created.push(await createProduct(t, {}, { key: other.key }));
    const all = expectOk(await t.get('/apiv3/products', { key: other.key }));
    assert.deepEqual(all, created);
    const page1 = expectOk(await t.get('/apiv3/products?page=1&limit=2', { key: other.key }));
    assert.deepEqual(page1.map((p: any) => p.id), [created[2].id, created[3].id]);
    assert.deepEqual(expectOk(await t.get('/apiv3/products?page=5&limit=2', { key: other.key })), []);
    const third = await t.newAccount();
    assert.deepEqual(expectOk(await t.get('/apiv3/products', { key: third.key })), []);
    const mine = expectOk(await t.get('/apiv3/products?limit=100'));
    assert.equal(mine.some((p: any) => created.some((c) => c.id === p.id)), false);
    expectError(await t.get('/apiv3/products?limit=101'), 400, 'bad_request', /^limit: /);
    expectError(await t.get('/apiv3/products?limit=0'), 400, 'bad_request', /^limit: /);
    expectError(await t.get('/apiv3/products?page=-1'), 400, 'bad_request', /^page: /);
    expectError(await t.get('/apiv3/products?page=1.5'), 400, 'bad_request', /^page: /);
    expectError(await t.get('/apiv3/products', { key: null }), 403, 'forbidden');
  });

  it('filters by exact sku, by search in sku, name or brand (case-insensitive, % and _ literal) and by available', async () => {
    const other = await t.newAccount();
    const key = other.key;
    const a = await createProduct(t, { sku: 'RUN-100', name: 'Road runner', brand: 'Acme' }, { key });
    const b = await createProduct(t, { sku: 'hike-200', name: 'Mountain boot', brand: 'Peak', available: false }, { key });
    const c = await createProduct(t, { sku: 'sale_50%', name: 'Sandal', brand: 'acme outlet' }, { key });
    const d = await createProduct(t, { sku: 'saleX50Y', name: 'Slipper' }, { key });
    const ids = async (query: string) => expectOk(await t.get(`/apiv3/products?${query}`, { key })).map((p: any) => p.id);
    assert.deepEqual(await ids('sku=RUN-100'), [a.id]);
    assert.deepEqual(await ids('sku=run-100'), []);
    assert.deepEqual(await ids('sku='), [a.id, b.id, c.id, d.id]);
    assert.deepEqual(await ids('search=acme'), [a.id, c.id]);
    assert.deepEqual(await ids('search=RUNNER'), [a.id]);
    assert.deepEqual(await ids('search=hike'), [b.id]);
    assert.deepEqual(await ids('search=Peak'), [b.id]);
    assert.deepEqual(await ids(`search=${encodeURIComponent('_50%')}`), [c.id]);
    assert.deepEqual(await ids(`search=${encodeURIComponent('%')}`), [c.id]);
    assert.deepEqual(await ids('search=sale_'), [c.id]);
    assert.deepEqual(await ids('search=%20'), [a.id, b.id, c.id, d.id]);
    assert.deepEqual(await ids('search=nothing'), []);
    assert.deepEqual(await ids('available=false'), [b.id]);
    assert.deepEqual(await ids('available=true'), [a.id, c.id, d.id]);
    assert.deepEqual(await ids('available='), [a.id, b.id, c.id, d.id]);
    assert.deepEqual(await ids('available=true&search=acme&limit=1&page=1'), [c.id]);
    expectError(await t.get('/apiv3/products?available=yes', { key }), 400, 'bad_request', /^available: must be one of "true", "false", ""$/);
    expectError(await t.get(`/apiv3/products?search=${'s'.repeat(256)}`, { key }), 400, 'bad_request', /^search: /);
  });

  it('filters by category code: that category and all its descendants', async () => {
    const other = await t.newAccount();
    const key = other.key;
    const root = await createProduct(t, { category: ['L-root'] }, { key });
    const deep = await createProduct(t, { category: ['L-root', 'L-a', 'L-a1', 'L-a1x'] }, { key });
    const mid = await createProduct(t, { category: ['L-root', 'L-b'] }, { key });
    const outside = await createProduct(t, { category: ['L-other'] }, { key });
    const none = await createProduct(t, {}, { key });
    const ids = async (code: string) => expectOk(await t.get(`/apiv3/products?category=${encodeURIComponent(code)}`, { key })).map((p: any) => p.id);
    assert.deepEqual(await ids('L-root'), [root.id, deep.id, mid.id]);
    assert.deepEqual(await ids('L-a'), [deep.id]);
    assert.deepEqual(await ids('L-a1x'), [deep.id]);
    assert.deepEqual(await ids('L-b'), [mid.id]);
    assert.deepEqual(await ids('L-other'), [outside.id]);
    assert.deepEqual(await ids('L-unknown'), []);
    assert.deepEqual(await ids(''), [root.id, deep.id, mid.id, outside.id, none.id]);
    // the same code in another account is another category
    await createProduct(t, { category: ['L-root'] });
    assert.deepEqual(await ids('L-root'), [root.id, deep.id, mid.id]);
    // listings carry the same objects as GET /products/{sku}
    const listed = expectOk(await t.get('/apiv3/products?category=L-a1', { key }));
    assert.deepEqual(listed, [expectOk(await t.get(path(deep.sku), { key }))]);
  });
});

describe('products: OpenAPI', () => {
  it('documents every product operation with its operationId', async () => {
    const doc = (await t.get('/apiv3/openapi.json', { key: null })).body;
    const expected: Array<[string, string, string]> = [
      ['/apiv3/products', 'post', 'createProduct'],
      ['/apiv3/products', 'get', 'listProducts'],
      ['/apiv3/products/{sku}', 'get', 'getProduct'],
      ['/apiv3/products/{sku}', 'put', 'updateProduct'],
      ['/apiv3/products/{sku}', 'delete', 'deleteProduct'],
      ['/apiv3/products/{sku}/exist', 'get', 'productExists'],
    ];
    for (const [route, method, operationId] of expected) {
      const operation = doc.paths[route]?.[method];
      assert.ok(operation, `${method} ${route}`);
      assert.equal(operation.operationId, operationId);
      assert.ok(operation.responses['200'], `${operationId} 200`);
      assert.equal(operation.responses['400'].content['application/json'].schema.$ref, '#/components/schemas/ErrorEnvelope');
    }
    assert.equal(doc.paths['/apiv3/products/{sku}'].get.responses['404'].content['application/json'].schema.$ref, '#/components/schemas/ErrorEnvelope');
    assert.ok(doc.paths['/apiv3/products'].post.requestBody.content['application/json'].schema.properties.specifications);
  });
});
