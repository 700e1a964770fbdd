import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { buildApp } from '../../src/app.js';
import { loggerOptions } from '../../src/http/logging.js';
import { buildPeople } from '../../src/services.js';
import { buildTestApp } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';
import { CSRF, PASSWORD, addPerson, as, cookieFrom, signIn, tokenOf } from '../helpers/people.js';
import { buildSecondApp } from '../helpers/second-app.js';

// T2–T4: signing in to the console, its cookie, links that set passwords, the failure limits, and
// what a session may reach.

const t = await buildTestApp();
await addPerson(t, 'owner@example.com', 'owner');
const people = buildPeople(t.database.db, { clock: t.clock, publicUrl: t.config.publicUrl, mailer: null, audit: { record: async () => undefined }, log: { warn() {}, info() {} } });

/** A fresh address for each scenario, so the 50-per-address limit of one does not reach another. */
let addresses = 0;
async function signInFrom(address: string, body: { email: string; password: string; account?: number }) {
  const response = await t.app.inject({ method: 'POST', url: '/console/session', remoteAddress: address, headers: { ...CSRF, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  return { status: response.statusCode, headers: response.headers, body: JSON.parse(response.body || 'null'), text: response.body };
}
const nextAddress = () => `10.0.${Math.floor(++addresses / 250)}.${addresses % 250}`;

describe('POST /console/session', () => {
  it('signs in: the envelope names the person and account, the cookie is HttpOnly, SameSite=Strict, Path=/', async () => {
    const res = await signIn(t, { email: 'OWNER@example.com', password: PASSWORD });
    assert.deepEqual(expectOk(res), { email: 'owner@example.com', role: 'owner', account: { id: t.accountId, name: 'main' } });
    const cookie = String(res.headers['set-cookie']);
    assert.match(cookie, /^rapport_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=604800$/);
    assert.doesNotMatch(cookie, /Secure/, 'plain http: no Secure');
    assert.equal(res.headers['cache-control'], 'no-store');
  });

  it('a wrong password and an unknown e-mail get the same answer, in similar time', async () => {
    const address = nextAddress();
    const timed = async (email: string) => {
      const started = performance.now();
      const res = await signInFrom(address, { email, password: 'not the password at all' });
      return { res, ms: performance.now() - started };
    };
    await timed('warm-up@example.com');
    const wrongPassword = await timed('owner@example.com');
    const wrongEmail = await timed('nobody@example.com');
    for (const { res } of [wrongPassword, wrongEmail]) {
      expectError(res, 403, 'forbidden', /^wrong e-mail or password$/);
      assert.equal(res.headers['set-cookie'], undefined);
    }
    assert.deepEqual({ ...wrongPassword.res.body, time: '' }, { ...wrongEmail.res.body, time: '' });
    const [fast, slow] = [wrongPassword.ms, wrongEmail.ms].sort((a, b) => a - b);
    assert.ok(slow! < fast! * 4 + 50, `wrong password ${wrongPassword.ms.toFixed(1)} ms, wrong e-mail ${wrongEmail.ms.toFixed(1)} ms`);
  });

  it('refuses a body without e-mail or password with 400, and a write without the CSRF header with 403', async () => {
    expectError(await signIn(t, { email: 'owner@example.com' } as never), 400, 'bad_request', /password/);
    expectError(await signIn(t, { email: 'owner@example.com', password: PASSWORD }, {}), 403, 'forbidden', /X-Rapport-Console/);
    // The server's own origin (PUBLIC_URL unset: the origin the request was addressed to) passes.
    expectOk(await signIn(t, { email: 'owner@example.com', password: PASSWORD }, { origin: 'http://localhost:80' }));
    expectError(await signIn(t, { email: 'owner@example.com', password: PASSWORD }, { origin: 'https://evil.example' }), 403, 'forbidden');
  });

  it('after 5 failures for one e-mail, the next attempts (right password included) are 429 with Retry-After, for 15 minutes', async () => {
    const address = nextAddress();
    await addPerson(t, 'limited@example.com', 'viewer');
    t.clock.set('2026-05-01T10:00:00Z');
    for (let i = 0; i < 5; i += 1) expectError(await signInFrom(address, { email: 'limited@example.com', password: `wrong-${i}-password` }), 403, 'forbidden');
    for (const password of ['wrong-again-password', PASSWORD]) {
      const refused = await signInFrom(nextAddress(), { email: 'LIMITED@example.com', password });
      expectError(refused, 429, 'too_many_requests', /too many failed sign-ins/);
      assert.equal(refused.headers['retry-after'], '900');
    }
    t.clock.set('2026-05-01T10:10:00Z');
    assert.equal((await signInFrom(nextAddress(), { email: 'limited@example.com', password: PASSWORD })).headers['retry-after'], '300');
    t.clock.set('2026-05-01T10:15:01Z');
    expectOk(await signInFrom(nextAddress(), { email: 'limited@example.com', password: PASSWORD }));
    t.clock.set(null);
  });

  it('an unknown e-mail is limited as a known one is', async () => {
    const address = nextAddress();
    for (let i = 0; i < 5; i += 1) expectError(await signInFrom(address, { email: 'ghost@example.com', password: `wrong-${i}-password` }), 403, 'forbidden');
    expectError(await signInFrom(nextAddress(), { email: 'ghost@example.com', password: PASSWORD }), 429, 'too_many_requests');
  });

  it('after 50 failures from one address, that address waits, whatever the e-mail', async () => {
    const address = '192.0.2.77';
    for (let i = 0; i < 50; i += 1) expectError(await signInFrom(address, { email: `nobody-${i}@example.com`, password: 'not-a-password' }), 403, 'forbidden');
    const refused = await signInFrom(address, { email: 'owner@example.com', password: PASSWORD });
    expectError(refused, 429, 'too_many_requests');
    assert.ok(Number(refused.headers['retry-after']) > 0);
    expectOk(await signInFrom(nextAddress(), { email: 'owner@example.com', password: PASSWORD }));
  });

  it('audits sign-ins and failures of a known e-mail with the person as actor; not an unknown e-mail', async () => {
    const address = nextAddress();
    await addPerson(t, 'audited@example.com', 'editor');
    expectError(await signInFrom(address, { email: 'audited@example.com', password: 'wrong-password-1' }), 403, 'forbidden');
    expectOk(await signInFrom(address, { email: 'audited@example.com', password: PASSWORD }));
    expectError(await signInFrom(address, { email: 'unknown-audit@example.com', password: 'wrong-password-1' }), 403, 'forbidden');
    const log = expectOk(await t.get('/apiv3/account/audit-log?path=/console/session&limit=100')) as { actor: unknown; status: number; summary: string }[];
    const mine = log.filter((e) => JSON.stringify(e.actor) === JSON.stringify({ type: 'person', email: 'audited@example.com' }));
    assert.deepEqual(
      mine.slice(0, 2).map((e) => [e.status, e.summary]),
      [
        [200, 'POST /console/session → 200: signed in to the console'],
        [403, 'POST /console/session → 403: failed sign-in: wrong password'],
      ],
    );
    assert.ok(!JSON.stringify(log).includes('unknown-audit'));
  });
});

describe('a burst of sign-ins', () => {
  it('does not stall other requests: the hashes run off the event loop', async () => {
    const burst = Array.from({ length: 24 }, (_, i) => signInFrom(nextAddress(), { email: `burst-${i}@example.com`, password: 'a wrong password here' }));
    const started = performance.now();
    const gaps: number[] = [];
    let last = performance.now();
    let finished = false;
    void Promise.all(burst).then(() => (finished = true));
    // Cheap requests answered one after another while the burst runs: none waits for a hash.
    while (!finished) {
      // A turn of the event loop between two checks, as between two requests from the network.
      await new Promise((resolve) => setImmediate(resolve));
      const health = await t.app.inject({ method: 'GET', url: '/health' });
      assert.equal(health.statusCode, 200);
      const now = performance.now();
      gaps.push(now - last);
      last = now;
    }
    const took = performance.now() - started;
    for (const res of await Promise.all(burst)) assert.equal(res.status, 403);
    // Load on a shared machine (or a collection) may delay one check; the typical one must not wait
    // for hashes: with the hashes on the event loop, checks would only run between two of them.
    const median = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]!;
    assert.ok(gaps.length > burst.length, `only ${gaps.length} health checks answered during a ${took.toFixed(0)} ms burst`);
    assert.ok(median < 25, `health checks answered every ${median.toFixed(1)} ms (median) during a ${took.toFixed(0)} ms burst`);
  });
});

describe('GET and DELETE /console/session', () => {
  it('answers who is signed in for a live cookie, 403 otherwise; a sign-out ends the session', async () => {
    const person = await addPerson(t, 'who@example.com', 'viewer');
    assert.deepEqual(expectOk(await t.get('/console/session', as(person))), { email: 'who@example.com', role: 'viewer', account: { id: t.accountId, name: 'main' } });
    expectError(await t.get('/console/session', { key: null }), 403, 'forbidden', /sign in/);
    expectError(await t.get('/console/session', { key: null, headers: { cookie: `rapport_session=${randomBytes(32).toString('base64url')}` } }), 403, 'forbidden');
    expectError(await t.delete('/console/session', undefined, as(person, { csrf: false })), 403, 'forbidden', /X-Rapport-Console/);
    const out = await t.delete('/console/session', undefined, as(person));
    assert.equal(out.status, 204);
    assert.match(String(out.headers['set-cookie']), /^rapport_session=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0/);
    expectError(await t.get('/console/session', as(person)), 403, 'forbidden');
    expectError(await t.get('/apiv3/users', as(person)), 403, 'forbidden');
  });

  it('a sign-out in one process is seen by another on the same database at once', async () => {
    const second = await buildSecondApp(t);
    const res = await signIn(t, { email: 'owner@example.com', password: PASSWORD });
    const cookie = cookieFrom(res);
    assert.equal((await second.send('GET', '/apiv3/users', { cookie })).status, 200);
    assert.equal((await second.send('DELETE', '/console/session', { cookie, ...CSRF })).status, 204);
    expectError(await t.get('/apiv3/users', as({ cookie })), 403, 'forbidden');
    expectError(await second.send('GET', '/console/session', { cookie }), 403, 'forbidden');
  });

  it('a session lasts 12 hours after its last request, and 7 days at most', async () => {
    t.clock.set('2026-06-01T00:00:00Z');
    const cookie = cookieFrom(await signIn(t, { email: 'owner@example.com', password: PASSWORD }));
    for (let hour = 11; hour <= 11 * 15; hour += 11) {
      t.clock.set(new Date(Date.parse('2026-06-01T00:00:00Z') + hour * 3_600_000));
      const res = await t.get('/console/session', as({ cookie }));
      if (hour < 7 * 24) expectOk(res);
      else expectError(res, 403, 'forbidden');
    }
    const idle = cookieFrom(await signIn(t, { email: 'owner@example.com', password: PASSWORD }));
    t.clock.set(new Date(t.clock.now().getTime() + 12 * 3_600_000 + 1000));
    expectError(await t.get('/console/session', as({ cookie: idle })), 403, 'forbidden');
    t.clock.set(null);
  });

  it('sets Secure when the request came over https through a trusted proxy', async () => {
    const proxied = await buildTestApp({ config: { trustProxy: true } });
    const person = await addPerson(proxied, 'secure@example.com', 'owner');
    assert.ok(person.cookie);
    const res = await signIn(proxied, { email: 'secure@example.com', password: PASSWORD }, { ...CSRF, 'x-forwarded-proto': 'https' });
    assert.match(String(res.headers['set-cookie']), /; Secure$/);
  });
});

describe('PUT /console/password', () => {
  it('a welcome link sets the password once and signs the person in', async () => {
    const added = expectOk(await t.post('/apiv3/account/people', { email: 'welcome@example.com', role: 'editor' }), 201);
    const token = tokenOf(added.invite_url);
    expectError(await t.put('/console/password', { token, password: 'short' }, { key: null, headers: CSRF }), 400, 'bad_request', /^password: must be 10 to 128 characters/);
    expectError(await t.put('/console/password', { token, password: 'x'.repeat(129) }, { key: null, headers: CSRF }), 400, 'bad_request', /^password: must be 10 to 128/);
    expectError(await t.put('/console/password', { token, password: 'WELCOME@example.com' }, { key: null, headers: CSRF }), 400, 'bad_request', /^password: must not be the e-mail/);
    expectError(await t.put('/console/password', { token, password: PASSWORD }, { key: null }), 403, 'forbidden');
    const set = await t.put('/console/password', { token, password: PASSWORD }, { key: null, headers: CSRF });
    assert.equal(set.status, 204);
    expectOk(await t.get('/console/session', as({ cookie: cookieFrom(set) })));
    const again = await t.put('/console/password', { token, password: 'another password 123' }, { key: null, headers: CSRF });
    expectError(again, 400, 'bad_request', /^token: the link no longer works/);
  });

  it('an expired welcome link (72 hours) or a forged one no longer works', async () => {
    t.clock.set('2026-04-01T00:00:00Z');
    const added = expectOk(await t.post('/apiv3/account/people', { email: 'late@example.com', role: 'viewer' }), 201);
    t.clock.set('2026-04-03T23:59:00Z');
    const early = expectOk(await t.post('/apiv3/account/people', { email: 'early@example.com', role: 'viewer' }), 201);
    t.clock.set('2026-04-04T00:00:01Z');
    expectError(await t.put('/console/password', { token: tokenOf(added.invite_url), password: PASSWORD }, { key: null, headers: CSRF }), 400, 'bad_request', /no longer works/);
    assert.equal((await t.put('/console/password', { token: tokenOf(early.invite_url), password: PASSWORD }, { key: null, headers: CSRF })).status, 204);
    t.clock.set(null);
    for (const token of [randomBytes(32).toString('base64url'), 'forged', '', tokenOf(added.invite_url).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))]) {
      expectError(await t.put('/console/password', { token, password: PASSWORD }, { key: null, headers: CSRF }), 400, 'bad_request', /^token: the link no longer works/);
    }
  });

  it('a reset link works one hour, once, and ends every other session of the person', async () => {
    const person = await addPerson(t, 'reset@example.com', 'editor');
    t.clock.set('2026-04-10T10:00:00Z');
    const stale = await people.resetLink('reset@example.com');
    t.clock.set('2026-04-10T11:00:01Z');
    expectError(await t.put('/console/password', { token: tokenOf(stale.url), password: 'a brand new password' }, { key: null, headers: CSRF }), 400, 'bad_request', /no longer works/);
    const fresh = await people.resetLink('reset@example.com', t.accountId);
    assert.equal(fresh.validHours, 1);
    const set = await t.put('/console/password', { token: tokenOf(fresh.url), password: 'a brand new password' }, { key: null, headers: CSRF });
    assert.equal(set.status, 204);
    expectError(await t.get('/console/session', as(person)), 403, 'forbidden');
    expectOk(await t.get('/console/session', as({ cookie: cookieFrom(set) })));
    expectError(await signIn(t, { email: 'reset@example.com', password: PASSWORD }), 403, 'forbidden');
    expectOk(await signIn(t, { email: 'reset@example.com', password: 'a brand new password' }));
    t.clock.set(null);
  });

  it('POST /console/password/reset answers 204 whether or not the e-mail is known', async () => {
    assert.equal((await t.post('/console/password/reset', { email: 'owner@example.com' }, { key: null, headers: CSRF })).status, 204);
    assert.equal((await t.post('/console/password/reset', { email: 'nobody-at-all@example.com' }, { key: null, headers: CSRF })).status, 204);
    expectError(await t.post('/console/password/reset', { email: 'not an e-mail' }, { key: null, headers: CSRF }), 400, 'bad_request', /^email:/);
    expectError(await t.post('/console/password/reset', { email: 'owner@example.com' }, { key: null }), 403, 'forbidden');
  });
});

describe('accounts', () => {
  it("a session of account A reaches nothing of account B; a key wins over a cookie", async () => {
    const b = await t.newAccount('account-b');
    const userOfB = await createUser(t, { email: 'b-customer@example.com' }, { key: b.key });
    const personOfA = await addPerson(t, 'a-person@example.com', 'owner');
    expectError(await t.get(`/apiv3/users/${userOfB.userapp_id}`, as(personOfA)), 404, 'not_found');
    const listed = expectOk(await t.get('/apiv3/users?limit=100', as(personOfA))) as { email: string }[];
    assert.ok(!listed.some((u) => u.email === 'b-customer@example.com'));
    expectError(await t.delete(`/apiv3/users/${userOfB.userapp_id}`, undefined, as(personOfA)), 404, 'not_found');
    // Both a key and a cookie: judged by the key (B's), whatever the cookie says.
    expectOk(await t.get(`/apiv3/users/${userOfB.userapp_id}`, { key: b.key, headers: { cookie: personOfA.cookie } }));
  });

  it('an e-mail of several accounts signs in to the one named; without it, 400 only for a right password', async () => {
    const b = await t.newAccount('account-c');
    await addPerson(t, 'twice@example.com', 'viewer');
    await addPerson(t, 'twice@example.com', 'editor', { key: b.key, password: 'the other password' });
    expectError(await signIn(t, { email: 'twice@example.com', password: PASSWORD }), 400, 'bad_request', /^account: /);
    expectError(await signIn(t, { email: 'twice@example.com', password: 'the other password' }), 400, 'bad_request', /^account: /);
    expectError(await signIn(t, { email: 'twice@example.com', password: 'wrong for both of them' }), 403, 'forbidden', /^wrong e-mail or password$/);
    assert.deepEqual(expectOk(await signIn(t, { email: 'twice@example.com', password: 'the other password', account: b.accountId })), {
      email: 'twice@example.com',
      role: 'editor',
      account: { id: b.accountId, name: 'account-c' },
    });
    expectError(await signIn(t, { email: 'twice@example.com', password: PASSWORD, account: b.accountId }), 403, 'forbidden', /^wrong e-mail or password$/);
    // `rapport people reset` asks which account too.
    await assert.rejects(people.resetLink('twice@example.com'), /is a person of accounts \d+, \d+: say which with --account/);
  });
});

describe('logs', () => {
  it('no log line holds a password, a token or a cookie', async () => {
    const lines: string[] = [];
    const app = await buildApp({ config: t.config, database: t.database, clock: t.clock, logger: { ...(loggerOptions('trace') as object), stream: { write: (line: string) => lines.push(line) } } });
    await app.ready();
    try {
      const inject = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) =>
        app.inject({ method, url, headers: { ...CSRF, ...(body ? { 'content-type': 'application/json' } : {}), ...headers }, payload: body ? JSON.stringify(body) : undefined });
      const added = JSON.parse((await inject('POST', '/apiv3/account/people', { email: 'logged@example.com', role: 'editor' }, { authorization: `Basic ${t.key}` })).body).payload;
      const token = tokenOf(added.invite_url);
      await inject('GET', `/console/welcome?token=${token}`);
      const secret = 'a password nobody logs';
      const set = await inject('PUT', '/console/password', { token, password: secret });
      const cookie = String(set.headers['set-cookie']).split(';')[0]!;
      await inject('GET', '/apiv3/users', undefined, { cookie });
      await inject('POST', '/console/session', { email: 'logged@example.com', password: 'wrong password typed' });
      await inject('POST', '/console/session', { email: 'logged@example.com', password: secret });
      await inject('DELETE', '/console/session', undefined, { cookie });
      assert.ok(lines.length > 10, `only ${lines.length} log lines`);
      const text = lines.join('\n');
      for (const needle of [secret, 'wrong password typed', token, cookie.slice('rapport_session='.length), t.key]) assert.ok(!text.includes(needle), `a log line holds ${needle.slice(0, 6)}…`);
      assert.ok(text.includes('token=***'), 'the welcome page is logged with its token masked');
    } finally {
      await app.close();
    }
  });
});
