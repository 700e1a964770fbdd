import type SQLite from 'better-sqlite3';
import { type DatabaseConnection, type Driver, SqliteDialect, SqliteDriver, type SqliteDialectConfig } from 'kysely';

// Kysely's SQLite dialect with two changes that matter under load:
// - prepared statements are cached by SQL text (Kysely prepares every query afresh, and parsing
//   the SQL was a large share of a request's time);
// - the single connection is handed over in FIFO order (Kysely's mutex wakes every waiter on each
//   release, which costs O(waiters) per query and lets a busy worker starve API queries).

const STATEMENT_CACHE_SIZE = 500;
// Hot-path statements are short; long ones are bulk multi-row inserts whose text varies with the
// batch size, and caching them would keep megabytes of compiled statements alive for nothing.
const CACHEABLE_SQL_LENGTH = 2_000;

function cachingDatabase(connection: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => connection.close(),
    prepare(sql: string) {
      if (sql.length > CACHEABLE_SQL_LENGTH) return connection.prepare(sql);
      let statement = statements.get(sql);
      if (statement) return statement;
      statement = connection.prepare(sql);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      statements.set(sql, statement);
      return statement;
    },
  };
}

class FifoSqliteDriver extends SqliteDriver {
  connection: DatabaseConnection | undefined;
  private busy = false;
  private readonly waiting: Array<() => void> = [];

  override async acquireConnection(): Promise<DatabaseConnection> {
    if (this.busy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.busy = true;
    return this.connection!;
  }

  override async releaseConnection(): Promise<void> {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy = false;
  }
}

export class FastSqliteDialect extends SqliteDialect {
  private readonly settings: SqliteDialectConfig;

  constructor(connection: SQLite.Database) {
    const settings: SqliteDialectConfig = { database: cachingDatabase(connection) };
    super(settings);
    this.settings = settings;
  }

  override createDriver(): Driver {
    const driver: FifoSqliteDriver = new FifoSqliteDriver({
      ...this.settings,
      onCreateConnection: async (connection) => {
        driver.connection = connection;
      },
    });
    return driver;
  }
}
