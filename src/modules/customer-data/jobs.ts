import type { RequestSteps } from '../../jobs/types.js';
import type { WebhookOutbox } from '../../jobs/webhooks/outbox.js';
import { presentDeletedUser } from '../users/present.js';
import type { ErasureRepository } from './repository.js';
import { segmentExits } from './segment-exits.js';

export const USERS_BULK_ERASE = 'users.bulk-erase';

export interface BulkEraseParams {
  segment_id: number;
  title: string;
  /** The key of the members frozen at acceptance (erasure_members). */
  erasure_id: string;
  members: number;
}

/** Customers erased per step at most: each with all its rows, so a step stays short. */
export const MAX_CUSTOMERS_PER_STEP = 50;
/** The worker's step size counts rows (it adapts to how long a step takes); a customer is this many. */
const ROWS_PER_CUSTOMER = 20;

type Repositories = {
  erasure: Pick<ErasureRepository, 'frozen' | 'lockCustomers' | 'awaitScoreAndMemberWriters' | 'memberships' | 'erase' | 'unfreeze'>;
  webhookOutbox: Pick<WebhookOutbox, 'emit'>;
};

/**
 * D4, DELETE /multiusers/bulk: each step erases the next frozen members, lowest id first, as D1
 * does (locked, every row, the profile last) and deletes their frozen rows, all in the step's
 * transaction together with the request's progress: a customer is erased wholly or not at all, a
 * committed step is never repeated, and a crash resumes with the members left. The count is the
 * customers erased; a member erased meanwhile by another request is skipped, not counted. Each
 * customer erased has its `user.deleted` message (W2) in the step's transaction.
 */
export const bulkEraseCustomers: RequestSteps<BulkEraseParams, Repositories> = {
  type: USERS_BULK_ERASE,
  unit: 'customers',
  step: async ({ erasure, webhookOutbox }, accountId, params, limit, now) => {
    const size = Math.max(1, Math.min(MAX_CUSTOMERS_PER_STEP, Math.floor(limit / ROWS_PER_CUSTOMER)));
    for (;;) {
      const batch = await erasure.frozen(accountId, params.erasure_id, size);
      if (batch.length === 0) return 0;
      const customers = await erasure.lockCustomers(accountId, batch);
      const present = customers.map((customer) => customer.id);
      // Erasing deletes the frozen rows of the customers erased; only those already gone are left.
      if (present.length > 0) {
        await erasure.awaitScoreAndMemberWriters(accountId);
        const memberships = await erasure.memberships(accountId, present);
        await erasure.erase(accountId, present);
        const deleted = customers.map((customer) => ({ type: 'user.deleted' as const, data: presentDeletedUser(customer) }));
        await webhookOutbox.emit(accountId, [...deleted, ...segmentExits(customers, memberships)], now);
      }
      if (present.length < batch.length) await erasure.unfreeze(accountId, params.erasure_id, batch);
      if (present.length > 0) return present.length;
    }
  },
  // On PostgreSQL a step blocks no reader (MVCC) nor the event loop, and its cost is mostly its round
  // trips, so its steps aim at the longer target: the rows it writes are those of customers being
  // erased, which no one else should write (a write that does waits for one step, then finds the
  // customer gone). On SQLite the step target is the usual one either way.
  privateRows: true,
  describe: (params) => `erase the ${params.members} customers of segment ${params.segment_id} (${params.title})`,
};
