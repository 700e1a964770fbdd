import type { RequestSteps } from '../../jobs/types.js';
import type { UserEventsRepository } from './repository.js';

export const USER_EVENTS_BULK_DELETE = 'user-events.bulk-delete';

export interface BulkDeleteParams {
  event_id: number;
  event_name: string;
  from: string;
  to: string;
}

export const bulkDeleteUserEvents: RequestSteps<BulkDeleteParams, { userEvents: Pick<UserEventsRepository, 'deleteBatch'> }> = {
  type: USER_EVENTS_BULK_DELETE,
  unit: 'user events',
  step: ({ userEvents }, accountId, params, limit) =>
    userEvents.deleteBatch(accountId, { eventId: params.event_id, from: params.from, to: params.to }, limit),
  describe: (params) => `delete user events of ${params.event_name} from ${params.from} to ${params.to}`,
};
