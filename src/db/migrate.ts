import { type Kysely, type Migration, Migrator } from 'kysely';
import * as foundation from './migrations/0001_foundation.js';
import * as blacklistStaging from './migrations/0004_blacklist_staging.js';

// Append-only: a migration that has shipped is never edited; add a new file and list it here.
const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0004_blacklist_staging': blacklistStaging,
};

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
