import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type Explained, explain } from '../api/errors.js';

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

/**
 * An error's words for people, then, where they cannot say it all, the particulars on a line of
 * their own (for whoever runs the server). `explained` replaces explain(error), e.g. for a field.
 */
export function ErrorText({ error, explained }: { error?: unknown; explained?: Explained }) {
  const { text, detail } = explained ?? explain(error);
  return (
    <>
      <span className="error-text">{text}</span>
      {detail ? (
        <span className="error-detail" data-testid="error-detail">
          {detail}
        </span>
      ) : null}
    </>
  );
}

/** What went wrong in the console's words (particulars under them where needed), with a way to try again. */
export function ErrorNote({ error, retry }: { error: unknown; retry?: () => void }) {
  return (
    <div className="error-note" role="alert">
      <p>
        <ErrorText error={error} />
      </p>
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
