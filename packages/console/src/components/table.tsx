import type { ReactNode } from 'react';

// Tables scroll sideways inside their own focusable region on narrow screens (360 px), so the page
// never does; the caption names the table for screen readers and the region.

export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** `num` right-aligns figures. */
  className?: string;
}

export interface DataTableProps<T> {
  caption: string;
  /** Show the caption on screen (default: only to screen readers). */
  showCaption?: boolean;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string | number;
  testId?: string;
}

export function DataTable<T>({ caption, showCaption, columns, rows, rowKey, testId }: DataTableProps<T>) {
  return (
    <div className="table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table data-testid={testId}>
        <caption className={showCaption ? undefined : 'visually-hidden'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col" className={column.className}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)}>
              {columns.map((column, i) => (
                <td key={i} className={column.className}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
