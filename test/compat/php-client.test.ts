import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { buildTestApp, type Response } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { fixtureNames, loadFixture, replayFixture } from './replay.js';

// Compatibility with the platform's PHP client, woowup/woowup-php-client-v2 (Guzzle 6). Every file in
// fixtures/ is one request exactly as that client puts it on the wire: request line, headers, and the
// body json_encode() wrote with no flags (`\/`, `\uXXXX`, floats without `.0`, the models' extra keys).
// The test replays those bytes unchanged (only {{KEY}}, {{USERAPP_ID}} and {{BRANCH_ID}} are filled in)
// and asserts what the client reads from each answer. docs/compatibility.md maps each call to its
// client method. The other programs written for the platform (the v1 client, the WooCommerce plugin,
// the VTEX app, scripts) have their fixtures in subdirectories, replayed by platform-clients.test.ts.

// Load shedding (O5) answers 503 when the machine is busy; this test is about answers, not load. (Typed as
// a plain object so that the file compiles whether or not the shedding settings are in Config yet.)
const noShedding: object = { overloadEventLoopDelayMs: 0, overloadMaxInFlight: 0 };
const t = await buildTestApp({ config: { ...noShedding } });
const FIXTURES = new URL('./fixtures/', import.meta.url);
const vars: Record<string, string> = { KEY: t.key };

const load = (name: string) => loadFixture(FIXTURES, name);

/** Sends a fixture's bytes as they are (placeholders filled in) and parses the answer. */
const replay = (name: string): Promise<Response> => replayFixture(t, FIXTURES, name, vars);

// What the client does with an answer (src/Endpoints/*.php). Guzzle throws on any 4xx/5xx; the
// endpoint retries 429, 502 and 503 and rethrows the rest, and the connectors read `code` from it.

/** create(), update(), bulkCreate(), addPoints(), createFamilyMember()…: `status == 200 || status == 201`. */
function clientSucceeds(response: Response): any {
  assert.ok(response.status === 200 || response.status === 201, `the client expects 200/201, got ${response.status}: ${response.text}`);
  return expectOk(response, response.status);
}

/** exist() and Products::update(): `isset($data->payload->exist) && $data->payload->exist`. */
function clientReadsExist(response: Response): boolean {
  assert.equal(response.status, 200, response.text);
  const exist = response.body?.payload?.exist;
  assert.equal(typeof exist, 'boolean', `payload.exist must be there: ${response.text}`);
  return exist;
}

/** find(), search(), getUserTransactions(): `status == 200` and `isset($data->payload)`, then the payload. */
function clientReadsPayload(response: Response): any {
  assert.equal(response.status, 200, response.text);
  assert.ok(response.body?.payload !== undefined && response.body.payload !== null, `payload must be set: ${response.text}`);
  return response.body.payload;
}

/** A failure the client does not retry (not 429/502/503) and whose `code` the connectors branch on. */
function clientFails(response: Response, status: number, code: string): void {
  assert.ok(![429, 502, 503].includes(response.status), 'the client would retry this answer 25 times');
  expectError(response, status, code);
}

// Users::find() builds a UserModel from the payload: any other key is `trigger_error(... E_USER_WARNING)`,
// an exception under frameworks that turn warnings into errors.
const USER_MODEL_KEYS = new Set([
  'service_uid', 'document', 'email', 'new_email', 'first_name', 'last_name', 'telephone', 'whatsapp_phone',
  'whatsapp_validated', 'whatsapp_id', 'birthdate', 'gender', 'street', 'postcode', 'city', 'department', 'state',
  'country', 'document_type', 'marital_status', 'tags', 'points', 'mailing_enabled', 'sms_enabled',
  'whatsapp_enabled', 'mailing_disabled_reason', 'sms_disabled_reason', 'whatsapp_disabled_reason',
  'custom_attributes', 'club_inscription_date', 'blocked', 'customform', 'notes', 'family', 'createtime',
  'updatetime', 'sms_enabled_type', 'sms_enabled_updatetime', 'mailing_enabled_type', 'mailing_enabled_updatetime',
  'userapp_id', 'user_id', 'app_id',
  // read through their own setters
  'address', 'birthday', 'postal_code', 'sms_enabled_reason', 'mailing_enabled_reason',
]);
const DISABLED_REASONS = ['bounce', 'unsuscribe', 'spamreport', 'dropped', 'other'];

function assertUserModelReadable(user: Record<string, unknown>): void {
  for (const key of Object.keys(user)) assert.ok(USER_MODEL_KEYS.has(key), `UserModel::createFromJson warns on "${key}"`);
  for (const flag of ['mailing_enabled', 'sms_enabled']) {
    const value = user[flag];
    if (value !== undefined) assert.ok(typeof value === 'boolean' || value === 'enabled' || value === 'disabled', `${flag}: ${String(value)}`);
  }
  for (const reason of ['mailing_enabled_reason', 'sms_enabled_reason']) {
    const value = user[reason];
    if (value !== undefined && value !== null) assert.ok(DISABLED_REASONS.includes(value as string), `${reason}: ${String(value)}`);
  }
}

// Purchases::find() builds a PurchaseModel from payload[0]: every item goes through addItem(), whose
// validate() throws without sku, quantity or unit_price; `branch` is read as `$value->name`.
function assertPurchaseModelReadable(purchase: any): void {
  const items = Array.isArray(purchase.purchase_detail) ? purchase.purchase_detail : purchase.purchase_detail?.items;
  assert.ok(Array.isArray(items) && items.length > 0, 'purchase_detail must be a non-empty list');
  for (const item of items) {
    assert.ok(item.sku || item.product_id, 'an item without sku makes PurchaseItemModel::validate() throw');
    assert.ok(item.quantity !== undefined && item.quantity !== null, 'an item without quantity makes validate() throw');
    assert.ok((item.unit_price ?? item.price ?? null) !== null, 'an item without unit_price makes validate() throw');
  }
  if (purchase.branch !== null && purchase.branch !== undefined) assert.equal(typeof purchase.branch.name, 'string');
  if (purchase.seller !== null && purchase.seller !== undefined) assert.equal(typeof purchase.seller, 'object');
  if (purchase.prices !== null && purchase.prices !== undefined) assert.equal(typeof purchase.prices, 'object');
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const USER = 'cust-1001';
const SKU = 'MATE/ÑU~1';
const NEW_SKU = 'BOMBILLA-ALP-7';
const BRANCH = 'Palermo ¿soho? >> Outlet'; // BranchModel::setName() prettifies "Palermo ¿Soho? >> Outlet"
const INVOICE = 'FC-A-0001-00012345';

async function userNow(): Promise<any> {
  return expectOk(await t.get(`/apiv3/users/${vars.USERAPP_ID}`));
}

/** The one element of a user's listing (`members`, `abandoned-carts`). */
async function onlyOne(listing: string): Promise<any> {
  const list = expectOk(await t.get(`/apiv3/users/${vars.USERAPP_ID}/${listing}`));
  assert.equal(list.length, 1, JSON.stringify(list));
  return list[0];
}

describe('the fixtures are the client\'s bytes', () => {
  it('every fixture has a well-formed request, the headers Guzzle sends, and a Content-Length that matches', () => {
    for (const name of fixtureNames(FIXTURES)) {
      const fixture = load(name);
      assert.equal(fixture.headers.Authorization, 'Basic {{KEY}}', name);
      assert.equal(fixture.headers.Accept, 'application/json', name);
      assert.match(fixture.headers['User-Agent'] ?? '', /^GuzzleHttp\/6\./, name);
      if (fixture.body === undefined) {
        assert.equal(fixture.headers['Content-Type'], undefined, name);
        assert.equal(fixture.method, 'GET', name);
      } else {
        assert.equal(fixture.headers['Content-Type'], 'application/json', name);
        assert.equal(Number(fixture.headers['Content-Length']), Buffer.byteLength(fixture.body, 'utf8'), `${name}: Content-Length`);
        JSON.parse(fixture.body);
        assert.ok(!/[^\x20-\x7e]/.test(fixture.body), `${name}: json_encode() without flags writes ASCII only`);
      }
    }
  });
});

describe('custom attribute definitions (CustomAttributes::create)', () => {
  it('creates the products, purchases and purchase-item definitions the connector sends values for', async () => {
    const color = clientSucceeds(await replay('01-products-attribute-create'));
    assert.deepEqual([color.name, color.data_type, color.field_type], ['color', 'string', 'text']);
    assert.equal(clientSucceeds(await replay('02-purchases-attribute-create')).name, 'tienda_retiro');
    assert.equal(clientSucceeds(await replay('03-purchase-item-attribute-create')).name, 'promociones');
  });
});

describe('users', () => {
  it('Users::create with the cleanser\'s lower-case gender "f" creates the user, answered "F"', async () => {
    const user = clientSucceeds(await replay('10-users-create-gender-f'));
    vars.USERAPP_ID = String(user.userapp_id);
    assert.equal(user.service_uid, USER);
    assert.equal(user.email, 'ana.perez+vip@example.com');
    assert.equal(user.gender, 'F');
    assert.equal(user.last_name, 'Pérez');
    assert.equal(user.birthdate, '1990-05-17');
    assert.equal(user.country, 'ARG');
    assert.deepEqual(user.tags, ['vip', 'newsletter']);
    assert.equal(user.mailing_enabled, true);
  });

  it('Users::exist by e-mail (%2B and %40 in the query, empty identities beside it) reads payload.exist', async () => {
    assert.equal(clientReadsExist(await replay('11-users-exist')), true);
  });

  it('Users::find by service_uid answers a payload UserModel reads without a warning', async () => {
    const user = clientReadsPayload(await replay('12-users-find'));
    assertUserModelReadable(user);
    assert.equal(user.userapp_id, Number(vars.USERAPP_ID));
    assert.equal(user.gender, 'F');
  });

  it('Users::find then Users::update sends the whole model back (read-only keys, tags as an array); only the change applies', async () => {
    // The bytes PHP 7 sends. On PHP 8 the client throws before sending (docs/compatibility.md: tags stay an array, U4).
    const user = clientSucceeds(await replay('12b-users-update-after-find'));
    assert.equal(user.userapp_id, Number(vars.USERAPP_ID));
    assert.equal(user.city, 'Córdoba');
    assert.deepEqual(user.tags, ['vip', 'newsletter']);
    assert.equal(user.points, 0);
    assert.equal(user.gender, 'F');
  });

  it('Users::update (PUT /multiusers) with gender "f" and tags updates the user its service_uid finds', async () => {
    const user = clientSucceeds(await replay('13-users-update-multiusers'));
    assert.equal(user.userapp_id, Number(vars.USERAPP_ID));
    assert.equal(user.gender, 'F');
    assert.equal(user.postcode, 'C1425');
    assert.deepEqual(user.tags, ['vip', 'newsletter', 'club']);
  });

  it('Users::removeTags (PUT /users/{userapp_id} {"remove_tags":"a,b"}) answers 200 and removes them', async () => {
    const response = await replay('14-users-remove-tags');
    assert.equal(response.status, 200, response.text); // removeTags() checks == 200 only
    assert.deepEqual((await userNow()).tags, ['vip', 'club']);
  });

  it('Users::addPoints (POST /multiusers/points, identity with empty siblings) credits the user', async () => {
    const payload = clientSucceeds(await replay('15-users-add-points'));
    assert.equal(typeof payload.transaction_id, 'number');
    assert.equal((await userNow()).points, 150);
  });

  it('Users::getUserTransactions (concept=&from=&to= empty) returns the ledger as payload', async () => {
    const entries = clientReadsPayload(await replay('16-users-transactions'));
    assert.ok(Array.isArray(entries));
    assert.equal(entries.length, 1);
    assert.equal(entries[0].concept, 'bienvenida');
    assert.equal(entries[0].points, 150);
    assert.equal(entries[0].description, 'Bono de bienvenida ¡gracias!');
    assert.equal(entries[0].balance, 150);
    assert.match(entries[0].createtime, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('Users::getUserTransactions with concept and a bare from date filters the ledger', async () => {
    assert.deepEqual(clientReadsPayload(await replay('17-users-transactions-filtered')).map((entry: any) => entry.concept), ['bienvenida']);
  });

  it('Users::addPoints for nobody is a 404 the client does not retry', async () => {
    clientFails(await replay('18-users-add-points-unknown-user'), 404, 'not_found');
    assert.equal((await userNow()).points, 150);
  });

  it('Users::search (GET /users/ with a trailing slash, include={} exclude={} segment_id= beside) lists the user', async () => {
    const users = clientReadsPayload(await replay('19-users-search'));
    assert.deepEqual(users.map((user: any) => user.service_uid), [USER]);
    for (const user of users) assertUserModelReadable(user);
  });

  it('Users::search($page, $limit, \'\', \'{}\', \'{}\', $segmentId) lists the segment\'s members (SG5)', async () => {
    const segment = expectOk(await t.post('/apiv3/segments', { title: 'The one customer', definition: { all: [{ field: 'service_uid', op: 'eq', value: USER }] } }), 201);
    vars.SEGMENT_ID = String(segment.id);
    const users = clientReadsPayload(await replay('82-users-search-segment'));
    assert.deepEqual(users.map((user: any) => user.service_uid), [USER]);
    for (const user of users) assertUserModelReadable(user);
  });

  it('Users::createFamilyMember (owner identity in the query) adds the member', async () => {
    clientSucceeds(await replay('20-members-create'));
    const member = await onlyOne('members');
    assert.equal(member.uid, 'cust-1001-hija');
    assert.equal(member.first_name, 'Sofía');
    assert.equal(member.last_name, 'Pérez');
    assert.equal(member.birthdate, '2015-08-02');
    assert.equal(String(member.gender).toUpperCase(), 'F');
    assert.equal(member.relationship, 'son');
  });

  it('Users::updateFamilyMember finds the member by uid and updates it', async () => {
    clientSucceeds(await replay('21-members-update'));
    const member = await onlyOne('members');
    assert.equal(member.first_name, 'Sofía Belén');
    assert.equal(member.telephone, '1148213968');
    assert.equal(member.address, 'Av. Santa Fe 3253');
  });
});

describe('products', () => {
  it('Products::create with CategoryModel paths, \\/ and \\u escapes and a normalised custom attribute', async () => {
    clientSucceeds(await replay('30-products-create'));
  });

  it('Products::exist (urlencode(base64_encode($sku)), with %2F %2B %3D) reads payload.exist', async () => {
    assert.equal(clientReadsExist(await replay('31-products-exist')), true);
  });

  it('Products::find answers the product with the JSON escapes decoded', async () => {
    const product = clientReadsPayload(await replay('32-products-find'));
    assert.equal(product.sku, SKU);
    assert.equal(product.name, 'Mate Imperial De Calabaza');
    assert.equal(product.description, 'Mate "imperial" 100% calabaza, 350 cm³ <b>nuevo</b>');
    assert.equal(product.url, 'https://tienda.example/mates/imperial?color=negro&talle=u');
    assert.equal(product.price, 18999.9);
    assert.equal(product.offer_price, 15999);
    assert.equal(product.stock, 12);
    assert.equal(product.available, true);
    assert.deepEqual(product.category, [{ id: 'mates', name: 'Mates' }, { id: 'mates-imperiales', name: 'Imperiales' }]);
    assert.deepEqual(product.custom_attributes, { color: 'negro' });
    assert.deepEqual(product.metadata, { origen: 'Córdoba', lote: 42 });
  });

  it('Products::update reads payload.exist === true, and only the fields sent change', async () => {
    assert.equal(clientReadsExist(await replay('33-products-update')), true);
    const product = expectOk(await t.get(`/apiv3/products/${encodeURIComponent(b64(SKU))}`));
    assert.equal(product.price, 17999.5);
    assert.equal(product.stock, 0);
    assert.equal(product.available, false);
    assert.equal(product.brand, 'Yerbas Del Sur');
    assert.equal(product.category.length, 2);
  });

  it('Products::update of an unknown SKU is 404 (the connector then creates it); exist reads false', async () => {
    clientFails(await replay('34-products-update-unknown'), 404, 'not_found');
    assert.equal(clientReadsExist(await replay('35-products-exist-unknown')), false);
  });

  it('Products::search by sku (rawurlencoded in the query, page=0&limit=100) lists it', async () => {
    assert.deepEqual(clientReadsPayload(await replay('36-products-search')).map((product: any) => product.sku), [SKU]);
  });
});

describe('branches', () => {
  it('Branches::create with every BranchModel field', async () => {
    const branch = clientSucceeds(await replay('40-branches-create'));
    vars.BRANCH_ID = String(branch.id);
    assert.equal(branch.name, BRANCH);
  });

  it('Branches::find by id answers the branch', async () => {
    const branch = clientReadsPayload(await replay('41-branches-find'));
    assert.equal(branch.name, BRANCH);
    assert.deepEqual(branch.branch_zone, { code: 'caba', name: 'Capital Federal' });
    assert.deepEqual(branch.country, { code: 'ARG' });
    assert.equal(branch.working_hours, 'Lun a Sáb 10-20');
    assert.equal(branch.is_web, false);
    assert.equal(branch.m2, 120);
    assert.equal(branch.m2_cost, 35.5);
    assert.equal(branch.status, 'active');
  });

  it('Branches::update: raw base64_encode($name) with "/", "+" and "=" in the path, name in another case', async () => {
    clientSucceeds(await replay('42-branches-update-base64-name'));
    const branch = expectOk(await t.get(`/apiv3/branches/${vars.BRANCH_ID}`));
    assert.equal(branch.status, 'inactive');
    assert.equal(branch.employees_quantity, 10);
    assert.equal(branch.description, 'Local a la calle, planta baja');
  });

  it('Branches::search (GET /branches/ with a trailing slash) lists it', async () => {
    assert.deepEqual(clientReadsPayload(await replay('43-branches-search')).map((branch: any) => branch.name), [BRANCH]);
  });
});

describe('purchases', () => {
  it('Purchases::create stores the purchase, credits its points, creates the unknown SKU, uses the branch', async () => {
    const purchase = clientSucceeds(await replay('50-purchases-create'));
    assert.equal(purchase.invoice_number, INVOICE);
    assert.equal(purchase.user.userapp_id, Number(vars.USERAPP_ID));
    assert.equal(purchase.points, 30);
    assert.equal(purchase.createtime, '2024-03-05 17:30:00');
    assert.equal(purchase.approvedtime, '2024-03-05 17:35:10');
    assert.equal(purchase.branch.name, BRANCH);
    assert.deepEqual(purchase.custom_attributes, { tienda_retiro: 'Palermo' });
    assert.equal(purchase.purchase_detail.length, 2);
    assert.deepEqual(purchase.purchase_detail[0].custom_attributes, { promociones: ['3 cuotas', 'envío gratis'] });
    assert.equal(purchase.purchase_detail[1].manufacturer_warranty_date, '2025-03-05 00:00:00');
    assert.deepEqual(purchase.payment.map((payment: any) => payment.type), ['credit']);
    assert.equal(purchase.seller.name, 'Juan Gómez');
    assert.deepEqual(purchase.metadata, { pedido_web: 'VT-99812', nota: 'Entregar después de las 18 hs' });

    assert.equal((await userNow()).points, 180);
    const created = expectOk(await t.get(`/apiv3/products/${encodeURIComponent(b64(NEW_SKU))}`));
    assert.equal(created.name, 'Bombilla De Alpaca');
    assert.equal(created.price, 4500);
    assert.deepEqual(created.category.map((category: any) => category.id), ['mates', 'bombillas']);
    const existing = expectOk(await t.get(`/apiv3/products/${encodeURIComponent(b64(SKU))}`));
    assert.equal(existing.price, 17999.5, 'an existing product is not changed by a purchase');
    assert.equal(expectOk(await t.get('/apiv3/branches')).length, 1, 'branch_name found the branch, none created');
  });

  it('the same Purchases::create again answers duplicated_purchase_number and credits nothing', async () => {
    clientFails(await replay('50-purchases-create'), 400, 'duplicated_purchase_number');
    assert.equal((await userNow()).points, 180);
  });

  it('Purchases::create for an unknown customer answers user_not_found', async () => {
    clientFails(await replay('52-purchases-create-unknown-user'), 404, 'user_not_found');
  });

  it('Purchases::update (PUT /purchases) replaces the items and moves the balance by the points difference', async () => {
    const purchase = clientSucceeds(await replay('53-purchases-update'));
    assert.equal(purchase.points, 45);
    assert.equal(purchase.purchase_detail.length, 1);
    assert.equal(purchase.purchase_detail[0].quantity, 2);
    assert.equal((await userNow()).points, 195);
  });

  it('Purchases::bulkCreate: the new one is created, the duplicate is a failed entry with its S2 code', async () => {
    const result = clientSucceeds(await replay('54-purchases-bulk'));
    assert.equal(result.created, 1);
    assert.equal(result.failed.length, 1);
    assert.equal(result.failed[0].index, 1);
    assert.equal(result.failed[0].invoice_number, INVOICE);
    assert.equal(result.failed[0].code, 'duplicated_purchase_number');
    assert.equal((await userNow()).points, 205);
  });

  it('Purchases::find (GET /purchases?invoice_number=) answers a list whose first purchase PurchaseModel reads', async () => {
    const list = clientReadsPayload(await replay('55-purchases-find'));
    assert.equal(list.length, 1);
    assert.equal(list[0].invoice_number, INVOICE);
    assertPurchaseModelReadable(list[0]);
  });
});

describe('abandoned carts', () => {
  it('AbandonedCarts::create (POST /multiusers/abandoned-cart, identity in the body) records the cart', async () => {
    clientSucceeds(await replay('60-abandoned-cart-create'));
    const cart = await onlyOne('abandoned-carts');
    assert.equal(cart.external_id, 'cart-7781');
    assert.equal(cart.recovered, false);
    assert.equal(cart.total_price, 22499.5);
    assert.equal(cart.recover_url, 'https://tienda.example/checkout/recover?cart=7781&t=ab%2Fcd');
    assert.equal(cart.createtime, '2024-03-06 10:15:00');
    assert.deepEqual(cart.products.map((product: any) => product.sku), [SKU, NEW_SKU]);
  });

  it('the same external_id again replaces the cart', async () => {
    clientSucceeds(await replay('61-abandoned-cart-replace'));
    const cart = await onlyOne('abandoned-carts');
    assert.equal(cart.recovered, true);
  });

  it('an unknown customer answers user_not_found', async () => {
    clientFails(await replay('62-abandoned-cart-unknown-user'), 404, 'user_not_found');
  });
});

describe('calls Rapport does not serve (U10)', () => {
  it('Purchases::findPayment (GET /purchases/iin/{digits}) is a 404 saying why', async () => {
    const response = await replay('70-purchases-iin');
    clientFails(response, 404, 'not_found');
    assert.match(response.body.message, /BIN|issuer/i);
  });

  it('Segments::find (GET /segments/{id}) is a 404 saying why', async () => {
    const response = await replay('71-segments-find');
    clientFails(response, 404, 'not_found');
    assert.match(response.body.message, /segment/i);
  });
});

describe('user events: the model serialises its cleanser', () => {
  it('Events::create, then UserEvents::create with "cleanser":{…} stores the event without it', async () => {
    const eventResponse = await replay('80-events-create');
    assert.ok(eventResponse.status === 200 || eventResponse.status === 201, eventResponse.text);
    assert.equal(eventResponse.body.name, 'visita-tienda');
    const userEvent = clientSucceeds(await replay('81-user-events-create'));
    assert.deepEqual(userEvent.metadata, { pagina: '/mates/imperial' });
    assert.equal(JSON.stringify(userEvent).includes('cleanser'), false);
  });
});

describe('coverage of the fixtures', () => {
  it('every fixture file is replayed by a test above', () => {
    const source = readFileSync(new URL(import.meta.url.replace(/\.js$/, '.ts')), 'utf8'); // its TypeScript, also when the suite runs compiled
    assert.deepEqual(fixtureNames(FIXTURES).filter((name) => !source.includes(`replay('${name}')`)), []);
  });
});
