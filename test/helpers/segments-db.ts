import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { parseDatabaseUrl } from '../../src/config.js';
import { type Database, openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import * as segmentsMigration from '../../src/db/migrations/0011_segments.js';

// Databases for the segments tests, which need no app. createTestDatabase (helpers/app.ts) is used
// when it loads; it imports the whole app, so while the app does not build this file makes the same
// database itself. Migration 0011 is run here when the migrator does not list it yet.

export interface SegmentsTestDatabase {
  database: Database;
  url: string;
  drop(): Promise<void>;
}

/** Runs 0011_segments unless the database already has its tables. */
export async function ensureSegmentsMigration(database: Database): Promise<void> {
  try {
    await database.db.selectFrom('segments').select('id').limit(1).execute();
    return;
  } catch {
    // not migrated yet
  }
  if (database.dialect === 'postgres') await database.db.transaction().execute((trx) => segmentsMigration.up(trx as Kysely<any>));
  else await segmentsMigration.up(database.db as Kysely<any>);
}

/** A fresh in-memory SQLite database, migrated (also when the file runs against PostgreSQL: SG3). */
export async function createSqliteDatabase(): Promise<SegmentsTestDatabase> {
  const database = openDatabase({ kind: 'sqlite', filename: ':memory:' });
  await migrateToLatest(database);
  await ensureSegmentsMigration(database);
  return { database, url: 'sqlite::memory:', drop: () => database.close() };
}

async function createPostgresDatabase(url: string): Promise<SegmentsTestDatabase> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = openDatabase({ ...parseDatabaseUrl(url, 'TEST_DATABASE_URL'), schema } as Parameters<typeof openDatabase>[0]);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await migrateToLatest(database);
      break;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (!(code === '3F000' || code === '42P01') || attempt === 5) throw error;
    }
  }
  return {
    database,
    url,
    async drop() {
      await database.close().catch(() => {});
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

/** The file's database: SQLite in memory, or a fresh PostgreSQL schema when TEST_DATABASE_URL is set. */
export async function createSegmentsTestDatabase(): Promise<SegmentsTestDatabase> {
  let created: SegmentsTestDatabase | undefined;
  const helpers = await import('./app.js').catch(() => undefined);
  if (helpers) created = await helpers.createTestDatabase();
  else {
    const url = process.env.TEST_DATABASE_URL;
    created = url ? await createPostgresDatabase(url) : await createSqliteDatabase();
  }
  await ensureSegmentsMigration(created.database);
  return created;
}
