import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { type CompiledQuery, Kysely, PostgresDialect, type QueryResult, sql } from 'kysely';
import { createRequire } from 'node:module';
import type PG from 'pg';
import type { DatabaseConfig } from '../config.js';
import { createSqliteKysely } from './sqlite-driver.js';
import type { DB } from './types.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** PostgreSQL schema holding Rapport's tables (and the migration bookkeeping). */
  schema?: string;
  /** PostgreSQL only: the pool's connections right now (for /metrics). */
  poolStats?(): PoolStats;
  /**
   * Opens what the first requests would otherwise open (O5): on PostgreSQL every connection of the
   * pool, each running a statement (a backend started, authenticated, its caches begun). Nothing
   * to do on SQLite.
   */
  warm(): Promise<void>;
  /**
   * Runs `work` on one consistent snapshot of the database, however long it reads (SG6's export),
   * without holding back other requests: a REPEATABLE READ transaction on PostgreSQL; on a SQLite
   * file, a read transaction on a connection of its own (WAL lets readers go on beside the writer).
   * An in-memory SQLite database (tests) has no second connection: `work` reads it directly.
   */
  snapshot<T>(work: (db: Kysely<DB>) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

/** A PostgreSQL server that does not answer within this time counts as unreachable (503, O6). */
const CONNECT_TIMEOUT_MS = 5000;

let pgModule: typeof PG | undefined;

/** pg is loaded only when PostgreSQL is used: a SQLite process starts faster without it. */
function loadPg(): typeof PG {
  if (!pgModule) {
    pgModule = createRequire(import.meta.url)('pg') as typeof PG;
    // COUNT(*) and BIGINT come back from pg as strings; every count we read fits a JS number.
    pgModule.types.setTypeParser(20, (value: string) => Number(value));
  }
  return pgModule;
}

export function openDatabase(config: DatabaseConfig): Database {
  if (config.kind === 'sqlite') return openSqlite(config.filename, config.busyTimeoutMs ?? 5000);
  return openPostgres(config.connectionString, config.schema, config.poolSize ?? 10);
}

/**
 * An in-memory SQLite database opened from a serialized image (better-sqlite3's `serialize()`): the
 * tests copy one migrated database per file instead of migrating each (scripts/test.mjs).
 */
export function openSqliteImage(image: Buffer): Database {
  return openSqlite(':memory:', 5000, image);
}

function openSqlite(filename: string, busyTimeoutMs: number, image?: Buffer): Database {
  const inMemory = filename === ':memory:';
  if (!inMemory) mkdirSync(dirname(filename), { recursive: true });
  const connection = image ? new SQLite(image) : new SQLite(filename);
  if (!inMemory) connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  // A write waiting longer than this for another process's lock fails with SQLITE_BUSY: 503 (O6).
  connection.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
  connection.pragma('foreign_keys = ON');
  // The default 2 MB page cache makes every index touch of a million-row table a system call;
  // 16 MB keeps the hot index pages of user_events in memory (a bulk delete of 500,000 of 1M rows:
  // 3.1-3.2 s, against 3.6-3.9 s with 32 MB) while keeping the process small: the cache fills
  // during any large write, and 32 MB of it took a 100 MiB blacklist upload past its 50 MB memory
  // budget (docs/benchmarks.md). Temporary b-trees (large sorts, e.g. applying a 3M-line blacklist upload)
  // stay on disk: in memory they grew the process by their whole size.
  connection.pragma('cache_size = -16384');
  const db = createSqliteKysely<DB>(connection);
  return {
    db,
    dialect: 'sqlite',
    warm: async () => {},
    async snapshot(work) {
      if (inMemory) return work(db);
      const reader = new SQLite(filename, { readonly: true });
      reader.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
      const readerDb = createSqliteKysely<DB>(reader);
      try {
        return await readerDb.transaction().execute(work);
      } finally {
        await readerDb.destroy();
      }
    },
    async close() {
      await db.destroy();
    },
  };
}

function openPostgres(connectionString: string, schema: string | undefined, poolSize: number): Database {
  const pg = loadPg();
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    // Without these a server that vanishes (no RST) leaves requests waiting for minutes; with them
    // they fail, answer 503 (O6), and the pool reconnects by itself when the server is back.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    // Idle connections stay open (pg closes them after 10 s by default): a server quiet for a few
    // seconds otherwise meets its next burst with no connection, and each request of it waits for
    // a backend to start (O5: a slow first answer is not overload). close() ends them.
    idleTimeoutMillis: 0,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // Nor one in use: its query fails (503, O6), but pg also emits 'error' on the client, and the pool
  // listens only while the client is idle; unheard, that event would end the process.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  queryThroughPool(db, pool);
  return {
    db,
    dialect: 'postgres',
    schema: schema ?? 'public',
    poolStats: () => ({ max: poolSize, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async warm() {
      const clients = await Promise.all(Array.from({ length: poolSize }, () => pool.connect()));
      try {
        await Promise.all(clients.map((client) => client.query('select 1')));
      } finally {
        for (const client of clients) client.release();
      }
    },
    snapshot: (work) => db.transaction().setIsolationLevel('repeatable read').execute(work),
    async close() {
      await db.destroy();
      // Kysely ends the pool only if its driver was ever used: a process whose queries all went
      // through queryThroughPool (no transaction: `rapport accounts list`, `migrate` with nothing
      // to do) kept its idle connections, and with them the event loop, for pg's 10 s idle timeout.
      if (!pool.ending) await pool.end();
    },
  };
}

const AFFECTING = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/**
 * Queries outside a transaction go straight to the pool (pool.query: take a connection, run the
 * query, give the connection back), which is what Kysely's PostgreSQL driver does, without the
 * dozen promise hops of its executor: about 17 µs of CPU per query (a read runs three to six). The answer has the shape Kysely's driver gives. Only this instance's executor changes:
 * transactions, plugins and withSchema make executors of their own and go through Kysely.
 */
function queryThroughPool(db: Kysely<DB>, pool: PG.Pool): void {
  const executor = db.getExecutor();
  executor.executeQuery = async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
    const { command, rowCount, rows } = await pool.query(query.sql, [...query.parameters]);
    return { numAffectedRows: AFFECTING.has(command) ? BigInt(rowCount ?? 0) : undefined, rows: (rows ?? []) as R[] };
  };
}

export async function isReachable(db: Kysely<DB>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
