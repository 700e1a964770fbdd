import type { AttributeValuesRepository } from '../../db/attribute-values.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { Transactor } from '../../db/transactions.js';
import { toPage } from '../../http/pagination.js';
import { type ResolvedValue, resolveValues } from '../../lib/attribute-values.js';
import { decodeBase64Text } from '../../lib/base64-id.js';
import { invalidField, NotFoundError } from '../../lib/errors.js';
import { encodeMetadata } from '../../lib/fields.js';
import { type Clock, stamp } from '../../lib/time.js';
import { type CategoryPathItem, type CategoryPathsRepository, normaliseCategoryPath } from '../categories/path.js';
import { presentProducts } from './present.js';
import type { NewProductRow, ProductChanges, ProductRow, ProductsRepository } from './repository.js';
import type { CreateProductBody, ProductListQuery, ProductObject, UpdateProductBody, UpdatedProductObject } from './schemas.js';

const TEXT_COLUMNS = ['base_name', 'brand', 'description', 'url', 'image_url', 'thumbnail_url'] as const;
const NUMBER_COLUMNS = ['price', 'offer_price', 'stock'] as const;

function requireText(field: string, value: string): string {
  if (value.trim() === '') throw invalidField(field, 'must not be blank');
  return value;
}

/** What a validated body writes: its column values, the category path and the custom values. */
interface ProductWrite {
  columns: ProductChanges;
  /** undefined: not given; [] : remove the category. */
  category?: CategoryPathItem[];
  custom: ResolvedValue[];
}

type Writes = {
  products: Pick<ProductsRepository, 'insert' | 'update' | 'delete'>;
  categoryPaths: Pick<CategoryPathsRepository, 'resolve'>;
  attributeValues: Pick<AttributeValuesRepository, 'store' | 'delete'>;
};

export interface ProductsDeps {
  products: Pick<ProductsRepository, 'findBySku' | 'findById' | 'idOfSku' | 'list'>;
  categoryPaths: Pick<CategoryPathsRepository, 'pathsOf'>;
  attributeValues: Pick<AttributeValuesRepository, 'definitions' | 'load'>;
  tx: Transactor<Writes>;
  clock: Clock;
}

export class ProductsService {

  constructor(private readonly deps: ProductsDeps) {}

  /** The P2 objects of these rows: their custom values and category paths (two queries per page). */
  private async present(accountId: number, rows: ProductRow[]): Promise<ProductObject[]> {
    if (rows.length === 0) return [];
    const categoryIds = rows.flatMap((row) => (row.category_id === null ? [] : [Number(row.category_id)]));
    const [custom, paths] = await Promise.all([
      this.deps.attributeValues.load(
        accountId,
        'products',
        rows.map((row) => Number(row.id)),
      ),
      this.deps.categoryPaths.pathsOf(accountId, categoryIds),
    ]);
    return presentProducts(rows, { custom, paths });
  }

  private async presentOne(accountId: number, row: ProductRow): Promise<ProductObject> {
    return (await this.present(accountId, [row]))[0]!;
  }


  /** Checks every field before anything is written. */
  private async prepare(accountId: number, body: UpdateProductBody): Promise<ProductWrite> {
    const columns: ProductChanges = {};
    if (body.sku !== undefined) columns.sku = requireText('sku', body.sku);
    if (body.name !== undefined) columns.name = requireText('name', body.name);
    for (const field of TEXT_COLUMNS) if (body[field] !== undefined) columns[field] = body[field];
    for (const field of NUMBER_COLUMNS) if (body[field] !== undefined) columns[field] = body[field];
    if (body.available !== undefined) columns.available = body.available ? 1 : 0;
    if (body.specifications !== undefined) columns.specifications = JSON.stringify(body.specifications);
    if (body.metadata !== undefined) columns.metadata = encodeMetadata(body.metadata);
    const category = body.category === undefined ? undefined : normaliseCategoryPath(body.category);
    const sent = body.custom_attributes ?? {};
    const custom = Object.keys(sent).length === 0 ? [] : resolveValues(await this.deps.attributeValues.definitions(accountId, 'products'), 'products', sent);
    return { columns, category, custom };
  }

  /** The product a path `{sku}` names, or undefined (also when it is not base64 of any text). */
  private async findByPath(accountId: number, rawSku: string): Promise<ProductRow | undefined> {
    const sku = decodeBase64Text(rawSku);
    return sku === null ? undefined : this.deps.products.findBySku(accountId, sku);
  }

  private async requireByPath(accountId: number, rawSku: string): Promise<ProductRow> {
    const row = await this.findByPath(accountId, rawSku);
    if (!row) throw new NotFoundError(`no product with sku ${rawSku} (base64)`);
    return row;
  }

  /** A unique-index violation from a concurrent writer of the same SKU is still the 400. */
  private async guardSku<T>(sku: string | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (sku !== undefined && isUniqueViolation(error)) throw invalidField('sku', `a product with sku "${sku}" already exists`);
      throw error;
    }
  }

  async create(accountId: number, body: CreateProductBody): Promise<ProductObject> {
    const { columns, category, custom } = await this.prepare(accountId, body);
    if ((await this.deps.products.idOfSku(accountId, body.sku)) !== undefined) {
      throw invalidField('sku', `a product with sku "${body.sku}" already exists`);
    }
    const now = stamp(this.deps.clock);
    const row = await this.guardSku(body.sku, () =>
      this.deps.tx.run(async ({ products, categoryPaths, attributeValues }) => {
        const categoryId = category ? await categoryPaths.resolve(accountId, category, now) : null;
        const created = await products.insert(accountId, {
          ...(columns as NewProductRow),
          category_id: categoryId,
          createtime: now,
          updatetime: now,
        });
        await attributeValues.store(accountId, [{ recordId: Number(created.id), values: custom }], { fresh: true });
        return created;
      }),
    );
    return this.presentOne(accountId, row);
  }

  async get(accountId: number, rawSku: string): Promise<ProductObject> {
    return this.presentOne(accountId, await this.requireByPath(accountId, rawSku));
  }

  async exists(accountId: number, rawSku: string): Promise<boolean> {
    const sku = decodeBase64Text(rawSku);
    return sku !== null && (await this.deps.products.idOfSku(accountId, sku)) !== undefined;
  }

  /** P2: only what is given changes; a different body `sku` renames (400 when taken). */
  async update(accountId: number, rawSku: string, body: UpdateProductBody): Promise<UpdatedProductObject> {
    const existing = await this.requireByPath(accountId, rawSku);
    const { columns, category, custom } = await this.prepare(accountId, body);
    const renamedTo = columns.sku !== undefined && columns.sku !== existing.sku ? columns.sku : undefined;
    if (renamedTo !== undefined && (await this.deps.products.idOfSku(accountId, renamedTo)) !== undefined) {
      throw invalidField('sku', `a product with sku "${renamedTo}" already exists`);
    }
    const now = stamp(this.deps.clock);
    const id = Number(existing.id);
    await this.guardSku(renamedTo, () =>
      this.deps.tx.run(async ({ products, categoryPaths, attributeValues }) => {
        const changes: ProductChanges = { ...columns, updatetime: now };
        if (category !== undefined) changes.category_id = await categoryPaths.resolve(accountId, category, now);
        await products.update(accountId, id, changes);
        await attributeValues.store(accountId, [{ recordId: id, values: custom }]);
      }),
    );
    const row = await this.deps.products.findById(accountId, id);
    if (!row) throw new NotFoundError(`no product with sku ${rawSku} (base64)`); // deleted meanwhile
    return { ...(await this.presentOne(accountId, row)), exist: true };
  }

  /** Removes the product and its custom values; purchases keep their own copy of the item. */
  async remove(accountId: number, rawSku: string): Promise<void> {
    const existing = await this.requireByPath(accountId, rawSku);
    const id = Number(existing.id);
    await this.deps.tx.run(async ({ products, attributeValues }) => {
      await attributeValues.delete(accountId, 'products', [id]);
      await products.delete(accountId, id);
    });
  }

  async list(accountId: number, query: ProductListQuery): Promise<ProductObject[]> {
    const search = query.search?.trim();
    const category = query.category?.trim();
    const rows = await this.deps.products.list(
      accountId,
      {
        sku: query.sku === '' ? undefined : query.sku,
        search: search || undefined,
        available: query.available === 'true' ? true : query.available === 'false' ? false : undefined,
        categoryCode: category || undefined,
      },
      toPage(query),
    );
    return this.present(accountId, rows);
  }
}
