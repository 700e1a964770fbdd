import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Pager } from './pager.js';
import { QueryView } from './states.js';

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

export interface PagedTableProps<T> extends Omit<DataTableProps<T>, 'rows'> {
  /** What usePagedGet answered. */
  paged: { query: UseQueryResult<readonly T[], Error>; page: number; setPage: (page: number) => void; limit: number };
  loading?: string;
  /** Shown when the first page is empty. */
  empty: ReactNode;
}

/** A listing read with usePagedGet: loading, error and empty states, the table, and its pager. */
export function PagedTable<T>({ paged, loading, empty, ...table }: PagedTableProps<T>) {
  const { query, page, setPage, limit } = paged;
  return (
    <QueryView query={query} loading={loading} isEmpty={(rows) => rows.length === 0 && page === 0} empty={empty}>
      {(rows) => (
        <>
          <DataTable {...table} rows={rows} />
          <Pager page={page} count={rows.length} limit={limit} onPage={setPage} label={table.caption} />
        </>
      )}
    </QueryView>
  );
}
