import { type Migration, Migrator, sql } from 'kysely';
import type { Database } from './database.js';
import * as foundation from './migrations/0001_foundation.js';
import * as eventsCategoriesRequests from './migrations/0002_events_categories_requests.js';
import * as benefitsIntegrationStats from './migrations/0003_benefits_integration_stats.js';
import * as blacklistStaging from './migrations/0004_blacklist_staging.js';
import * as bootstrapClaim from './migrations/0005_bootstrap_claim.js';
import * as commerce from './migrations/0006_commerce.js';
import * as rateLimits from './migrations/0007_rate_limits.js';
import * as blacklistGenerations from './migrations/0008_blacklist_generations.js';
import * as foreignKeyIndexes from './migrations/0009_foreign_key_indexes.js';
import * as blacklistGenerationEntries from './migrations/0010_blacklist_generation_entries.js';
import * as segments from './migrations/0011_segments.js';
import * as idempotency from './migrations/0012_idempotency.js';
import * as auditAndScopes from './migrations/0013_audit_and_scopes.js';
import * as retention from './migrations/0014_retention.js';
import * as erasure from './migrations/0015_erasure.js';
import * as webhooks from './migrations/0016_webhooks.js';
import * as userEventsByUser from './migrations/0017_user_events_by_user.js';
import * as webhookDueCovering from './migrations/0018_webhook_due_covering.js';
import * as mailings from './migrations/0019_mailings.js';
import * as mailingBouncedAt from './migrations/0020_mailing_bounced_at.js';
import * as liveSegments from './migrations/0021_live_segments.js';
import * as signInFailures from './migrations/0022_sign_in_failures.js';
import * as clubPasswords from './migrations/0024_club_passwords.js';
import * as people from './migrations/0025_people.js';
import * as segmentDirtySources from './migrations/0026_segment_dirty_sources.js';
import * as valueGroups from './migrations/0027_value_groups.js';
import * as blacklistMarksByIndex from './migrations/0028_blacklist_marks_by_index.js';
import * as purchasesTotalsCovering from './migrations/0029_purchases_totals_covering.js';
import * as purchaseItemsCovering from './migrations/0030_purchase_items_covering.js';
import * as valueScoresWithoutUserKey from './migrations/0031_value_scores_without_user_key.js';
import * as segmentMembersWithoutUserKey from './migrations/0032_segment_members_without_user_key.js';

// Append-only: a migration that has shipped is never edited; add a new file and list it here.
const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_events_categories_requests': eventsCategoriesRequests,
  '0003_benefits_integration_stats': benefitsIntegrationStats,
  '0004_blacklist_staging': blacklistStaging,
  '0005_bootstrap_claim': bootstrapClaim,
  '0006_commerce': commerce,
  '0007_rate_limits': rateLimits,
  '0008_blacklist_generations': blacklistGenerations,
  '0009_foreign_key_indexes': foreignKeyIndexes,
  '0010_blacklist_generation_entries': blacklistGenerationEntries,
  '0011_segments': segments,
  '0012_idempotency': idempotency,
  '0013_audit_and_scopes': auditAndScopes,
  '0014_retention': retention,
  '0015_erasure': erasure,
  '0016_webhooks': webhooks,
  '0017_user_events_by_user': userEventsByUser,
  '0018_webhook_due_covering': webhookDueCovering,
  '0019_mailings': mailings,
  '0020_mailing_bounced_at': mailingBouncedAt,
  '0021_live_segments': liveSegments,
  '0022_sign_in_failures': signInFailures,
  '0024_club_passwords': clubPasswords,
  '0025_people': people,
  '0026_segment_dirty_sources': segmentDirtySources,
  '0027_value_groups': valueGroups,
  '0028_blacklist_marks_by_index': blacklistMarksByIndex,
  '0029_purchases_totals_covering': purchasesTotalsCovering,
  '0030_purchase_items_covering': purchaseItemsCovering,
  '0031_value_scores_without_user_key': valueScoresWithoutUserKey,
  '0032_segment_members_without_user_key': segmentMembersWithoutUserKey,
};

/**
 * True when the database has run exactly the migrations listed here: one query, where Kysely's
 * migrator first looks for its tables through schema introspection (a query per table on SQLite)
 * and takes its lock (cold start, docs/benchmarks.md). Anything else, or no table yet, goes to it.
 */
async function upToDate(database: Database): Promise<boolean> {
  const table = database.schema ? `${database.schema}.kysely_migration` : 'kysely_migration';
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(table)}`.execute(database.db);
    const names = Object.keys(migrations);
    return rows.length === names.length && rows.every((row) => names.includes(row.name));
  } catch {
    return false;
  }
}

export async function migrateToLatest(database: Database): Promise<string[]> {
  if (await upToDate(database)) return [];
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
    // Pending migrations still run in name order; this only lets a database that already ran a
    // later-numbered one (developed in parallel) pick up an earlier-numbered newcomer.
    allowUnorderedMigrations: true,
    // Name the schema: otherwise Kysely may find another schema's bookkeeping tables in the same
    // PostgreSQL database and skip creating its own.
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
