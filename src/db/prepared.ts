import type { CompiledQuery, Compilable, Kysely, RawBuilder } from 'kysely';
import { isPostgres } from './schema-helpers.js';

// Hot-path queries compiled once per dialect and then run with new parameter values, skipping
// Kysely's per-call query building and compiling (a large share of a cheap request's time).
// The builder is called with sentinel values; their positions in the compiled parameter list
// say where each named argument goes, so the SQL stays whatever Kysely generated for the dialect.
//
// A query may have variants: a parameter left undefined is absent (the builder sees undefined and
// leaves its condition out), and an array parameter (an `IN` list) is a list of sentinels of its
// length. Each combination compiles once: the key of a variant is which parameters are given and
// how long the lists are.

const SENTINEL = '\u0000rapport-param:';
/** Longer lists compile afresh each time rather than adding a variant per length. */
const MAX_CACHED_LIST = 100;

type Slot = { name: string; index?: number } | { value: unknown };
interface Compiled {
  query: CompiledQuery;
  slots: Slot[];
}

export class PreparedQuery<P extends object, R> {
  /** Compiled variants, by dialect then by variant key. */
  private readonly variants = { pg: new Map<number, Compiled>(), sqlite: new Map<number, Compiled>() };

  constructor(
    private readonly key: string,
    private readonly names: ReadonlyArray<keyof P & string>,
    private readonly build: (db: Kysely<any>, params: Record<keyof P, any>) => Compilable<R> | RawBuilder<R>,
  ) {}

  /**
   * Which parameters are given, and the lengths of lists: what makes a variant's SQL differ, as a
   * number (given or not: one binary digit; a list: its length + 1, in base MAX_CACHED_LIST + 2);
   * -1 for a list too long to keep a variant for.
   */
  private variant(params: Record<string, unknown>): number {
    let key = 0;
    for (const name of this.names) {
      const value = params[name];
      if (Array.isArray(value)) {
        if (value.length > MAX_CACHED_LIST) return -1;
        key = key * (MAX_CACHED_LIST + 2) + value.length + 1;
      } else key = key * 2 + (value === undefined ? 0 : 1);
    }
    return key;
  }

  private compile(db: Kysely<any>, params: Record<string, unknown>): Compiled {
    const sentinels: Record<string, unknown> = {};
    for (const name of this.names) {
      const value = params[name];
      if (Array.isArray(value)) sentinels[name] = value.map((_, index) => `${SENTINEL}${name}#${index}`);
      else if (value !== undefined) sentinels[name] = `${SENTINEL}${name}`;
    }
    const built = this.build(db, sentinels as Record<keyof P, any>);
    const query = 'isRawBuilder' in built ? built.compile(db) : built.compile();
    const slots = query.parameters.map((value): Slot => {
      if (typeof value !== 'string' || !value.startsWith(SENTINEL)) return { value };
      const [name, index] = value.slice(SENTINEL.length).split('#');
      return index === undefined ? { name: name! } : { name: name!, index: Number(index) };
    });
    return { query, slots };
  }

  async execute(db: Kysely<any>, params: P): Promise<R[]> {
    const values = params as Record<string, unknown>;
    const variant = this.variant(values);
    let compiled: Compiled | undefined;
    if (variant < 0) compiled = this.compile(db, values);
    else {
      const variants = isPostgres(db) ? this.variants.pg : this.variants.sqlite;
      compiled = variants.get(variant);
      if (!compiled) variants.set(variant, (compiled = this.compile(db, values)));
    }
    const { query, slots } = compiled;
    const parameters: unknown[] = new Array(slots.length);
    for (let i = 0; i < slots.length; i += 1) {
      const slot = slots[i]!;
      if ('value' in slot) parameters[i] = slot.value;
      else parameters[i] = slot.index === undefined ? values[slot.name] : (values[slot.name] as unknown[])[slot.index];
    }
    const result = await db.executeQuery<R>({ query: query.query, queryId: query.queryId, sql: query.sql, parameters });
    return result.rows;
  }

  /** The first row, or undefined. */
  async first(db: Kysely<any>, params: P): Promise<R | undefined> {
    return (await this.execute(db, params))[0];
  }
}
