import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// Which database a Kysely instance talks to, asked in one way everywhere. Migrations ask it for
// auto-increment ids (withId: spelled differently), everything else in them is plain schema
// builder; outside db/, repositories and the worker ask it where the two databases need a different
// statement or a different pace (row locks, planner settings, step sizes).
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}
