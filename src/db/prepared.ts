import type { CompiledQuery, Compilable, Kysely } from 'kysely';
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

const compiledByKey = new Map<string, Compiled>();

export class PreparedQuery<P extends object, R> {
  constructor(
    private readonly key: string,
    private readonly names: ReadonlyArray<keyof P & string>,
    private readonly build: (db: Kysely<any>, params: Record<keyof P, any>) => Compilable<R>,
  ) {}

  /** Which parameters are given, and the lengths of lists: what makes a variant's SQL differ. */
  private variant(params: P): { key: string; cacheable: boolean } {
    let key = '';
    let cacheable = true;
    for (const name of this.names) {
      const value = (params as Record<string, unknown>)[name];
      if (value === undefined) key += '-';
      else if (Array.isArray(value)) {
        key += `[${value.length}]`;
        if (value.length > MAX_CACHED_LIST) cacheable = false;
      } else key += '+';
    }
    return { key, cacheable };
  }

  private compile(db: Kysely<any>, params: P): Compiled {
    const sentinels: Record<string, unknown> = {};
    for (const name of this.names) {
      const value = (params as Record<string, unknown>)[name];
      if (Array.isArray(value)) sentinels[name] = value.map((_, index) => `${SENTINEL}${name}#${index}`);
      else if (value !== undefined) sentinels[name] = `${SENTINEL}${name}`;
    }
    const query = this.build(db, sentinels as Record<keyof P, any>).compile();
    const slots = query.parameters.map((value): Slot => {
      if (typeof value !== 'string' || !value.startsWith(SENTINEL)) return { value };
      const [name, index] = value.slice(SENTINEL.length).split('#');
      return index === undefined ? { name: name! } : { name: name!, index: Number(index) };
    });
    return { query, slots };
  }

  private compiled(db: Kysely<any>, params: P): Compiled {
    const variant = this.variant(params);
    if (!variant.cacheable) return this.compile(db, params);
    const key = `${isPostgres(db) ? 'pg' : 'sqlite'}:${this.key}:${variant.key}`;
    let entry = compiledByKey.get(key);
    if (!entry) {
      entry = this.compile(db, params);
      compiledByKey.set(key, entry);
    }
    return entry;
  }

  async execute(db: Kysely<any>, params: P): Promise<R[]> {
    const { query, slots } = this.compiled(db, params);
    const parameters = slots.map((slot) => {
      if ('value' in slot) return slot.value;
      const value = (params as Record<string, unknown>)[slot.name];
      return slot.index === undefined ? value : (value as unknown[])[slot.index];
    });
    const result = await db.executeQuery<R>({ ...query, parameters });
    return result.rows;
  }

  /** The first row, or undefined. */
  async first(db: Kysely<any>, params: P): Promise<R | undefined> {
    return (await this.execute(db, params))[0];
  }
}
