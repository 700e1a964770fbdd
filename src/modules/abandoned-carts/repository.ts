import type { Kysely, Selectable } from 'kysely';
import type { AbandonedCartsTable, DB } from '../../db/types.js';
import { selectAccountRows } from '../../db/account-rows.js';
import type { Page } from '../../http/pagination.js';

export type CartRow = Selectable<AbandonedCartsTable>;

export class AbandonedCartsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /**
   * Stores the cart, or replaces the user's cart with the same external_id in the same statement
   * (the unique index decides, so concurrent senders of one cart leave exactly one row).
   */
  /** `recovered` is also a column (1/0), beside the cart's data, for segments (SG2 abandoned_cart). */
  upsert(accountId: number, userId: number, cart: { externalId: string; data: string; recovered: boolean; createtime: string }): Promise<CartRow> {
    return this.db
      .insertInto('abandoned_carts')
      .values({ account_id: accountId, user_id: userId, external_id: cart.externalId, data: cart.data, recovered: cart.recovered ? 1 : 0, createtime: cart.createtime })
      .onConflict((oc) =>
        oc.columns(['account_id', 'user_id', 'external_id']).doUpdateSet((eb) => ({
          data: eb.ref('excluded.data'),
          recovered: eb.ref('excluded.recovered'),
          createtime: eb.ref('excluded.createtime'),
        })),
      )
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** The user's carts, newest createtime first, then id. */
  list(accountId: number, userId: number, page: Page): Promise<CartRow[]> {
    return selectAccountRows(this.db, 'abandoned_carts', accountId)
      .where('user_id', '=', userId)
      .orderBy('createtime', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }
}
