import { availableParallelism } from 'node:os';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, describeDatabase, loadConfig } from '../../src/config.js';

// The settings of item 8 (and O5's load shedding): defaults, accepted forms, and one clear error
// naming the variable for anything else.

describe('configuration', () => {
  it('has safe defaults', () => {
    const config = loadConfig({});
    assert.equal(config.trustProxy, false);
    assert.deepEqual(config.corsOrigins, []);
    assert.equal(config.metricsToken, undefined);
    assert.equal(config.shutdownTimeoutMs, 10_000);
    assert.equal(config.overloadEventLoopDelayMs, 100);
    assert.equal(config.overloadMaxInFlight, 500);
    assert.equal(config.overloadIntervalMs, 1000);
    assert.equal(config.rateLimitPerMinute, 0);
    assert.equal(config.passwordHashConcurrency, Math.max(1, availableParallelism() - 1));
    assert.deepEqual(loadConfig({ DATABASE_URL: 'postgres://u@db:5432/r' }).database, {
      kind: 'postgres',
      connectionString: 'postgres://u@db:5432/r',
      poolSize: 10,
    });
  });

  it('reads every setting', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/r',
      DB_POOL_SIZE: '25',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.7,loopback,::1',
      CORS_ORIGINS: 'https://app.example.com, http://localhost:3000/',
      METRICS_TOKEN: 'abcdefghijklmnop',
      SHUTDOWN_TIMEOUT_MS: '0',
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
      OVERLOAD_MAX_IN_FLIGHT: '64',
      OVERLOAD_INTERVAL_MS: '250',
      RATE_LIMIT_PER_MINUTE: '600',
      PASSWORD_HASH_CONCURRENCY: '3',
    });
    assert.equal(config.database.kind === 'postgres' && config.database.poolSize, 25);
    assert.deepEqual(config.trustProxy, ['10.0.0.0/8', '192.168.1.7', 'loopback', '::1']);
    assert.deepEqual(config.corsOrigins, ['https://app.example.com', 'http://localhost:3000']);
    assert.equal(config.metricsToken, 'abcdefghijklmnop');
    assert.equal(config.shutdownTimeoutMs, 0);
    assert.equal(config.overloadEventLoopDelayMs, 0);
    assert.equal(config.overloadMaxInFlight, 64);
    assert.equal(config.overloadIntervalMs, 250);
    assert.equal(config.rateLimitPerMinute, 600);
    assert.equal(config.passwordHashConcurrency, 3);
    assert.equal(loadConfig({ OWNER_EMAIL: ' Boss@Example.com ' }).ownerEmail, 'boss@example.com');
    assert.equal(loadConfig({ TRUST_PROXY: 'true' }).trustProxy, true);
    assert.equal(loadConfig({ TRUST_PROXY: 'off' }).trustProxy, false);
    assert.deepEqual(loadConfig({ CORS_ORIGINS: '*' }).corsOrigins, ['*']);
    // SQLite has no pool: the setting is accepted and ignored
    assert.deepEqual(loadConfig({ DB_POOL_SIZE: '5', DATABASE_URL: 'sqlite:x.db' }).database, { kind: 'sqlite', filename: 'x.db' });
  });

  it('refuses bad values with a message naming the variable', () => {
    for (const [name, value, message] of [
      ['TRUST_PROXY', '2', /TRUST_PROXY: must be true, false, or proxy addresses/],
      ['TRUST_PROXY', '10.0.0.0/40', /"10\.0\.0\.0\/40" is none/],
      ['TRUST_PROXY', 'proxy.internal', /"proxy\.internal" is none/],
      ['CORS_ORIGINS', 'app.example.com', /CORS_ORIGINS: must be \* or origins/],
      ['CORS_ORIGINS', 'https://a.example.com/path', /is not one/],
      ['CORS_ORIGINS', '*,https://a.example.com', /cannot be combined/],
      ['DB_POOL_SIZE', '0', /DB_POOL_SIZE: must be between 1 and 1000/],
      ['SHUTDOWN_TIMEOUT_MS', 'soon', /SHUTDOWN_TIMEOUT_MS: must be a whole number/],
      ['METRICS_TOKEN', 'short', /METRICS_TOKEN: must be 16 to 256 printable characters/],
      ['METRICS_TOKEN', 'has a space in the middle', /METRICS_TOKEN/],
      ['OVERLOAD_MAX_IN_FLIGHT', '-1', /OVERLOAD_MAX_IN_FLIGHT: must be a whole number/],
      ['OVERLOAD_EVENT_LOOP_DELAY_MS', '1.5', /OVERLOAD_EVENT_LOOP_DELAY_MS: must be a whole number/],
      ['OVERLOAD_INTERVAL_MS', '5', /OVERLOAD_INTERVAL_MS: must be between 10 and 60000/],
      ['PASSWORD_HASH_CONCURRENCY', '0', /PASSWORD_HASH_CONCURRENCY: must be between 1 and 64/],
      ['OWNER_EMAIL', 'owner at example', /OWNER_EMAIL: must be an e-mail address, got "owner at example"/],
    ] as const) {
      assert.throws(
        () => loadConfig({ [name]: value }),
        (error: unknown) => error instanceof ConfigError && error.variable === name && message.test(error.message),
        `${name}=${value}`,
      );
    }
  });

  it('describes the database for the start-up log without its password', () => {
    assert.equal(describeDatabase({ kind: 'sqlite', filename: './data/r.db' }), `sqlite:${resolve('./data/r.db')}`);
    assert.equal(describeDatabase({ kind: 'sqlite', filename: ':memory:' }), 'sqlite::memory:');
    const described = describeDatabase({ kind: 'postgres', connectionString: 'postgres://rapport:s3cr%40t@db.internal:5433/rapport?sslmode=require&password=x' });
    assert.equal(described, 'postgres://rapport@db.internal:5433/rapport');
    assert.equal(describeDatabase({ kind: 'postgres', connectionString: 'postgresql://db/rapport', schema: 'tenant1' }), 'postgres://db/rapport (schema tenant1)');
  });
});
