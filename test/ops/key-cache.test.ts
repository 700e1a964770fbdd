import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.js';
import { ApiKeyCache } from '../../src/modules/accounts/key-cache.js';
import { keyPrefix } from '../../src/modules/accounts/keys.js';
import { buildAccounts } from '../../src/services.js';
import { TestClock, usingPostgres } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { type OpsApp, type SharedDatabase, createAccount, opsApp, sharedDatabase } from './support.js';

// API_KEY_CACHE_MS: a live key is answered from memory for at most that long. Two app instances on
// separate connections to one database stand for two server processes (on PostgreSQL two pools; on
// SQLite two connections to one file, which is what two processes would hold): a key revoked
// through one of them is refused by the other at most API_KEY_CACHE_MS later, and by its own at once.

const TTL = 400;

/** Counts the key lookups an app's database handle runs. */
function countKeyLookups(shared: SharedDatabase, index: number): { readonly count: number; stop(): void } {
  const executor = shared.handles[index]!.db.getExecutor() as unknown as { executeQuery: (query: { sql: string }, ...rest: unknown[]) => Promise<unknown> };
  const original = executor.executeQuery;
  let count = 0;
  executor.executeQuery = function (this: unknown, query, ...rest) {
    if (/from "api_keys"/.test(query.sql)) count += 1;
    return original.call(this, query, ...rest);
  };
  return {
    get count() {
      return count;
    },
    stop: () => {
      executor.executeQuery = original;
    },
  };
}

describe(`API key cache across processes (${usingPostgres() ? 'PostgreSQL: two pools' : 'SQLite: two connections to one file'})`, () => {
  let shared: SharedDatabase;
  let one: OpsApp;
  let two: OpsApp;
  let uncached: OpsApp;
  let longLived: OpsApp;
  const clock = new TestClock();

  before(async () => {
    shared = await sharedDatabase(4);
    one = await opsApp(shared.handles[0]!, { apiKeyCacheMs: TTL }, { clock });
    two = await opsApp(shared.handles[1]!, { apiKeyCacheMs: TTL }, { clock });
    uncached = await opsApp(shared.handles[2]!, { apiKeyCacheMs: 0 }, { clock });
    longLived = await opsApp(shared.handles[3]!, { apiKeyCacheMs: 10_000 }, { clock });
  });
  after(async () => {
    await Promise.all([one.app.close(), two.app.close(), uncached.app.close(), longLived.app.close()]);
    await shared.drop();
  });

  it('keeps accepting a live key on every process past several cache lifetimes', async () => {
    const { key } = await createAccount(shared.handles[0]!, 'live');
    const until = Date.now() + 3 * TTL;
    let requests = 0;
    while (Date.now() < until || requests < 4) {
      for (const app of [one, two, uncached]) expectOk(await app.call('GET', '/apiv3/users', { key }));
      requests += 1;
      await sleep(50);
    }
  });

  it('answers a cached key from memory: one lookup for many requests within the lifetime', async () => {
    const { key } = await createAccount(shared.handles[0]!, 'remembered');
    const lookups = countKeyLookups(shared, 3);
    try {
      const answers = await Promise.all(Array.from({ length: 5 }, () => longLived.call('GET', '/apiv3/users', { key })));
      for (let i = 0; i < 5; i += 1) answers.push(await longLived.call('GET', '/apiv3/users', { key }));
      for (const answer of answers) expectOk(answer);
      assert.equal(lookups.count, 1, 'concurrent and later requests share the first lookup');
    } finally {
      lookups.stop();
    }
    const unknown = countKeyLookups(shared, 3);
    try {
      for (let i = 0; i < 3; i += 1) expectError(await longLived.call('GET', '/apiv3/users', { key: 'rk_not-a-key-of-anyone' }), 403, 'forbidden');
      assert.equal(unknown.count, 3, 'an unknown key is looked up every time (never remembered)');
    } finally {
      unknown.stop();
    }
  });

  it('refuses a key revoked elsewhere at once on the revoking process, within API_KEY_CACHE_MS on the others', async () => {
    const { key } = await createAccount(shared.handles[0]!, 'revoked');
    for (const app of [one, two, uncached]) expectOk(await app.call('GET', '/apiv3/users', { key }));
    // `rapport keys revoke` (or any process) through the first handle
    assert.equal(await buildAccounts(shared.handles[0]!.db, clock).revokeKey(keyPrefix(key)), 1);
    const revokedAt = performance.now();
    expectError(await one.call('GET', '/apiv3/users', { key }), 403, 'forbidden');
    expectError(await uncached.call('GET', '/apiv3/users', { key }), 403, 'forbidden');
    // The other process remembered the key from a lookup that started before the revocation, so its
    // entry ends less than TTL after it: any request that starts later is refused, however slow the machine.
    const wait = TTL - (performance.now() - revokedAt) + 5;
    if (wait > 0) await sleep(wait);
    expectError(await two.call('GET', '/apiv3/users', { key }), 403, 'forbidden', /^invalid or inexistent apikey$/);
    expectError(await two.call('GET', `/apiv3/users?apikey=${key}`, { key: undefined }), 403, 'forbidden');
  });

  it('refuses a key revoked through a process own database handle on its next request', async () => {
    const { key } = await createAccount(shared.handles[0]!, 'revoked-here');
    expectOk(await longLived.call('GET', '/apiv3/users', { key }));
    assert.equal(await buildAccounts(shared.handles[3]!.db, clock).revokeKey(keyPrefix(key)), 1);
    expectError(await longLived.call('GET', '/apiv3/users', { key }), 403, 'forbidden');
  });
});

describe('ApiKeyCache', () => {
  it('remembers live keys for its lifetime only, and never unknown ones', async () => {
    const cache = new ApiKeyCache(60);
    let lookups = 0;
    const lookUp = async () => {
      lookups += 1;
      return 7;
    };
    assert.equal(await cache.resolve('h1', lookUp), 7);
    assert.equal(cache.resolve('h1', lookUp), 7, 'a fresh entry answers synchronously');
    assert.equal(lookups, 1);
    await sleep(80);
    assert.equal(cache.get('h1'), undefined, 'expired');
    assert.equal(await cache.resolve('h1', lookUp), 7);
    assert.equal(lookups, 2);
    assert.equal(await cache.resolve('nobody', async () => undefined), undefined);
    assert.equal(cache.get('nobody'), undefined);
  });

  it('holds at most maxEntries keys, the oldest leaving first', async () => {
    const cache = new ApiKeyCache(60_000, 3);
    for (const [index, hash] of ['a', 'b', 'c', 'd'].entries()) await cache.resolve(hash, async () => index);
    assert.equal(cache.size, 3);
    assert.equal(cache.get('a'), undefined);
    assert.deepEqual(['b', 'c', 'd'].map((hash) => cache.get(hash)), [1, 2, 3]);
  });

  it('does not remember a lookup that was in flight when the cache was cleared (a revocation)', async () => {
    const cache = new ApiKeyCache(60_000);
    let release!: (accountId: number) => void;
    const pending = cache.resolve('h', () => new Promise<number>((resolve) => (release = resolve)));
    cache.clear();
    release(5);
    assert.equal(await pending, 5);
    assert.equal(cache.get('h'), undefined);
  });
});

describe('API_KEY_CACHE_MS', () => {
  it('defaults to 1000 ms, accepts 0 (off) to 10000, refuses more', () => {
    assert.equal(loadConfig({}).apiKeyCacheMs, 1000);
    assert.equal(loadConfig({ API_KEY_CACHE_MS: '0' }).apiKeyCacheMs, 0);
    assert.equal(loadConfig({ API_KEY_CACHE_MS: '10000' }).apiKeyCacheMs, 10_000);
    assert.throws(() => loadConfig({ API_KEY_CACHE_MS: '10001' }), (error: unknown) => error instanceof ConfigError && error.variable === 'API_KEY_CACHE_MS');
    assert.throws(() => loadConfig({ API_KEY_CACHE_MS: '1s' }), ConfigError);
  });
});
