import type { Insertable, Kysely, Selectable } from 'kysely';
import type { CouponsTable, DB } from '../../db/types.js';
import type { Page } from '../../http/pagination.js';

export type CouponRow = Selectable<CouponsTable>;
export type NewCoupon = Omit<Insertable<CouponsTable>, 'id' | 'account_id'>;

export interface CouponFilter {
  from?: string;
  to?: string;
  userId?: number;
  benefitId?: number;
}

export class CouponsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(accountId: number, coupon: NewCoupon): Promise<CouponRow> {
    return this.db
      .insertInto('coupons')
      .values({ ...coupon, account_id: accountId })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** How many coupons of this benefit the user received in [from, until). */
  async countForUser(accountId: number, benefitId: number, userId: number, from: string, until: string): Promise<number> {
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

  /** The users of a page of coupons in one query (UsersRepository only finds one at a time). */
  /** B6: newest first, ties by id descending; bounds inclusive. */
  async list(accountId: number, filter: CouponFilter, page: Page): Promise<CouponRow[]> {
    let query = this.db.selectFrom('coupons').selectAll().where('account_id', '=', accountId);
    if (filter.from !== undefined) query = query.where('createtime', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('createtime', '<=', filter.to);
    if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
    if (filter.benefitId !== undefined) query = query.where('benefit_id', '=', filter.benefitId);
    return query.orderBy('createtime', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
  }
}
