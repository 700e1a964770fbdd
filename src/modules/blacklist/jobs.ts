import type { RequestSteps } from '../../jobs/types.js';
import type { BlacklistName } from './normalise.js';
import { BLACKLIST_PURGE, type BlacklistRepository } from './repository.js';

/**
 * Deletes the entries of a list's retired generations (replaced by a delete-create, emptied by a
 * DELETE, or abandoned mid-apply), in the worker's bounded steps. Readers stopped seeing them when
 * they were retired; this only frees the space. Nobody is notified.
 */
export const purgeBlacklist: RequestSteps<{ list: BlacklistName }, { blacklist: Pick<BlacklistRepository, 'purgeRetired'> }> = {
  type: BLACKLIST_PURGE,
  unit: 'blacklist entries',
  step: ({ blacklist }, accountId, params, limit) => blacklist.purgeRetired(accountId, params.list, limit),
  describe: (params) => `delete the replaced entries of the ${params.list} blacklist`,
  privateRows: true,
};
