import { sql } from 'kysely';

/**
 * `account_id = ?` for queries that also take `id IN (…)`: written `+account_id` so that SQLite's
 * planner (which has no statistics) looks the ids up by primary key instead of walking every row of
 * the account through an (account_id, …) index, which it prefers once the list has more than a few
 * ids (25 users of a page: 2 ms instead of 50 µs over 10,000 users). The same condition on
 * PostgreSQL, which uses the primary key either way.
 */
export const byPrimaryKeyIn = (accountId: number) => sql<boolean>`+account_id = ${accountId}`;
