import type { Kysely, Selectable } from 'kysely';
import type { CouponsTable, DB } from '../../db/types.js';
import type { Page } from '../../http/pagination.js';

export type CouponRow = Selectable<CouponsTable>;

export interface CouponFilter {
  from?: string;
  to?: string;
  userId?: number;
  benefitId?: number;
}

export class CouponsRepository {
  constructor(private readonly db: Kysely<DB>) {}

  /** B6: newest first, ties by id descending; bounds inclusive. */
  async list(accountId: number, filter: CouponFilter, page: Page): Promise<CouponRow[]> {
    let query = this.db.selectFrom('coupons').selectAll().where('account_id', '=', accountId);
    if (filter.from !== undefined) query = query.where('createtime', '>=', filter.from);
    if (filter.to !== undefined) query = query.where('createtime', '<=', filter.to);
    if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
    if (filter.benefitId !== undefined) query = query.where('benefit_id', '=', filter.benefitId);
    return query.orderBy('createtime', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
  }

  findById(accountId: number, id: number): Promise<CouponRow | undefined> {
    return this.db.selectFrom('coupons').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }
}
