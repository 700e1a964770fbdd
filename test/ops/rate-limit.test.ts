import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { TestClock } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { type OpsApp, type SharedDatabase, createAccount, opsApp, sharedDatabase } from './support.js';

// O5: a per-account budget shared by every process on the database, with the IETF RateLimit-Policy
// and RateLimit headers on every answer of the API and 429 + Retry-After beyond it.

const LIMIT = 5;
const POLICY = `"per-account";q=${LIMIT};w=60`;

function remaining(header: unknown): { r: number; t: number } {
  const match = /^"per-account";r=(\d+);t=(\d+)$/.exec(String(header));
  assert.ok(match, `RateLimit header: ${String(header)}`);
  return { r: Number(match[1]), t: Number(match[2]) };
}

describe('per-account rate limit', () => {
  let shared: SharedDatabase;
  let one: OpsApp;
  let two: OpsApp;
  let unlimited: OpsApp;
  const clock = new TestClock();

  before(async () => {
    shared = await sharedDatabase(3);
    one = await opsApp(shared.handles[0]!, { rateLimitPerMinute: LIMIT }, { clock });
    two = await opsApp(shared.handles[1]!, { rateLimitPerMinute: LIMIT }, { clock });
    unlimited = await opsApp(shared.handles[2]!, { rateLimitPerMinute: 0 }, { clock });
  });
  after(async () => {
    await Promise.all([one.app.close(), two.app.close(), unlimited.app.close()]);
    await shared.drop();
  });

  it('counts every answer, error or not, and refuses past the budget with 429 and Retry-After', async () => {
    clock.set('2026-05-04T10:00:15Z');
    const { key } = await createAccount(shared.handles[0]!, 'budget');
    const answers = [
      await one.call('GET', '/apiv3/users', { key }),
      await one.call('GET', '/apiv3/users/999', { key }), // 404: counted too
      await one.call('POST', '/apiv3/users', { key, body: { service_uid: 'rl-1' } }),
      await one.call('GET', '/apiv3/users?limit=1000', { key }), // 400
      await one.call('GET', '/apiv3/users', { key }),
    ];
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 404, 201, 400, 200],
    );
    answers.forEach((answer, index) => {
      assert.equal(answer.headers['ratelimit-policy'], POLICY);
      assert.deepEqual(remaining(answer.headers.ratelimit), { r: LIMIT - 1 - index, t: 45 });
    });

    const refused = await one.call('POST', '/apiv3/users', { key, body: { service_uid: 'rl-2' } });
    expectError(refused, 429, 'too_many_requests', /rate limit of 5 requests per minute exceeded/);
    assert.equal(refused.headers['retry-after'], '45');
    assert.equal(refused.headers['ratelimit-policy'], POLICY);
    assert.deepEqual(remaining(refused.headers.ratelimit), { r: 0, t: 45 });
    // the refused request changed nothing
    expectError(await unlimited.call('GET', `/apiv3/users/${Buffer.from('rl-2').toString('base64')}`, { key }), 404, 'not_found');

    // the next window grants a new budget
    clock.set('2026-05-04T10:01:00Z');
    const fresh = await one.call('GET', '/apiv3/users', { key });
    expectOk(fresh);
    assert.deepEqual(remaining(fresh.headers.ratelimit), { r: LIMIT - 1, t: 60 });
  });

  it('is per account: another account keeps its whole budget', async () => {
    clock.set('2026-05-04T11:00:00Z');
    const greedy = await createAccount(shared.handles[0]!, 'greedy');
    const patient = await createAccount(shared.handles[0]!, 'patient');
    for (let i = 0; i < LIMIT; i++) expectOk(await one.call('GET', '/apiv3/users', { key: greedy.key }));
    expectError(await one.call('GET', '/apiv3/users', { key: greedy.key }), 429, 'too_many_requests');
    const other = await one.call('GET', '/apiv3/users', { key: patient.key });
    expectOk(other);
    assert.equal(remaining(other.headers.ratelimit).r, LIMIT - 1);
  });

  it('holds across two processes sharing the database, also when requests arrive together', async () => {
    clock.set('2026-05-04T12:00:30Z');
    const { key } = await createAccount(shared.handles[0]!, 'two-processes');
    const answers = await Promise.all(
      Array.from({ length: 4 * LIMIT }, (_, i) => (i % 2 === 0 ? one : two).call('GET', '/apiv3/users', { key })),
    );
    const statuses = answers.map((a) => a.status);
    assert.equal(statuses.filter((s) => s === 200).length, LIMIT, statuses.join(','));
    assert.equal(statuses.filter((s) => s === 429).length, 3 * LIMIT);
    // every granted request saw a distinct remaining count: none was counted twice or skipped
    const granted = answers.filter((a) => a.status === 200).map((a) => remaining(a.headers.ratelimit).r);
    assert.deepEqual(granted.sort(), [0, 1, 2, 3, 4]);
    for (const answer of answers.filter((a) => a.status === 429)) assert.equal(answer.headers['retry-after'], '30');
    // the second process refuses too, from the shared count
    expectError(await two.call('GET', '/apiv3/users', { key }), 429, 'too_many_requests');
  });

  it('is off with RATE_LIMIT_PER_MINUTE=0, and never applies outside the API or before authentication', async () => {
    const { key } = await createAccount(shared.handles[0]!, 'unlimited');
    for (let i = 0; i < LIMIT + 2; i++) {
      const answer = await unlimited.call('GET', '/apiv3/users', { key });
      expectOk(answer);
      assert.equal(answer.headers.ratelimit, undefined);
      assert.equal(answer.headers['ratelimit-policy'], undefined);
    }
    for (let i = 0; i < LIMIT + 2; i++) {
      const health = await one.call('GET', '/health');
      assert.equal(health.status, 200);
      assert.equal(health.headers.ratelimit, undefined);
      const denied = await one.call('GET', '/apiv3/users', { key: 'rk_not-a-key-at-all-000000' });
      expectError(denied, 403, 'forbidden');
      assert.equal(denied.headers.ratelimit, undefined);
    }
  });

  it('keeps only the current and the previous window in the table', async () => {
    const { key } = await createAccount(shared.handles[0]!, 'windows');
    for (const time of ['2026-05-05T08:00:00Z', '2026-05-05T08:01:00Z', '2026-05-05T08:02:00Z', '2026-05-05T08:03:00Z']) {
      clock.set(time);
      expectOk(await one.call('GET', '/apiv3/users', { key }));
    }
    await new Promise((resolve) => setTimeout(resolve, 50)); // the clean-up runs beside the request
    const windows = await shared.handles[0]!.db.selectFrom('rate_limits').select('window_start').distinct().orderBy('window_start').execute();
    const starts = windows.map((w) => Number(w.window_start));
    const current = Date.parse('2026-05-05T08:03:00Z') / 1000;
    assert.ok(starts.every((s) => s >= current - 60), `old windows left: ${starts.join(', ')}`);
    assert.ok(starts.includes(current));
  });
});
