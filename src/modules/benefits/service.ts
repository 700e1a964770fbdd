import type { Transactor } from '../../db/transactions.js';
import type { WebhookOutbox } from '../../jobs/webhooks/outbox.js';
import { BadRequestError, NotFoundError, invalidField } from '../../lib/errors.js';
import { toPage } from '../../http/pagination.js';
import { datetimeField } from '../../lib/fields.js';
import { normaliseName } from '../../lib/names.js';
import { type Clock, formatDateTime, stamp } from '../../lib/time.js';
import { newCouponCode } from './coupon-code.js';
import { presentAdminBenefit, presentBenefit, presentListedBenefit } from './present.js';
import type { BenefitChanges, BenefitRow, BenefitsRepository, NewBenefit } from './repository.js';
import {
  type AdminBenefit,
  type AssignBody,
  type BenefitCreateBody,
  type BenefitUpdateBody,
  type Buckets,
  type BucketsQuery,
  type ListedBenefit,
  MAX_INT,
} from './schemas.js';

type Flag = '0' | '1' | 0 | 1 | boolean;
const flag = (value: Flag): number => (value === '1' || value === 1 || value === true ? 1 : 0);

function monthlyRedeems(value: string | number): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n) || n < 0 || n > MAX_INT) throw invalidField('monthly_redeems', `must be a whole number from 0 to ${MAX_INT}`);
  return n;
}

/** B1: the slug a benefit gets when none is sent: the title normalised as names are (C2). */
export function slugFromTitle(title: string): string {
  const slug = normaliseName(title)
    .replace(/[^a-z0-9_]/g, '')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');
  return slug || 'benefit';
}

type Editable = BenefitUpdateBody;

/** The columns a create or update body sets, validated and converted; absent fields are absent. */
function columnsFrom(body: Editable): BenefitChanges {
  const c: BenefitChanges = {};
  if (body.title !== undefined) c.title = body.title.trim();
  if (body.title !== undefined && c.title === '') throw invalidField('title', 'must not be blank');
  if (body.slug !== undefined) c.slug = body.slug.trim();
  if (c.slug === '') throw invalidField('slug', 'must not be blank');
  if (body.startdate !== undefined) c.startdate = datetimeField('startdate', body.startdate, 'start');
  if (body.enddate !== undefined) c.enddate = datetimeField('enddate', body.enddate, 'end');
  if (body.event_date !== undefined) c.event_date = datetimeField('event_date', body.event_date, 'start');
  if (body.description !== undefined) c.description = body.description;
  if (body.status !== undefined) c.status = flag(body.status);
  if (body.featured !== undefined) c.featured = flag(body.featured);
  if (body.wallpublish !== undefined) c.wallpublish = flag(body.wallpublish);
  if (body.image_id !== undefined) c.image_id = String(body.image_id);
  if (body.user_id !== undefined) c.user_id = String(body.user_id);
  if (body.app_id !== undefined) c.app_id = String(body.app_id);
  if (body.contenttype_id !== undefined) c.contenttype_id = String(body.contenttype_id);
  if (body.app_code !== undefined) c.app_code = body.app_code;
  if (body.version !== undefined) c.version = body.version;
  if (body.category_id !== undefined) c.category_id = body.category_id;
  if (body.monthly_redeems !== undefined) c.monthly_redeems = monthlyRedeems(body.monthly_redeems);
  if (body.image_url !== undefined) c.image_url = body.image_url;
  if (body.points !== undefined) c.points = body.points;
  if (body.sku !== undefined) c.sku = body.sku;
  if (body.stock !== undefined) c.stock = body.stock;
  return c;
}

/** userapp_id arrives as digits in a form body, or as a number or digits in JSON. */
function userappId(value: AssignBody['userapp_id']): number {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!/^[0-9]+$/.test(text) || Number(text) < 1) throw invalidField('userapp_id', 'must be a positive integer');
  return Number(text);
}

/** The UTC calendar month holding `now`, as [first second, first second of the next month). */
function monthOf(now: Date): [string, string] {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return [formatDateTime(start), formatDateTime(next)];
}

function checkWindow(startdate: string, enddate: string): void {
  if (enddate <= startdate) throw invalidField('enddate', `must be after startdate (${startdate})`);
}

/** What an assignment needs of the customer (B5 checks their points); the users repository provides it. */
export interface RedeemingUsers {
  findById(accountId: number, id: number): Promise<{ points: number } | undefined>;
}

/** How an assignment reduces the customer's points; the users module's points ledger provides it (with its points.changed message). */
export interface RedeemedPoints {
  /** Moves the balance through the points ledger; undefined when it would go below zero. */
  adjustPoints(accountId: number, userId: number, delta: number, entry: { concept: string; description: string }, now: string): Promise<number | undefined>;
}

/** The coupon an assignment recorded, as GET /coupons answers it (the coupons module presents it). */
export interface AssignedCoupons {
  presentOne(accountId: number, couponId: number): Promise<unknown>;
}

export interface BenefitsDeps {
  benefits: BenefitsRepository;
  /** Bound to the assignment's transaction, the coupon's presenter included (its webhook message reads there). */
  tx: Transactor<{
    benefits: BenefitsRepository;
    users: RedeemingUsers;
    points: RedeemedPoints;
    coupons: AssignedCoupons;
    webhookOutbox: Pick<WebhookOutbox, 'emit'>;
  }>;
  clock: Clock;
}

export class BenefitsService {

  constructor(private readonly deps: BenefitsDeps) {}


  private async require(accountId: number, id: number): Promise<BenefitRow> {
    const row = await this.deps.benefits.find(accountId, id);
    if (!row) throw new NotFoundError(`benefit ${id} not found`);
    return row;
  }

  async create(accountId: number, body: BenefitCreateBody): Promise<AdminBenefit> {
    const columns = columnsFrom(body);
    const startdate = columns.startdate as string;
    const enddate = columns.enddate as string;
    checkWindow(startdate, enddate);
    const now = stamp(this.deps.clock);
    const values: NewBenefit = {
      ...columns,
      title: columns.title as string,
      slug: columns.slug ?? slugFromTitle(columns.title as string),
      startdate,
      enddate,
      event_date: columns.event_date ?? startdate,
      stock: columns.stock ?? null,
      out_stock_at: columns.stock === 0 ? now : null,
      created: now,
      modified: now,
    };
    return presentAdminBenefit(await this.deps.benefits.insert(accountId, values));
  }

  async get(accountId: number, id: number): Promise<AdminBenefit> {
    return presentAdminBenefit(await this.require(accountId, id));
  }

  async update(accountId: number, id: number, body: BenefitUpdateBody): Promise<AdminBenefit> {
    const current = await this.require(accountId, id);
    const changes = columnsFrom(body);
    checkWindow(changes.startdate ?? current.startdate, changes.enddate ?? current.enddate);
    const now = stamp(this.deps.clock);
    // An administrator sets the stock to an absolute value; only assigns decrement it.
    if (changes.stock !== undefined) {
      changes.out_stock_at = changes.stock === 0 ? (current.out_stock_at ?? now) : null;
    }
    changes.modified = now;
    const row = await this.deps.benefits.update(accountId, id, changes);
    if (!row) throw new NotFoundError(`benefit ${id} not found`);
    return presentAdminBenefit(row);
  }

  async remove(accountId: number, id: number): Promise<void> {
    if (!(await this.deps.benefits.delete(accountId, id))) throw new NotFoundError(`benefit ${id} not found`);
  }

  async buckets(accountId: number, query: BucketsQuery): Promise<Buckets> {
    const now = stamp(this.deps.clock);
    const list = async (bucket: keyof Buckets, count: number | undefined) => {
      const limit = count ?? 25;
      if (limit === 0) return [];
      return (await this.deps.benefits.listBucket(accountId, bucket, now, limit)).map(presentBenefit);
    };
    const [current, outofstock, comingbenefits] = await Promise.all([
      list('current', query.currentbenefits),
      list('outofstock', query.outofstockbenefits),
      list('comingbenefits', query.comingbenefits),
    ]);
    return { current, outofstock, comingbenefits };
  }

  async all(accountId: number, query: { page?: number; limit?: number }): Promise<ListedBenefit[]> {
    return (await this.deps.benefits.listAll(accountId, toPage(query))).map(presentListedBenefit);
  }

  /**
   * B5. Rules are checked in this order, each with its own 400: inactive, not started, ended, out of
   * stock, monthly limit, not enough points. Everything runs in one transaction, so a refusal
   * after the stock was taken gives the unit back.
   *
   * Concurrency: the stock UPDATE is conditional (never below zero) and locks the benefit row until
   * commit, for unlimited stock too. Every assign of one benefit therefore passes that point one at
   * a time, and the monthly count that follows sees the coupons of every assign that got there
   * first (each statement reads the latest committed data under READ COMMITTED; SQLite runs one
   * transaction at a time). Points change through the points ledger (RedeemedPoints), which refuses
   * to go below zero on its own. The coupon.assigned message (W2; points.changed comes with the
   * points) is written in the same transaction.
   */
  async assign(accountId: number, benefitId: number, body: AssignBody): Promise<{ status: true }> {
    const userId = userappId(body.userapp_id);
    const moment = this.deps.clock.now();
    const now = formatDateTime(moment);
    const [monthStart, nextMonth] = monthOf(moment);

    await this.deps.tx.run(async ({ benefits, users, points, coupons, webhookOutbox }) => {

      const benefit = await benefits.find(accountId, benefitId);
      if (!benefit) throw new NotFoundError(`benefit ${benefitId} not found`);
      const user = userId <= MAX_INT ? await users.findById(accountId, userId) : undefined;
      if (!user) throw new NotFoundError(`user ${userId} not found`);

      const name = `benefit ${benefitId}`;
      if (benefit.status !== 1) throw new BadRequestError(`${name} is inactive (status "0")`);
      if (benefit.startdate > now) throw new BadRequestError(`${name} has not started: it starts at ${benefit.startdate}`);
      if (benefit.enddate < now) throw new BadRequestError(`${name} has ended: it ended at ${benefit.enddate}`);

      if (!(await benefits.takeOneUnit(accountId, benefitId, now))) {
        throw new BadRequestError(`${name} is out of stock`);
      }

      if (benefit.monthly_redeems > 0) {
        const used = await benefits.couponsOfUser(accountId, benefitId, userId, monthStart, nextMonth);
        if (used >= benefit.monthly_redeems) {
          throw new BadRequestError(
            `user ${userId} has reached the monthly limit of ${benefit.monthly_redeems} assignment(s) of ${name} ` +
              `(UTC month starting ${monthStart})`,
          );
        }
      }

      if (benefit.points > 0) {
        const balance = await points.adjustPoints(
          accountId,
          userId,
          -benefit.points,
          { concept: 'benefit', description: `${name}: ${benefit.title}` },
          now,
        );
        if (balance === undefined) {
          const current = (await users.findById(accountId, userId))?.points ?? user.points;
          throw new BadRequestError(`user ${userId} has not enough points: has ${current}, ${name} needs ${benefit.points}`);
        }
      }

      const couponId = await benefits.recordCoupon(accountId, {
        benefit_id: benefitId,
        user_id: userId,
        code: newCouponCode(),
        points: benefit.points,
        createtime: now,
      });
      await webhookOutbox.emit(accountId, [{ type: 'coupon.assigned', data: () => coupons.presentOne(accountId, couponId), userId }], moment);
    });
    return { status: true };
  }
}
