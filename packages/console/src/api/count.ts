// The listings answer pages without a total. A count is found by reading one-item pages: the
// listing holds n items when page n-1 (limit 1) has one and page n has none. Doubling then
// bisecting finds n in about 2·log2(n) tiny requests (40 for a million) instead of n/100 pages.

/** The API's largest page number (G6). */
export const MAX_PAGE = 1_000_000;

export interface Count {
  count: number;
  /** True when there are more than `count` (the page limit was reached). */
  atLeast: boolean;
}

/** How many items a listing holds; `hasItemAt(i)` reads page i with limit 1. */
export async function countListing(hasItemAt: (index: number) => Promise<boolean>): Promise<Count> {
  if (!(await hasItemAt(0))) return { count: 0, atLeast: false };
  let known = 0; // an index with an item
  let probe = 1;
  for (;;) {
    if (probe > MAX_PAGE) {
      if (await hasItemAt(MAX_PAGE)) return { count: MAX_PAGE + 1, atLeast: true };
      probe = MAX_PAGE;
      break;
    }
    if (!(await hasItemAt(probe))) break;
    known = probe;
    probe *= 2;
  }
  let missing = probe; // an index without an item
  while (missing - known > 1) {
    const middle = Math.floor((known + missing) / 2);
    if (await hasItemAt(middle)) known = middle;
    else missing = middle;
  }
  return { count: known + 1, atLeast: false };
}

/** "1,234", or "1,000,001+" when the listing holds more. */
export const showCount = ({ count, atLeast }: Count): string => `${count.toLocaleString()}${atLeast ? '+' : ''}`;
