import { keepPreviousData } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { type GetResult, useApiMutation, useGet } from '../../api/queries.js';
import { TimeChart } from '../../components/chart.js';
import { Page, Section } from '../../components/layout.js';
import { QueryView, StatusBadge } from '../../components/states.js';
import { DataTable } from '../../components/table.js';
import { dayOf, daysAgo, daysBetween, isoDate, monthOf, showDateTime, toSeconds } from '../../lib/dates.js';
import { Link, useSearchParam } from '../../router.js';
import { displaySettings, formatCount, formatMoney, formatPercent } from '../../lib/format.js';
import { GROUP_LABELS } from '../../lib/value-groups.js';
import { Changes } from '../../components/access.js';

// The overview is one GET /account/summary (O10): the account's totals (all time), the figures of
// the chosen window of whole days of the account's zone (T5, passed as `timezone`) with the window
// of equal length just before it (up or down, in percent), and the window's series per day (per
// month for 12 months), every bucket present, as charts. The latest integration runs are one page
// of GET /integration-stats. Nothing is counted by reading listings page by page.

type Summary = GetResult<'/account/summary'>;
type WindowFigures = Summary['window'];
type Run = GetResult<'/integration-stats'>[number];
type RunSection = Exclude<Run['customers'], null>;

interface Range {
  value: string;
  label: string;
  /** The window's first day ('YYYY-MM-DD', the account's); the window ends today there. */
  from: (now: Date) => string;
  group_by: 'day' | 'month';
}

/** The first day of the month `months` months before this one (the account's month). */
const monthStart = (months: number, now: Date) => {
  const today = daysAgo(0, now);
  return isoDate(new Date(Date.UTC(Number(today.slice(0, 4)), Number(today.slice(5, 7)) - 1 - months, 1)));
};

/** The range picker's choices (?range=); the API takes at most 366 days, so a year is asked by month. */
const RANGES: readonly Range[] = [
  { value: '7d', label: 'Last 7 days', from: (now) => daysAgo(6, now), group_by: 'day' },
  { value: '30d', label: 'Last 30 days', from: (now) => daysAgo(29, now), group_by: 'day' },
  { value: '90d', label: 'Last 90 days', from: (now) => daysAgo(89, now), group_by: 'day' },
  // This month and the 11 before it: 12 buckets, the current month up to today.
  { value: '12m', label: 'Last 12 months', from: (now) => monthStart(11, now), group_by: 'month' },
];
const DEFAULT_RANGE = RANGES[1]!;

const TOTALS: readonly { key: keyof Summary['totals']; label: string; to: string; money?: boolean }[] = [
  { key: 'customers', label: 'Customers', to: '/customers' },
  { key: 'products', label: 'Products', to: '/catalogue' },
  { key: 'purchases', label: 'Purchases', to: '/purchases' },
  { key: 'revenue', label: 'Revenue', to: '/purchases', money: true },
  { key: 'points_balance', label: 'Points balance', to: '/customers' },
  { key: 'user_events', label: 'User events', to: '/events/user-events' },
  { key: 'segments', label: 'Segments', to: '/segments' },
];

type Figure = Exclude<keyof WindowFigures, 'from' | 'to'>;
const FIGURES: readonly { key: Figure; label: string; money?: boolean }[] = [
  { key: 'new_customers', label: 'New customers' },
  { key: 'purchases', label: 'Purchases' },
  { key: 'revenue', label: 'Revenue', money: true },
  { key: 'points_issued', label: 'Points issued' },
  { key: 'points_redeemed', label: 'Points redeemed' },
  { key: 'user_events', label: 'User events' },
];

const show = (value: number, money?: boolean) => (money ? formatMoney(value) : formatCount(value));

/** The change from the previous window, in words and the account's locale: "up 12%", "down 4,5 %", "no change", "up from 0". */
function change(current: number, previous: number): { text: string; direction: 'up' | 'down' | 'same' } {
  if (current === previous) return { text: 'no change', direction: 'same' };
  if (previous === 0) return { text: 'up from 0', direction: 'up' };
  const percent = ((current - previous) / Math.abs(previous)) * 100;
  const size = Math.abs(percent);
  const digits = size < 10 ? 1 : 0;
  const shown = size < 0.1 ? `less than ${formatPercent(0.1)}` : formatPercent(size, digits);
  return { text: `${percent > 0 ? 'up' : 'down'} ${shown}`, direction: percent > 0 ? 'up' : 'down' };
}

const ARROWS = { up: '▲', down: '▼', same: '=' } as const;

function Totals({ totals }: { totals: Summary['totals'] }) {
  return (
    <Section title="Totals" id="totals">
      <ul className="cards" aria-label="Totals">
        {TOTALS.map((item) => (
          <li key={item.key} className="card">
            <span className="figure" data-testid={`overview-total-${item.key}`}>
              {show(totals[item.key], item.money)}
            </span>
            <Link to={item.to} className="label">
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function WindowCards({ summary, label }: { summary: Summary; label: string }) {
  const { window: current, previous } = summary;
  const days = daysBetween(current.from, current.to);
  const before = `the previous ${formatCount(days)} days`;
  return (
    <>
      <p className="hint" data-testid="overview-window">
        {showDateTime(current.from)} to {showDateTime(current.to)}, compared with {before}: {showDateTime(previous.from)} to {showDateTime(previous.to)}.
      </p>
      <ul className="cards" aria-label={`${label}: figures`}>
        {FIGURES.map((item) => {
          const delta = change(current[item.key], previous[item.key]);
          return (
            <li key={item.key} className="card">
              <span className="figure" data-testid={`overview-window-${item.key}`}>
                {show(current[item.key], item.money)}
              </span>
              <span className="label">{item.label}</span>
              <span className="hint" data-testid={`overview-change-${item.key}`} data-direction={delta.direction}>
                <span aria-hidden="true">{ARROWS[delta.direction]} </span>
                {delta.text} on {before}
                {previous[item.key] === 0 ? '' : ` (${show(previous[item.key], item.money)})`}
              </span>
            </li>
          );
        })}
      </ul>
    </>
  );
}

function SeriesCharts({ series, byMonth }: { series: Summary['series']; byMonth: boolean }) {
  const charts = useMemo(
    () => ({
      x: series.map((b) => toSeconds(`${byMonth ? `${b.bucket}-01` : b.bucket} 00:00:00`)),
      activity: [
        { label: 'New customers', values: series.map((b) => b.new_customers) },
        { label: 'Purchases', values: series.map((b) => b.purchases) },
        { label: 'User events', values: series.map((b) => b.user_events) },
      ],
      revenue: [{ label: 'Revenue', money: true, values: series.map((b) => b.revenue) }],
    }),
    [series, byMonth],
  );
  const per = byMonth ? 'month' : 'day';
  const formatX = byMonth ? monthOf : dayOf;
  const xLabel = byMonth ? 'Month' : 'Day';
  return (
    <div className="grid">
      <TimeChart title={`Customers, purchases and user events per ${per}`} x={charts.x} series={charts.activity} totals formatX={formatX} xLabel={xLabel} testId="overview-activity-chart" />
      <TimeChart title={`Revenue per ${per}`} x={charts.x} series={charts.revenue} kind="bars" formatX={formatX} xLabel={xLabel} testId="overview-revenue-chart" />
    </div>
  );
}

const sum = (section: RunSection | null | undefined) => (section ? (section.created ?? 0) + (section.updated ?? 0) : null);
const failures = (run: Run) =>
  [run.customers, run.products, run.branches, run.purchases].reduce((total, section) => total + (section?.failed?.length ?? 0), 0) +
  (run.files_stats ?? []).reduce((total, file) => total + (file.invalid_lines?.length ?? 0), 0);

/** A run's status: `ok`, or `failed` when any record or line failed (the API stores counts, not a status). */
const statusOf = (run: Run) => (failures(run) > 0 ? 'failed' : 'ok');

const LATEST_RUNS = 10;

/** The latest integration runs (one page, newest first) with their failures and status. */
function IntegrationRuns() {
  const runs = useGet('/integration-stats', { params: { query: { limit: LATEST_RUNS } } });
  return (
    <Section title="Latest integration runs" id="integration-runs">
      <QueryView
        query={runs}
        loading="Loading integration runs…"
        isEmpty={(data) => data.length === 0}
        empty="No integration run was recorded yet. Sync connectors record theirs with POST /apiv3/integration-stats."
      >
        {(data) => (
          <DataTable
            caption="Latest integration runs"
            testId="overview-latest-runs"
            rows={data}
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
        )}
      </QueryView>
    </Section>
  );
}

/**
 * U14: the six value groups of the account's current snapshot with their customers and revenue
 * (GET /account/value-groups), and a refresh (a background request): the table is read again every
 * second until the snapshot's time changes.
 */
function ValueGroups() {
  const [waitingFrom, setWaitingFrom] = useState<string | null | undefined>(undefined);
  const groups = useGet('/account/value-groups', undefined, { refetchInterval: waitingFrom === undefined ? false : 1000 });
  if (waitingFrom !== undefined && groups.data && groups.data.computed_at !== waitingFrom) setWaitingFrom(undefined);
  const refresh = useApiMutation((api) => api.POST('/account/value-groups/refresh', { body: {} }), {
    onSuccess: () => setWaitingFrom(groups.data?.computed_at ?? null),
  });
  const busy = refresh.isPending || waitingFrom !== undefined;
  return (
    <Section
      title="Value groups"
      id="value-groups"
      actions={
        <Changes>
          <button type="button" className="secondary" disabled={busy} aria-busy={busy || undefined} onClick={() => refresh.mutate()} data-testid="value-groups-refresh">
            {busy ? 'Recomputing…' : 'Recompute now'}
          </button>
        </Changes>
      }
    >
      {refresh.error ? <p className="error">{refresh.error.message}</p> : null}
      <QueryView query={groups} loading="Loading the value groups…">
        {(data) => (
          <>
            <p className="hint" data-testid="value-groups-computed-at">
              {data.computed_at === null
                ? 'Never computed yet: the worker computes them daily, or recompute them now.'
                : `Customers who bought in the last 365 days, scored on recency, frequency and monetary value; computed ${showDateTime(data.computed_at)}.`}
            </p>
            <DataTable
              caption="Value groups"
              testId="overview-value-groups"
              rows={data.groups}
              rowKey={(group) => group.value_group}
              columns={[
                { header: 'Group', cell: (group) => GROUP_LABELS[group.value_group] ?? group.value_group },
                { header: 'Customers', className: 'num', cell: (group) => formatCount(group.customers) },
                { header: 'Revenue (365 days)', className: 'num', cell: (group) => formatMoney(group.revenue) },
              ]}
            />
          </>
        )}
      </QueryView>
    </Section>
  );
}

export default function OverviewPage() {
  const [chosen, setChosen] = useSearchParam('range');
  const range = RANGES.find((r) => r.value === chosen) ?? DEFAULT_RANGE;
  // Whole days of the account's zone, today there included.
  const now = new Date();
  const query = { from: range.from(now), to: daysAgo(0, now), group_by: range.group_by, timezone: displaySettings().timezone };
  const summary = useGet('/account/summary', { params: { query } }, { placeholderData: keepPreviousData });
  return (
    <Page
      title="Overview"
      actions={
        <label className="inline-select">
          Period{' '}
          <select value={range.value} onChange={(event) => setChosen(event.target.value === DEFAULT_RANGE.value ? '' : event.target.value)}>
            {RANGES.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
      }
    >
      <QueryView query={summary} loading="Loading the overview…">
        {(data) => (
          <div aria-busy={summary.isPlaceholderData || undefined}>
            <Totals totals={data.totals} />
            <Section title={range.label} id="period">
              <WindowCards summary={data} label={range.label} />
              <SeriesCharts series={data.series} byMonth={data.series[0]?.bucket.length === 7} />
            </Section>
          </div>
        )}
      </QueryView>
      <ValueGroups />
      <IntegrationRuns />
    </Page>
  );
}
