import { type Kysely, sql } from 'kysely';
import { isPostgres } from './schema-helpers.js';

// PostgreSQL settings Rapport's throughput depends on, read once at start. Rapport's queues
// (segment_dirty, webhook_messages, background requests) insert and delete rows all day; without
// autovacuum their dead rows are never reclaimed, and every claim walks past more of them. It is on
// by default; a server where someone turned it off gets a warning in the log, not a refusal.

export interface SettingWarning {
  setting: string;
  value: string;
  message: string;
}

/** The warnings these settings call for (read by `serverSettingWarnings`). */
export function settingWarnings(settings: ReadonlyMap<string, string>): SettingWarning[] {
  const warnings: SettingWarning[] = [];
  const autovacuum = settings.get('autovacuum');
  if (autovacuum !== undefined && autovacuum !== 'on') {
    warnings.push({
      setting: 'autovacuum',
      value: autovacuum,
      message:
        "PostgreSQL's autovacuum is off: the dead rows of Rapport's queues (live segments' marks, webhook messages) are never reclaimed and every claim slows down as they pile up; turn it on (it is PostgreSQL's default) or vacuum those tables on a schedule",
    });
  }
  return warnings;
}

/** The warnings for the database's server (none on SQLite). */
export async function serverSettingWarnings(db: Kysely<unknown>): Promise<SettingWarning[]> {
  if (!isPostgres(db)) return [];
  const rows = await sql<{ name: string; setting: string }>`select name, setting from pg_settings where name in ('autovacuum')`.execute(db);
  return settingWarnings(new Map(rows.rows.map((row) => [row.name, row.setting])));
}
