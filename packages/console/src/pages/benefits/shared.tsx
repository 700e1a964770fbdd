import type { GetResult } from '../../api/queries.js';
import { StatusBadge } from '../../components/states.js';
import { DataTable } from '../../components/table.js';
import { showDateTime, showDay, toZoned } from '../../lib/dates.js';
import { Link } from '../../router.js';
import { CustomerLink } from '../catalogue/shared.js';
import { formatCount } from '../../lib/format.js';

export const BENEFITS_NAV = [
  { to: '/benefits', label: 'Benefits' },
  { to: '/benefits/coupons', label: 'Coupons' },
] as const;

/** Now as the API writes datetimes ('YYYY-MM-DD hh:mm:ss' UTC), which then compare as text. */
const nowText = () => new Date().toISOString().slice(0, 19).replace('T', ' ');

/**
 * A validity bound for people: the bare day ('YYYY-MM-DD', in the account's zone) when it is the
 * start (00:00:00) or the end (23:59:59) of that day there, as the benefit form saves them; the
 * moment with its time otherwise.
 */
export function showValidity(datetime: string, edge: 'start' | 'end'): string {
  const wall = toZoned(datetime);
  return wall.endsWith(edge === 'start' ? ' 00:00:00' : ' 23:59:59') ? showDay(wall.slice(0, 10)) : showDateTime(datetime);
}

/** Where a benefit stands now, as GET /benefits buckets it (B2): live, out of stock, coming, ended, inactive. */
export function availability(benefit: { status: string; startdate: string; enddate: string; out_stock_at: string | null; stock?: number | null }): string {
  if (benefit.status !== '1') return 'inactive';
  const now = nowText();
  if (benefit.startdate > now) return 'coming';
  if (benefit.enddate < now) return 'ended';
  return benefit.stock === 0 || (benefit.stock === undefined && benefit.out_stock_at !== null) ? 'out of stock' : 'live';
}

export function Availability({ benefit }: { benefit: Parameters<typeof availability>[0] }) {
  return <StatusBadge status={availability(benefit)} />;
}

type Coupon = GetResult<'/coupons'>[number];

/** Coupons (B6) as a table; `withBenefit` adds the benefit column (not on a benefit's own page). */
export function CouponsTable({ coupons, withBenefit }: { coupons: readonly Coupon[]; withBenefit: boolean }) {
  return (
    <DataTable
      caption="Coupons"
      testId="coupons-table"
      rows={coupons}
      rowKey={(coupon) => coupon.id}
      columns={[
        { header: 'Code', cell: (c) => <code>{c.code}</code> },
        ...(withBenefit ? [{ header: 'Benefit', cell: (c: Coupon) => (c.benefit ? <Link to={`/benefits/${c.benefit.id}`}>{c.benefit.title}</Link> : 'Deleted benefit') }] : []),
        { header: 'Customer', cell: (c) => <CustomerLink user={c.user} /> },
        { header: 'Points paid', className: 'num', cell: (c) => formatCount(c.points) },
        { header: 'Assigned', cell: (c) => showDateTime(c.createtime) },
      ]}
    />
  );
}
