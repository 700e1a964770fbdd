import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { base64Forms, createBranch } from '../helpers/commerce-factories.js';

const t = await buildTestApp();

const BRANCH_KEYS = [
  'address',
  'branch_zone',
  'business_type',
  'city',
  'country',
  'createtime',
  'description',
  'display_name',
  'email',
  'employees_quantity',
  'format',
  'group',
  'holder',
  'id',
  'is_web',
  'location_type',
  'm2',
  'm2_cost',
  'name',
  'notes',
  'shopping_center',
  'state',
  'status',
  'telephone',
  'updatetime',
  'working_hours',
];

const FULL = {
  description: 'Main street store',
  display_name: 'Centro',
  email: 'centro@shop.example',
  telephone: '+54 11 5555-0000',
  address: 'Av. Corrientes 1234',
  working_hours: 'Mon-Fri 9-18',
  notes: 'Opened in 2019',
  branch_zone: { code: 'Z1', name: 'North' },
  holder: 'Ana Pérez',
  status: 'inactive',
  country: { code: 'AR' },
  state: 'Buenos Aires',
  city: 'CABA',
  business_type: 'franchisee',
  shopping_center: 'Abasto',
  location_type: 'street',
  m2: 120.5,
  m2_cost: 30,
  employees_quantity: 12,
  group: 'Flagships',
  format: 'multibrand_branch',
  is_web: true,
};

/** PUT /branches/{rest} with the rest of the path exactly as given. */
const putBranch = (rest: string, body: unknown, key?: string) => t.put(`/apiv3/branches/${rest}`, body, { key });

describe('POST /branches', () => {
  it('creates a branch with every BranchModel field and answers it with id and times', async () => {
    t.clock.set('2026-05-01T09:30:00Z');
    try {
      const branch = expectOk(await t.post('/apiv3/branches', { name: 'Centro', ...FULL }));
      assert.deepEqual(Object.keys(branch).sort(), BRANCH_KEYS);
      assert.ok(Number.isInteger(branch.id) && branch.id > 0);
      assert.deepEqual(branch, { id: branch.id, name: 'Centro', ...FULL, createtime: '2026-05-01 09:30:00', updatetime: '2026-05-01 09:30:00' });
      assert.deepEqual(expectOk(await t.get(`/apiv3/branches/${branch.id}`)), branch);
    } finally {
      t.clock.set(null);
    }
  });

  it('answers defaults for what was never given: status active, is_web false, the rest null', async () => {
    const branch = expectOk(await t.post('/apiv3/branches', { name: 'Bare branch' }));
    for (const key of BRANCH_KEYS) {
      if (['id', 'name', 'status', 'is_web', 'createtime', 'updatetime'].includes(key)) continue;
      assert.equal(branch[key], null, key);
    }
    assert.equal(branch.status, 'active');
    assert.equal(branch.is_web, false);
    const zone = expectOk(await t.post('/apiv3/branches', { name: 'Zone only code', branch_zone: { code: 'Z9' } }));
    assert.deepEqual(zone.branch_zone, { code: 'Z9', name: null });
  });

  it('stores the name trimmed and refuses a duplicate compared case-insensitively after trimming', async () => {
    const branch = expectOk(await t.post('/apiv3/branches', { name: '  Palermo Soho  ' }));
    assert.equal(branch.name, 'Palermo Soho');
    for (const name of ['Palermo Soho', 'palermo soho', ' PALERMO SOHO\t']) {
      expectError(await t.post('/apiv3/branches', { name }), 400, 'bad_request', /^name: a branch named ".*" already exists$/);
    }
    const other = await t.newAccount();
    assert.equal(expectOk(await t.post('/apiv3/branches', { name: 'Palermo Soho' }, { key: other.key })).name, 'Palermo Soho');
  });

  it('refuses two concurrent creators of one name: exactly one wins', async () => {
    const results = await Promise.all([t.post('/apiv3/branches', { name: 'Race branch' }), t.post('/apiv3/branches', { name: 'RACE BRANCH' })]);
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 400]);
    expectError(results.find((r) => r.status === 400)!, 400, 'bad_request', /^name: a branch named ".*" already exists$/);
  });

  it('treats null as not given and ignores unknown keys (the client sends its cleanser)', async () => {
    const branch = expectOk(
      await t.post('/apiv3/branches', { name: 'Nulls', business_type: null, format: null, status: null, id: 77, cleanser: { names: {} }, createtime: 'x' }),
    );
    assert.deepEqual([branch.business_type, branch.format, branch.status], [null, null, 'active']);
    assert.notEqual(branch.id, 77);
  });

  it('validates every field', async () => {
    const bad: Array<[Record<string, unknown>, RegExp]> = [
      [{ name: undefined }, /^name: is required$/],
      [{ name: '' }, /^name: /],
      [{ name: '   ' }, /^name: must not be blank$/],
      [{ name: 'n'.repeat(256) }, /^name: must NOT have more than 255 characters$/],
      [{ name: 5 }, /^name: must be string$/],
      [{ status: 'closed' }, /^status: must be one of "active", "inactive"$/],
      [{ business_type: 'partner' }, /^business_type: must be one of "own", "franchisee"$/],
      [{ format: 'kiosk' }, /^format: must be one of "brand_branch", "multibrand_branch", "brand_island", "multibrand_island", "outlet"$/],
      [{ email: 'not-an-email' }, /^email: must be a valid e-mail address$/],
      [{ branch_zone: { name: 'North' } }, /^branch_zone\.code: is required$/],
      [{ branch_zone: 'North' }, /^branch_zone: must be object$/],
      [{ country: {} }, /^country\.code: is required$/],
      [{ country: 'AR' }, /^country: must be object$/],
      [{ m2: -1 }, /^m2: must be >= 0$/],
      [{ m2_cost: '30' }, /^m2_cost: must be number$/],
      [{ employees_quantity: 1.5 }, /^employees_quantity: must be integer$/],
      [{ employees_quantity: 2_147_483_648 }, /^employees_quantity: must be <= 2147483647$/],
      [{ is_web: 'yes' }, /^is_web: must be boolean$/],
      [{ notes: 'x'.repeat(10_001) }, /^notes: must NOT have more than 10000 characters$/],
    ];
    for (const [fields, message] of bad) {
      expectError(await t.post('/apiv3/branches', { name: 'Invalid branch', ...fields }), 400, 'bad_request', message);
    }
    assert.deepEqual(expectOk(await t.get('/apiv3/branches?search=Invalid branch')), []);
  });

  it('accepts every enum value and stores e-mails trimmed and lowercased', async () => {
    for (const format of ['brand_branch', 'multibrand_branch', 'brand_island', 'multibrand_island', 'outlet']) {
      assert.equal((await createBranch(t, { format })).format, format);
    }
    for (const business_type of ['own', 'franchisee']) assert.equal((await createBranch(t, { business_type })).business_type, business_type);
    for (const status of ['active', 'inactive']) assert.equal((await createBranch(t, { status })).status, status);
    assert.equal((await createBranch(t, { email: '  Shop@Example.COM ' })).email, 'shop@example.com');
  });
});

describe('GET /branches and /branches/{id}', () => {
  it('lists in id order with G6 paging, also at /branches/ (the client); another account sees none', async () => {
    const other = await t.newAccount();
    const created: any[] = [];
    for (let i = 0; i < 4; i += 1) created.push(await createBranch(t, {}, { key: other.key }));
    assert.deepEqual(expectOk(await t.get('/apiv3/branches', { key: other.key })), created);
    assert.deepEqual(expectOk(await t.get('/apiv3/branches/?page=1&limit=3', { key: other.key })), [created[3]]);
    assert.deepEqual(expectOk(await t.get('/apiv3/branches?page=0&limit=2', { key: other.key })), created.slice(0, 2));
    const third = await t.newAccount();
    assert.deepEqual(expectOk(await t.get('/apiv3/branches', { key: third.key })), []);
    expectError(await t.get('/apiv3/branches?limit=101'), 400, 'bad_request', /^limit: /);
    expectError(await t.get('/apiv3/branches?page=-1'), 400, 'bad_request', /^page: /);
    expectError(await t.get('/apiv3/branches', { key: null }), 403, 'forbidden');
  });

  it('searches names case-insensitively with % and _ taken literally', async () => {
    const other = await t.newAccount();
    const key = other.key;
    const a = await createBranch(t, { name: 'Centro Norte' }, { key });
    const b = await createBranch(t, { name: 'centro_sur 100%' }, { key });
    const c = await createBranch(t, { name: 'Outlet Oeste', description: 'centro' }, { key });
    const ids = async (search: string) => expectOk(await t.get(`/apiv3/branches?search=${encodeURIComponent(search)}`, { key })).map((x: any) => x.id);
    assert.deepEqual(await ids('CENTRO'), [a.id, b.id]);
    assert.deepEqual(await ids('o_s'), [b.id]);
    assert.deepEqual(await ids('%'), [b.id]);
    assert.deepEqual(await ids('este'), [c.id]);
    assert.deepEqual(await ids(''), [a.id, b.id, c.id]);
    assert.deepEqual(await ids('nothing'), []);
  });

  it('gets a branch by numeric id; unknown and foreign ids are 404, non-ids 400', async () => {
    const branch = await createBranch(t);
    assert.deepEqual(expectOk(await t.get(`/apiv3/branches/${branch.id}`)), branch);
    assert.deepEqual(expectOk(await t.get(`/apiv3/branches/${branch.id}/`)), branch);
    const other = await t.newAccount();
    const theirs = await createBranch(t, {}, { key: other.key });
    expectError(await t.get(`/apiv3/branches/${theirs.id}`), 404, 'not_found');
    expectError(await t.get('/apiv3/branches/2147483647'), 404, 'not_found');
    expectError(await t.get('/apiv3/branches/0'), 400, 'bad_request', /^id: must be >= 1$/);
    expectError(await t.get('/apiv3/branches/2147483648'), 400, 'bad_request', /^id: must be <= 2147483647$/);
    expectError(await t.get('/apiv3/branches/centro'), 400, 'bad_request', /^id: must be integer$/);
  });
});

describe('PUT /branches/{base64 name}', () => {
  const name = 'Tienda ?>ÿÿ'; // standard base64 VGllbmRhID8+w7/Dvw== has +, / and padding

  it('finds the branch by the raw standard base64 the client sends, and by every other U3 form', async () => {
    const forms = base64Forms(name);
    assert.equal(forms.raw, 'VGllbmRhID8+w7/Dvw==');
    const branch = await createBranch(t, { name });
    let n = 0;
    for (const form of [forms.raw, forms.encoded, forms.urlSafe, forms.urlSafePadded, `${forms.raw}/`, `${forms.urlSafe}/`]) {
      n += 1;
      const updated = expectOk(await putBranch(form, { notes: `update ${n}` }));
      assert.deepEqual([updated.id, updated.notes], [branch.id, `update ${n}`], form);
    }
    // the name matches case-insensitively after trimming, like uniqueness
    const loose = base64Forms('  tienda ?>ÿÿ ');
    assert.equal(expectOk(await putBranch(loose.encoded, { notes: 'loose' })).id, branch.id);
  });

  it('reads a path ending in / whole first, then without the slash (G1)', async () => {
    const other = await t.newAccount();
    const key = other.key;
    // "Shop ?" is U2hvcCA/ ; without its last character that is U2hvcCA = "Shop " (same key as "Shop")
    assert.equal(base64Forms('Shop ?').raw, 'U2hvcCA/');
    const shop = await createBranch(t, { name: 'Shop' }, { key });
    const question = await createBranch(t, { name: 'Shop ?' }, { key });
    assert.equal(expectOk(await putBranch('U2hvcCA/', { notes: 'whole' }, key)).id, question.id);
    assert.equal(expectOk(await t.get(`/apiv3/branches/${shop.id}`, { key })).notes, null);
    // a trailing slash after a complete base64 is G1's and ignored
    assert.equal(expectOk(await putBranch('U2hvcA==/', { notes: 'slash' }, key)).id, shop.id);
    assert.equal(expectOk(await putBranch('U2hvcCA//', { notes: 'both' }, key)).id, question.id);
    // URL-safe unpadded "ab" is YWI; with a trailing slash YWI/ would also be "ab?": there is no such branch
    const ab = await createBranch(t, { name: 'ab' }, { key });
    assert.equal(expectOk(await putBranch('YWI/', { notes: 'ab' }, key)).id, ab.id);
  });

  it('changes only what is given; nested objects are replaced whole', async () => {
    t.clock.set('2026-06-01T10:00:00Z');
    const before = await createBranch(t, { name: 'Partial', ...FULL });
    t.clock.set('2026-06-02T10:00:00Z');
    try {
      const after = expectOk(await putBranch(base64Forms('Partial').raw, { city: 'Rosario', branch_zone: { code: 'Z2' }, m2: 0, is_web: false, format: null }));
      assert.deepEqual(after, { ...before, city: 'Rosario', branch_zone: { code: 'Z2', name: null }, m2: 0, is_web: false, updatetime: '2026-06-02 10:00:00' });
      assert.deepEqual(expectOk(await t.get(`/apiv3/branches/${before.id}`)), after);
    } finally {
      t.clock.set(null);
    }
  });

  it('renames with a body name; 400 when another branch has it; a change of case is allowed', async () => {
    const branch = await createBranch(t, { name: 'Old name' });
    await createBranch(t, { name: 'Taken name' });
    expectError(await putBranch(base64Forms('Old name').raw, { name: ' TAKEN NAME ', city: 'X' }), 400, 'bad_request', /^name: a branch named "TAKEN NAME" already exists$/);
    assert.equal(expectOk(await t.get(`/apiv3/branches/${branch.id}`)).city, null);
    const renamed = expectOk(await putBranch(base64Forms('Old name').raw, { name: ' New name ' }));
    assert.deepEqual([renamed.id, renamed.name], [branch.id, 'New name']);
    expectError(await putBranch(base64Forms('Old name').raw, { city: 'X' }), 404, 'not_found');
    assert.equal(expectOk(await putBranch(base64Forms('New name').raw, { name: 'NEW NAME' })).name, 'NEW NAME');
    // the old name is free again
    assert.equal((await createBranch(t, { name: 'Old name' })).name, 'Old name');
    expectError(await putBranch(base64Forms('NEW NAME').raw, { name: '  ' }), 400, 'bad_request', /^name: must not be blank$/);
  });

  it('answers 404 for an unknown name, a path that is not base64 of text, or another account\'s branch', async () => {
    const other = await t.newAccount();
    const theirs = await createBranch(t, { name: 'Their branch' }, { key: other.key });
    expectError(await putBranch(base64Forms('Their branch').raw, { notes: 'mine' }), 404, 'not_found');
    assert.equal(expectOk(await t.get(`/apiv3/branches/${theirs.id}`, { key: other.key })).notes, null);
    expectError(await putBranch(base64Forms('Nowhere').raw, { notes: 'x' }), 404, 'not_found');
    for (const rest of ['', '!!!', 'a', '_w', 'AA', 'a/b/c', '%C3%28']) {
      expectError(await putBranch(rest, { notes: 'x' }), 404, 'not_found');
    }
  });

  it('routes a name path of up to 1,024 characters; beyond that, 414 like every path parameter (O4)', async () => {
    expectError(await putBranch('QUFB'.repeat(256), { notes: 'x' }), 404, 'not_found');
    expectError(await putBranch(`${'QUFB/'.repeat(205)}Q`, { notes: 'x' }), 414, 'uri_too_long', /^path: a path parameter is longer than 1024 characters$/);
    expectError(await putBranch(`${'QUFB'.repeat(256)}A`, { notes: 'x' }), 414, 'uri_too_long');
    // a 255-character name, base64-encoded and URL-encoded, reaches its branch
    const long = 'ñ?'.repeat(127) + 'x';
    const branch = await createBranch(t, { name: long });
    assert.equal(expectOk(await putBranch(base64Forms(long).encoded, { notes: 'long' })).id, branch.id);
  });

  it('validates the body like POST', async () => {
    const branch = await createBranch(t, { name: 'Validated' });
    const raw = base64Forms('Validated').raw;
    expectError(await putBranch(raw, { status: 'closed' }), 400, 'bad_request', /^status: /);
    expectError(await putBranch(raw, { email: 'bad' }), 400, 'bad_request', /^email: /);
    expectError(await putBranch(raw, { employees_quantity: -1 }), 400, 'bad_request', /^employees_quantity: must be >= 0$/);
    assert.equal(expectOk(await t.get(`/apiv3/branches/${branch.id}`)).status, 'active');
  });
});

describe('branches: OpenAPI', () => {
  it('documents every branch operation with its operationId', async () => {
    const doc = (await t.get('/apiv3/openapi.json', { key: null })).body;
    const found = new Map<string, string>();
    for (const [route, item] of Object.entries<any>(doc.paths)) {
      if (!route.startsWith('/apiv3/branches')) continue;
      for (const method of ['get', 'post', 'put', 'delete']) if (item[method]) found.set(item[method].operationId, `${method} ${route}`);
    }
    assert.equal(found.get('createBranch'), 'post /apiv3/branches');
    assert.equal(found.get('listBranches'), 'get /apiv3/branches');
    assert.equal(found.get('getBranch'), 'get /apiv3/branches/{id}');
    assert.match(found.get('updateBranch') ?? '', /^put \/apiv3\/branches\//);
  });
});
