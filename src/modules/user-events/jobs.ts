import type { RequestHandler } from '../../jobs/types.js';
import { UserEventsRepository } from './repository.js';

export const USER_EVENTS_BULK_DELETE = 'user-events.bulk-delete';

export interface BulkDeleteParams {
  event_id: number;
  event_name: string;
  from: string;
  to: string;
}

export const bulkDeleteUserEvents: RequestHandler<BulkDeleteParams> = {
  type: USER_EVENTS_BULK_DELETE,
  unit: 'user events',
  step: (trx, accountId, params, limit) =>
    new UserEventsRepository(trx).deleteBatch(accountId, { eventId: params.event_id, from: params.from, to: params.to }, limit),
  describe: (params) => `delete user events of ${params.event_name} from ${params.from} to ${params.to}`,
};
