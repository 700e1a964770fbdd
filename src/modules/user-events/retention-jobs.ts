import type { RequestSteps } from '../../jobs/types.js';
import type { ExpiryRule, RetentionRepository } from './retention-repository.js';

export const USER_EVENTS_RETENTION = 'user-events.retention';

/** A run's rules, fixed when it is scheduled (`before` computed from the settings then). */
export interface RetentionParams {
  rules: ExpiryRule[];
}

/** D5: a retention run, one rule after the other, each step a bounded delete in its own transaction. */
export const applyRetention: RequestSteps<RetentionParams, { retention: Pick<RetentionRepository, 'deleteExpired'> }> = {
  type: USER_EVENTS_RETENTION,
  unit: 'user events',
  async step({ retention }, accountId, params, limit) {
    for (const rule of params.rules) {
      const deleted = await retention.deleteExpired(accountId, rule, limit);
      if (deleted > 0) return deleted;
    }
    return 0;
  },
  describe: () => 'delete the user events older than the account\'s retention settings',
};
