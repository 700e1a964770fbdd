import { sql } from 'kysely';

/**
 * `account_id = ?` written `+account_id`: the same condition, kept from choosing the index. SQLite's
 * planner (it has no statistics) otherwise prefers an index that leads with account_id and walks
 * every row of the account through it, where the query's other condition has an index of its own:
 * ids looked up by primary key (25 users of a page: 2 ms instead of 50 µs over 10,000 users), or the
 * rows of one customer by the customer's column (a customer's user events: 4.5 s instead of 0.4 ms
 * over 10M). PostgreSQL reads it as the same condition.
 */
export const accountAsFilter = (accountId: number) => sql<boolean>`+account_id = ${accountId}`;
