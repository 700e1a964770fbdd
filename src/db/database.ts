import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { FastSqliteDialect } from './sqlite-driver.js';
import type { DB } from './types.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** PostgreSQL schema holding Rapport's tables (and the migration bookkeeping). */
  schema?: string;
  close(): Promise<void>;
}

// COUNT(*) and BIGINT come back from pg as strings; every count we read fits a JS number.
pg.types.setTypeParser(20, (value: string) => Number(value));

export function openDatabase(config: DatabaseConfig): Database {
  if (config.kind === 'sqlite') return openSqlite(config.filename);
  return openPostgres(config.connectionString, config.schema);
}

function openSqlite(filename: string): Database {
  const inMemory = filename === ':memory:';
  if (!inMemory) mkdirSync(dirname(filename), { recursive: true });
  const connection = new SQLite(filename);
  if (!inMemory) connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  connection.pragma('busy_timeout = 5000');
  connection.pragma('foreign_keys = ON');
  // The default 2 MB page cache makes every index touch of a million-row table a system call;
  // 32 MB keeps the hot index pages of user_events in memory (bulk deletes, listings) while keeping
  // the process small. Temporary b-trees (large sorts, e.g. applying a 3M-line blacklist upload)
  // stay on disk: in memory they grew the process by their whole size.
  connection.pragma('cache_size = -32768');
  const db = new Kysely<DB>({ dialect: new FastSqliteDialect(connection) });
  return {
    db,
    dialect: 'sqlite',
    async close() {
      await db.destroy();
    },
  };
}

function openPostgres(connectionString: string, schema?: string): Database {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    dialect: 'postgres',
    schema: schema ?? 'public',
    async close() {
      await db.destroy();
    },
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
