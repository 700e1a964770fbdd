import type { RapportClient } from '@rapport/sdk';
import { keepPreviousData } from '@tanstack/react-query';
import { type GetInit, type GetPath, useApiQuery, useGet } from '../api/queries.js';
import { useSearchParam } from '../router.js';

// Listings take `page` (from 0) and `limit` (1..100) and answer an array with no total: a page
// shorter than the limit is the last one. The page lives in the URL (?page=2, counted from 1 for
// people), so Back and a shared link keep it.

export const PAGE_SIZE = 25;

/** The API page (from 0) of the URL's `?page=`, and a setter; `name` allows two lists on one page. */
export function usePage(name = 'page'): [number, (page: number) => void] {
  const [text, setText] = useSearchParam(name);
  const shown = Math.max(1, Math.floor(Number(text)) || 1);
  return [shown - 1, (page: number) => setText(page <= 0 ? '' : String(page + 1))];
}

export interface PagerProps {
  /** The API page shown (from 0). */
  page: number;
  /** Items on this page (undefined while loading). */
  count: number | undefined;
  limit?: number;
  onPage: (page: number) => void;
  /** What the list holds, for the navigation's name ("Customers pages"). */
  label: string;
}

export function Pager({ page, count, limit = PAGE_SIZE, onPage, label }: PagerProps) {
  const hasNext = count !== undefined && count >= limit;
  if (page === 0 && !hasNext) return null;
  return (
    <nav className="pager" aria-label={`${label} pages`}>
      <button type="button" onClick={() => onPage(page - 1)} disabled={page === 0}>
        ← Previous
      </button>
      <span aria-live="polite">Page {page + 1}</span>
      <button type="button" onClick={() => onPage(page + 1)} disabled={!hasNext}>
        Next →
      </button>
    </nav>
  );
}

/**
 * Every item of a listing (up to `max`), read with the SDK's paginate: for charts and summaries
 * that need the whole series. `truncated` says the listing had more than `max`.
 */
export function useAllPages<T>(queryKey: readonly unknown[], items: (api: RapportClient) => AsyncIterable<T>, max = 2000) {
  return useApiQuery(['all', ...queryKey, max], async (api, signal) => {
    const list: T[] = [];
    for await (const item of items(api)) {
      if (signal.aborted) break;
      if (list.length === max) return { items: list, truncated: true };
      list.push(item);
    }
    return { items: list, truncated: false };
  });
}

/**
 * One page of a listing, the page taken from the URL (`?<pageParam>=`): `init` without page/limit,
 * they are added. The previous page stays shown while the next one loads.
 */
export function usePagedGet<P extends GetPath>(path: P, init: GetInit<P> | undefined, options: { pageParam?: string; limit?: number; enabled?: boolean } = {}) {
  const [page, setPage] = usePage(options.pageParam);
  const limit = options.limit ?? PAGE_SIZE;
  const given = (init ?? {}) as { params?: { query?: object } };
  const paged = { ...given, params: { ...given.params, query: { ...given.params?.query, page, limit } } } as GetInit<P>;
  const query = useGet(path, paged, { placeholderData: keepPreviousData, enabled: options.enabled });
  return { query, page, setPage, limit };
}
