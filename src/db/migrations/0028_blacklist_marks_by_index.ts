import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { isPostgres } from '../schema-helpers.js';

// Live segments (SG7): a blacklist entry marks the customers it names, found by the list's key
// through users_email_list_key or users_telephone_list_key. 0026's trigger found them with one
// condition joining both lists by `or`, which SQLite cannot answer from either index: every entry
// written read all of the account's customers (a 50,000-entry list loaded into a 1,000,000-customer
// account on SQLite did not finish in ten minutes). The same marks, one statement per list, each
// answered by its index, on both databases.

const OPERATIONS = ['insert', 'delete'] as const;

function body(row: 'NEW' | 'OLD', byList: boolean): string {
  const head = `insert into segment_dirty (account_id, user_id, source) select u.account_id, u.id, 'blacklist_entries' from users u where ${row}.generation = 0 and u.account_id = ${row}.account_id`;
  if (!byList) return `${head} and (((${row}.list = 'email') and u.email_list_key = ${row}.value) or ((${row}.list = 'telephone') and u.telephone_list_key = ${row}.value))`;
  return `${head} and ${row}.list = 'email' and u.email_list_key = ${row}.value; ${head} and ${row}.list = 'telephone' and u.telephone_list_key = ${row}.value`;
}

async function replace(db: Kysely<unknown>, byList: boolean): Promise<void> {
  for (const operation of OPERATIONS) {
    const name = `segment_dirty_blacklist_entries_${operation}`;
    const statements = body(operation === 'delete' ? 'OLD' : 'NEW', byList);
    if (isPostgres(db)) {
      // The trigger calls the function by name: replacing the function is enough.
      await sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $fn$ begin ${statements}; return null; end $fn$`).execute(db);
    } else {
      await sql.raw(`drop trigger if exists ${name}`).execute(db);
      await sql.raw(`create trigger ${name} after ${operation} on blacklist_entries for each row begin ${statements}; end`).execute(db);
    }
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await replace(db, true);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await replace(db, false);
}
