import type { DeliveryObject, WebhookObject } from './schemas.js';
import type { MessageRow } from '../../jobs/webhooks/messages.js';
import type { EndpointRow } from './repository.js';

export function presentEndpoint(row: EndpointRow): WebhookObject {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as string[],
    description: row.description,
    status: row.status,
    createtime: row.createtime,
    updatetime: row.updatetime,
  };
}

export function presentDelivery(row: MessageRow): DeliveryObject {
  return {
    message_id: row.message_id,
    type: row.type,
    attempts: Number(row.attempts),
    status: row.status,
    response_status: row.response_status === null ? null : Number(row.response_status),
    response_body: row.response_body,
    duration_ms: row.duration_ms === null ? null : Number(row.duration_ms),
    error: row.error,
    createtime: row.createtime,
    last_attempt_at: row.last_attempt_at,
    next_attempt_at: row.status === 'pending' ? row.next_attempt_at : null,
  };
}
