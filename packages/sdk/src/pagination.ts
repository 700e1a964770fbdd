// G6: listings take `page` (from 0) and `limit` (1..100). A page shorter than `limit` is the last.

export interface PaginateOptions {
  /** Items per request, 1..100 (default 100: fewest requests). */
  limit?: number;
  /** First page to read (default 0). */
  startPage?: number;
}

/**
 * Every item of a paginated listing, page by page, asking for the next page only when the caller
 * has consumed the previous one. `fetchPage` reads one page (e.g. `(page, limit) => …entries`).
 */
export async function* paginate<T>(
  fetchPage: (page: number, limit: number) => Promise<readonly T[]>,
  options: PaginateOptions = {},
): AsyncGenerator<T, void, undefined> {
  const limit = options.limit ?? 100;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) throw new RangeError(`limit must be an integer from 1 to 100, got ${limit}`);
  for (let page = options.startPage ?? 0; ; page += 1) {
    const items = await fetchPage(page, limit);
    yield* items;
    if (items.length < limit) return;
  }
}
