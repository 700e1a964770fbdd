import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { parseDateRange } from '../../http/date-range.js';
import { toPage } from '../../http/pagination.js';
import { presentBenefit } from '../benefits/present.js';
import { BenefitsRepository } from '../benefits/repository.js';
import { presentUsers } from '../users/present.js';
import { UsersRepository } from '../users/repository.js';
import { type CouponFilter, CouponsRepository } from './repository.js';
import type { Coupon, CouponsQuery } from './schemas.js';

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A 12-character code without look-alike characters (32^12 possibilities). */
export function newCouponCode(): string {
  let code = '';
  for (let i = 0; i < 12; i += 1) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}


export class CouponsService {
  private readonly coupons: CouponsRepository;
  private readonly benefits: BenefitsRepository;

  constructor(private readonly db: Kysely<DB>) {
    this.coupons = new CouponsRepository(db);
    this.benefits = new BenefitsRepository(db);
  }

  async list(accountId: number, query: CouponsQuery): Promise<Coupon[]> {
    const filter: CouponFilter = { userId: query.userapp_id, benefitId: query.benefit_id };
    Object.assign(filter, parseDateRange(query));
    const rows = await this.coupons.list(accountId, filter, toPage(query));
    if (rows.length === 0) return [];

    const benefitIds = [...new Set(rows.flatMap((r) => (r.benefit_id === null ? [] : [r.benefit_id])))];
    const benefits = new Map((await this.benefits.findMany(accountId, benefitIds)).map((b) => [b.id, presentBenefit(b)]));
    const userIds = [...new Set(rows.map((r) => r.user_id))];
    const userRows = await new UsersRepository(this.db).findMany(accountId, userIds);
    const users = new Map((await presentUsers(this.db, accountId, userRows)).map((u) => [u.userapp_id, u]));

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
