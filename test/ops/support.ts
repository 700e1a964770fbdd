import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from '../../src/app.js';
import type { Config } from '../../src/config.js';
import { type Database, openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { Clock } from '../../src/lib/time.js';
import { buildAccounts } from '../../src/services.js';
import { type Response, TestClock, createTestDatabase, testConfig, usingPostgres } from '../helpers/app.js';

// Operations tests need what buildTestApp hides: several app instances (processes) on one database,
// a database reached through a proxy, apps with their own settings. These helpers build them.

export interface SharedDatabase {
  /** Independent connections (a pool each, or a SQLite connection each) to the same data. */
  handles: Database[];
  /** PostgreSQL: the test schema and server URL, to open more connections (through a proxy, say). */
  postgres?: { url: string; schema: string };
  /** SQLite: the file. */
  file?: string;
  drop(): Promise<void>;
}

/** A fresh migrated database opened `count` times: what `count` server processes would share. */
export async function sharedDatabase(count: number): Promise<SharedDatabase> {
  if (usingPostgres()) {
    const test = await createTestDatabase();
    const config = { kind: 'postgres' as const, connectionString: test.url, schema: test.schema! };
    const others = Array.from({ length: count - 1 }, () => openDatabase(config));
    return {
      handles: [test.database, ...others],
      postgres: { url: test.url, schema: test.schema! },
      async drop() {
        await Promise.all(others.map((db) => db.close().catch(() => {})));
        await test.drop();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'rapport-ops-'));
  const file = join(dir, 'rapport.db');
  const first = openDatabase({ kind: 'sqlite', filename: file });
  await migrateToLatest(first);
  const handles = [first, ...Array.from({ length: count - 1 }, () => openDatabase({ kind: 'sqlite', filename: file }))];
  return {
    handles,
    file,
    async drop() {
      await Promise.all(handles.map((db) => db.close().catch(() => {})));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function createAccount(database: Database, name = 'ops'): Promise<{ accountId: number; key: string }> {
  const accounts = buildAccounts(database.db, new TestClock());
  const account = await accounts.createAccount(name);
  const { key } = await accounts.createKey(account.id);
  return { accountId: account.id, key };
}

export interface OpsApp {
  app: FastifyInstance;
  call(method: InjectOptions['method'], url: string, options?: { key?: string; body?: unknown; headers?: Record<string, string> }): Promise<Response>;
}

/** An app (one "process") on that database, with its own settings; ready, not listening. */
export async function opsApp(
  database: Database,
  config: Partial<Config> = {},
  options: { clock?: Clock; logger?: Parameters<typeof buildApp>[0]['logger']; beforeReady?: (app: FastifyInstance) => void } = {},
): Promise<OpsApp> {
  const app = await buildApp({ config: testConfig({ workerEnabled: false, ...config }), database, clock: options.clock, logger: options.logger ?? false, mailer: null });
  options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    async call(method, url, { key, body, headers = {} } = {}) {
      const allHeaders: Record<string, string> = { ...headers };
      if (key) allHeaders.authorization = `Basic ${key}`;
      if (body !== undefined) allHeaders['content-type'] = 'application/json';
      const response = await app.inject({ method, url, headers: allHeaders, payload: body === undefined ? undefined : JSON.stringify(body) });
      let parsed: unknown;
      try {
        parsed = JSON.parse(response.body);
      } catch {
        parsed = undefined;
      }
      return { status: response.statusCode, headers: response.headers, body: parsed, text: response.body };
    },
  };
}

/** For a describe block: a shared database (see sharedDatabase) with one account, dropped at the end. */
export function withSharedDatabase(count: number): { shared: SharedDatabase; key: string } {
  const suite = {} as { shared: SharedDatabase; key: string };
  before(async () => {
    suite.shared = await sharedDatabase(count);
    suite.key = (await createAccount(suite.shared.handles[0]!)).key;
  });
  after(() => suite.shared.drop());
  return suite;
}
