import { EVERY_ROW, toPage } from '../../http/pagination.js';
import { parseDateRange } from '../../lib/fields.js';
import { presentBenefit } from '../benefits/present.js';
import type { BenefitsRepository } from '../benefits/repository.js';
import type { UserDirectory } from '../users/directory.js';
import type { CouponFilter, CouponRow, CouponsRepository } from './repository.js';
import type { Coupon, CouponsQuery } from './schemas.js';

export class CouponsService {
  private readonly coupons: Pick<CouponsRepository, 'list' | 'findById'>;
  private readonly benefits: Pick<BenefitsRepository, 'findMany'>;
  private readonly directory: Pick<UserDirectory, 'presentByIds'>;

  constructor({ coupons, benefits, directory }: { coupons: CouponsService['coupons']; benefits: CouponsService['benefits']; directory: CouponsService['directory'] }) {
    this.coupons = coupons;
    this.benefits = benefits;
    this.directory = directory;
  }

  async list(accountId: number, query: CouponsQuery): Promise<Coupon[]> {
    const filter: CouponFilter = { userId: query.userapp_id, benefitId: query.benefit_id };
    Object.assign(filter, parseDateRange(query));
    return this.present(accountId, await this.coupons.list(accountId, filter, toPage(query)));
  }

  /** D3: every coupon of one customer, as GET /coupons answers them, not paginated. */
  async ofUser(accountId: number, userId: number): Promise<Coupon[]> {
    return this.present(accountId, await this.coupons.list(accountId, { userId }, EVERY_ROW));
  }

  /** One coupon as GET /coupons answers it (coupon.assigned's data, W2, read in the assignment's transaction). */
  async presentOne(accountId: number, id: number): Promise<Coupon | undefined> {
    const row = await this.coupons.findById(accountId, id);
    return row && (await this.present(accountId, [row]))[0];
  }

  private async present(accountId: number, rows: CouponRow[]): Promise<Coupon[]> {
    if (rows.length === 0) return [];

    const benefitIds = [...new Set(rows.flatMap((r) => (r.benefit_id === null ? [] : [r.benefit_id])))];
    const benefits = new Map((await this.benefits.findMany(accountId, benefitIds)).map((b) => [b.id, presentBenefit(b)]));
    const userIds = [...new Set(rows.map((r) => r.user_id))];
    const users = await this.directory.presentByIds(accountId, userIds);

    return rows.map((row) => ({
      id: row.id,
      code: row.code,
      points: row.points,
      createtime: row.createtime,
      benefit: row.benefit_id === null ? null : (benefits.get(row.benefit_id) ?? null),
      user: users.get(row.user_id)!,
    }));
  }
}
