import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.js';
import type { DB } from '../../db/types.js';
import { invalidField, NotFoundError } from '../../http/errors.js';
import { toPage } from '../../http/pagination.js';
import { decodeBase64Text } from '../../lib/base64-id.js';
import { type Clock, formatDateTime } from '../../lib/time.js';
import { type CategoryPathItem, normaliseCategoryPath, resolveCategoryPath } from '../categories/path.js';
import { deleteCustomValues, type ResolvedValue, resolveCustomValues, storeCustomValues } from '../custom-attributes/values.js';
import { METADATA_MAX_BYTES } from '../user-events/service.js';
import { presentProduct, presentProducts } from './present.js';
import { type NewProductRow, type ProductChanges, type ProductRow, ProductsRepository } from './repository.js';
import type { CreateProductBody, ProductListQuery, ProductObject, UpdateProductBody, UpdatedProductObject } from './schemas.js';

const TEXT_COLUMNS = ['base_name', 'brand', 'description', 'url', 'image_url', 'thumbnail_url'] as const;
const NUMBER_COLUMNS = ['price', 'offer_price', 'stock'] as const;

/** A metadata object as stored JSON text; 400 naming the field beyond 16,384 UTF-8 bytes (as E3). */
export function encodeMetadata(value: Record<string, unknown>, field = 'metadata'): string {
  const text = JSON.stringify(value);
  if (Buffer.byteLength(text, 'utf8') > METADATA_MAX_BYTES) throw invalidField(field, `must be at most ${METADATA_MAX_BYTES} bytes as JSON`);
  return text;
}

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

export class ProductsService {
  private readonly repo: ProductsRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {
    this.repo = new ProductsRepository(db);
  }

  private now(): string {
    return formatDateTime(this.clock.now());
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
    const custom = await resolveCustomValues(this.db, accountId, 'products', body.custom_attributes ?? {});
    return { columns, category, custom };
  }

  /** The product a path `{sku}` names, or undefined (also when it is not base64 of any text). */
  private async findByPath(accountId: number, rawSku: string): Promise<ProductRow | undefined> {
    const sku = decodeBase64Text(rawSku);
    return sku === null ? undefined : this.repo.findBySku(accountId, sku);
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
    if ((await this.repo.idOfSku(accountId, body.sku)) !== undefined) {
      throw invalidField('sku', `a product with sku "${body.sku}" already exists`);
    }
    const now = this.now();
    const row = await this.guardSku(body.sku, () =>
      this.db.transaction().execute(async (trx) => {
        const categoryId = category ? await resolveCategoryPath(trx, accountId, category, now) : null;
        const created = await new ProductsRepository(trx).insert(accountId, {
          ...(columns as NewProductRow),
          category_id: categoryId,
          createtime: now,
          updatetime: now,
        });
        await storeCustomValues(trx, accountId, [{ recordId: Number(created.id), values: custom }], { fresh: true });
        return created;
      }),
    );
    return presentProduct(this.db, accountId, row);
  }

  async get(accountId: number, rawSku: string): Promise<ProductObject> {
    return presentProduct(this.db, accountId, await this.requireByPath(accountId, rawSku));
  }

  async exists(accountId: number, rawSku: string): Promise<boolean> {
    const sku = decodeBase64Text(rawSku);
    return sku !== null && (await this.repo.idOfSku(accountId, sku)) !== undefined;
  }

  /** P2: only what is given changes; a different body `sku` renames (400 when taken). */
  async update(accountId: number, rawSku: string, body: UpdateProductBody): Promise<UpdatedProductObject> {
    const existing = await this.requireByPath(accountId, rawSku);
    const { columns, category, custom } = await this.prepare(accountId, body);
    const renamedTo = columns.sku !== undefined && columns.sku !== existing.sku ? columns.sku : undefined;
    if (renamedTo !== undefined && (await this.repo.idOfSku(accountId, renamedTo)) !== undefined) {
      throw invalidField('sku', `a product with sku "${renamedTo}" already exists`);
    }
    const now = this.now();
    const id = Number(existing.id);
    await this.guardSku(renamedTo, () =>
      this.db.transaction().execute(async (trx) => {
        const changes: ProductChanges = { ...columns, updatetime: now };
        if (category !== undefined) changes.category_id = await resolveCategoryPath(trx, accountId, category, now);
        await new ProductsRepository(trx).update(accountId, id, changes);
        await storeCustomValues(trx, accountId, [{ recordId: id, values: custom }]);
      }),
    );
    const row = await this.repo.findById(accountId, id);
    if (!row) throw new NotFoundError(`no product with sku ${rawSku} (base64)`); // deleted meanwhile
    return { ...(await presentProduct(this.db, accountId, row)), exist: true };
  }

  /** Removes the product and its custom values; purchases keep their own copy of the item. */
  async remove(accountId: number, rawSku: string): Promise<void> {
    const existing = await this.requireByPath(accountId, rawSku);
    const id = Number(existing.id);
    await this.db.transaction().execute(async (trx) => {
      await deleteCustomValues(trx, accountId, 'products', [id]);
      await new ProductsRepository(trx).delete(accountId, id);
    });
  }

  async list(accountId: number, query: ProductListQuery): Promise<ProductObject[]> {
    const search = query.search?.trim();
    const category = query.category?.trim();
    const rows = await this.repo.list(
      accountId,
      {
        sku: query.sku === '' ? undefined : query.sku,
        search: search || undefined,
        available: query.available === 'true' ? true : query.available === 'false' ? false : undefined,
        categoryCode: category || undefined,
      },
      toPage(query),
    );
    return presentProducts(this.db, accountId, rows);
  }
}
