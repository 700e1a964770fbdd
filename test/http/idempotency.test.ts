import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, describe, it } from 'node:test';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.js';
import { type Response, buildTestApp, openAgain, usingPostgres } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { createUser } from '../helpers/factories.js';
import { MULTIPART_TYPE, blacklistUpload } from '../helpers/multipart.js';

// D6: Idempotency-Key on POST, PUT and DELETE: the first answer is kept for 24 hours and a retry
// gets it again (Idempotent-Replayed: true) without running again.

const t = await buildTestApp();
const base = new Date('2026-03-01T10:00:00Z').getTime();
t.clock.set(new Date(base));

const keyed = (key: string, headers: Record<string, string> = {}) => ({ headers: { 'idempotency-key': key, ...headers } });

let sequence = 0;
/** A new event's name (POST /events answers bare JSON). */
async function newEvent(): Promise<string> {
  sequence += 1;
  const response = await t.post('/apiv3/events', { name: `idem-${sequence}` });
  assert.equal(response.status, 200, response.text);
  return response.body.name;
}

async function balance(id: number): Promise<number> {
  return expectOk(await t.get(`/apiv3/users/${id}`)).points;
}

async function ledgerSize(id: number): Promise<number> {
  return (expectOk(await t.get(`/apiv3/users/${id}/transactions?limit=100`)) as unknown[]).length;
}

async function userEvents(serviceUid: string): Promise<unknown[]> {
  return expectOk(await t.get(`/apiv3/user-events?service_uid=${encodeURIComponent(serviceUid)}&limit=100`));
}

/** Same status and body, but for the envelope's `time`. */
function assertSameAnswer(replayed: Response, first: Response): void {
  assert.equal(replayed.status, first.status, replayed.text);
  const { time: _a, ...rest } = replayed.body;
  const { time: _b, ...original } = first.body;
  assert.deepEqual(rest, original);
  assert.match(replayed.body.time, /^\d+ms$/);
}

describe('Idempotency-Key (D6)', () => {
  it('keeps the first answer and gives it again to a retry, with Idempotent-Replayed, applying nothing twice', async () => {
    const user = await createUser(t);
    const key = randomUUID();
    const first = await t.post(`/apiv3/users/${user.userapp_id}/points`, { points: 70, concept: 'welcome' }, keyed(key));
    assert.ok(Number.isInteger(expectOk(first).transaction_id));
    assert.equal(first.headers['idempotent-replayed'], undefined);

    for (let retry = 0; retry < 2; retry++) {
      const again = await t.post(`/apiv3/users/${user.userapp_id}/points`, { points: 70, concept: 'welcome' }, keyed(key));
      assertSameAnswer(again, first);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.match(String(again.headers['content-type']), /^application\/json/);
    }
    assert.equal(await balance(user.userapp_id), 70);
    assert.equal(await ledgerSize(user.userapp_id), 1);

    // another key is another request
    expectOk(await t.post(`/apiv3/users/${user.userapp_id}/points`, { points: 70, concept: 'welcome' }, keyed(randomUUID())));
    assert.equal(await balance(user.userapp_id), 140);
  });

  it('stores a user event once, however often the same keyed request is sent', async () => {
    const event = await newEvent();
    const user = await createUser(t);
    const body = { event, service_uid: user.service_uid, datetime: '2026-02-03 04:05:06', metadata: { n: 1 } };
    const key = `order-4711-${randomUUID()}`;
    const first = await t.post('/apiv3/user-events', body, keyed(key));
    const created = expectOk(first);
    const retries = [await t.post('/apiv3/user-events', body, keyed(key)), await t.post('/apiv3/user-events', body, keyed(key))];
    for (const retry of retries) {
      assertSameAnswer(retry, first);
      assert.equal(retry.body.payload.id, created.id);
      assert.equal(retry.headers['idempotent-replayed'], 'true');
    }
    assert.equal((await userEvents(user.service_uid)).length, 1);
  });

  it('keeps a 4xx answer too: the retry gets the same 404 even once the user exists', async () => {
    const event = await newEvent();
    const key = randomUUID();
    const body = { event, service_uid: 'arrives-later' };
    const first = await t.post('/apiv3/user-events', body, keyed(key));
    expectError(first, 404, 'not_found');
    await createUser(t, { service_uid: 'arrives-later' });
    const again = await t.post('/apiv3/user-events', body, keyed(key));
    expectError(again, 404, 'not_found');
    assert.equal(again.body.message, first.body.message);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal((await userEvents('arrives-later')).length, 0);
    // a new key runs it
    expectOk(await t.post('/apiv3/user-events', body, keyed(randomUUID())));
  });

  it('keeps the answers of PUT and DELETE, and of a create (201)', async () => {
    const key = randomUUID();
    const created = await t.post('/apiv3/users', { service_uid: 'idem-put', first_name: 'Ana' }, keyed(key));
    expectOk(created, 201);
    const again = await t.post('/apiv3/users', { service_uid: 'idem-put', first_name: 'Ana' }, keyed(key));
    assertSameAnswer(again, created);
    assert.equal(again.headers['idempotent-replayed'], 'true');

    const id = created.body.payload.userapp_id;
    const putKey = randomUUID();
    const put = await t.put(`/apiv3/users/${id}`, { points: 10 }, keyed(putKey));
    expectOk(put);
    expectOk(await t.put(`/apiv3/users/${id}`, { points: 20 })); // changed since, without a key
    const putAgain = await t.put(`/apiv3/users/${id}`, { points: 10 }, keyed(putKey));
    assertSameAnswer(putAgain, put);
    assert.equal(await balance(id), 20, 'the replayed PUT did not set the points back');

    const found = (await t.post('/apiv3/events', { name: 'idem-to-delete' })).body as { id: number };
    const deleteKey = randomUUID();
    const deleted = await t.delete(`/apiv3/events/${found.id}`, undefined, keyed(deleteKey));
    assert.equal(deleted.status, 200, deleted.text);
    const deletedAgain = await t.delete(`/apiv3/events/${found.id}`, undefined, keyed(deleteKey));
    assert.equal(deletedAgain.status, 200, 'not the 404 a second delete would answer');
    assert.equal(deletedAgain.text.replace(/"time":"\d+ms"/, ''), deleted.text.replace(/"time":"\d+ms"/, ''));
    assert.equal(deletedAgain.headers['idempotent-replayed'], 'true');
    expectError(await t.delete(`/apiv3/events/${found.id}`), 404, 'not_found');
  });

  it('refuses the same key for another method, path, query or body with 400 naming Idempotency-Key', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const key = randomUUID();
    expectOk(await t.post(`/apiv3/users/${user.userapp_id}/points`, { points: 5, concept: 'a' }, keyed(key)));

    expectError(await t.post(`/apiv3/users/${user.userapp_id}/points`, { points: 6, concept: 'a' }, keyed(key)), 400, 'bad_request', /^Idempotency-Key: .*another body/);
    // the same JSON with other bytes is another body: the raw body is compared
    expectError(
      await t.post(`/apiv3/users/${user.userapp_id}/points`, '{"points":5, "concept":"a"}', keyed(key)),
      400,
      'bad_request',
      /^Idempotency-Key: .*another body/,
    );
    expectError(await t.post(`/apiv3/users/${other.userapp_id}/points`, { points: 5, concept: 'a' }, keyed(key)), 400, 'bad_request', /^Idempotency-Key: .*another path/);
    expectError(
      await t.post(`/apiv3/users/${user.userapp_id}/points?x=1`, { points: 5, concept: 'a' }, keyed(key)),
      400,
      'bad_request',
      /^Idempotency-Key: .*another path/,
    );
    expectError(await t.put(`/apiv3/users/${user.userapp_id}`, { points: 5 }, keyed(key)), 400, 'bad_request', /^Idempotency-Key: .*a POST request/);
    assert.equal(await balance(user.userapp_id), 5);
    assert.equal(await balance(other.userapp_id), 0);

    // keys are per account: another account's request with the same key is its own
    const account = await t.newAccount('idem-other');
    const theirs = await t.post('/apiv3/users', { service_uid: 'their-user', points: 1 }, { key: account.key, ...keyed(key) });
    expectOk(theirs, 201);
    assert.equal(theirs.headers['idempotent-replayed'], undefined);
  });

  it('answers 400 naming Idempotency-Key for a value that is not 1 to 255 printable ASCII characters, before anything runs', async () => {
    const user = await createUser(t);
    for (const value of ['', 'x'.repeat(256), 'clé', 'tab\there', 'nul\u0001']) {
      const response = await t.post(`/apiv3/users/${user.userapp_id}/points`, { points: 1, concept: 'x' }, keyed(value));
      expectError(response, 400, 'bad_request', /^Idempotency-Key: must be 1 to 255 printable ASCII characters$/);
    }
    expectError(await t.delete('/apiv3/events/999999', undefined, keyed('')), 400, 'bad_request', /^Idempotency-Key:/);
    assert.equal(await balance(user.userapp_id), 0);
    // the longest and a key with spaces and punctuation are fine
    expectOk(await t.post(`/apiv3/users/${user.userapp_id}/points`, { points: 1, concept: 'x' }, keyed('k'.repeat(255))));
    expectOk(await t.post(`/apiv3/users/${user.userapp_id}/points`, { points: 1, concept: 'x' }, keyed('order 42 / ~attempt:{1}')));
    assert.equal(await balance(user.userapp_id), 2);
  });

  it('hashes form bodies as they arrive too (the platform client sends forms)', async () => {
    const key = randomUUID();
    const form = { service_uid: 'form-user', first_name: 'Flor' };
    const first = await t.post('/apiv3/users', form, { form: true, ...keyed(key) });
    expectOk(first, 201);
    const again = await t.post('/apiv3/users', form, { form: true, ...keyed(key) });
    assertSameAnswer(again, first);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    expectError(await t.post('/apiv3/users', { ...form, first_name: 'Flora' }, { form: true, ...keyed(key) }), 400, 'bad_request', /^Idempotency-Key: .*another body/);
  });

  it('keeps nothing for a body over the limit (413): the key stays free', async () => {
    const user = await createUser(t);
    const key = randomUUID();
    const huge = JSON.stringify({ points: 1, concept: 'x', description: 'd'.repeat(t.config.bodyLimitBytes) });
    expectError(await t.post(`/apiv3/users/${user.userapp_id}/points`, huge, keyed(key)), 413, 'payload_too_large');
    const ran = await t.post(`/apiv3/users/${user.userapp_id}/points`, { points: 1, concept: 'x' }, keyed(key));
    expectOk(ran);
    assert.equal(ran.headers['idempotent-replayed'], undefined);
  });

  it('ignores the header on GET, even an invalid one, and keeps nothing for it', async () => {
    const user = await createUser(t);
    const key = randomUUID();
    const read = await t.get(`/apiv3/users/${user.userapp_id}`, keyed(key));
    expectOk(read);
    assert.equal(read.headers['idempotent-replayed'], undefined);
    expectOk(await t.get(`/apiv3/users/${user.userapp_id}`, keyed('')));
    // the key was not taken by the GET: a POST may use it
    const post = await t.post(`/apiv3/users/${user.userapp_id}/points`, { points: 3, concept: 'x' }, keyed(key));
    expectOk(post);
    assert.equal(post.headers['idempotent-replayed'], undefined);
  });

  it('does not keep answers refused before the request runs (validation): the corrected request runs with the same key', async () => {
    const user = await createUser(t);
    const key = randomUUID();
    expectError(await t.post(`/apiv3/users/${user.userapp_id}/points`, { points: 'many', concept: 'x' }, keyed(key)), 400, 'bad_request', /^points/);
    const fixed = await t.post(`/apiv3/users/${user.userapp_id}/points`, { points: 4, concept: 'x' }, keyed(key));
    expectOk(fixed);
    assert.equal(fixed.headers['idempotent-replayed'], undefined);
    assert.equal(await balance(user.userapp_id), 4);
  });

  it('applies concurrent requests with the same key once: the others get 409 with Retry-After: 1 or the replay', async () => {
    const event = await newEvent();
    const user = await createUser(t);
    const body = { event, service_uid: user.service_uid, datetime: '2026-02-03 04:05:06' };
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.post('/apiv3/user-events', body, keyed(key))));
    const applied = answers.filter((a) => a.status === 200 && a.headers['idempotent-replayed'] === undefined);
    assert.equal(applied.length, 1, answers.map((a) => `${a.status} ${String(a.headers['idempotent-replayed'])}`).join(', '));
    for (const answer of answers) {
      if (answer === applied[0]) continue;
      if (answer.status === 409) {
        expectError(answer, 409, 'conflict', /^Idempotency-Key: the first request with this key is still running/);
        assert.equal(answer.headers['retry-after'], '1');
      } else {
        assertSameAnswer(answer, applied[0]!);
        assert.equal(answer.headers['idempotent-replayed'], 'true');
      }
    }
    assert.equal((await userEvents(user.service_uid)).length, 1);
  });

  it('answers 409 while the first request still runs, takes over a claim whose process died, and keeps the later answer', async () => {
    // A multipart upload is read by its route after the key is claimed: while its body trickles in,
    // the first request is running.
    const body = blacklistUpload('slow@example.com\n', 'email', 'create');
    const key = randomUUID();
    const headers = { 'idempotency-key': key, 'content-type': MULTIPART_TYPE, authorization: `Basic ${t.key}`, 'content-length': String(body.length) };
    const trickle = new PassThrough();
    const slow = t.app.inject({ method: 'POST', url: '/apiv3/account/blacklist', headers, payload: trickle });
    trickle.write(body.subarray(0, 20));
    // until the first request has claimed its key (a busy machine may take a while to get there)
    const claimed = () => t.database.db.selectFrom('idempotency_keys').select('claim').where('key', '=', key).executeTakeFirst();
    for (let waited = 0; !(await claimed()) && waited < 10_000; waited += 20) await sleep(20);
    const retry = () => t.app.inject({ method: 'POST', url: '/apiv3/account/blacklist', headers, payload: body });

    const busy = await retry();
    assert.equal(busy.statusCode, 409, busy.body);
    assert.equal(busy.json().code, 'conflict');
    assert.equal(busy.headers['retry-after'], '1');

    // Six minutes later with no answer, the claim is taken to be dead: the retry runs.
    t.clock.set(new Date(base + 6 * 60 * 1000));
    try {
      const takeover = await retry();
      assert.equal(takeover.statusCode, 200, takeover.body);
      assert.equal(takeover.headers['idempotent-replayed'], undefined);
      // The first finally ends (the blacklist module has meanwhile dropped its upload as abandoned,
      // silent for 5 minutes: whatever it answers), and its answer does not replace the one kept.
      trickle.end(body.subarray(20));
      await slow;
      const replayed = await retry();
      assert.equal(replayed.statusCode, 200);
      assert.equal(replayed.headers['idempotent-replayed'], 'true');
      assert.equal(expectOk(await t.get('/apiv3/account/blacklist/email/slow%40example.com')).blacklisted, true);
    } finally {
      t.clock.set(new Date(base));
    }
  });

  it('keys a multipart upload on its length: a retry with another boundary is the same request, another length is not', async () => {
    const key = randomUUID();
    const upload = (body: Buffer, type = MULTIPART_TYPE) =>
      t.app.inject({ method: 'POST', url: '/apiv3/account/blacklist', headers: { 'idempotency-key': key, 'content-type': type, authorization: `Basic ${t.key}` }, payload: body });
    const body = blacklistUpload('mp@example.com\n', 'email', 'create');
    const first = await upload(body);
    assert.equal(first.statusCode, 200, first.body);
    const otherBoundary = Buffer.from(body.toString('latin1').replaceAll('RapportTestBoundary', 'AnotherBoundaryXYZZ'), 'latin1');
    const again = await upload(otherBoundary, MULTIPART_TYPE.replace('RapportTestBoundary', 'AnotherBoundaryXYZZ'));
    assert.equal(again.statusCode, 200, again.body);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    const longer = await upload(blacklistUpload('longer@example.com\n', 'email', 'create'));
    assert.equal(longer.statusCode, 400, longer.body);
    assert.match(longer.json().message, /^Idempotency-Key: .*another body/);
    assert.equal(expectOk(await t.get('/apiv3/account/blacklist/email/longer%40example.com')).blacklisted, false);
    assert.equal(expectOk(await t.get('/apiv3/account/blacklist/email/mp%40example.com')).blacklisted, true);
  });

  it('does not keep a 5xx answer: the key is released and a retry runs again', async () => {
    const event = await newEvent();
    const user = await createUser(t);
    const body = { event, service_uid: user.service_uid };
    const key = randomUUID();
    await sql`alter table user_events rename to user_events_away`.execute(t.database.db);
    let failed: Response;
    try {
      failed = await t.post('/apiv3/user-events', body, keyed(key));
    } finally {
      await sql`alter table user_events_away rename to user_events`.execute(t.database.db);
    }
    assert.ok(failed.status >= 500, failed.text);
    const retried = await t.post('/apiv3/user-events', body, keyed(key));
    expectOk(retried);
    assert.equal(retried.headers['idempotent-replayed'], undefined);
    assert.equal((await userEvents(user.service_uid)).length, 1);
    const replayed = await t.post('/apiv3/user-events', body, keyed(key));
    assert.equal(replayed.headers['idempotent-replayed'], 'true');
  });

  it('runs the request again after 24 hours: a key is kept that long', async () => {
    const user = await createUser(t);
    const key = randomUUID();
    const send = () => t.post(`/apiv3/users/${user.userapp_id}/points`, { points: 9, concept: 'daily' }, keyed(key));
    try {
      expectOk(await send());
      t.clock.set(new Date(base + 24 * 3600 * 1000 - 1000));
      assert.equal((await send()).headers['idempotent-replayed'], 'true');
      assert.equal(await balance(user.userapp_id), 9);
      t.clock.set(new Date(base + 24 * 3600 * 1000));
      const later = await send();
      expectOk(later);
      assert.equal(later.headers['idempotent-replayed'], undefined);
      assert.equal(await balance(user.userapp_id), 18);
      // and the new answer is kept from then on
      assert.equal((await send()).headers['idempotent-replayed'], 'true');
      assert.equal(await balance(user.userapp_id), 18);
    } finally {
      t.clock.set(new Date(base));
    }
  });
});

describe('Idempotency-Key with answers that are not kept or too large', () => {
  it('does not keep a 429: the retry after the rate-limit window runs', async () => {
    const limited = await buildTestApp({ config: { rateLimitPerMinute: 2 } });
    limited.clock.set('2026-03-01T10:00:00Z');
    const user = await createUser(limited);
    const key = randomUUID();
    const send = () => limited.post(`/apiv3/users/${user.userapp_id}/points`, { points: 2, concept: 'x' }, keyed(key));
    expectOk(await limited.get('/apiv3/users')); // with createUser: the budget of 2 is spent
    const refused = await send();
    expectError(refused, 429, 'too_many_requests');
    limited.clock.set('2026-03-01T10:01:00Z');
    const ran = await send();
    expectOk(ran);
    assert.equal(ran.headers['idempotent-replayed'], undefined);
    assert.equal(expectOk(await limited.get(`/apiv3/users/${user.userapp_id}`)).points, 2);
  });

  it('keeps at most the body limit of an answer: a larger one is replayed as its status and code, never run again', async () => {
    const small = await buildTestApp({ config: { bodyLimitBytes: 700 } });
    const key = randomUUID();
    const body = { service_uid: 'large-answer', first_name: 'N'.repeat(150), last_name: 'L'.repeat(150), city: 'C'.repeat(150) };
    const first = await small.post('/apiv3/users', body, keyed(key));
    expectOk(first, 201);
    assert.ok(Buffer.byteLength(first.text) > 700, `answer of ${first.text.length} bytes`);
    const again = await small.post('/apiv3/users', body, keyed(key));
    assert.equal(again.status, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.body.payload, null);
    assert.equal(again.body.code, 'ok');
    assert.match(again.body.message, /applied once; its answer was not kept for retries \(\d+ bytes, over the 700-byte limit\)/);
    assert.equal(expectOk(await small.get('/apiv3/users?limit=10')).length, 1);
  });
});

describe('Idempotency-Key housekeeping', () => {
  it('deletes expired keys in the sweep, and keeps the others', async () => {
    const user = await createUser(t);
    const count = async (prefix: string) =>
      Number((await sql<{ n: number }>`select count(*) as n from idempotency_keys where key like ${`${prefix}%`}`.execute(t.database.db)).rows[0]!.n);
    for (let i = 0; i < 3; i++) expectOk(await t.post(`/apiv3/users/${user.userapp_id}/points`, { points: 1, concept: 'x' }, keyed(`sweep-old-${i}`)));
    t.clock.set(new Date(base + 23 * 3600 * 1000));
    try {
      expectOk(await t.post(`/apiv3/users/${user.userapp_id}/points`, { points: 1, concept: 'x' }, keyed('sweep-new')));
    } finally {
      t.clock.set(new Date(base));
    }
    assert.equal(await count('sweep-old-'), 3);
    // the app's own housekeeping task, run as the timer would run it
    const { buildServices } = await import('../../src/services.js');
    const later = { now: () => new Date(base + 24 * 3600 * 1000 + 1) };
    const { housekeeping } = buildServices({ db: t.database.db, clock: later, config: t.config, jobs: { notify() {} } as never, webhookSending: { sendNow: async () => undefined, wake() {} }, snapshot: (work) => work(t.database.db) });
    const sweep = housekeeping.find((task) => task.name === 'expired idempotency keys');
    assert.ok(sweep);
    await sweep.run(false);
    assert.equal(await count('sweep-old-'), 0);
    assert.equal(await count('sweep-new'), 1, 'a key of the last 24 hours stays');
  });
});

describe('Idempotency-Key across processes (PostgreSQL only: runs when TEST_DATABASE_URL is set)', { skip: !usingPostgres() && 'needs TEST_DATABASE_URL' }, () => {
  it('two apps on separate pools, the same key at once: exactly one applies', async () => {
    const database = openAgain(t.database);
    const second = await buildApp({ config: { ...t.config, workerEnabled: false }, database, clock: t.clock, logger: false });
    await second.ready();
    after(async () => {
      await second.close();
      await database.close();
    });
    const user = await createUser(t);
    for (let round = 0; round < 20; round++) {
      const key = `cross-${round}-${randomUUID()}`;
      const payload = JSON.stringify({ points: 1, concept: `round ${round}` });
      const send = (app: typeof second) =>
        app.inject({
          method: 'POST',
          url: `/apiv3/users/${user.userapp_id}/points`,
          headers: { authorization: `Basic ${t.key}`, 'content-type': 'application/json', 'idempotency-key': key },
          payload,
        });
      const answers = await Promise.all([send(t.app), send(second), send(t.app), send(second)]);
      const applied = answers.filter((a) => a.statusCode === 200 && a.headers['idempotent-replayed'] === undefined);
      assert.equal(applied.length, 1, `round ${round}: ${answers.map((a) => a.statusCode).join(', ')}`);
      for (const answer of answers) assert.ok([200, 409].includes(answer.statusCode), answer.body);
    }
    assert.equal(await balance(user.userapp_id), 20);
    assert.equal(await ledgerSize(user.userapp_id), 20);
  });
});
