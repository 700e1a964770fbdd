import type { WebhookEvent } from '../../jobs/webhooks/events.js';
import type { LockedCustomer, SegmentMembership } from './repository.js';

/**
 * SG8: an erased customer leaves every segment it was in: `segment.exited` without the e-mail, and
 * not tied to the customer (the erasure deletes the customer's other messages, not these).
 */
export function segmentExits(customers: readonly LockedCustomer[], memberships: readonly SegmentMembership[]): WebhookEvent[] {
  const byId = new Map(customers.map((customer) => [customer.id, customer]));
  return memberships.map(({ user_id, segment }) => ({
    type: 'segment.exited',
    data: { segment, user: { userapp_id: user_id, user_id, service_uid: byId.get(user_id)?.service_uid ?? null } },
  }));
}
