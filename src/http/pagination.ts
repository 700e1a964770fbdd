import { type Static, Type } from 'typebox';

// G6: one page shape for every paginated listing.
export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, default: 0, description: 'Page number, from 0' })),
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
