import assert from 'node:assert/strict';
import net from 'node:net';
import { describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import { openDatabase } from '../../src/db/database.js';
import { isDatabaseUnavailable } from '../../src/db/unavailable.js';
import { usingPostgres } from '../helpers/app.js';
import { expectError, expectOk } from '../helpers/assertions.js';
import { type OpsApp, opsApp, withSharedDatabase } from './support.js';

// O6: a database that cannot be reached answers 503 service_unavailable with Retry-After (not 500),
// /ready says so, and service resumes by itself when the database is back.

/** A TCP proxy to PostgreSQL that the test can cut (every connection dropped, port closed) and restore. */
class Proxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  async stop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server!.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`${what} did not happen within 10 s`);
}

function expectUnavailable(response: Awaited<ReturnType<OpsApp['call']>>): void {
  expectError(response, 503, 'service_unavailable', /temporarily unavailable/);
  assert.match(String(response.headers['retry-after']), /^\d+$/);
}

describe('database unavailable', () => {
  const suite = withSharedDatabase(1);

  it('PostgreSQL unreachable: 503 with Retry-After, /ready 503, then service resumes by itself', { skip: !usingPostgres() && 'PostgreSQL only (TEST_DATABASE_URL)' }, async () => {
    const target = new URL(suite.shared.postgres!.url);
    const proxy = new Proxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    const throughProxy = new URL(suite.shared.postgres!.url);
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(proxy.port);
    const database = openDatabase({ kind: 'postgres', connectionString: throughProxy.toString(), schema: suite.shared.postgres!.schema, poolSize: 3 });
    const api = await opsApp(database);
    try {
      expectOk(await api.call('POST', '/apiv3/users', { key: suite.key, body: { service_uid: 'before-outage' } }), 201);
      assert.equal((await api.call('GET', '/ready')).status, 200);

      await proxy.stop();
      expectUnavailable(await api.call('GET', '/apiv3/users', { key: suite.key }));
      expectUnavailable(await api.call('POST', '/apiv3/users', { key: suite.key, body: { service_uid: 'during-outage' } }));
      const ready = await api.call('GET', '/ready');
      assert.equal(ready.status, 503);
      assert.deepEqual(ready.body, { status: 'unavailable' });
      assert.match(String(ready.headers['retry-after']), /^\d+$/);
      assert.equal((await api.call('GET', '/health')).status, 200, 'the process itself is alive');

      await proxy.start(); // same port
      await eventually(async () => (await api.call('GET', '/ready')).status === 200, '/ready answering 200 again');
      expectOk(await api.call('POST', '/apiv3/users', { key: suite.key, body: { service_uid: 'after-outage' } }), 201);
      const found = expectOk(await api.call('GET', `/apiv3/multiusers/find?service_uid=after-outage`, { key: suite.key }));
      assert.equal(found.service_uid, 'after-outage');
      expectError(await api.call('GET', `/apiv3/users/${Buffer.from('during-outage').toString('base64')}`, { key: suite.key }), 404, 'not_found');
    } finally {
      await api.app.close();
      await database.close().catch(() => {});
      await proxy.stop().catch(() => {});
    }
  });

  it('SQLite locked by another process beyond the busy timeout: writes answer 503, then succeed', { skip: usingPostgres() && 'SQLite only' }, async () => {
    const database = openDatabase({ kind: 'sqlite', filename: suite.shared.file!, busyTimeoutMs: 50 });
    const api = await opsApp(database);
    const other = new SQLite(suite.shared.file!);
    try {
      expectOk(await api.call('POST', '/apiv3/users', { key: suite.key, body: { service_uid: 'before-lock' } }), 201);
      other.exec('BEGIN IMMEDIATE'); // another process holds the write lock
      expectUnavailable(await api.call('POST', '/apiv3/users', { key: suite.key, body: { service_uid: 'during-lock' } }));
      expectOk(await api.call('GET', '/apiv3/users', { key: suite.key }), 200); // readers are not blocked (WAL)
      assert.equal((await api.call('GET', '/ready')).status, 200);
      other.exec('COMMIT');
      expectOk(await api.call('POST', '/apiv3/users', { key: suite.key, body: { service_uid: 'after-lock' } }), 201);
    } finally {
      if (other.inTransaction) other.exec('ROLLBACK');
      other.close();
      await api.app.close();
      await database.close();
    }
  });

  it('tells connection failures from other database errors', () => {
    const unavailable: unknown[] = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      Object.assign(new Error('sorry, too many clients already'), { code: '53300' }),
      Object.assign(new Error('deadlock detected'), { code: '40P01' }),
      Object.assign(new Error('could not serialize access due to concurrent update'), { code: '40001' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' }), Object.assign(new Error('b'), { code: 'ETIMEDOUT' })]),
      Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }),
      Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR_WRITE' }),
      new Error('wrapped', { cause: Object.assign(new Error('x'), { code: 'EHOSTUNREACH' }) }),
    ];
    const bugs: unknown[] = [
      Object.assign(new Error('duplicate key'), { code: '23505' }),
      Object.assign(new Error('syntax error'), { code: '42601' }),
      Object.assign(new Error('constraint failed'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }),
      Object.assign(new Error('database disk image is malformed'), { code: 'SQLITE_CORRUPT' }),
      new TypeError('undefined is not a function'),
      'a string',
      null,
    ];
    for (const error of unavailable) assert.equal(isDatabaseUnavailable(error), true, String(error));
    for (const error of bugs) assert.equal(isDatabaseUnavailable(error), false, String(error));
  });
});
