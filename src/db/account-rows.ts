import type { Kysely, Selectable, SelectQueryBuilder, Updateable } from 'kysely';
import type { DB } from './types.js';

/** The tables whose rows belong to one account and are known by a numeric id. */
export type AccountTable = {
  [T in keyof DB]: DB[T] extends { account_id: number; id: unknown } ? (Selectable<DB[T]> extends { id: number } ? T : never) : never;
}[keyof DB];

/** The columns of `table` that hold text. */
type StringColumn<T extends AccountTable> = { [C in keyof Selectable<DB[T]>]: Selectable<DB[T]>[C] extends string ? C : never }[keyof Selectable<DB[T]>] & string;

// Kysely cannot resolve column names on a table type that is still generic, so the queries are
// written against this view of the table and typed back for the caller.
type KeyedRows = { rows: { account_id: number; id: number } };

function keyed(db: Kysely<DB>): Kysely<KeyedRows> {
  return db as unknown as Kysely<KeyedRows>;
}

function rows(table: AccountTable): 'rows' {
  return table as unknown as 'rows';
}

/** Every column of the account's rows of `table`: the start of a query that cannot forget the tenant. */
export function selectAccountRows<T extends AccountTable>(db: Kysely<DB>, table: T, accountId: number): SelectQueryBuilder<DB, T, Selectable<DB[T]>> {
  return keyed(db).selectFrom(rows(table)).selectAll().where('account_id', '=', accountId) as unknown as SelectQueryBuilder<DB, T, Selectable<DB[T]>>;
}

/** The account's row of `table` with this id. */
export function findAccountRow<T extends AccountTable>(db: Kysely<DB>, table: T, accountId: number, id: number): Promise<Selectable<DB[T]> | undefined> {
  return keyed(db).selectFrom(rows(table)).selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst() as Promise<
    Selectable<DB[T]> | undefined
  >;
}

/**
 * Updates the account's row with this id and returns it as it now is (undefined when there is none).
 * An UPDATE: on PostgreSQL the row stays locked until the transaction ends.
 */
export function updateAccountRow<T extends AccountTable>(
  db: Kysely<DB>,
  table: T,
  accountId: number,
  id: number,
  changes: Updateable<DB[T]>,
): Promise<Selectable<DB[T]> | undefined> {
  return keyed(db)
    .updateTable(rows(table))
    .set(changes as Updateable<KeyedRows['rows']>)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst() as Promise<Selectable<DB[T]> | undefined>;
}

/** Deletes the account's row with this id; false when there was none. */
export async function deleteAccountRow(db: Kysely<DB>, table: AccountTable, accountId: number, id: number): Promise<boolean> {
  const result = await keyed(db).deleteFrom(rows(table)).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The values among `values` that the account's rows of `table` already hold in `column` (a key unique per account). */
export async function existingValues<T extends AccountTable>(
  db: Kysely<DB>,
  table: T,
  column: StringColumn<T>,
  accountId: number,
  values: string[],
): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const found: Array<Record<string, string>> = await (db as unknown as Kysely<{ rows: { account_id: number; value: string } }>)
    .selectFrom(rows(table))
    .select(column as 'value')
    .where('account_id', '=', accountId)
    .where(column as 'value', 'in', [...new Set(values)])
    .execute();
  return new Set(found.map((row) => row[column] as string));
}
