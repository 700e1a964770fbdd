import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import type { AttemptLimit } from '../../src/db/sign-in-failures.js';
import { buildRepositories } from '../../src/services.js';
import { createTestDatabase } from '../helpers/app.js';

// The failure windows shared by every process (T2, U13), on both databases.

const test = await createTestDatabase();
after(() => test.drop());
const { signInFailures: failures } = buildRepositories(test.database.db);
const limit: AttemptLimit = { scope: 'test', max: 3, windowMs: 15 * 60_000 };
const other: AttemptLimit = { ...limit, scope: 'other' };

describe('sign-in failure windows', () => {
  it('makes a subject wait after max failures in the window, until the max-th most recent leaves it', async () => {
    const t0 = 1_700_000_000_000;
    await failures.record(limit, 'a@example.com', t0);
    await failures.record(limit, 'a@example.com', t0 + 1_000);
    assert.equal(await failures.waitMs(limit, 'a@example.com', t0 + 2_000), 0);
    await failures.record(limit, 'a@example.com', t0 + 2_000);
    assert.equal(await failures.waitMs(limit, 'a@example.com', t0 + 3_000), limit.windowMs - 3_000);
    // Other subjects and other scopes are not held.
    assert.equal(await failures.waitMs(limit, 'b@example.com', t0 + 3_000), 0);
    assert.equal(await failures.waitMs(other, 'a@example.com', t0 + 3_000), 0);
    // The first failure has left the window: two remain.
    assert.equal(await failures.waitMs(limit, 'a@example.com', t0 + limit.windowMs + 1), 0);
  });

  it('forgets a subject on clear and sweeps rows older than a cut-off', async () => {
    const t0 = 1_800_000_000_000;
    for (let i = 0; i < 3; i += 1) await failures.record(limit, 'c@example.com', t0 + i);
    assert.ok((await failures.waitMs(limit, 'c@example.com', t0 + 10)) > 0);
    await failures.clear(limit, 'c@example.com');
    assert.equal(await failures.waitMs(limit, 'c@example.com', t0 + 10), 0);
    await failures.record(other, 'd', t0);
    await failures.record(other, 'd', t0 + 100);
    assert.equal(await failures.sweep(t0 + 50), 4); // the first test's three rows and d's first
    assert.equal(await failures.sweep(t0 + 50), 0);
  });
});
