import type { RequestHandler } from '../../jobs/types.js';
import { CategoriesRepository } from './repository.js';

export const CATEGORIES_DELETE = 'categories.delete';
export const CATEGORIES_BULK_DELETE = 'categories.bulk-delete';

export const deleteCategoryTree: RequestHandler<{ code: string; category_id: number }> = {
  type: CATEGORIES_DELETE,
  unit: 'categories',
  step: (trx, accountId, params, limit) => new CategoriesRepository(trx).deleteTreeBatch(accountId, params.category_id, limit),
  describe: (params) => `delete category ${params.code} and its descendants`,
};

export const deleteAllCategories: RequestHandler<Record<string, never>> = {
  type: CATEGORIES_BULK_DELETE,
  unit: 'categories',
  step: (trx, accountId, _params, limit) => new CategoriesRepository(trx).deleteTreeBatch(accountId, null, limit),
  describe: () => 'delete all categories',
};
