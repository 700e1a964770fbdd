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
        const paths = kind === 'bars' ? UPlot.paths.bars!({ size: [0.6, 40] }) : kind === 'step' ? UPlot.paths.stepped!({ align: 1 }) : undefined;
        const options: uPlotType.Options = {
          width: Math.max(280, element.clientWidth),
          height,
          legend: { show: true },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true } },
          series: [
            {},
            ...series.map((s, i) => {
              const color = s.color ?? PALETTE[i % PALETTE.length]!;
              return { label: s.label, stroke: color, fill: kind === 'bars' ? `${color}99` : undefined, width: 2, paths, points: { show: x.length < 60 } };
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
