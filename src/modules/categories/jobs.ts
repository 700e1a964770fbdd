import type { RequestSteps } from '../../jobs/types.js';
import type { CategoriesRepository } from './repository.js';

export const CATEGORIES_DELETE = 'categories.delete';
export const CATEGORIES_BULK_DELETE = 'categories.bulk-delete';

type Repositories = { categories: Pick<CategoriesRepository, 'deleteTreeBatch'> };

export const deleteCategoryTree: RequestSteps<{ code: string; category_id: number }, Repositories> = {
  type: CATEGORIES_DELETE,
  unit: 'categories',
  step: ({ categories }, accountId, params, limit) => categories.deleteTreeBatch(accountId, params.category_id, limit),
  describe: (params) => `delete category ${params.code} and its descendants`,
};

export const deleteAllCategories: RequestSteps<Record<string, never>, Repositories> = {
  type: CATEGORIES_BULK_DELETE,
  unit: 'categories',
  step: ({ categories }, accountId, _params, limit) => categories.deleteTreeBatch(accountId, null, limit),
  describe: () => 'delete all categories',
};
