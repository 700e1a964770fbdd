import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { after } from 'node:test';
import type { FastifyInstance, FastifyServerOptions, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/app.js';
import { type Config, loadConfig, parseDatabaseUrl } from '../../src/config.js';
import { type Database, openDatabase, openSqliteImage } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { Mailer } from '../../src/jobs/mailer.js';
import type { Clock } from '../../src/lib/time.js';
import { buildAccounts } from '../../src/services.js';

// Each test file gets its own database: SQLite in memory, or, when TEST_DATABASE_URL names a
// PostgreSQL server, a fresh database (a copy of the runner's migrated template) or, run without
// the runner, a fresh schema, dropped when the file ends.

export class TestClock implements Clock {
  private current: Date | null = null;
  now(): Date {
    return this.current ? new Date(this.current) : new Date();
  }
  set(iso: string | Date | null): void {
    this.current = iso === null ? null : new Date(iso);
  }
}

export interface Response {
  status: number;
  headers: Record<string, unknown>;
  body: any;
  text: string;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  clock: TestClock;
  key: string;
  accountId: number;
  /** Another account of the same server, for tenancy tests. */
  newAccount(name?: string): Promise<{ accountId: number; key: string }>;
  request(method: InjectOptions['method'], url: string, options?: RequestOptions): Promise<Response>;
  get(url: string, options?: RequestOptions): Promise<Response>;
  post(url: string, body?: unknown, options?: RequestOptions): Promise<Response>;
  put(url: string, body?: unknown, options?: RequestOptions): Promise<Response>;
  delete(url: string, body?: unknown, options?: RequestOptions): Promise<Response>;
  close(): Promise<void>;
}

export interface RequestOptions {
  /** The key to send; null sends none. Defaults to the file's account key. */
  key?: string | null;
  body?: unknown;
  /** Send the body as application/x-www-form-urlencoded. */
  form?: boolean;
  headers?: Record<string, string>;
}

export function usingPostgres(): boolean {
  return Boolean(process.env.TEST_DATABASE_URL);
}

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
  url: string;
  schema?: string;
}

let sqliteImage: Buffer | undefined;

/** A fresh, migrated database for one test file (or one scenario inside it). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    // The runner's migrated image (scripts/test.mjs), read once per file: a copy opens in about a
    // millisecond where migrating takes 0.2-0.4 s of CPU.
    const template = process.env.TEST_SQLITE_TEMPLATE;
    if (template) {
      sqliteImage ??= readFileSync(template);
      const database = openSqliteImage(sqliteImage);
      return { database, url: 'sqlite::memory:', drop: () => database.close() };
    }
    const database = openDatabase({ kind: 'sqlite', filename: ':memory:' });
    await migrateToLatest(database);
    return { database, url: 'sqlite::memory:', drop: () => database.close() };
  }
  const template = process.env.TEST_DATABASE_TEMPLATE;
  if (template) return copyTemplate(url, template);
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create schema ${schema}`);
  const config = parseDatabaseUrl(url, 'TEST_DATABASE_URL');
  const database = openDatabase({ ...config, schema } as Parameters<typeof openDatabase>[0]);
  // Kysely's migrator introspects every schema of the database; another test file dropping its own
  // schema at that instant makes the introspection fail with 3F000 (schema gone) or 42P01 (one of
  // its tables gone, read by pg_get_serial_sequence). Only tests share a database with schemas
  // coming and going, so the retry lives here; PostgreSQL migrations run in one transaction, so a
  // failed attempt leaves nothing behind.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await migrateToLatest(database);
      break;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (!(code === '3F000' || code === '42P01') || attempt === 5) throw error;
    }
  }
  return remember({
    database,
    url,
    schema,
    async drop() {
      await database.close().catch(() => {}); // a test may have closed it already
      await adminQuery(url, `drop schema if exists ${schema} cascade`);
    },
  });
}

/**
 * The test runner (scripts/test.mjs) migrates one template database per PostgreSQL pass; a file's
 * database is a copy of it, dropped when the file ends (with force: a killed child server's
 * connections may linger).
 */
async function copyTemplate(serverUrl: string, template: string): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name} template ${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const schema = 'public';
  const database = openDatabase({ ...parseDatabaseUrl(url.href, 'TEST_DATABASE_URL'), schema } as Parameters<typeof openDatabase>[0]);
  return remember({
    database,
    url: url.href,
    schema,
    async drop() {
      await database.close().catch(() => {});
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  });
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const opened = new WeakMap<Database, TestDatabase>();

function remember(test: TestDatabase): TestDatabase {
  opened.set(test.database, test);
  return test;
}

/** PostgreSQL: another pool on the same test database, as a second server process would open it. */
export function openAgain(database: Database): Database {
  const test = opened.get(database);
  if (!test?.schema) throw new Error('openAgain: not a PostgreSQL test database');
  return openDatabase({ ...parseDatabaseUrl(test.url, 'TEST_DATABASE_URL'), schema: test.schema } as Parameters<typeof openDatabase>[0]);
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  // Load shedding depends on timing (a busy CI machine delays every event loop): off unless a test
  // turns it on with its own thresholds (test/ops/overload.test.ts).
  const quiet = { overloadEventLoopDelayMs: 0, overloadMaxInFlight: 0 };
  return { ...loadConfig({ LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent' }), ...quiet, ...overrides };
}

/**
 * Builds a fresh app on a fresh database with one account. Call it with top-level await in the test
 * file: it is closed (and the database dropped) by an `after` hook on the file.
 */
export async function buildTestApp(
  options: {
    config?: Partial<Config>;
    autoClose?: boolean;
    /** pino options (with a stream) to read the app's log lines; none by default */
    logger?: FastifyServerOptions['logger'];
    /** The app's mailer in place of the one SMTP_URL builds (a short SMTP timeout, say). */
    mailer?: Mailer | null;
  } = {},
): Promise<TestApp> {
  const testDb = await createTestDatabase();
  const { database } = testDb;
  const clock = new TestClock();
  const config = testConfig(options.config);
  const accounts = buildAccounts(database.db, clock);
  const newAccount = async (name = 'other') => {
    const account = await accounts.createAccount(name);
    const { key } = await accounts.createKey(account.id);
    return { accountId: account.id, key };
  };
  const first = await newAccount('main');
  const app = await buildApp({ config, database, clock, logger: options.logger ?? false, ...(options.mailer !== undefined ? { mailer: options.mailer } : {}) });
  await app.ready();

  const request = async (method: InjectOptions['method'], url: string, opts: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    const key = opts.key === undefined ? first.key : opts.key;
    if (key !== null) headers.authorization = `Basic ${key}`;
    let payload: string | Buffer | undefined;
    if (opts.body !== undefined) {
      if (opts.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = new URLSearchParams(opts.body as Record<string, string>).toString();
      } else if (typeof opts.body === 'string' || Buffer.isBuffer(opts.body)) {
        headers['content-type'] ??= 'application/json';
        payload = opts.body;
      } else {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(opts.body);
      }
    }
    const response = await app.inject({ method, url, headers, payload });
    let body: unknown;
    try {
      body = response.body === '' ? undefined : JSON.parse(response.body);
    } catch {
      body = undefined;
    }
    return { status: response.statusCode, headers: response.headers, body, text: response.body };
  };

  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await app.close();
    await testDb.drop();
  };
  if (options.autoClose !== false) after(close);

  return {
    app,
    database,
    config,
    clock,
    key: first.key,
    accountId: first.accountId,
    newAccount,
    request,
    get: (url, opts) => request('GET', url, opts),
    post: (url, body, opts) => request('POST', url, { ...opts, body }),
    put: (url, body, opts) => request('PUT', url, { ...opts, body }),
    delete: (url, body, opts) => request('DELETE', url, { ...opts, body }),
    close,
  };
}
