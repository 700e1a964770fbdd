import type { CompiledQuery, Compilable, Kysely } from 'kysely';
import { isPostgres } from './schema-helpers.js';

// Hot-path queries compiled once per dialect and then run with new parameter values, skipping
// Kysely's per-call query building and compiling (a large share of a cheap request's time).
// The builder is called with sentinel values; their positions in the compiled parameter list
// say where each named argument goes, so the SQL stays whatever Kysely generated for the dialect.

const SENTINEL = '\u0000rapport-param:';
const compiledByKey = new Map<string, { query: CompiledQuery; slots: Array<{ name: string } | { value: unknown }> }>();

export class PreparedQuery<P extends Record<string, unknown>, R> {
  constructor(
    private readonly key: string,
    private readonly names: ReadonlyArray<keyof P & string>,
    private readonly build: (db: Kysely<any>, params: Record<keyof P, any>) => Compilable<R>,
  ) {}

  private compiled(db: Kysely<any>) {
    const key = `${isPostgres(db) ? 'pg' : 'sqlite'}:${this.key}`;
    let entry = compiledByKey.get(key);
    if (!entry) {
      const sentinels = Object.fromEntries(this.names.map((name) => [name, `${SENTINEL}${name}`])) as Record<keyof P, any>;
      const query = this.build(db, sentinels).compile();
      const slots = query.parameters.map((value) =>
        typeof value === 'string' && value.startsWith(SENTINEL) ? { name: value.slice(SENTINEL.length) } : { value },
      );
      entry = { query, slots };
      compiledByKey.set(key, entry);
    }
    return entry;
  }

  async execute(db: Kysely<any>, params: P): Promise<R[]> {
    const { query, slots } = this.compiled(db);
    const parameters = slots.map((slot) => ('name' in slot ? params[slot.name] : slot.value));
    const result = await db.executeQuery<R>({ ...query, parameters });
    return result.rows;
  }
}
