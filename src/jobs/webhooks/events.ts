// W2: the event types a webhook endpoint subscribes to; `*` is every one of them.
export const WEBHOOK_EVENT_TYPES = [
  'user.created',
  'user.updated',
  'user.deleted',
  'points.changed',
  'purchase.created',
  'purchase.updated',
  'purchase.deleted',
  'user_event.created',
  'abandoned_cart.created',
  'coupon.assigned',
  'blacklist.changed',
  'request.finished',
  // M8: a mailing's last recipient answered; a recipient unsubscribed (M8) or hard-bounced (M6).
  'mailing.finished',
  'email.unsubscribed',
  'email.bounced',
  // SG8: a customer entered or left a segment.
  'segment.entered',
  'segment.exited',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** W5: sent by POST /webhooks/{id}/test whatever the endpoint subscribes to. */
export const TEST_EVENT_TYPE = 'webhook.test';

export interface WebhookEvent {
  type: WebhookEventType;
  /**
   * The resource as its own GET answers it; for deletions, its ids. Or a function answering it,
   * called (once, in the change's transaction) only when an enabled endpoint subscribes to the
   * type: data that costs reads is then read for subscribers only.
   */
  data: unknown;
  /** The customer whose personal data `data` carries: erasing the customer (D1) deletes the message. */
  userId?: number;
}

/** W2's body: `{type, timestamp, data}`, the timestamp ISO 8601 in UTC. */
export function webhookBody(type: string, data: unknown, now: Date): string {
  return JSON.stringify({ type, timestamp: now.toISOString(), data });
}

export function subscribes(events: readonly string[], type: string): boolean {
  return events.includes('*') || events.includes(type);
}
