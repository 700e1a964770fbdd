import { useEffect, useId, useRef, useState } from 'react';
import type uPlotType from 'uplot';
import { Empty, ErrorNote } from './states.js';

// Charts over time (uPlot, ~20 KB gzipped, loaded with the first chart). The canvas is a picture
// for sighted users; the same figures are in a table under "Show the data" for everyone else.

export interface ChartSeries {
  label: string;
  /** One value per x; null for a gap. */
  values: readonly (number | null)[];
  color?: string;
}

export interface TimeChartProps {
  title: string;
  /** Unix seconds, ascending. */
  x: readonly number[];
  series: readonly ChartSeries[];
  /** `bars` for counts per day, `line` (default) for levels such as a balance, `step` for a balance after each change. */
  kind?: 'line' | 'bars' | 'step';
  height?: number;
  /** Format of x in the data table (default: date and time). */
  formatX?: (seconds: number) => string;
  testId?: string;
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

/** [first, last], widened evenly to one hour when shorter. */
function atLeastAnHour(first: number, last: number): [number, number] {
  const pad = Math.max(0, 3600 - (last - first)) / 2;
  return [first - pad, last + pad];
}

const defaultFormatX = (seconds: number) => new Date(seconds * 1000).toLocaleString();

export function TimeChart({ title, x, series, kind = 'line', height = 240, formatX = defaultFormatX, testId }: TimeChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<unknown>(null);
  const titleId = useId();

  useEffect(() => {
    const element = box.current;
    if (!element || x.length === 0) return;
    let plot: uPlotType | null = null;
    let observer: ResizeObserver | null = null;
    let cancelled = false;
    import('./uplot.js').then(
      ({ default: UPlot }) => {
        if (cancelled) return;
        const bars = kind === 'bars';
        const paths = bars ? UPlot.paths.bars!({ size: [0.6, 40] }) : kind === 'step' ? UPlot.paths.stepped!({ align: 1 }) : undefined;
        // Bars stand on 0 (a count axis starting at 5 misleads), and the x scale reaches half a bucket
        // past the first and last so their bars are not cut in half at the edges.
        const step = x.length > 1 ? x[1]! - x[0]! : 86_400;
        const options: uPlotType.Options = {
          width: Math.max(280, element.clientWidth),
          height,
          legend: { show: true },
          cursor: { drag: { x: false, y: false } },
          scales: {
            // Points within less than an hour (runs recorded in the same second) are shown over an
            // hour around them: not the 1,000 days uPlot gives a single instant in seconds, nor
            // ticks every 200 ms.
            x: { time: true, range: (_u, min, max): uPlotType.Range.MinMax => (bars ? [min - step / 2, max + step / 2] : atLeastAnHour(x[0]!, x.at(-1)!)) },
            y: bars ? { range: (_u, min, max) => UPlot.rangeNum(Math.min(0, min), Math.max(0, max), 0.1, true) } : {},
          },
          axes: [{}, { size: fitLabels }],
          series: [
            {},
            ...series.map((s, i) => {
              const color = s.color ?? PALETTE[i % PALETTE.length]!;
              return { label: s.label, stroke: color, fill: bars ? `${color}99` : undefined, width: 2, paths, points: { show: !bars && x.length < 60 } };
            }),
          ],
        };
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
  }, [x, series, kind, height]);

  return (
    <figure className="chart" data-testid={testId} aria-labelledby={titleId}>
      <figcaption id={titleId}>{title}</figcaption>
      {failed ? <ErrorNote error={failed} /> : null}
      {x.length === 0 ? <Empty>No data for this period.</Empty> : <div ref={box} className="chart-canvas" role="img" aria-label={`${title}: chart; the figures are in the table below`} />}
      {x.length > 0 ? (
        <details className="chart-data">
          <summary>Show the data</summary>
          <div className="table-wrap" tabIndex={0} role="region" aria-label={`${title} data`}>
            <table>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  {series.map((s) => (
                    <th scope="col" key={s.label} className="num">
                      {s.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {x.map((seconds, row) => (
                  <tr key={`${seconds}-${row}`}>
                    <td>{formatX(seconds)}</td>
                    {series.map((s) => (
                      <td key={s.label} className="num">
                        {s.values[row] ?? '—'}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </figure>
  );
}
