import type { RequestSteps } from '../../jobs/types.js';
import type { ValueGroupsRepository } from './repository.js';
import { type RefreshRepositories, refreshValueGroups } from './refresh.js';

export const VALUE_GROUPS_REFRESH = 'value-groups.refresh';

export interface RefreshParams {
  /** This request's own key, written with the snapshot it computes. */
  run: string;
}

type Repositories = RefreshRepositories & { valueGroups: Pick<ValueGroupsRepository, 'recompute' | 'snapshot'> };

/**
 * U14, POST /account/value-groups/refresh: the whole snapshot in one step (one transaction with the
 * request's progress), counted as the customers scored. The snapshot remembers the request that
 * wrote it, so the next step, or a resumed request whose step committed before a crash, finds the
 * work done and ends.
 */
export const refreshValueGroupsRequest: RequestSteps<RefreshParams, Repositories> = {
  type: VALUE_GROUPS_REFRESH,
  unit: 'customers scored',
  async step(repositories, accountId, params, _limit, now) {
    if ((await repositories.valueGroups.snapshot(accountId))?.run === params.run) return 0;
    return refreshValueGroups(repositories, accountId, now, params.run);
  },
  describe: () => 'recompute the value groups (RFM scores) of every customer',
};
