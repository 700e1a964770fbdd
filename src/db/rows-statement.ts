import type { CompiledQuery, Compilable, Kysely, QueryResult } from 'kysely';
import { isPostgres } from './schema-helpers.js';

const SENTINEL = '\u0000rapport-row:';
/** Longer batches are sent in statements of this many rows. */
export const ROWS_PER_STATEMENT = 100;

interface Compiled {
  query: CompiledQuery;
  /** Where each parameter comes from: a row and column, or a value of the statement itself. */
  slots: Array<{ row: number; column: string } | { value: unknown }>;
}

/**
 * A multi-row statement on the hot path (a group commit's webhook messages, a batch of
 * Idempotency-Key claims), compiled once per dialect and row count and then run with each
 * batch's values: building a statement of a hundred rows with Kysely each time cost more than
 * running it. The builder is called once with sentinel values; each compiled parameter is found
 * by its sentinel, so the SQL is whatever Kysely generates (db/prepared.ts does the same for
 * statements of named parameters).
 */
export class RowsStatement<Row extends object, R = unknown> {
  private readonly compiled = { pg: new Map<number, Compiled>(), sqlite: new Map<number, Compiled>() };

  constructor(
    private readonly columns: ReadonlyArray<keyof Row & string>,
    private readonly build: (db: Kysely<any>, rows: Row[]) => Compilable<R>,
  ) {}

  /** Runs the statement over `rows`, ROWS_PER_STATEMENT at a time; answers the rows of every statement. */
  async execute(db: Kysely<any>, rows: readonly Row[]): Promise<R[]> {
    const out: R[] = [];
    for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
      const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
      const { query, slots } = this.compiledFor(db, chunk.length);
      const parameters = slots.map((slot) => ('value' in slot ? slot.value : (chunk[slot.row] as Record<string, unknown>)[slot.column]));
      const result: QueryResult<R> = await db.executeQuery<R>({ ...query, parameters });
      out.push(...result.rows);
    }
    return out;
  }

  private compiledFor(db: Kysely<any>, count: number): Compiled {
    const cache = isPostgres(db) ? this.compiled.pg : this.compiled.sqlite;
    let compiled = cache.get(count);
    if (!compiled) {
      const rows = Array.from({ length: count }, (_, row) => Object.fromEntries(this.columns.map((column) => [column, `${SENTINEL}${row}:${column}`])) as Row);
      const query = this.build(db, rows).compile();
      const slots = query.parameters.map((value) => {
        if (typeof value !== 'string' || !value.startsWith(SENTINEL)) return { value };
        const [row, column] = value.slice(SENTINEL.length).split(':');
        return { row: Number(row), column: column! };
      });
      compiled = { query, slots };
      cache.set(count, compiled);
    }
    return compiled;
  }
}
