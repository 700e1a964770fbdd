import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely';

// The one place a migration asks which database it runs on: auto-increment ids are spelled
// differently. Everything else in the migrations is plain Kysely schema builder.
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T, never>) {
  return isPostgres(db)
    ? table.addColumn('id', 'serial', (col) => col.primaryKey())
    : table.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
}
