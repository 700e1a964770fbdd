import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { messageOf } from '../api/errors.js';

// Loading, empty and error states: every list and detail shows one of them instead of nothing.

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="state state-loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" /> {label}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="state state-empty">{children}</p>;
}

/** The API's own message (or what went wrong on the way), with a way to try again. */
export function ErrorNote({ error, retry }: { error: unknown; retry?: () => void }) {
  return (
    <div className="error-note" role="alert">
      <p>{messageOf(error)}</p>
      {retry ? (
        <button type="button" onClick={retry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

export interface QueryViewProps<T> {
  query: UseQueryResult<T, Error>;
  /** Shown while the first answer is awaited. */
  loading?: string;
  /** When true for the answer, `empty` is shown instead of the children. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/** Renders a query's loading, error, empty or data state. */
export function QueryView<T>({ query, loading, isEmpty, empty = 'Nothing here yet.', children }: QueryViewProps<T>) {
  if (query.isPending) return <Loading label={loading} />;
  if (query.isError) return <ErrorNote error={query.error} retry={() => void query.refetch()} />;
  if (isEmpty?.(query.data)) return <Empty>{empty}</Empty>;
  return <>{children(query.data)}</>;
}

/** The status of a background request or an integration run, as a coloured badge with its word. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge badge-${status.replace(/[^a-z]/gi, '').toLowerCase()}`}>{status}</span>;
}
