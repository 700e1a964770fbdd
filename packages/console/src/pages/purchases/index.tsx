import { type UseQueryResult, keepPreviousData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type GetResult, useGet } from '../../api/queries.js';
import { TimeChart } from '../../components/chart.js';
import { TextField } from '../../components/form.js';
import { Page, Section } from '../../components/layout.js';
import { PAGE_SIZE, Pager, usePage } from '../../components/pager.js';
import { Empty, QueryView } from '../../components/states.js';
import { DataTable } from '../../components/table.js';
import { dayOf, toSeconds } from '../../lib/dates.js';
import { Link } from '../../router.js';
import { CustomerLink, FilterBar, FilteredList, filterError, formatNumber, useFilterBar } from '../catalogue/shared.js';

// Purchases (S4): revenue and orders per day (GET /purchases/summary) over the filter's dates and
// branch, then the listing with every filter the API has, all in the URL.

const FILTERS = ['service_uid', 'email', 'invoice_number', 'branch_name', 'from', 'to'] as const;
type Bucket = GetResult<'/purchases/summary'>[number];


/** Revenue and orders per day over the filter's dates and branch; a refused range points at the filter bar. */
function Summary({ summary, branch }: { summary: UseQueryResult<readonly Bucket[], Error>; branch: string }) {
  if (filterError(summary.error, FILTERS)) return <Empty>Correct the filter above to see revenue and orders.</Empty>;
  return (
    <QueryView query={summary} loading="Loading revenue and orders…">
      {(buckets) => <SummaryCharts buckets={buckets} branch={branch} />}
    </QueryView>
  );
}

function SummaryCharts({ buckets, branch }: { buckets: readonly Bucket[]; branch: string }) {
  const { x, revenue, orders, totalRevenue, totalOrders } = useMemo(
    () => ({
      x: buckets.map((b) => toSeconds(`${b.date} 00:00:00`)),
      revenue: [{ label: 'Revenue', values: buckets.map((b) => b.revenue) }],
      orders: [{ label: 'Orders', values: buckets.map((b) => b.orders) }],
      totalRevenue: buckets.reduce((sum, b) => sum + b.revenue, 0),
      totalOrders: buckets.reduce((sum, b) => sum + b.orders, 0),
    }),
    [buckets],
  );
  const first = buckets[0]?.date;
  const last = buckets.at(-1)?.date;
  return (
    <>
      <p className="hint">
        {first ? `${first} to ${last} (UTC days)` : ''}, {branch ? `branch “${branch}”` : 'every branch'}. Revenue is the sum of the purchases’ total price; the customer and invoice filters apply to the list only.
      </p>
      <ul className="cards">
        <li className="card">
          <span className="figure" data-testid="purchases-total-orders">
            {totalOrders.toLocaleString()}
          </span>
          <span className="label">Orders</span>
        </li>
        <li className="card">
          <span className="figure" data-testid="purchases-total-revenue">
            {formatNumber(totalRevenue)}
          </span>
          <span className="label">Revenue</span>
        </li>
      </ul>
      <div className="grid">
        <TimeChart title="Revenue per day" x={x} series={revenue} kind="bars" formatX={dayOf} testId="purchases-revenue-chart" />
        <TimeChart title="Orders per day" x={x} series={orders} kind="bars" formatX={dayOf} testId="purchases-orders-chart" />
      </div>
    </>
  );
}

export default function PurchasesPage() {
  const bar = useFilterBar(FILTERS);
  const [page, setPage] = usePage();
  const purchases = useGet('/purchases', { params: { query: { page, limit: PAGE_SIZE, ...bar.query } } }, { placeholderData: keepPreviousData });
  const { from, to, branch_name } = bar.query;
  const summary = useGet('/purchases/summary', { params: { query: { group_by: 'day', from, to, branch_name } } }, { placeholderData: keepPreviousData });
  const { draft, set } = bar;
  return (
    <Page title="Purchases">
      <FilterBar label="Filter purchases" bar={bar} error={filterError(purchases.error, FILTERS) ?? filterError(summary.error, FILTERS)}>
        <TextField label="Customer (service UID)" name="service_uid" value={draft.service_uid} onValue={set('service_uid')} />
        <TextField label="Customer e-mail" name="email" type="email" value={draft.email} onValue={set('email')} />
        <TextField label="Invoice number" name="invoice_number" value={draft.invoice_number} onValue={set('invoice_number')} />
        <TextField label="Branch" name="branch_name" value={draft.branch_name} onValue={set('branch_name')} />
        <TextField label="From" name="from" type="date" value={draft.from} onValue={set('from')} />
        <TextField label="To" name="to" type="date" value={draft.to} onValue={set('to')} />
      </FilterBar>
      <Section title="Revenue and orders per day">
        <Summary summary={summary} branch={bar.applied.branch_name} />
      </Section>
      <Section title="Purchases">
        <FilteredList query={purchases} bar={bar} names={FILTERS} page={page} noun="purchases" empty="No purchases yet. Your shop’s connector sends them to POST /purchases.">
          {(data) => (
            <>
              <DataTable
                caption="Purchases"
                testId="purchases-table"
                rows={data}
                rowKey={(purchase) => purchase.id}
                columns={[
                  { header: 'Invoice', cell: (p) => <Link to={`/purchases/${p.id}`}>{p.invoice_number}</Link> },
                  { header: 'Date (UTC)', cell: (p) => p.createtime },
                  { header: 'Customer', cell: (p) => <CustomerLink user={p.user} /> },
                  { header: 'Branch', cell: (p) => p.branch?.name ?? '—' },
                  { header: 'Items', className: 'num', cell: (p) => p.purchase_detail.length.toLocaleString() },
                  { header: 'Total', className: 'num', cell: (p) => formatNumber(p.prices.total) },
                  { header: 'Points', className: 'num', cell: (p) => p.points.toLocaleString() },
                ]}
              />
              <Pager page={page} count={data.length} onPage={setPage} label="Purchases" />
            </>
          )}
        </FilteredList>
      </Section>
    </Page>
  );
}
