import type { RequestSteps } from '../../jobs/types.js';
import type { BranchesRepository } from './repository.js';

export const BRANCHES_DELETE = 'branches.delete';

type Repositories = { branches: Pick<BranchesRepository, 'unassignPurchases' | 'delete'> };

/**
 * P4, DELETE /branches: first the branch's purchases lose their reference to it, a bounded batch
 * per step (they keep their data and answer `branch: null`); then the branch itself goes. The
 * request's count (`result.deleted`) is the rows changed: the purchases unassigned plus the branch.
 */
export const deleteBranch: RequestSteps<{ branch_id: number; name: string }, Repositories> = {
  type: BRANCHES_DELETE,
  unit: 'rows',
  step: async ({ branches }, accountId, params, limit) => {
    const unassigned = await branches.unassignPurchases(accountId, params.branch_id, limit);
    if (unassigned > 0) return unassigned;
    return branches.delete(accountId, params.branch_id);
  },
  describe: (params) => `delete branch ${params.branch_id} (${params.name}) and unassign its purchases`,
};
