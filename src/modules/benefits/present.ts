import type { BenefitRow } from './repository.js';
import type { AdminBenefit, Benefit, ListedBenefit } from './schemas.js';

/** The spec's Benefit object (B1: types exactly as in the spec's examples). Also used by the coupons listing. */
export function presentBenefit(row: BenefitRow): Benefit {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    status: String(row.status),
    image_id: row.image_id,
    user_id: row.user_id,
    app_id: row.app_id,
    app_code: row.app_code,
    contenttype_id: row.contenttype_id,
    version: row.version,
    category_id: row.category_id,
    startdate: row.startdate,
    enddate: row.enddate,
    featured: String(row.featured),
    wallpublish: String(row.wallpublish),
    monthly_redeems: String(row.monthly_redeems),
    modified: row.modified,
    created: row.created,
    image_url: row.image_url,
    points: row.points,
    event_date: row.event_date,
    sku: row.sku,
  };
}

export function presentListedBenefit(row: BenefitRow): ListedBenefit {
  return { ...presentBenefit(row), out_stock_at: row.out_stock_at };
}

export function presentAdminBenefit(row: BenefitRow): AdminBenefit {
  return { ...presentBenefit(row), stock: row.stock, out_stock_at: row.out_stock_at };
}
