import assert from 'node:assert/strict';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { Webhook } from 'standardwebhooks';
import { buildApp } from '../../src/app.js';
import { ConfigError, type DatabaseConfig, loadConfig } from '../../src/config.js';
import type { Lookup } from '../../src/jobs/webhooks/address-guard.js';
import { TestClock, testConfig, usingPostgres } from '../helpers/app.js';
import { waitFor } from '../helpers/blacklist.js';
import { childServers, sharedDatabaseConfig } from '../helpers/child-server.js';
import { startReceiver } from '../helpers/webhook-receiver.js';
import { createAccount, sharedDatabase } from '../ops/support.js';

// W4 across processes: a server killed (kill -9) with a delivery in flight loses no
// message, and the next server sends it again with the same webhook-id once the dead one's lease
// ends; two servers on one PostgreSQL database never send the same attempt twice.

const TIMEOUT_MS = 2000;
const LEASE_MS = 8000;

describe('WEBHOOK_LEASE_MS', () => {
  it('is read, and refused when shorter than three delivery timeouts', () => {
    assert.equal(loadConfig({}).webhookLeaseMs, undefined);
    assert.equal(loadConfig({ WEBHOOK_LEASE_MS: '6000', WEBHOOK_TIMEOUT_MS: '2000' }).webhookLeaseMs, 6000);
    assert.throws(
      () => loadConfig({ WEBHOOK_LEASE_MS: '5999', WEBHOOK_TIMEOUT_MS: '2000' }),
      (error: unknown) => error instanceof ConfigError && error.message === 'WEBHOOK_LEASE_MS: must be at least three times WEBHOOK_TIMEOUT_MS (6000), got 5999',
    );
    assert.throws(() => loadConfig({ WEBHOOK_LEASE_MS: '20000' }), /WEBHOOK_LEASE_MS: must be at least three times WEBHOOK_TIMEOUT_MS \(30000\)/);
    assert.throws(() => loadConfig({ WEBHOOK_LEASE_MS: 'soon' }), /WEBHOOK_LEASE_MS: must be a whole number/);
  });
});

describe('a server killed with SIGKILL mid-delivery', () => {
  const servers = childServers();
  const settings = { workerEnabled: true, workerPollMs: 50, webhookAllowPrivate: true, webhookTimeoutMs: TIMEOUT_MS, webhookLeaseMs: LEASE_MS };
  const serverProcess = (database: DatabaseConfig) => servers.start(database, settings, { startTimeoutMs: 30_000 });

  it('loses no message: the next server sends the one in flight again, with the same webhook-id, after the lease', async () => {
    const shared = await sharedDatabase(1);
    const db = shared.handles[0]!.db;
    const { key } = await createAccount(shared.handles[0]!);
    const database = sharedDatabaseConfig(shared);
    const receiver = await startReceiver();
    // Holds every request open: the first server dies with them in flight.
    receiver.behave({ status: 200, delayMs: 120_000 });
    try {
      const first = await serverProcess(database);
      const call = async (path: string, body: unknown) => {
        const response = await fetch(`${first.url}/apiv3${path}`, {
          method: 'POST',
          headers: { authorization: `Basic ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const text = await response.text();
        assert.ok(response.ok, `POST ${path}: ${response.status} ${text}`);
        return JSON.parse(text);
      };
      await call('/events', { name: 'visit' });
      await call('/users', { service_uid: 'crash-hook-user' });
      const hook = (await call('/webhooks', { url: receiver.url, events: ['user_event.created'] })).payload;
      for (let i = 0; i < 3; i++) await call('/user-events', { service_uid: 'crash-hook-user', event: 'visit', metadata: { n: i } });
      await receiver.waitFor(1, 20_000);
      await first.kill();
      // A request written just before the kill is read by the receiver a moment later.
      await new Promise((done) => setTimeout(done, 300));

      const atKill = await db.selectFrom('webhook_messages').selectAll().orderBy('id').execute();
      assert.equal(atKill.length, 3, 'every committed event has its message');
      const inFlight = new Set(receiver.received.map((r) => String(r.headers['webhook-id'])));
      for (const row of atKill) {
        assert.deepEqual([row.status, Number(row.attempts)], ['pending', 0], `${row.message_id}: nothing recorded of the attempt cut short`);
        if (inFlight.has(row.message_id)) assert.ok(row.lease_until, `${row.message_id} was claimed`);
      }
      assert.ok(inFlight.size >= 1 && [...inFlight].every((id) => atKill.some((row) => row.message_id === id)));
      const leaseEnds = new Map(atKill.map((row) => [row.message_id, row.lease_until ? Date.parse(`${row.lease_until.replace(' ', 'T')}Z`) : 0]));
      const arrivedBeforeKill = receiver.received.length;

      receiver.behave({ status: 200 });
      await serverProcess(database);
      await waitFor(
        async () => (await db.selectFrom('webhook_messages').select('status').execute()).every((row) => row.status === 'succeeded'),
        'every message delivered by the next server',
        40_000,
      );
      const rows = await db.selectFrom('webhook_messages').selectAll().orderBy('id').execute();
      const resent = receiver.received.slice(arrivedBeforeKill);
      assert.deepEqual(resent.map((r) => String(r.headers['webhook-id'])).sort(), rows.map((row) => row.message_id).sort(), 'the next server sends each message once');
      for (const row of rows) {
        assert.equal(Number(row.attempts), 1);
        assert.equal(row.response_status, 200);
        const arrival = resent.find((r) => r.headers['webhook-id'] === row.message_id)!;
        // The lease is kept to the second, and a claim is taken once it is past.
        if (inFlight.has(row.message_id)) assert.ok(arrival.at >= leaseEnds.get(row.message_id)! + 1000, `${row.message_id} not sent again while the dead server's lease held`);
        assert.equal(arrival.body, row.body);
        const headers = { 'webhook-id': row.message_id, 'webhook-timestamp': String(arrival.headers['webhook-timestamp']), 'webhook-signature': String(arrival.headers['webhook-signature']) };
        assert.deepEqual(new Webhook(hook.secret).verify(arrival.body, headers), JSON.parse(row.body));
      }
      const repeated = receiver.received.filter((r) => inFlight.has(String(r.headers['webhook-id'])));
      for (const id of inFlight) assert.equal(repeated.filter((r) => r.headers['webhook-id'] === id).length, 2, `${id}: the attempt cut short and its repeat`);
    } finally {
      servers.killAll();
      await receiver.close();
      await shared.drop();
    }
  });
});

/** A receiver answering 500 to the first arrival of each webhook-id and 200 to the later ones; counts arrivals per id. */
async function flakyReceiver() {
  const arrivals = new Map<string, number>();
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      const seen = (arrivals.get(id) ?? 0) + 1;
      arrivals.set(id, seen);
      response.writeHead(seen === 1 ? 500 : 200).end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    arrivals,
    async close() {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}

describe('two servers on one PostgreSQL database', () => {
  it('deliver every message, each attempt by one of them only', async (context) => {
    if (!usingPostgres()) {
      console.log('two servers sharing a database: PostgreSQL only (set TEST_DATABASE_URL); skipped on SQLite');
      context.skip('PostgreSQL only');
      return;
    }
    const MESSAGES = 300;
    const shared = await sharedDatabase(2);
    const { key } = await createAccount(shared.handles[0]!);
    const receiver = await flakyReceiver();
    const clock = new TestClock();
    const start = Date.parse('2026-08-01T00:00:00Z');
    clock.set(new Date(start));
    // The endpoint's host name resolves through each server's own lookup: it tells which server made each attempt.
    const lookups = [0, 0];
    const apps = await Promise.all(
      shared.handles.map(async (database, i) => {
        const lookup: Lookup = async () => {
          lookups[i]! += 1;
          return [{ address: '127.0.0.1', family: 4 }];
        };
        const config = testConfig({ workerEnabled: true, workerPollMs: 20, webhookAllowPrivate: true, webhookTimeoutMs: 5000 });
        const app = await buildApp({ config, database, clock, logger: false, mailer: null, webhookLookup: lookup });
        await app.ready();
        return app;
      }),
    );
    const call = async (server: number, url: string, body: unknown) => {
      const response = await apps[server]!.inject({ method: 'POST', url: `/apiv3${url}`, headers: { authorization: `Basic ${key}`, 'content-type': 'application/json' }, payload: JSON.stringify(body) });
      assert.ok(response.statusCode < 300, `POST ${url}: ${response.statusCode} ${response.body}`);
      return JSON.parse(response.body);
    };
    try {
      await call(0, '/events', { name: 'visit' });
      await call(0, '/users', { service_uid: 'two-servers' });
      await call(0, '/webhooks', { url: `http://hooks.test:${receiver.port}/hooks`, events: ['user_event.created'] });
      lookups.fill(0);
      for (let i = 0; i < MESSAGES; i += 20) {
        await Promise.all(Array.from({ length: 20 }, (_, j) => call((i + j) % 2, '/user-events', { service_uid: 'two-servers', event: 'visit', metadata: { n: i + j } })));
      }
      const db = shared.handles[0]!.db;
      const settled = (attempts: number, status: string) => async () => {
        const rows = await db.selectFrom('webhook_messages').select(['attempts', 'status', 'lease_until']).execute();
        return rows.length === MESSAGES && rows.every((row) => Number(row.attempts) === attempts && row.status === status && row.lease_until === null);
      };
      await waitFor(settled(1, 'pending'), 'every first attempt answered 500 and logged', 30_000);
      clock.set(new Date(start + 5000));
      await waitFor(settled(2, 'succeeded'), 'every retry delivered', 30_000);

      const rows = await db.selectFrom('webhook_messages').select(['message_id', 'attempts']).execute();
      assert.equal(receiver.arrivals.size, MESSAGES);
      for (const row of rows) assert.equal(receiver.arrivals.get(row.message_id), Number(row.attempts), `${row.message_id}: one arrival per logged attempt`);
      assert.equal(lookups[0]! + lookups[1]!, 2 * MESSAGES, 'one lookup per attempt');
      assert.ok(lookups[0]! > 0 && lookups[1]! > 0, `both servers sent: ${lookups.join(' and ')} attempts`);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
      await receiver.close();
      await shared.drop();
    }
  });
});
