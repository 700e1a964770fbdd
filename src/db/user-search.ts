import { type Expression, sql, type SqlBool } from 'kysely';
import { escapeLike } from '../lib/fields.js';
import { fold } from '../lib/fold.js';
import { foldedColumn } from './folded-columns.js';

/** The users fields U3 searches, by their folded columns. */
const SEARCHED = (['email', 'first_name', 'last_name', 'service_uid', 'document', 'telephone'] as const).map(foldedColumn);

/**
 * U3 over `users as u`: every word of the query is a substring of one of the searched fields,
 * compared folded (case and accents ignored for every script). Undefined for a query with no word.
 */
export function userSearchCondition(search: string | undefined): Expression<SqlBool> | undefined {
  const words = (search ?? '').split(/\s+/).filter((word) => word !== '');
  if (words.length === 0) return undefined;
  const wordMatches = words.map((word) => {
    const pattern = `%${escapeLike(fold(word))}%`;
    return sql<SqlBool>`(${sql.join(
      SEARCHED.map((column) => sql`${sql.ref(`u.${column}`)} like ${pattern} escape '\\'`),
      sql` or `,
    )})`;
  });
  return sql<SqlBool>`(${sql.join(wordMatches, sql` and `)})`;
}

