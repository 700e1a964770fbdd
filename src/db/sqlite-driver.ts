import type SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  type LimitNode,
  type QueryCompiler,
  type QueryResult,
  SqliteDialect,
  SqliteDriver,
  type SqliteDialectConfig,
  SqliteQueryCompiler,
} from 'kysely';

// Kysely's SQLite dialect with three changes that matter under load:
// - prepared statements are cached by SQL text (Kysely prepares every query afresh, and parsing
//   the SQL was a large share of a request's time);
// - the single connection is handed over in FIFO order (Kysely's mutex wakes every waiter on each
//   release, which costs O(waiters) per query and lets a busy worker starve API queries);
// - a query that finds the connection free runs at once (createSqliteKysely): better-sqlite3 is
//   synchronous, so that is exactly what acquiring, running and releasing would do, without the
//   dozen promise hops of Kysely's executor (a read runs three to six queries).
// - LIMIT is compiled as `limit +?`: SQLite's planner reads the value of a bare `limit ?` and so
//   prepares the statement again every time it runs with a new binding (a quarter of the time of
//   GET /events' query); behind a unary plus the value is only read when the statement runs.

const STATEMENT_CACHE_SIZE = 500;
// Hot-path statements are short; long ones are bulk multi-row inserts whose text varies with the
// batch size, and caching them would keep megabytes of compiled statements alive for nothing.
const CACHEABLE_SQL_LENGTH = 2_000;

type CachingDatabase = ReturnType<typeof cachingDatabase>;

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

  /**
   * The rows of a reading statement (SELECT, or a write with RETURNING) run now; undefined when a
   * query or a transaction holds the connection (the caller then queues as usual), before the
   * first connection is made, or for a statement that returns no rows. While the connection is free
   * no transaction is open, so this never sees another caller's uncommitted rows.
   */
  readNow(database: CachingDatabase, query: CompiledQuery): unknown[] | undefined {
    if (this.busy || this.connection === undefined) return undefined;
    const statement = database.prepare(query.sql);
    return statement.reader ? (statement.all(query.parameters) as unknown[]) : undefined;
  }
}

/**
 * A reading statement's rows, `chunkSize` at a time: Kysely's driver yields one row per chunk, and
 * an async step per row cost more than the statement itself (a segment's 181,692 member ids: 1.1 s
 * through it, 0.7 s the statement alone).
 */
async function* streamInChunks<R>(database: CachingDatabase, query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
  const statement = database.prepare(query.sql);
  if (!statement.reader) throw new Error('only statements that return rows can be streamed');
  let rows: R[] = [];
  for (const row of statement.iterate(query.parameters) as IterableIterator<R>) {
    rows.push(row);
    if (rows.length >= chunkSize) {
      yield { rows };
      rows = [];
    }
  }
  if (rows.length > 0) yield { rows };
}

class SqliteCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    this.append('limit +');
    this.visitNode(node.limit);
  }
}

export class FastSqliteDialect extends SqliteDialect {
  readonly database: CachingDatabase;
  /** The driver of the (one) Kysely instance made with this dialect. */
  driver: FifoSqliteDriver | undefined;

  constructor(connection: SQLite.Database) {
    const database = cachingDatabase(connection);
    super({ database });
    this.database = database;
  }

  override createQueryCompiler(): QueryCompiler {
    return new SqliteCompiler();
  }

  override createDriver(): Driver {
    const settings: SqliteDialectConfig = { database: this.database };
    const driver: FifoSqliteDriver = new FifoSqliteDriver({
      ...settings,
      onCreateConnection: async (connection) => {
        driver.connection = connection;
        connection.streamQuery = (query, chunkSize) => streamInChunks(this.database, query, chunkSize ?? 100);
      },
    });
    this.driver = driver;
    return driver;
  }
}

/**
 * Kysely over one better-sqlite3 connection, whose queries run at once when the connection is free
 * (readNow). Only this instance's executor is changed: transactions, plugins and withSchema make
 * executors of their own, which queue as usual.
 */
export function createSqliteKysely<DB>(connection: SQLite.Database): Kysely<DB> {
  const dialect = new FastSqliteDialect(connection);
  const db = new Kysely<DB>({ dialect });
  const driver = dialect.driver!;
  const executor = db.getExecutor();
  const queued = executor.executeQuery.bind(executor);
  executor.executeQuery = <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
    const rows = driver.readNow(dialect.database, query);
    return rows === undefined ? queued<R>(query) : Promise.resolve({ rows: rows as R[] });
  };
  return db;
}
