import { type Expression, type ExpressionBuilder, sql, type SqlBool } from 'kysely';
import { containsPattern } from '../lib/fields.js';
import type { DB } from './types.js';

/**
 * `lower(column) like lower('%text%')` for any of the columns, with `%`, `_` and `\` of the text
 * taken literally. lower() on both sides, so both databases compare with the same folding.
 */
export function containsText<T extends keyof DB>(eb: ExpressionBuilder<DB, T>, columns: string[], text: string): Expression<SqlBool> {
  const pattern = containsPattern(text);
  return eb.or(columns.map((column) => sql<SqlBool>`lower(${sql.ref(column)}) like lower(${pattern}) escape '\\'`));
}
