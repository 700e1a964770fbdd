import { type Static, Type } from 'typebox';
import { PageQuery } from '../../http/pagination.js';
import { Benefit } from '../benefits/schemas.js';
import { UserObject } from '../users/schemas.js';

export const CouponsQuery = Type.Object(
  {
    ...PageQuery.properties,
    from: Type.Optional(Type.String({ maxLength: 40, description: 'Earliest createtime (inclusive); a bare date means 00:00:00' })),
    to: Type.Optional(Type.String({ maxLength: 40, description: 'Latest createtime (inclusive); a bare date means 23:59:59' })),
    userapp_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: "Only this user's coupons" })),
    benefit_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647, description: "Only this benefit's coupons" })),
  },
  { additionalProperties: false },
);
export type CouponsQuery = Static<typeof CouponsQuery>;

export const Coupon = Type.Object({
  id: Type.Integer(),
  code: Type.String({ description: 'Unique coupon code' }),
  points: Type.Integer({ description: 'Points the user paid' }),
  createtime: Type.String({ description: "When the benefit was assigned, 'YYYY-MM-DD hh:mm:ss' UTC" }),
  benefit: Type.Union([Benefit, Type.Null()], { description: 'null once the benefit has been deleted' }),
  user: UserObject,
});
export type Coupon = Static<typeof Coupon>;
