import type { Payload, RapportClient } from '@rapport/sdk';
import { useMemo } from 'react';
import { type Count, countListing, showCount } from '../../api/count.js';
import { useApiQuery } from '../../api/queries.js';
import { TimeChart } from '../../components/chart.js';
import { Page, Section } from '../../components/layout.js';
import { useAllPages } from '../../components/pager.js';
import { QueryView, StatusBadge } from '../../components/states.js';
import { DataTable } from '../../components/table.js';
import { daysAgo, minuteOf, showDateTime, toSeconds } from '../../lib/dates.js';
import { Link, useSearchParam } from '../../router.js';

type Run = Payload<'get', '/integration-stats'>[number];
type RunSection = Exclude<Run['customers'], null>;

const COUNTS: { key: string; label: string; to: string; hasItemAt: (api: RapportClient, page: number, signal: AbortSignal) => Promise<boolean> }[] = [
  { key: 'customers', label: 'Customers', to: '/customers', hasItemAt: async (api, page, signal) => (await api.GET('/users', { params: { query: { page, limit: 1 } }, signal })).length > 0 },
  { key: 'products', label: 'Products', to: '/catalogue', hasItemAt: async (api, page, signal) => (await api.GET('/products', { params: { query: { page, limit: 1 } }, signal })).length > 0 },
  { key: 'purchases', label: 'Purchases', to: '/purchases', hasItemAt: async (api, page, signal) => (await api.GET('/purchases', { params: { query: { page, limit: 1 } }, signal })).length > 0 },
  { key: 'events', label: 'User events', to: '/events', hasItemAt: async (api, page, signal) => (await api.GET('/user-events', { params: { query: { page, limit: 1 } }, signal })).length > 0 },
];

function CountCard({ label, to, testId, read }: { label: string; to: string; testId: string; read: (api: RapportClient, signal: AbortSignal) => Promise<Count> }) {
  const query = useApiQuery(['count', testId], read, { staleTime: 60_000 });
  return (
    <li className="card">
      <span className="figure" data-testid={testId} aria-busy={query.isPending || undefined}>
        {query.isPending ? '…' : query.isError ? '?' : showCount(query.data)}
      </span>
      <Link to={to} className="label">
        {label}
      </Link>
      {query.isError ? (
        <p className="field-error" role="alert">
          {query.error.message}
        </p>
      ) : null}
    </li>
  );
}

const sum = (section: RunSection | null | undefined) => (section ? (section.created ?? 0) + (section.updated ?? 0) : null);
const failures = (run: Run) =>
  [run.customers, run.products, run.branches, run.purchases].reduce((total, section) => total + (section?.failed?.length ?? 0), 0) +
  (run.files_stats ?? []).reduce((total, file) => total + (file.invalid_lines?.length ?? 0), 0);

/** A run's status: `ok`, or `failed` when any record or line failed. */
const statusOf = (run: Run) => (failures(run) > 0 ? 'failed' : 'ok');

const PERIODS = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: '365', label: 'Last year' },
];

function IntegrationRuns() {
  const [period, setPeriod] = useSearchParam('days');
  const days = PERIODS.some((p) => p.value === period) ? Number(period) : 30;
  const from = daysAgo(days);
  const runs = useAllPages(['/integration-stats', from], (api) => api.paginate('/integration-stats', { params: { query: { from } } }), 1000);

  const chart = useMemo(() => {
    const ordered = [...(runs.data?.items ?? [])].sort((a, b) => toSeconds(a.createtime) - toSeconds(b.createtime));
    return {
      x: ordered.map((run) => toSeconds(run.createtime)),
      series: [
        { label: 'Customers', values: ordered.map((run) => sum(run.customers)) },
        { label: 'Products', values: ordered.map((run) => sum(run.products)) },
        { label: 'Purchases', values: ordered.map((run) => sum(run.purchases)) },
      ],
    };
  }, [runs.data]);

  return (
    <Section
      title="Integration runs"
      actions={
        <label className="inline-select">
          Period{' '}
          <select value={String(days)} onChange={(event) => setPeriod(event.target.value === '30' ? '' : event.target.value)}>
            {PERIODS.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
      }
    >
      <QueryView
        query={runs}
        loading="Loading integration runs…"
        isEmpty={(data) => data.items.length === 0}
        empty={`No integration run was recorded since ${from}. Sync connectors record theirs with POST /apiv3/integration-stats.`}
      >
        {(data) => (
          <>
            <TimeChart
              title="Records created or updated per run"
              x={chart.x}
              series={chart.series}
              formatX={minuteOf}
              testId="overview-runs-chart"
            />
            {data.truncated ? <p className="hint">Showing the latest 1,000 runs of the period.</p> : null}
            <DataTable
              caption="Latest integration runs"
              showCaption
              testId="overview-latest-runs"
              rows={data.items.slice(0, 10)}
              rowKey={(run) => run.id}
              columns={[
                { header: 'When', cell: (run) => showDateTime(run.createtime) },
                { header: 'Customers', className: 'num', cell: (run) => sum(run.customers) ?? '—' },
                { header: 'Products', className: 'num', cell: (run) => sum(run.products) ?? '—' },
                { header: 'Purchases', className: 'num', cell: (run) => sum(run.purchases) ?? '—' },
                { header: 'Files', cell: (run) => (run.files_stats ?? []).map((file) => file.filename).join(', ') || '—' },
                { header: 'Failures', className: 'num', cell: failures },
                { header: 'Status', cell: (run) => <StatusBadge status={statusOf(run)} /> },
              ]}
            />
          </>
        )}
      </QueryView>
    </Section>
  );
}

export default function OverviewPage() {
  return (
    <Page title="Overview">
      <ul className="cards" aria-label="Totals">
        {COUNTS.map((item) => (
          <CountCard
            key={item.key}
            label={item.label}
            to={item.to}
            testId={`overview-count-${item.key}`}
            read={(api, signal) => countListing((page) => item.hasItemAt(api, page, signal))}
          />
        ))}
      </ul>
      <IntegrationRuns />
    </Page>
  );
}
