import { type Kysely, sql } from 'kysely';
import { type Static, Type } from 'typebox';
import { accountAsFilter } from '../../db/planner-hints.js';
import { PreparedQuery } from '../../db/prepared.js';
import type { DB } from '../../db/types.js';
import { invalidField } from '../../lib/errors.js';

// P3: products and purchase items carry `category` as the path from the root down to their
// category, each item `{id, name, url?, image_url?}` or a bare string. `id` is a category code (K1);
// codes that do not exist are created under the previous item, existing ones keep name and place.

const CODE_MAX = 128;
const NAME_MAX = 255;

export const CategoryPathInput = Type.Array(
  Type.Union([
    Type.String({ minLength: 1, maxLength: CODE_MAX }),
    Type.Object(
      {
        id: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: CODE_MAX }), Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })])),
        name: Type.Optional(Type.String({ maxLength: NAME_MAX })),
        url: Type.Optional(Type.Union([Type.String({ maxLength: 2048 }), Type.Null()])),
        image_url: Type.Optional(Type.Union([Type.String({ maxLength: 2048 }), Type.Null()])),
      },
      { additionalProperties: false },
    ),
  ]),
  { maxItems: 32, description: 'From the root down: items {id (a category code), name} or bare strings (both code and name)' },
);
export type CategoryPathInput = Static<typeof CategoryPathInput>;

export interface CategoryPathItem {
  id: string;
  name: string;
}

/** The path as codes and names; throws 400 naming `field[i]` for a code the categories refuse. */
export function normaliseCategoryPath(input: CategoryPathInput, field = 'category'): CategoryPathItem[] {
  return input.map((item, index) => {
    const raw = typeof item === 'string' ? { id: item, name: item } : item;
    const id = raw.id === undefined ? raw.name?.trim() : String(raw.id).trim();
    if (!id) throw invalidField(`${field}[${index}].id`, 'is required (a category code)');
    if (id.includes('/')) throw invalidField(`${field}[${index}].id`, 'must not contain /');
    const name = raw.name?.trim() || id;
    return { id, name };
  });
}

// Every product (GET /products/{sku}, listings) reads its path with this; compiled once (db/prepared.ts).
const pathsUp = new PreparedQuery<{ accountId: number; ids: number[] }, { start_id: number; depth: number; code: string; name: string }>(
  'categories.paths-up',
  ['accountId', 'ids'],
  (_db, p) => sql<{ start_id: number; depth: number; code: string; name: string }>`
    with recursive up(start_id, id, parent_id, depth) as (
      select id, id, parent_id, 0 from categories
      where ${accountAsFilter(p.accountId)} and id in (${sql.join(p.ids)})
      union all
      select up.start_id, c.id, c.parent_id, up.depth + 1 from categories c join up on c.id = up.parent_id
      where c.account_id = ${p.accountId}
    )
    select up.start_id, up.depth, c.code, c.name from up join categories c on c.id = up.id
    order by up.start_id, up.depth desc`,
);

/** P3's reads and writes of category paths, for products, purchases and carts. */
export class CategoryPathsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Makes sure every category of the path exists (creating the missing ones under the previous item)
   * and answers the id of the last one, or null for an empty path. Safe against concurrent creators:
   * inserts use ON CONFLICT DO NOTHING and then read what is there. Run it in the caller's transaction.
   */
  async resolve(accountId: number, path: CategoryPathItem[], now: string): Promise<number | null> {
    const db = this.db;
    if (path.length === 0) return null;
    const codes = [...new Set(path.map((item) => item.id))];
    const existing = await db
      .selectFrom('categories')
      .select(['id', 'code'])
      .where('account_id', '=', accountId)
      .where('code', 'in', codes)
      .execute();
    const idOf = new Map(existing.map((row) => [row.code, Number(row.id)]));
    let parentId: number | null = null;
    for (const item of path) {
      let id = idOf.get(item.id);
      if (id === undefined) {
        await db
          .insertInto('categories')
          .values({ account_id: accountId, code: item.id, name: item.name, parent_id: parentId, createtime: now })
          .onConflict((oc) => oc.columns(['account_id', 'code']).doNothing())
          .execute();
        const row = await db
          .selectFrom('categories')
          .select('id')
          .where('account_id', '=', accountId)
          .where('code', '=', item.id)
          .executeTakeFirstOrThrow();
        id = Number(row.id);
        idOf.set(item.id, id);
      }
      parentId = id;
    }
    return parentId;
  }

  /** For each category id, its path from the root as `{id: code, name}` items (P3's answer form). */
  async pathsOf(accountId: number, ids: number[]): Promise<Map<number, CategoryPathItem[]>> {
    const out = new Map<number, CategoryPathItem[]>();
    const unique = [...new Set(ids)];
    if (unique.length === 0) return out;
    const rows = await pathsUp.execute(this.db, { accountId, ids: unique });
    for (const row of rows) {
      const start = Number(row.start_id);
      let list = out.get(start);
      if (!list) out.set(start, (list = []));
      list.push({ id: row.code, name: row.name });
    }
    return out;
  }
}
