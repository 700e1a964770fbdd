import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { categoryPaths } from '../categories/path.js';
import { loadCustomValues } from '../custom-attributes/values.js';
import type { ProductRow } from './repository.js';
import type { ProductObject } from './schemas.js';

// The P2 product object: the row, its custom values and its category path (two queries per page,
// the second only when some product has a category).

export async function presentProducts(db: Kysely<DB>, accountId: number, rows: ProductRow[]): Promise<ProductObject[]> {
  if (rows.length === 0) return [];
  const categoryIds = rows.flatMap((row) => (row.category_id === null ? [] : [Number(row.category_id)]));
  const [custom, paths] = await Promise.all([
    loadCustomValues(
      db,
      accountId,
      'products',
      rows.map((row) => Number(row.id)),
    ),
    categoryPaths(db, accountId, categoryIds),
  ]);
  return rows.map((row) => ({
    id: Number(row.id),
    sku: row.sku,
    name: row.name,
    base_name: row.base_name,
    brand: row.brand,
    description: row.description,
    url: row.url,
    image_url: row.image_url,
    thumbnail_url: row.thumbnail_url,
    price: row.price === null ? null : Number(row.price),
    offer_price: row.offer_price === null ? null : Number(row.offer_price),
    stock: row.stock === null ? null : Number(row.stock),
    available: Boolean(row.available),
    category: row.category_id === null ? [] : (paths.get(Number(row.category_id)) ?? []),
    specifications: row.specifications === null ? [] : (JSON.parse(row.specifications) as ProductObject['specifications']),
    metadata: row.metadata === null ? null : (JSON.parse(row.metadata) as Record<string, unknown>),
    custom_attributes: custom.get(Number(row.id)) ?? {},
    createtime: row.createtime,
    updatetime: row.updatetime,
  }));
}

export async function presentProduct(db: Kysely<DB>, accountId: number, row: ProductRow): Promise<ProductObject> {
  return (await presentProducts(db, accountId, [row]))[0]!;
}
