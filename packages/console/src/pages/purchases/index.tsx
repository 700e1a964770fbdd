import { type UseQueryResult, keepPreviousData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { CUSTOMER_HINT, useCustomerRef, usePeople } from '../../api/customers.js';
import { type GetResult, useGet } from '../../api/queries.js';
import { TimeChart } from '../../components/chart.js';
import { type Option, SelectField, TextField } from '../../components/form.js';
import { Page, Section } from '../../components/layout.js';
import { PAGE_SIZE, Pager, useAllPages, usePage } from '../../components/pager.js';
import { Empty, Loading, QueryView } from '../../components/states.js';
import { DataTable } from '../../components/table.js';
import { dayOf, daysAgo, daysBetween, isoDate, monthOf, showDateTime, showDay, showMonth, toSeconds, zoneDayEnd, zoneDayStart } from '../../lib/dates.js';
import { Link } from '../../router.js';
import { CustomerLink, FilterBar, FilteredList, filterError, useFilterBar } from '../catalogue/shared.js';
import { displaySettings, formatMoney, formatCount } from '../../lib/format.js';

// Purchases (S4): revenue and orders per day (GET /purchases/summary) over the filter's dates and
// branch, then the listing with every filter the API has, all in the URL. The customer filter takes
// an e-mail, a customer ID in your shop or a customer number (looked up, then the listing asks by userapp_id);
// the branch filter offers the account's branches.

const FILTERS = ['customer', 'invoice_number', 'branch_name', 'from', 'to'] as const;
type Bucket = GetResult<'/purchases/summary'>[number];
type Purchase = GetResult<'/purchases'>[number];

/**
 * The most days GET /purchases/summary takes with group_by=day (its SUMMARY_MAX_BUCKETS.day, in the
 * OpenAPI document's description of the operation); a longer range is charted by month (at most
 * MAX_MONTHS months).
 */
const MAX_DAYS = 366;
const MAX_MONTHS = 120;
/** The API's default range without dates: the last 30 days (of the zone asked), today included. */
const DEFAULT_DAYS = 30;

type Grouping = { group_by: 'day' | 'month'; days: number } | { tooLong: number };

/** Days or months for a range ('' for a bound not given, as the API fills it in). */
function groupingFor(from: string, to: string, today: string = daysAgo(0)): Grouping {
  const end = to || today;
  const start = from || isoDate(new Date(Date.parse(`${end}T00:00:00Z`) - (DEFAULT_DAYS - 1) * 86_400_000));
  const days = daysBetween(start, end);
  if (!Number.isFinite(days) || days <= MAX_DAYS) return { group_by: 'day', days };
  const months = (Number(end.slice(0, 4)) - Number(start.slice(0, 4))) * 12 + Number(end.slice(5, 7)) - Number(start.slice(5, 7)) + 1;
  return months > MAX_MONTHS ? { tooLong: months } : { group_by: 'month', days };
}

/** Revenue and orders per day (or month) over the filter's dates and branch; a refused range points at the filter bar. */
function Summary({ summary, branch, grouping }: { summary: UseQueryResult<readonly Bucket[], Error>; branch: string; grouping: Grouping }) {
  if ('tooLong' in grouping) {
    return <Empty>These dates span {formatCount(grouping.tooLong)} months; the chart shows at most {MAX_MONTHS} (ten years). Choose a later From date to see revenue and orders.</Empty>;
  }
  if (filterError(summary.error, FILTERS)) return <Empty>Correct the filter above to see revenue and orders.</Empty>;
  return (
    <QueryView query={summary} loading="Loading revenue and orders…">
      {(buckets) => <SummaryCharts buckets={buckets} branch={branch} byMonth={grouping.group_by === 'month'} days={grouping.days} />}
    </QueryView>
  );
}

function SummaryCharts({ buckets, branch, byMonth, days }: { buckets: readonly Bucket[]; branch: string; byMonth: boolean; days: number }) {
  const { x, revenue, orders, totalRevenue, totalOrders } = useMemo(
    () => ({
      x: buckets.map((b) => toSeconds(`${byMonth ? `${b.date}-01` : b.date} 00:00:00`)),
      revenue: [{ label: 'Revenue', money: true, values: buckets.map((b) => b.revenue) }],
      orders: [{ label: 'Orders', values: buckets.map((b) => b.orders) }],
      totalRevenue: buckets.reduce((sum, b) => sum + b.revenue, 0),
      totalOrders: buckets.reduce((sum, b) => sum + b.orders, 0),
    }),
    [buckets, byMonth],
  );
  const first = buckets[0]?.date;
  const last = buckets.at(-1)?.date;
  const per = byMonth ? 'month' : 'day';
  const showBucket = byMonth ? showMonth : showDay;
  return (
    <>
      <p className="hint" data-testid="purchases-summary-range">
        {first ? `${showBucket(first)} to ${showBucket(last)}` : ''}, {branch ? `branch “${branch}”` : 'every branch'}.{' '}
        {byMonth ? `Per month: the ${formatCount(days)} days chosen are more than a chart per day shows (${MAX_DAYS}). ` : ''}
        Revenue is the sum of the purchases’ total price; the customer and invoice filters apply to the list only.
      </p>
      <ul className="cards">
        <li className="card">
          <span className="figure" data-testid="purchases-total-orders">
            {formatCount(totalOrders)}
          </span>
          <span className="label">Orders</span>
        </li>
        <li className="card">
          <span className="figure" data-testid="purchases-total-revenue">
            {formatMoney(totalRevenue)}
          </span>
          <span className="label">Revenue</span>
        </li>
      </ul>
      <div className="grid">
        <TimeChart title={`Revenue per ${per}`} x={x} series={revenue} kind="bars" formatX={byMonth ? monthOf : dayOf} xLabel={byMonth ? 'Month' : 'Day'} testId="purchases-revenue-chart" />
        <TimeChart title={`Orders per ${per}`} x={x} series={orders} kind="bars" formatX={byMonth ? monthOf : dayOf} xLabel={byMonth ? 'Month' : 'Day'} testId="purchases-orders-chart" />
      </div>
    </>
  );
}

/** The account's branches for the branch filter (the first 1,000; a name in the URL that is not among them is kept). */
function useBranchOptions(applied: string): Option[] {
  const branches = useAllPages(['/branches'], (api) => api.paginate('/branches'), 1000);
  const options: Option[] = [{ value: '', label: branches.isPending ? 'Every branch (loading the branches…)' : 'Every branch' }];
  for (const branch of branches.data?.items ?? []) options.push({ value: branch.name, label: branch.display_name ? `${branch.display_name} (${branch.name})` : branch.name });
  if (applied && !options.some((o) => o.value.trim().toLowerCase() === applied.trim().toLowerCase())) options.push({ value: applied, label: applied });
  return options;
}

function PurchasesTable({ rows }: { rows: readonly Purchase[] }) {
  const people = usePeople(rows.map((p) => p.user.userapp_id));
  return (
    <DataTable
      caption="Purchases"
      testId="purchases-table"
      rows={rows}
      rowKey={(purchase) => purchase.id}
      columns={[
        { header: 'Invoice', cell: (p) => <Link to={`/purchases/${p.id}`}>{p.invoice_number}</Link> },
        { header: 'Date', cell: (p) => showDateTime(p.createtime) },
        { header: 'Customer', cell: (p) => <CustomerLink user={p.user} person={people.data?.get(p.user.userapp_id)} /> },
        { header: 'Branch', cell: (p) => p.branch?.name ?? '—' },
        { header: 'Items', className: 'num', cell: (p) => formatCount(p.purchase_detail.length) },
        { header: 'Total', className: 'num', cell: (p) => formatMoney(p.prices.total) },
        { header: 'Points', className: 'num', cell: (p) => formatCount(p.points) },
      ]}
    />
  );
}

export default function PurchasesPage() {
  const bar = useFilterBar(FILTERS);
  const [page, setPage] = usePage();
  const { customer, from, to, branch_name, ...rest } = bar.query;
  const who = useCustomerRef(customer ?? '', 'customer');
  const waiting = customer !== undefined && !who.data;
  const purchases = useGet(
    '/purchases',
    // The dates are the account's days (T5): their first and last seconds there.
    { params: { query: { page, limit: PAGE_SIZE, ...rest, from: from && zoneDayStart(from), to: to && zoneDayEnd(to), branch_name, ...(who.data ? { userapp_id: String(who.data.userapp_id) } : {}) } } },
    { placeholderData: keepPreviousData, enabled: !waiting },
  );
  const grouping = groupingFor(from ?? '', to ?? '');
  const summary = useGet(
    '/purchases/summary',
    { params: { query: { group_by: 'group_by' in grouping ? grouping.group_by : 'day', from, to, branch_name, timezone: displaySettings().timezone } } },
    { placeholderData: keepPreviousData, enabled: !('tooLong' in grouping) },
  );
  const branches = useBranchOptions(bar.applied.branch_name);
  const { draft, set } = bar;
  return (
    <Page title="Purchases">
      <FilterBar label="Filter purchases" bar={bar} error={who.error ?? filterError(purchases.error, FILTERS) ?? filterError(summary.error, FILTERS)}>
        <TextField label="Customer" name="customer" value={draft.customer} onValue={set('customer')} hint={CUSTOMER_HINT} autoCapitalize="off" spellCheck={false} />
        <TextField label="Invoice number" name="invoice_number" value={draft.invoice_number} onValue={set('invoice_number')} />
        <SelectField label="Branch" name="branch_name" value={draft.branch_name} onValue={bar.setNow('branch_name')} options={branches} />
        <TextField label="From" name="from" type="date" value={draft.from} onValue={set('from')} />
        <TextField label="To" name="to" type="date" value={draft.to} onValue={set('to')} />
      </FilterBar>
      <Section title={'group_by' in grouping && grouping.group_by === 'month' ? 'Revenue and orders per month' : 'Revenue and orders per day'}>
        <Summary summary={summary} branch={bar.applied.branch_name} grouping={grouping} />
      </Section>
      <Section title="Purchases">
        {who.isError ? (
          <Empty>Correct the customer above to see their purchases.</Empty>
        ) : waiting ? (
          <Loading label="Looking for the customer…" />
        ) : (
          <FilteredList query={purchases} bar={bar} names={FILTERS} page={page} noun="purchases" empty="No purchases yet. Your shop’s connector sends them to POST /purchases.">
            {(data) => (
              <>
                <PurchasesTable rows={data} />
                <Pager page={page} count={data.length} onPage={setPage} label="Purchases" />
              </>
            )}
          </FilteredList>
        )}
      </Section>
    </Page>
  );
}
