import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';
import { NotFoundError, invalidField } from '../../http/errors.js';
import { toPage } from '../../http/pagination.js';
import { type Clock, formatDateTime, parseDateTime } from '../../lib/time.js';
import { normaliseName } from '../../lib/names.js';
import { presentAdminBenefit, presentBenefit, presentListedBenefit } from './present.js';
import { type BenefitChanges, type BenefitRow, BenefitsRepository, type NewBenefit } from './repository.js';
import type {
  AdminBenefit,
  BenefitCreateBody,
  BenefitUpdateBody,
  Buckets,
  BucketsQuery,
  ListedBenefit,
} from './schemas.js';

const DATETIME_RULE = "must be a datetime 'YYYY-MM-DD hh:mm:ss', ISO 8601 with an offset, or a date 'YYYY-MM-DD'";

type Flag = '0' | '1' | 0 | 1 | boolean;
const flag = (value: Flag): number => (value === '1' || value === 1 || value === true ? 1 : 0);

function dateTime(field: string, text: string, bareDate: 'start' | 'end'): string {
  const parsed = parseDateTime(text.trim(), bareDate);
  if (!parsed) throw invalidField(field, DATETIME_RULE);
  return formatDateTime(parsed);
}

function monthlyRedeems(value: string | number): number {
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw invalidField('monthly_redeems', 'must be a whole number >= 0');
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
  if (body.startdate !== undefined) c.startdate = dateTime('startdate', body.startdate, 'start');
  if (body.enddate !== undefined) c.enddate = dateTime('enddate', body.enddate, 'end');
  if (body.event_date !== undefined) c.event_date = dateTime('event_date', body.event_date, 'start');
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

function checkWindow(startdate: string, enddate: string): void {
  if (enddate <= startdate) throw invalidField('enddate', `must be after startdate (${startdate})`);
}

export class BenefitsService {
  private readonly benefits: BenefitsRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
  ) {
    this.benefits = new BenefitsRepository(db);
  }

  private now(): string {
    return formatDateTime(this.clock.now());
  }

  private async require(accountId: number, id: number): Promise<BenefitRow> {
    const row = await this.benefits.find(accountId, id);
    if (!row) throw new NotFoundError(`benefit ${id} not found`);
    return row;
  }

  async create(accountId: number, body: BenefitCreateBody): Promise<AdminBenefit> {
    const columns = columnsFrom(body);
    const startdate = columns.startdate as string;
    const enddate = columns.enddate as string;
    checkWindow(startdate, enddate);
    const now = this.now();
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
    return presentAdminBenefit(await this.benefits.insert(accountId, values));
  }

  async get(accountId: number, id: number): Promise<AdminBenefit> {
    return presentAdminBenefit(await this.require(accountId, id));
  }

  async update(accountId: number, id: number, body: BenefitUpdateBody): Promise<AdminBenefit> {
    const current = await this.require(accountId, id);
    const changes = columnsFrom(body);
    checkWindow(changes.startdate ?? current.startdate, changes.enddate ?? current.enddate);
    const now = this.now();
    // An administrator sets the stock to an absolute value; only assigns decrement it.
    if (changes.stock !== undefined) {
      changes.out_stock_at = changes.stock === 0 ? (current.out_stock_at ?? now) : null;
    }
    changes.modified = now;
    const row = await this.benefits.update(accountId, id, changes);
    if (!row) throw new NotFoundError(`benefit ${id} not found`);
    return presentAdminBenefit(row);
  }

  async remove(accountId: number, id: number): Promise<void> {
    if (!(await this.benefits.delete(accountId, id))) throw new NotFoundError(`benefit ${id} not found`);
  }

  async buckets(accountId: number, query: BucketsQuery): Promise<Buckets> {
    const now = this.now();
    const list = async (bucket: keyof Buckets, count: number | undefined) => {
      const limit = count ?? 25;
      if (limit === 0) return [];
      return (await this.benefits.listBucket(accountId, bucket, now, limit)).map(presentBenefit);
    };
    const [current, outofstock, comingbenefits] = await Promise.all([
      list('current', query.currentbenefits),
      list('outofstock', query.outofstockbenefits),
      list('comingbenefits', query.comingbenefits),
    ]);
    return { current, outofstock, comingbenefits };
  }

  async all(accountId: number, query: { page?: number; limit?: number }): Promise<ListedBenefit[]> {
    return (await this.benefits.listAll(accountId, toPage(query))).map(presentListedBenefit);
  }
}
