import { type Insertable, type Kysely, type Selectable, sql, type Updateable } from 'kysely';
import { existingValues } from '../../db/account-rows.js';
import { containsText } from '../../db/text-search.js';
import { PreparedQuery } from '../../db/prepared.js';
import type { DB, ProductsTable } from '../../db/types.js';
import type { Page } from '../../http/pagination.js';

export type ProductRow = Selectable<ProductsTable>;
export type NewProductRow = Omit<Insertable<ProductsTable>, 'id' | 'account_id'>;
export type ProductChanges = Omit<Updateable<ProductsTable>, 'id' | 'account_id' | 'createtime'>;

export interface ProductFilter {
  sku?: string;
  search?: string;
  available?: boolean;
  /** A category code: products of it and of all its descendants. */
  categoryCode?: string;
}

// GET /products/{sku}.
const productBySku = new PreparedQuery<{ accountId: number; sku: string }, ProductRow>('products.by-sku', ['accountId', 'sku'], (db: Kysely<DB>, p) =>
  db.selectFrom('products').selectAll().where('account_id', '=', p.accountId).where('sku', '=', p.sku),
);

export class ProductsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  findBySku(accountId: number, sku: string): Promise<ProductRow | undefined> {
    return productBySku.first(this.db, { accountId, sku });
  }

  /** The id of the product with this SKU, if any (no row read). */
  async idOfSku(accountId: number, sku: string): Promise<number | undefined> {
    const row = await this.db.selectFrom('products').select('id').where('account_id', '=', accountId).where('sku', '=', sku).executeTakeFirst();
    return row?.id;
  }

  findById(accountId: number, id: number): Promise<ProductRow | undefined> {
    return this.db.selectFrom('products').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  /** The SKUs among `skus` that are products of the account. */
  async existingSkus(accountId: number, skus: string[]): Promise<Set<string>> {
    return existingValues(this.db, 'products', 'sku', accountId, skus);
  }

  /**
   * Inserts the products whose SKU the account does not have yet; an existing product (also one a
   * concurrent request has just created) is left unchanged (S1). Run it in the caller's transaction.
   */
  async createMissing(accountId: number, rows: NewProductRow[]): Promise<void> {
    for (let start = 0; start < rows.length; start += 200) {
      await this.db
        .insertInto('products')
        .values(rows.slice(start, start + 200).map((row) => ({ ...row, account_id: accountId })))
        .onConflict((oc) => oc.columns(['account_id', 'sku']).doNothing())
        .execute();
    }
  }

  insert(accountId: number, row: NewProductRow): Promise<ProductRow> {
    return this.db
      .insertInto('products')
      .values({ ...row, account_id: accountId })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async update(accountId: number, id: number, changes: ProductChanges): Promise<void> {
    await this.db.updateTable('products').set(changes).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async delete(accountId: number, id: number): Promise<void> {
    await this.db.deleteFrom('products').where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  /** P1: one page in id order, filtered by SKU, text, availability and category. */
  list(accountId: number, filter: ProductFilter, page: Page): Promise<ProductRow[]> {
    let query = this.db.selectFrom('products').selectAll().where('account_id', '=', accountId);
    if (filter.categoryCode !== undefined) {
      // The category and its descendants at any depth, children by parent_id (see categories' subtree).
      const subtree = sql<number>`(
        with recursive tree(id) as (
          select id from categories where account_id = ${accountId} and code = ${filter.categoryCode}
          union all
          select c.id from tree join categories c on c.parent_id = tree.id where +c.account_id = ${accountId}
        )
        select id from tree)`;
      query = query.where('category_id', 'in', subtree);
    }
    if (filter.sku !== undefined) query = query.where('sku', '=', filter.sku);
    if (filter.available !== undefined) query = query.where('available', '=', filter.available ? 1 : 0);
    if (filter.search !== undefined) {
      const search = filter.search;
      query = query.where((eb) => containsText(eb, ['sku', 'name', 'brand'], search));
    }
    return query.orderBy('id').limit(page.limit).offset(page.offset).execute();
  }
}
