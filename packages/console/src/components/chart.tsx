import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import type uPlotType from 'uplot';
import { minuteOf, zonedWall } from '../lib/dates.js';
import { Empty, ErrorNote } from './states.js';
import { DataTable } from './table.js';
import { clockTime, displaySettings, formatCount, formatMoney, numericDate, numericMonth, shortDate } from '../lib/format.js';

// Charts over time (uPlot, ~20 KB gzipped, loaded with the first chart). The canvas is a picture
// for sighted users; the same figures are in a table under "Show the data" for everyone else.
// Moments (the default x format) are in the account's time zone on the axis and in the table, as
// everywhere in the console; whole days and months are the API's, named by their date (the pages
// say how the API counts a day). Numbers on the y axis and in the legend are in the account's
// locale (lib/format.ts). With no point hovered, the legend shows each series' total for the period
// (bars, and lines of counts with `totals`); a level such as a balance has no total, so its legend is
// hidden until a point is hovered (data-legend="idle"): never uPlot's "--", nor labels over empty
// values. The canvas cannot use
// CSS, so the axes take their colours from the stylesheet through the chart box's computed style
// (`color`: the axis labels, `border-color`: the grid), read again when the colour scheme changes:
// the labels keep the text colours' contrast (≥ 4.5:1, WCAG AA) in light and dark. The colour used
// is on the box as data-axis-color.

export interface ChartSeries {
  label: string;
  /** One value per x; null for a gap. */
  values: readonly (number | null)[];
  color?: string;
  /** Amounts of money: the data table writes them in the account's currency. */
  money?: boolean;
}

export interface TimeChartProps {
  title: string;
  /** Unix seconds, ascending. */
  x: readonly number[];
  series: readonly ChartSeries[];
  /** `bars` for counts per day, `line` (default) for levels such as a balance, `step` for a balance after each change. */
  kind?: 'line' | 'bars' | 'step';
  /** The legend shows each series' total with no point hovered (default: for bars only; a level such as a balance has none). */
  totals?: boolean;
  height?: number;
  /** Format of x in the data table and the legend (default: date, time and zone, "29/12/2026 21:30 GMT-3", in the account's zone and locale order); any other format's x are whole days or months, labelled by their date. */
  formatX?: (seconds: number) => string;
  /** The data table's first column and the legend's x (default "When": the default format names the zone). */
  xLabel?: string;
  testId?: string;
}

/** The colour scheme the page is shown in (prefers-color-scheme), as state: charts redraw when it changes. */
function useColorScheme(): 'dark' | 'light' {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia('(prefers-color-scheme: dark)');
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => (window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'),
  );
}

const PALETTE = ['#2563eb', '#16a34a', '#d97706', '#db2777', '#7c3aed', '#0891b2'];

/**
 * The y axis as wide as its longest label (uPlot's fixed 50 px cut "10,000" to "0,000"): measured
 * with the axis's own font on the canvas, on uPlot's first two sizing passes.
 */
function fitLabels(u: uPlotType, values: string[] | null, axisIdx: number, cycleNum: number): number {
  // At run time uPlot keeps `font` as [CSS font scaled to the pixel ratio, size] and the last size in `_size`.
  const axis = u.axes[axisIdx]! as uPlotType.Axis & { _size?: number; font?: unknown };
  const previous = axis._size;
  if (cycleNum > 1 && previous !== undefined) return previous;
  const longest = (values ?? []).reduce((a, b) => (b.length > a.length ? b : a), '');
  let size = (axis.ticks?.size ?? 10) + (axis.gap ?? 5) + 4;
  if (longest !== '') {
    if (Array.isArray(axis.font) && typeof axis.font[0] === 'string') u.ctx.font = axis.font[0];
    size += u.ctx.measureText(longest).width / devicePixelRatio;
  }
  return Math.ceil(size);
}

/**
 * The x axis's labels, dates as the console writes them (the account locale's order, lib/format.ts):
 * months as "11/2026"; days as "04/11" with the year under the first one and where it changes;
 * times as "09:30" with the date under the first one and where it changes. Moments on the account's
 * clocks (`zoned`), days and months by their own (UTC) date.
 */
const axisDates = (zoned: boolean) => (_u: unknown, splits: number[], _axisIdx: number, _space: number, increment: number): string[] => {
  const zone = zoned ? displaySettings().timezone : 'UTC';
  let previous = '';
  return splits.map((seconds) => {
    const ms = seconds * 1000;
    if (increment >= 28 * 86_400) return numericMonth(ms, zone);
    const [day, head] = increment >= 86_400 ? [zoned ? zonedWall(ms).slice(0, 4) : String(new Date(ms).getUTCFullYear()), shortDate(ms, zone)] : [numericDate(ms, zone), clockTime(ms, zone)];
    const label = day === previous ? head : `${head}\n${day}`;
    previous = day;
    return label;
  });
};

/** The y axis's labels in the account's locale ("8.000" under es), as many decimals as the steps need. */
function axisNumbers(_u: unknown, splits: number[], _axisIdx: number, _space: number, increment: number): string[] {
  const digits = increment >= 1 || increment <= 0 ? 0 : Math.min(6, Math.ceil(-Math.log10(increment)));
  return splits.map((value) => formatCount(value, digits));
}

/** [first, last], widened evenly to one hour when shorter. */
function atLeastAnHour(first: number, last: number): [number, number] {
  const pad = Math.max(0, 3600 - (last - first)) / 2;
  return [first - pad, last + pad];
}

export function TimeChart({ title, x, series, kind = 'line', totals = kind === 'bars', height = 240, formatX = minuteOf, xLabel = 'When', testId }: TimeChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const titleId = useId();
  const scheme = useColorScheme();

  useEffect(() => {
    const element = box.current;
    if (!element || x.length === 0) return;
    // The stylesheet's colours for this scheme (.chart-canvas sets them): labels, then grid and ticks.
    const style = getComputedStyle(element);
    const labels = style.color;
    const grid = style.borderTopColor;
    element.dataset.axisColor = labels;
    let plot: uPlotType | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    import('./uplot.js').then(
      ({ default: UPlot }) => {
        if (cancelled) return;
        const bars = kind === 'bars';
        const zoned = formatX === minuteOf;
        const paths = bars ? UPlot.paths.bars!({ size: [0.6, 40] }) : kind === 'step' ? UPlot.paths.stepped!({ align: 1 }) : undefined;
        // Bars stand on 0 (a count axis starting at 5 misleads), and the x scale reaches half a bucket
        // past the first and last so their bars are not cut in half at the edges.
        const step = x.length > 1 ? x[1]! - x[0]! : 86_400;
        const options: uPlotType.Options = {
          width: Math.max(280, element.clientWidth),
          height,
          legend: { show: true },
          cursor: { drag: { x: false, y: false } },
          // A line's legend has nothing to say with no point hovered (a level has no total): it is
          // hidden then (its room kept), rather than showing its labels over empty values.
          hooks: totals ? {} : { setCursor: [(u) => void (element.dataset.legend = u.cursor.idx === null || u.cursor.idx === undefined ? 'idle' : 'hovered')] },
          scales: {
            // Points within less than an hour (runs recorded in the same second) are shown over an
            // hour around them: not the 1,000 days uPlot gives a single instant in seconds, nor
            // ticks every 200 ms.
            x: { time: true, range: (_u, min, max): uPlotType.Range.MinMax => (bars ? [min - step / 2, max + step / 2] : atLeastAnHour(x[0]!, x.at(-1)!)) },
            y: bars ? { range: (_u, min, max) => UPlot.rangeNum(Math.min(0, min), Math.max(0, max), 0.1, true) } : {},
          },
          // Moments on the account's clocks, days and months by their date (uPlot draws in the browser's zone otherwise).
          tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), zoned ? displaySettings().timezone : 'Etc/UTC'),
          axes: [
            { stroke: labels, values: axisDates(zoned), grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } },
            { size: fitLabels, values: axisNumbers, stroke: labels, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } },
          ],
          series: [
            { label: xLabel, value: (_u, value) => (value === null || value === undefined ? (totals ? 'Total' : '') : formatX(value)) },
            ...series.map((s, i) => {
              const color = s.color ?? PALETTE[i % PALETTE.length]!;
              const write = (value: number | null | undefined) => (s.money ? formatMoney(value) : formatCount(value, 2));
              const total = s.values.reduce<number>((sum, value) => sum + (value ?? 0), 0);
              // No point hovered (idx null): the period's total, or nothing (the legend is hidden then).
              const value = (_u: uPlotType, v: number | null, _sidx: number, idx: number | null) => (idx === null || idx === undefined ? (totals ? write(total) : '') : write(v));
              return { label: s.label, stroke: color, fill: bars ? `${color}99` : undefined, width: 2, paths, points: { show: !bars && x.length < 60 }, value };
            }),
          ],
        };
        if (!totals) element.dataset.legend = 'idle';
        const data = [Array.from(x), ...series.map((s) => Array.from(s.values))] as uPlotType.AlignedData;
        plot = new UPlot(options, data, element);
        observer = new ResizeObserver(() => plot?.setSize({ width: Math.max(280, element.clientWidth), height }));
        observer.observe(element);
      },
      (error: unknown) => setFailed(error),
    );
    return () => {
      cancelled = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [x, series, kind, totals, height, scheme, formatX]);

  return (
    <figure className="chart" data-testid={testId} aria-labelledby={titleId}>
      <figcaption id={titleId}>{title}</figcaption>
      {failed ? <ErrorNote error={failed} /> : null}
      {x.length === 0 ? <Empty>No data for this period.</Empty> : <div ref={box} className="chart-canvas" role="img" aria-label={`${title}: chart; the figures are in the table below`} />}
      {x.length > 0 ? (
        <details className="chart-data">
          <summary>Show the data</summary>
          <DataTable
            caption={`${title} data`}
            rows={x.map((seconds, row) => ({ seconds, row }))}
            rowKey={({ seconds, row }) => `${seconds}-${row}`}
            columns={[
              { header: xLabel, cell: ({ seconds }) => formatX(seconds) },
              ...series.map((s) => ({ header: s.label, className: 'num', cell: ({ row }: { row: number }) => (s.money ? formatMoney(s.values[row]) : formatCount(s.values[row], 2)) })),
            ]}
          />
        </details>
      ) : null}
    </figure>
  );
}
