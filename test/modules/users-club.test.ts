import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { loggerOptions } from '../../src/http/logging.js';
import { buildTestApp, type Response } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';
import { buildSecondApp } from '../helpers/second-app.js';

// U13: POST /users/register, POST /users/authenticate, PUT /users/{id} with `pass`. The app logs at
// trace level into `logLines`, so that no line may carry a password or its hash.

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(...chunk.toString().split('\n').filter((line: string) => line.trim() !== ''));
    done();
  },
});
const t = await buildTestApp({ logger: { ...(loggerOptions('trace') as object), stream: logStream } });
const second = await buildSecondApp(t);
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

/** Every answer of this file, to check that none carries a password or a hash. */
const answers: string[] = [];
function seen(response: Response): Response {
  answers.push(response.text);
  return response;
}
const post = async (url: string, body?: unknown) => seen(await t.post(url, body));
const member = (n: string, extra: Record<string, unknown> = {}) => ({
  service_uid: `club-${n}`,
  pass: `Secret-pass-${n}`,
  email: `club-${n}@example.com`,
  first_name: 'Ana',
  last_name: 'Núñez',
  ...extra,
});
const storedHash = async (userId: number) =>
  (await t.database.db.selectFrom('club_passwords').select('password_hash').where('user_id', '=', userId).executeTakeFirst())?.password_hash;

describe('POST /users/register', () => {
  it('creates the customer, a club member from now, and answers it with points and customform (201)', async () => {
    await post('/apiv3/account/custom-attributes', { label: 'Cedula', data_type: 'string', field_type: 'text' });
    t.clock.set('2026-05-01T10:00:00Z');
    const user = expectOk(await post('/apiv3/users/register', member('1', { cleanser: {} })), 201);
    t.clock.set(null);
    assert.equal(user.service_uid, 'club-1');
    assert.equal(user.email, 'club-1@example.com');
    assert.equal(user.first_name, 'Ana');
    assert.equal(user.last_name, 'Núñez');
    assert.equal(user.club_inscription_date, '2026-05-01 10:00:00');
    assert.equal(user.points, 0);
    assert.deepEqual(user.customform, {});
    assert.deepEqual(user.custom_attributes, {});
    assert.equal(user.userapp_id, user.user_id);
    assert.ok(!('pass' in user) && !('password_hash' in user));
    // Only a scrypt hash is stored, salted: the same password twice gives two hashes.
    const hash = await storedHash(user.userapp_id);
    assert.match(hash!, /^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    assert.ok(!hash!.includes('Secret-pass-1'));
    const twin = expectOk(await post('/apiv3/users/register', member('1b', { pass: 'Secret-pass-1' })), 201);
    assert.notEqual(await storedHash(twin.userapp_id), hash);
    // The customer is an ordinary customer too, with custom attributes shown under both names once set.
    const updated = expectOk(seen(await t.put(`/apiv3/users/${user.userapp_id}`, { custom_attributes: { cedula: '11223344' } })));
    assert.deepEqual(updated.custom_attributes, { cedula: '11223344' });
    const signedIn = expectOk(await post('/apiv3/users/authenticate', { service_uid: 'club-1', pass: 'Secret-pass-1' }));
    assert.deepEqual(signedIn.customform, { cedula: '11223344' });
  });

  it('answers 400 naming the field: each required field, pass 8–128 characters, an invalid e-mail, a blank service_uid', async () => {
    for (const field of ['service_uid', 'pass', 'email', 'first_name', 'last_name']) {
      const body: Record<string, unknown> = member('missing');
      delete body[field];
      expectError(await post('/apiv3/users/register', body), 400, 'bad_request', new RegExp(`^${field}: is required`));
    }
    expectError(await post('/apiv3/users/register', member('short', { pass: '1234567' })), 400, 'bad_request', /^pass: /);
    expectError(await post('/apiv3/users/register', member('long', { pass: 'x'.repeat(129) })), 400, 'bad_request', /^pass: /);
    expectOk(await post('/apiv3/users/register', member('eight', { pass: '12345678' })), 201);
    expectOk(await post('/apiv3/users/register', member('max', { pass: 'ñ'.repeat(128) })), 201);
    expectError(await post('/apiv3/users/register', member('bad', { email: 'not-an-address' })), 400, 'bad_request', /^email: must be a valid e-mail address/);
    expectError(await post('/apiv3/users/register', member('blank', { service_uid: '   ' })), 400, 'bad_request', /^service_uid: must not be blank/);
    expectError(await post('/apiv3/users/register', member('pass-num', { pass: 12345678 })), 400, 'bad_request', /^pass: must be string/);
  });

  it('answers 400 when the service_uid or the e-mail is taken, and stores nothing', async () => {
    await createUser(t, { service_uid: 'taken-uid', email: 'taken@example.com' });
    expectError(await post('/apiv3/users/register', member('t1', { service_uid: 'taken-uid' })), 400, 'bad_request', /^service_uid: "taken-uid" already belongs to another user/);
    expectError(await post('/apiv3/users/register', member('t2', { email: 'TAKEN@example.com' })), 400, 'bad_request', /^email: "taken@example.com" already belongs to another user/);
    assert.equal(expectOk(await t.get('/apiv3/multiusers/exist?service_uid=club-t1')).exist, false);
    const rows = await t.database.db.selectFrom('club_passwords').select('user_id').execute();
    const ids = new Set(rows.map((row) => Number(row.user_id)));
    const users = await t.database.db.selectFrom('users').select('id').where('id', 'in', [...ids]).execute();
    assert.equal(users.length, ids.size, 'every hash belongs to a customer that exists');
  });
});

describe('POST /users/authenticate', () => {
  it('answers the customer when service_uid or email and pass match', async () => {
    const created = expectOk(await post('/apiv3/users/register', member('a')), 201);
    const byUid = expectOk(await post('/apiv3/users/authenticate', { service_uid: 'club-a', pass: 'Secret-pass-a' }));
    assert.equal(byUid.userapp_id, created.userapp_id);
    assert.deepEqual(byUid.customform, byUid.custom_attributes);
    const byEmail = expectOk(await post('/apiv3/users/authenticate', { email: ' CLUB-a@example.com ', pass: 'Secret-pass-a' }));
    assert.equal(byEmail.userapp_id, created.userapp_id);
    // An empty service_uid is "not given" (G7): the e-mail names the member.
    expectOk(await post('/apiv3/users/authenticate', { service_uid: '', email: 'club-a@example.com', pass: 'Secret-pass-a' }));
  });

  it('answers a wrong password, an unknown customer and a customer without a password with the same 403', async () => {
    expectOk(await post('/apiv3/users/register', member('same')), 201);
    await createUser(t, { service_uid: 'no-pass', email: 'no-pass@example.com' });
    const refusals = [
      await post('/apiv3/users/authenticate', { service_uid: 'club-same', pass: 'Wrong-pass' }),
      await post('/apiv3/users/authenticate', { service_uid: 'nobody-here', pass: 'Wrong-pass' }),
      await post('/apiv3/users/authenticate', { email: 'nobody@example.com', pass: 'Wrong-pass' }),
      await post('/apiv3/users/authenticate', { service_uid: 'no-pass', pass: 'Wrong-pass' }),
      await post('/apiv3/users/authenticate', { service_uid: 'club-same', pass: 'short' }),
    ];
    const shapes = refusals.map((response) => {
      expectError(response, 403, 'forbidden');
      const { time: _time, ...rest } = response.body;
      return { status: response.status, body: rest, headers: Object.keys(response.headers).filter((name) => !['date', 'x-request-id', 'content-length'].includes(name)).sort() };
    });
    for (const shape of shapes.slice(1)) assert.deepEqual(shape, shapes[0]);
    assert.equal(shapes[0]!.body.message, 'the customer and password do not match');
  });

  it('costs about the same for an unknown customer as for a wrong password', async () => {
    for (const n of ['t1', 't2', 't3', 't4', 't5']) expectOk(await post('/apiv3/users/register', member(n)), 201);
    const time = async (body: unknown) => {
      const start = process.hrtime.bigint();
      expectError(await post('/apiv3/users/authenticate', body), 403, 'forbidden');
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const wrong: number[] = [];
    const unknown: number[] = [];
    for (const n of ['t1', 't2', 't3', 't4', 't5']) {
      wrong.push(await time({ service_uid: `club-${n}`, pass: 'Wrong-pass' }));
      unknown.push(await time({ service_uid: `ghost-${n}`, pass: 'Wrong-pass' }));
    }
    const [w, u] = [median(wrong), median(unknown)];
    // Both pay one scrypt (tens of milliseconds); a shared machine's noise is allowed for.
    assert.ok(u > w / 3 && u < w * 3, `wrong password ${w.toFixed(1)} ms, unknown customer ${u.toFixed(1)} ms`);
  });

  it('answers 400 without service_uid and email, or without pass', async () => {
    expectError(await post('/apiv3/users/authenticate', { pass: 'Secret-pass' }), 400, 'bad_request', /^service_uid or email: one of them is required/);
    expectError(await post('/apiv3/users/authenticate', { service_uid: ' ', email: '', pass: 'Secret-pass' }), 400, 'bad_request', /^service_uid or email/);
    expectError(await post('/apiv3/users/authenticate', { service_uid: 'club-a' }), 400, 'bad_request', /^pass: is required/);
  });

  it('after 10 failures in 15 minutes answers 429 with Retry-After, even with the right password, for that customer only, until the window passes', async () => {
    expectOk(await post('/apiv3/users/register', member('lock')), 201);
    expectOk(await post('/apiv3/users/register', member('free')), 201);
    const start = Date.parse('2026-06-01T12:00:00Z');
    t.clock.set(new Date(start));
    // 10 failures, by either identifier: they count for the same customer.
    for (let i = 0; i < 10; i += 1) {
      const body = i % 2 === 0 ? { service_uid: 'club-lock', pass: `Wrong-${i}-pass` } : { email: 'club-lock@example.com', pass: `Wrong-${i}-pass` };
      expectError(await post('/apiv3/users/authenticate', body), 403, 'forbidden');
    }
    t.clock.set(new Date(start + 60_000));
    for (const body of [{ service_uid: 'club-lock', pass: 'Secret-pass-lock' }, { email: 'club-lock@example.com', pass: 'Wrong-pass' }]) {
      const refused = await post('/apiv3/users/authenticate', body);
      expectError(refused, 429, 'too_many_requests');
      const retryAfter = Number(refused.headers['retry-after']);
      assert.ok(Number.isInteger(retryAfter) && retryAfter > 0 && retryAfter <= 900, `Retry-After ${refused.headers['retry-after']}`);
      assert.equal(retryAfter, 840);
    }
    // Another customer is not limited; an unknown one answers 403 as ever.
    expectOk(await post('/apiv3/users/authenticate', { service_uid: 'club-free', pass: 'Secret-pass-free' }));
    expectError(await post('/apiv3/users/authenticate', { service_uid: 'ghost', pass: 'Wrong-pass' }), 403, 'forbidden');
    // Still refused a moment before the window passes, answered the moment after.
    t.clock.set(new Date(start + 15 * 60_000 - 1000));
    expectError(await post('/apiv3/users/authenticate', { service_uid: 'club-lock', pass: 'Secret-pass-lock' }), 429, 'too_many_requests');
    t.clock.set(new Date(start + 15 * 60_000 + 1));
    expectOk(await post('/apiv3/users/authenticate', { service_uid: 'club-lock', pass: 'Secret-pass-lock' }));
    // The success forgot the failures: 10 more are allowed again.
    for (let i = 0; i < 9; i += 1) expectError(await post('/apiv3/users/authenticate', { service_uid: 'club-lock', pass: 'Wrong-pass' }), 403, 'forbidden');
    expectOk(await post('/apiv3/users/authenticate', { service_uid: 'club-lock', pass: 'Secret-pass-lock' }));
    t.clock.set(null);
  });

  it('holds the limit across two app processes on one database', async () => {
    expectOk(await post('/apiv3/users/register', member('two')), 201);
    const start = Date.parse('2026-07-01T12:00:00Z');
    t.clock.set(new Date(start));
    // Half the failures through each process, some of them at once.
    await Promise.all([
      ...Array.from({ length: 5 }, async () => expectError(seen(await second.post('/apiv3/users/authenticate', { service_uid: 'club-two', pass: 'Wrong-pass' })), 403, 'forbidden')),
      ...Array.from({ length: 5 }, async () => expectError(await post('/apiv3/users/authenticate', { service_uid: 'club-two', pass: 'Wrong-pass' }), 403, 'forbidden')),
    ]);
    expectError(await post('/apiv3/users/authenticate', { service_uid: 'club-two', pass: 'Secret-pass-two' }), 429, 'too_many_requests');
    expectError(seen(await second.post('/apiv3/users/authenticate', { service_uid: 'club-two', pass: 'Secret-pass-two' })), 429, 'too_many_requests');
    t.clock.set(null);
  });

  it('never lets more than 10 guesses through when they race', async () => {
    expectOk(await post('/apiv3/users/register', member('race')), 201);
    t.clock.set('2026-08-01T12:00:00Z');
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) => (i % 2 === 0 ? t.post('/apiv3/users/authenticate', { service_uid: 'club-race', pass: 'Wrong-pass' }) : second.post('/apiv3/users/authenticate', { service_uid: 'club-race', pass: 'Wrong-pass' }))),
    );
    const statuses = answers.map((answer) => answer.status);
    assert.ok(statuses.filter((status) => status === 403).length <= 10, statuses.join(','));
    assert.ok(statuses.every((status) => status === 403 || status === 429), statuses.join(','));
    t.clock.set(null);
  });
});

describe('PUT /users/{id} with pass', () => {
  it('changes the club password (8–128 characters), also of a customer that had none', async () => {
    const user = expectOk(await post('/apiv3/users/register', member('change')), 201);
    const changed = expectOk(seen(await t.put(`/apiv3/users/${b64('club-change')}`, { pass: 'A-new-password', first_name: 'Eva' })));
    assert.equal(changed.first_name, 'Eva');
    assert.ok(!('pass' in changed));
    expectError(await post('/apiv3/users/authenticate', { service_uid: 'club-change', pass: 'Secret-pass-change' }), 403, 'forbidden');
    expectOk(await post('/apiv3/users/authenticate', { service_uid: 'club-change', pass: 'A-new-password' }));
    expectError(seen(await t.put(`/apiv3/users/${user.userapp_id}`, { pass: 'short' })), 400, 'bad_request', /^pass: /);
    expectError(seen(await t.put(`/apiv3/users/${user.userapp_id}`, { pass: 'y'.repeat(129) })), 400, 'bad_request', /^pass: /);
    expectOk(await post('/apiv3/users/authenticate', { service_uid: 'club-change', pass: 'A-new-password' }));
    const plain = await createUser(t, { service_uid: 'plain-customer' });
    expectOk(seen(await t.put(`/apiv3/users/${plain.userapp_id}`, { pass: 'First-password' })));
    expectOk(await post('/apiv3/users/authenticate', { service_uid: 'plain-customer', pass: 'First-password' }));
    // PUT /multiusers does not take it (G8: an unknown field is ignored).
    expectOk(seen(await t.put('/apiv3/multiusers', { service_uid: 'plain-customer', pass: 'Other-password' })));
    expectOk(await post('/apiv3/users/authenticate', { service_uid: 'plain-customer', pass: 'First-password' }));
  });
});

describe('the password and its hash', () => {
  it('appear in no answer, no export and no log line; erasure removes the hash', async () => {
    const user = expectOk(await post('/apiv3/users/register', member('secret')), 201);
    const hash = (await storedHash(user.userapp_id))!;
    seen(await t.get(`/apiv3/users/${user.userapp_id}`));
    seen(await t.get('/apiv3/users?limit=100'));
    const exported = expectOk(seen(await t.get(`/apiv3/users/${user.userapp_id}/export`)));
    assert.equal(exported.user.userapp_id, user.userapp_id);
    assert.ok(!JSON.stringify(exported).includes('scrypt'));
    const erased = expectOk(seen(await t.delete(`/apiv3/users/${user.userapp_id}`)));
    assert.equal(erased.deleted.users, 1);
    assert.equal(await storedHash(user.userapp_id), undefined);

    const hashes = (await t.database.db.selectFrom('club_passwords').select('password_hash').execute()).map((row) => row.password_hash);
    const secrets = [hash, ...hashes, ...hashes.map((h) => h.split('$')[5]!), 'Secret-pass-', 'A-new-password', 'First-password', 'Wrong-pass', '12345678'];
    assert.ok(logLines.length > 20, 'the app logged its requests');
    for (const secret of secrets) {
      for (const text of answers) assert.ok(!text.includes(secret), `an answer carries ${secret}: ${text.slice(0, 200)}`);
      for (const line of logLines) assert.ok(!line.includes(secret), `a log line carries ${secret}: ${line.slice(0, 200)}`);
    }
  });
});
