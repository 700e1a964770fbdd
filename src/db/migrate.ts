import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import { isPostgres } from './schema-helpers.js';
import * as foundation from './migrations/0001_foundation.js';
import * as eventsCategoriesRequests from './migrations/0002_events_categories_requests.js';

// Append-only: a migration that has shipped is never edited; add a new file and list it here.
const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_events_categories_requests': eventsCategoriesRequests,
};

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  // Kysely looks for its migration tables in every schema unless told which one; on a PostgreSQL
  // server shared by several databases' schemas (tests, other tenants) that finds a stranger's.
  const migrationTableSchema = isPostgres(db)
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  const migrator = new Migrator({
    db,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
