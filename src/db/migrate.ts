import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import * as foundation from './migrations/0001_foundation.js';
import * as blacklistStaging from './migrations/0004_blacklist_staging.js';
import { isPostgres } from './schema-helpers.js';

// Append-only: a migration that has shipped is never edited; add a new file and list it here.
const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0004_blacklist_staging': blacklistStaging,
};

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every PostgreSQL schema unless told which one: a
  // database holding several schemas (one per test file) would find another schema's tables.
  const migrationTableSchema = isPostgres(db)
    ? (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name
    : undefined;
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
