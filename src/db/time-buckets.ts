import { type RawBuilder, sql } from 'kysely';
import { BUCKET_KEY_LENGTH, type GroupBy } from '../lib/buckets.js';

/**
 * The UTC day (or month) of a stored datetime column, for GROUP BY: its first 10 (or 7) characters,
 * the same SQL on both databases (lib/buckets.ts). A literal length, so that the SELECT and the
 * GROUP BY are the same expression for PostgreSQL.
 */
export function bucketOf(column: string, groupBy: GroupBy): RawBuilder<string> {
  return sql<string>`substr(${sql.ref(column)}, 1, ${sql.lit(BUCKET_KEY_LENGTH[groupBy])})`;
}
