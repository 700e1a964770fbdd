import type { CategoryPathItem } from '../categories/path.js';
import type { ProductRow } from './repository.js';
import type { ProductObject } from './schemas.js';

// The P2 product object: the row, its custom values and its category path.

export interface ProductExtras {
  custom: Map<number, Record<string, unknown>>;
  paths: Map<number, CategoryPathItem[]>;
}

export function presentProducts(rows: ProductRow[], { custom, paths }: ProductExtras): ProductObject[] {
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
