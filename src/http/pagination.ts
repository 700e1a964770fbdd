import { type Static, Type } from 'typebox';

/**
 * O4: the highest page number. With the largest limit the offset stays at 10^8 rows at most, far
 * inside every database's offset type; a page beyond it is a 400 naming `page`, not a 500.
 */
export const MAX_PAGE = 1_000_000;

// G6: one page shape for every paginated listing.
export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE, default: 0, description: `Page number, from 0 to ${MAX_PAGE}` })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 25, description: 'Items per page, 1..100' })),
});
export type PageQuery = Static<typeof PageQuery>;

export interface Page {
  limit: number;
  offset: number;
}

export function toPage(query: { page?: number; limit?: number }): Page {
  const limit = query.limit ?? 25;
  return { limit, offset: (query.page ?? 0) * limit };
}

/** Every row at once, for the answers that are not paginated (D3's export of one customer). */
export const EVERY_ROW: Page = { limit: 2_147_483_647, offset: 0 };
