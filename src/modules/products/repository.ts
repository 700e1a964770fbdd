import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DB, ProductsTable } from '../../db/types.js';

export type ProductRow = Selectable<ProductsTable>;
export type NewProductRow = Omit<Insertable<ProductsTable>, 'id' | 'account_id'>;

export class ProductsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  findBySku(accountId: number, sku: string): Promise<ProductRow | undefined> {
    return this.db.selectFrom('products').selectAll().where('account_id', '=', accountId).where('sku', '=', sku).executeTakeFirst();
  }

  /** The SKUs among `skus` that are products of the account. */
  async existingSkus(accountId: number, skus: string[]): Promise<Set<string>> {
    if (skus.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('products')
      .select('sku')
      .where('account_id', '=', accountId)
      .where('sku', 'in', [...new Set(skus)])
      .execute();
    return new Set(rows.map((row) => row.sku));
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
}
