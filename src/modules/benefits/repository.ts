import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import { deleteAccountRow, findAccountRow, selectAccountRows, updateAccountRow } from '../../db/account-rows.js';
import type { BenefitsTable, CouponsTable, DB } from '../../db/types.js';
import type { Page } from '../../http/pagination.js';

export type BenefitRow = Selectable<BenefitsTable>;
export type NewBenefit = Omit<Insertable<BenefitsTable>, 'id' | 'account_id'>;
export type BenefitChanges = Omit<Updateable<BenefitsTable>, 'id' | 'account_id' | 'created'>;

export type NewCoupon = Omit<Insertable<CouponsTable>, 'id' | 'account_id'>;

export type Bucket = 'current' | 'outofstock' | 'comingbenefits';

export class BenefitsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(accountId: number, values: NewBenefit): Promise<BenefitRow> {
    return this.db
      .insertInto('benefits')
      .values({ ...values, account_id: accountId })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async find(accountId: number, id: number): Promise<BenefitRow | undefined> {
    return findAccountRow(this.db, 'benefits', accountId, id);
  }

  async findMany(accountId: number, ids: number[]): Promise<BenefitRow[]> {
    if (ids.length === 0) return [];
    return selectAccountRows(this.db, 'benefits', accountId).where('id', 'in', ids).execute();
  }

  async update(accountId: number, id: number, changes: BenefitChanges): Promise<BenefitRow | undefined> {
    return updateAccountRow(this.db, 'benefits', accountId, id, changes);
  }

  async delete(accountId: number, id: number): Promise<boolean> {
    return deleteAccountRow(this.db, 'benefits', accountId, id);
  }

  /** B2: active benefits of one bucket at `now`, in the bucket's order. */
  async listBucket(accountId: number, bucket: Bucket, now: string, limit: number): Promise<BenefitRow[]> {
    let query = selectAccountRows(this.db, 'benefits', accountId).where('status', '=', 1);
    if (bucket === 'comingbenefits') {
      return query.where('startdate', '>', now).orderBy('startdate', 'asc').orderBy('id', 'asc').limit(limit).execute();
    }
    query = query.where('startdate', '<=', now).where('enddate', '>=', now);
    query =
      bucket === 'current'
        ? query.where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>', 0)]))
        : query.where('stock', '<=', 0);
    return query
      .orderBy('featured', 'desc')
      .orderBy('enddate', 'asc')
      .orderBy('id', 'asc')
      .limit(limit)
      .execute();
  }

  /** B4: every benefit of the account, any status, by id. */
  async listAll(accountId: number, page: Page): Promise<BenefitRow[]> {
    return selectAccountRows(this.db, 'benefits', accountId)
      .orderBy('id', 'asc')
      .limit(page.limit)
      .offset(page.offset)
      .execute();
  }

  /**
   * Takes one unit of stock atomically: the condition is re-checked by the database under the row
   * lock, so concurrent assigns can never take the stock below zero. Unlimited stock (null) stays
   * null, but the row is still locked until the transaction ends, which serialises the assigns of
   * one benefit (the monthly-limit count relies on that). Stamps out_stock_at when the last unit
   * goes (SET expressions read the old row). False when no unit was left.
   */
  async takeOneUnit(accountId: number, id: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('benefits')
      .set((eb) => ({
        stock: eb('stock', '-', 1),
        out_stock_at: eb.case().when('stock', '=', 1).then(now).else(eb.ref('out_stock_at')).end(),
      }))
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where((eb) => eb.or([eb('stock', 'is', null), eb('stock', '>', 0)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** B5: the coupon an assignment records (coupons are read by the coupons module). */
  async recordCoupon(accountId: number, coupon: NewCoupon): Promise<number> {
    const row = await this.db
      .insertInto('coupons')
      .values({ ...coupon, account_id: accountId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** How many coupons of this benefit the user received in [from, until). */
  async couponsOfUser(accountId: number, benefitId: number, userId: number, from: string, until: string): Promise<number> {
    const row = await this.db
      .selectFrom('coupons')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('benefit_id', '=', benefitId)
      .where('user_id', '=', userId)
      .where('createtime', '>=', from)
      .where('createtime', '<', until)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
