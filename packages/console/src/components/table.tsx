import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { Pager } from './pager.js';
import { QueryView } from './states.js';

// On a phone (up to 640 px wide, styles.css) a table shows each row as a card: its cells stacked,
// each with its column's name before it (data-label), the first column as the card's title. Nothing
// scrolls sideways, and every column is still there. The explicit roles keep the table a table for
// screen readers once CSS makes its parts blocks (some browsers drop the semantics then). Wider,
// a table that does not fit scrolls inside its own focusable region, so the page never does. The
// caption names the table (and the region).

export interface Column<T> {
  header: ReactNode;
  /** The column's name on a phone's stacked cells, when `header` is not plain text. */
  label?: string;
  cell: (row: T) => ReactNode;
  /** `num` right-aligns figures. */
  className?: string;
  /** A sortable column's state (aria-sort on its header). */
  sort?: 'ascending' | 'descending' | 'none';
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
  const captionId = useId();
  const labels = columns.map((column) => column.label ?? (typeof column.header === 'string' || typeof column.header === 'number' ? String(column.header) : ''));
  return (
    <div className="table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table data-testid={testId} className="stack" role="table" aria-labelledby={captionId}>
        <caption id={captionId} className={showCaption ? undefined : 'visually-hidden'}>
          {caption}
        </caption>
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((column, i) => (
              <th key={i} scope="col" role="columnheader" className={column.className} aria-sort={column.sort}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((row, index) => (
            <tr key={rowKey(row, index)} role="row">
              {columns.map((column, i) => (
                <td key={i} role="cell" className={column.className} data-label={labels[i]}>
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
