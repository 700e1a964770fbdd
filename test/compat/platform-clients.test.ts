import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { buildTestApp, type Response } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createBranch } from '../helpers/commerce-factories.js';
import { createUser } from '../helpers/factories.js';
import { createPurchase } from '../helpers/purchases.js';
import { waitForRequest } from '../helpers/requests.js';
import { fixtureNames, loadFixture, replayFixture } from './replay.js';

// Compatibility with the other programs written for the platform that drove Rapport, one
// directory of fixtures each under fixtures/ (the v2 PHP client's are in php-client.test.ts):
//   php-v1/       woowup/woowup-php-client (v1, Guzzle 6): its GenderCleanser sends `gender: ""` (U1)
//   woocommerce/  the WooCommerce abandoned-cart plugin (WordPress HTTP API): success is exactly 201 (U1, A1)
//   vtex/         the VTEX app: the key is the whole Authorization header, no scheme (G2)
//   scripts/      scripts written for the platform: DELETE /branches {id, notify_to} (P4)
//   apiv3-docs/   the platform's public API documentation (apiv3): each documented call, as its curl example sends it (U11–U13)
// Each file is one request as that program sends it; the test replays its bytes (only {{KEY}} is filled
// in) and asserts what the program reads from the answer. docs/compatibility.md says how they were made.

// Load shedding (O5) answers 503 when the machine is busy; this test is about answers, not load.
const noShedding: object = { overloadEventLoopDelayMs: 0, overloadMaxInFlight: 0 };
const t = await buildTestApp({ config: { ...noShedding } });
const vars: Record<string, string> = { KEY: t.key };
const CLIENTS = {
  'php-v1': { authorization: 'Basic {{KEY}}', userAgent: /^GuzzleHttp\/6\./ },
  woocommerce: { authorization: 'Basic {{KEY}}', userAgent: /^WordPress\// },
  vtex: { authorization: '{{KEY}}', userAgent: /^axios\// },
  scripts: { authorization: 'Basic {{KEY}}', userAgent: /^(python-requests|curl)\// },
  'apiv3-docs': { authorization: 'Basic {{KEY}}', userAgent: /^curl\// },
} as const;
type Client = keyof typeof CLIENTS;
const dir = (client: Client) => new URL(`./fixtures/${client}/`, import.meta.url);

const replay = (client: Client, name: string, headers?: Record<string, string>): Promise<Response> =>
  replayFixture(t, dir(client), name, vars, headers);

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const userBy = async (serviceUid: string) => expectOk(await t.get(`/apiv3/users/${encodeURIComponent(b64(serviceUid))}`));

describe('the fixtures are the programs\' bytes', () => {
  it('every fixture has a well-formed request, the program\'s Authorization and User-Agent, and a Content-Length that matches', () => {
    for (const [client, expected] of Object.entries(CLIENTS) as Array<[Client, (typeof CLIENTS)[Client]]>) {
      const names = fixtureNames(dir(client));
      assert.ok(names.length > 0, client);
      for (const name of names) {
        const fixture = loadFixture(dir(client), name);
        const where = `${client}/${name}`;
        assert.equal(fixture.headers.Authorization, expected.authorization, where);
        assert.match(fixture.headers['User-Agent'] ?? '', expected.userAgent, where);
        if (fixture.body === undefined) {
          assert.equal(fixture.headers['Content-Length'], undefined, where);
          continue;
        }
        assert.equal(Number(fixture.headers['Content-Length']), Buffer.byteLength(fixture.body, 'utf8'), `${where}: Content-Length`);
        if (fixture.headers['Content-Type'] === 'application/json') JSON.parse(fixture.body);
        else assert.equal(fixture.headers['Content-Type'], 'application/x-www-form-urlencoded', where);
      }
    }
  });
});

describe('the v1 PHP client: gender "" is "not given" (U1)', () => {
  // Users::create() and update() accept 200 or 201, as the v2 client does.
  const succeeds = (response: Response) => {
    assert.ok(response.status === 200 || response.status === 201, `the client expects 200/201, got ${response.status}: ${response.text}`);
    return expectOk(response, response.status);
  };

  it('Users::create with an unmapped gender ("") creates the user without a gender', async () => {
    const response = await replay('php-v1', '01-users-create-gender-empty');
    assert.equal(response.status, 201);
    const user = succeeds(response);
    assert.equal(user.service_uid, 'cust-2001');
    assert.equal(user.last_name, 'Gómez');
    assert.equal(user.gender, null);
    assert.deepEqual(user.tags, ['email_validated']);
  });

  it('Multiusers::update with "m", then Users::update (PUT /users/{base64}) with "": the gender stays M, the rest applies', async () => {
    assert.equal(succeeds(await replay('php-v1', '02-multiusers-update-gender-m')).gender, 'M');
    const user = succeeds(await replay('php-v1', '03-users-update-gender-empty'));
    assert.equal(user.gender, 'M');
    assert.equal(user.city, 'Mendoza');
    assert.equal((await userBy('cust-2001')).gender, 'M');
  });

  it('Multiusers::update creating a user with "" creates it without a gender', async () => {
    const user = succeeds(await replay('php-v1', '04-multiusers-create-gender-empty'));
    assert.equal(user.service_uid, 'cust-2002');
    assert.equal(user.gender, null);
    assert.equal((await userBy('cust-2002')).first_name, 'Alex');
  });
});

describe('the WooCommerce abandoned-cart plugin: a create is a success only when it answers 201 (U1, A1)', () => {
  it('existCustomer() reads payload.exist false, createCustomer() gets 201', async () => {
    const exist = await replay('woocommerce', '01-users-exist');
    assert.equal(expectOk(exist).exist, false);
    const created = await replay('woocommerce', '02-users-create');
    assert.equal(created.status, 201, created.text); // `return $code == 201;`
    const user = expectOk(created, 201);
    assert.equal(user.email, 'lucia.fernandez@example.com');
    assert.equal(user.first_name, 'Lucía');
    assert.equal(expectOk(await replay('woocommerce', '01-users-exist')).exist, true);
  });

  it('createAbandonedCart() gets 201; the cart it resends with the same external_id replaces the first, with 201 again', async () => {
    const first = await replay('woocommerce', '03-abandoned-cart-create');
    assert.equal(first.status, 201, first.text);
    const cart = expectOk(first, 201);
    assert.equal(cart.external_id, '9f1c2e7a4b3d5c6e8f0a1b2c3d4e5f60');
    assert.equal(cart.recover_url, 'https://tienda.example/finalizar-compra/?abandoned_cart=OWYxYzJlN2E0YjNkNWM2ZThmMGExYjJjM2Q0ZTVmNjA=');
    const again = await replay('woocommerce', '04-abandoned-cart-resend');
    assert.equal(again.status, 201, again.text);
    const user = await expectOk(await t.get('/apiv3/multiusers/find?email=lucia.fernandez%40example.com'));
    const carts = expectOk(await t.get(`/apiv3/users/${user.userapp_id}/abandoned-carts`));
    assert.equal(carts.length, 1);
    assert.equal(carts[0].total_price, 23999.25);
    assert.equal(carts[0].products[0].quantity, 3);
  });
});

describe('the VTEX app: the key as the whole Authorization header (G2)', () => {
  it('reads and creates with Authorization: <key>', async () => {
    assert.equal(expectOk(await replay('vtex', '01-users-exist')).exist, false);
    const created = expectOk(await replay('vtex', '02-users-create'), 201);
    assert.equal(created.document, '12345678909');
    const found = expectOk(await replay('vtex', '03-users-find'));
    assert.equal(found.userapp_id, created.userapp_id);
    assert.equal(found.first_name, 'Bruna');
  });

  it('the same requests with another scheme, or an unknown bare key, are 403 forbidden', async () => {
    for (const authorization of ['Bearer {{KEY}}', 'Token {{KEY}}', 'rk_unknown', 'Basic']) {
      expectError(await replay('vtex', '03-users-find', { Authorization: authorization }), 403, 'forbidden', /^invalid or inexistent apikey$/);
    }
  });
});

describe('scripts written for the platform: DELETE /branches {id, notify_to} (P4)', () => {
  it('delete branches by id (JSON body, form body, query) in the background; their purchases stay with branch null; dry_run and 404', async () => {
    // The scripts name branches 1 to 3: the first branches of this file's fresh database.
    const branches = [await createBranch(t, { name: 'Centro' }), await createBranch(t, { name: 'Norte' }), await createBranch(t, { name: 'Sur' })];
    assert.deepEqual(branches.map((branch) => branch.id), [1, 2, 3], 'the fixtures name branch ids 1 to 3');
    const user = await createUser(t);
    const purchases = [];
    for (const branch of branches) purchases.push(await createPurchase(t, user, { branch_name: branch.name }), await createPurchase(t, user, { branch_name: branch.name }));

    const byJson = expectOk(await replay('scripts', '01-branches-delete-json'));
    const byForm = expectOk(await replay('scripts', '02-branches-delete-form'));
    assert.deepEqual(expectOk(await replay('scripts', '03-branches-delete-dry-run')), { dry_run: true, would_delete: { branches: 1, purchases_unassigned: 2 } });
    const byQuery = expectOk(await replay('scripts', '04-branches-delete-query'));
    for (const { request_id } of [byJson, byForm, byQuery]) {
      const view = await waitForRequest(t, request_id);
      assert.equal(view.status, 'done');
      assert.deepEqual(view.result, { deleted: 3 });
    }
    assert.deepEqual(expectOk(await t.get('/apiv3/branches')), []);
    for (const purchase of purchases) {
      const now = expectOk(await t.get(`/apiv3/purchases/${purchase.id}`));
      assert.equal(now.branch, null);
      assert.equal(now.invoice_number, purchase.invoice_number);
    }
    // notify_to: the outcome goes to that address (no SMTP server here: kept in the outbox)
    const mail = await t.database.db.selectFrom('mail_outbox').select(['to_address', 'subject']).orderBy('id').execute();
    assert.deepEqual(mail.map((row) => row.to_address), ['ops@tienda.example', 'ops@tienda.example', 'ops@tienda.example']);
    assert.match(mail[0]!.subject, /delete branch 1 \(Centro\) and unassign its purchases completed/);
    expectError(await replay('scripts', '05-branches-delete-unknown'), 404, 'not_found', /^branch 99 not found$/);
  });
});

describe("the platform's API documentation (apiv3): each documented call as its example sends it", () => {
  /** The keys of the documented answer that Rapport's answer has too (the differences: docs/compatibility.md). */
  const documentedUser = ['userapp_id', 'user_id', 'service_uid', 'email', 'first_name', 'last_name', 'points'];
  const hasKeys = (object: Record<string, unknown>, keys: string[]) => assert.deepEqual(keys.filter((key) => !(key in object)), [], JSON.stringify(object));
  let customers = 0;
  /** A fresh customer for the path's {{USERAPP_ID}}. */
  const docVars = async () => {
    customers += 1;
    const user = await createUser(t, { service_uid: `doc-user-${customers}`, email: `doc-user-${customers}@example.com` });
    vars.USERAPP_ID = String(user.userapp_id);
    return vars;
  };

  it('users: POST /users (form), GET /users/{id}, GET /users/{id}/exist, PUT /users/{id}, POST /users/{id}/points', async () => {
    await docVars();
    const created = expectOk(await replay('apiv3-docs', '01-users-create'), 201);
    hasKeys(created, [...documentedUser, 'club_inscription_date']);
    assert.equal(created.service_uid, 'test@email.com');
    hasKeys(expectOk(await replay('apiv3-docs', '02-users-find')), [...documentedUser, 'telephone', 'gender', 'club_inscription_date', 'notes', 'mailing_enabled', 'mailing_enabled_reason']);
    assert.deepEqual(expectOk(await replay('apiv3-docs', '03-users-exist')), { exist: true });
    const updated = expectOk(await replay('apiv3-docs', '04-users-update'));
    assert.equal(updated.email, 'test@gmail2.com');
    assert.equal(updated.gender, 'F');
    assert.equal(updated.telephone, '123456789');
    // `birthday` is not a field of Rapport's (U1 names it birthdate): ignored (G8).
    assert.equal(updated.birthdate, null);
    // The example's points are a string ("2123"): U5 takes an integer, so the example as written is refused.
    expectError(await replay('apiv3-docs', '05-users-add-points'), 400, 'bad_request', /^points: must be integer$/);
  });

  it('POST /users/register (U13): 201, the customer with points and customform; POST /users/newsletter (U12) with the fields in the query', async () => {
    await docVars();
    const member = expectOk(await replay('apiv3-docs', '06-users-register'), 201);
    hasKeys(member, [...documentedUser, 'customform']);
    assert.equal(member.service_uid, '1122334455');
    assert.deepEqual(member.customform, {});
    expectOk(await t.post('/apiv3/users/authenticate', { service_uid: '1122334455', pass: 'club-pin-2017' }));
    const subscriber = expectOk(await replay('apiv3-docs', '07-users-newsletter'), 201);
    assert.deepEqual(subscriber.tags, ['newsletter']);
    assert.equal(subscriber.mailing_enabled, true);
    assert.equal(expectOk(await replay('apiv3-docs', '07-users-newsletter')).userapp_id, subscriber.userapp_id, 'a second sign-up finds it (200)');
  });

  it('POST /users/{id}/members (U11): a JSON array, answered {}; GET /transactions (U11); GET /user/{id}/belongsToSegment (U11)', async () => {
    const filled = await docVars();
    assert.deepEqual(expectOk(await replay('apiv3-docs', '08-users-members')), {});
    const members = expectOk(await t.get(`/apiv3/users/${filled.USERAPP_ID}/members`));
    assert.deepEqual(members.map((m: { uid: string; relationship: string }) => [m.uid, m.relationship]), [['john@doe.com', 'parent']]);
    expectOk(await t.post(`/apiv3/users/${filled.USERAPP_ID}/points`, { concept: 'gift', points: 2123, description: 'test' }));
    const ledger = expectOk(await replay('apiv3-docs', '09-transactions'));
    hasKeys(ledger[0], ['id', 'points', 'description', 'createtime', 'concept', 'balance', 'user']);
    assert.equal(ledger[0].user.userapp_id, Number(filled.USERAPP_ID));
    const segment = expectOk(await t.post('/apiv3/segments', { title: 'Documented', definition: { all: [{ field: 'points', op: 'gte', value: 0 }] } }), 201);
    vars.SEGMENT_ID = String(segment.id);
    const belongs = expectOk(await replay('apiv3-docs', '10-belongs-to-segment'));
    assert.equal(typeof belongs.belongsToSegment, 'boolean');
  });

  it('GET /benefits with the documented counts, GET /coupons with from/to, POST /purchases as curl -d sends it (JSON labelled as a form)', async () => {
    await docVars();
    assert.deepEqual(Object.keys(expectOk(await replay('apiv3-docs', '11-benefits'))).sort(), ['comingbenefits', 'current', 'outofstock']);
    assert.deepEqual(expectOk(await replay('apiv3-docs', '12-coupons')), []);
    await createUser(t, { service_uid: 'test@example.com' });
    const purchase = await replay('apiv3-docs', '13-purchases-create');
    assert.ok(purchase.status === 200 || purchase.status === 201, purchase.text);
    const found = expectOk(await t.get('/apiv3/purchases?invoice_number=FAC-123456789'));
    assert.equal(found[0].purchase_detail[0].product_name, 'Heladera Patrick');
    // Malformed JSON sent so is a 400, as in a JSON body.
    const broken = await t.request('POST', '/apiv3/purchases', { body: '{"service_uid": ', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expectError(broken, 400, 'bad_request', /^body: must be valid JSON/);
  });
});

describe('coverage of the fixtures', () => {
  it('every fixture file is replayed by a test above', () => {
    const source = readFileSync(new URL(import.meta.url.replace(/\.js$/, '.ts')), 'utf8'); // its TypeScript, also when the suite runs compiled
    for (const client of Object.keys(CLIENTS) as Client[]) {
      assert.deepEqual(fixtureNames(dir(client)).filter((name) => !source.includes(`replay('${client}', '${name}'`)), [], client);
    }
  });
});
