import { type SelectQueryBuilder, sql } from 'kysely';
import type { DB } from './types.js';

// The orders a listing of customers may take (GET /users `sort`, docs/users.md): Rapport's own
// parameter, not the platform's, so the default stays userapp_id order (U3, SG5). Text sorts on the
// folded copies (migration 0011) so that both databases compare the same text, case and accents
// ignored; an absent value sorts last in either direction (SQLite and PostgreSQL disagree on where
// NULL goes, so it is said explicitly); ties break by userapp_id in the sort's direction.

export const USER_SORT_KEYS = ['userapp_id', 'createtime', 'updatetime', 'points', 'email', 'first_name', 'last_name'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];
export const USER_SORTS = USER_SORT_KEYS.flatMap((key) => [key, `-${key}`] as const);
export type UserSort = (typeof USER_SORTS)[number];

const COLUMNS = {
  userapp_id: null,
  createtime: 'u.createtime',
  updatetime: 'u.updatetime',
  points: 'u.points',
  email: 'u.email_folded',
  first_name: 'u.first_name_folded',
  last_name: 'u.last_name_folded',
} as const;

/** `query` ordered as `sort` says (userapp_id ascending when absent). */
export function orderUsers<O>(query: SelectQueryBuilder<DB & { u: DB['users'] }, 'u', O>, sort: UserSort | undefined) {
  const descending = sort?.startsWith('-') ?? false;
  const key = (descending ? sort!.slice(1) : (sort ?? 'userapp_id')) as UserSortKey;
  const direction = descending ? 'desc' : 'asc';
  const column = COLUMNS[key];
  let ordered = query;
  if (column !== null) {
    ordered = ordered.orderBy(sql`case when ${sql.ref(column)} is null then 1 else 0 end`).orderBy(sql.ref(column), direction);
  }
  return ordered.orderBy('u.id', direction);
}
