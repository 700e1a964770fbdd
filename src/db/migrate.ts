import { type Kysely, type Migration, Migrator } from 'kysely';
import * as foundation from './migrations/0001_foundation.js';

// Append-only: a migration that has shipped is never edited; add a new file and list it here.
const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
};

/**
 * `schema` (PostgreSQL) pins Kysely's bookkeeping tables to that schema: without it the migrator
 * takes a `kysely_migration` table in ANY schema as its own, so a second schema (e.g. a concurrent
 * test file's) would never get its bookkeeping tables.
 */
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
