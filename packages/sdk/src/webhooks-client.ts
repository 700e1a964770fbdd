import type { CoreClient, ItemOf, Payload } from './calls.js';
import type { WEBHOOK_ALL_EVENTS, WebhookEventType } from './webhooks.js';

// `rapport.webhooks.*`: the calls of W1 and W5 (endpoints, their secret, their delivery log).

/** W1: an endpoint as the API answers it (no secret). */
export type WebhookEndpoint = Payload<'get', '/webhooks/{id}'>;
/** W1: the answer of `create`: the endpoint and its secret, shown this once. */
export type WebhookEndpointWithSecret = Payload<'post', '/webhooks'>;
/** W1: the answer of `rotateSecret`: the new secret, and until when the previous one signs too. */
export type RotatedWebhookSecret = Payload<'post', '/webhooks/{id}/rotate-secret'>;
/** W5: one message of an endpoint's delivery log. */
export type WebhookDelivery = ItemOf<'/webhooks/{id}/deliveries'>;
export type WebhookDeliveryStatus = WebhookDelivery['status'];

/** An event type of W2, or `*` for all (those added later too). */
export type WebhookEventFilter = WebhookEventType | typeof WEBHOOK_ALL_EVENTS;

export interface WebhookInput {
  /** `https://…`; `http://` only to this machine or a private network, on a server with WEBHOOK_ALLOW_PRIVATE=true. */
  url: string;
  /** 1 to 50 event types, or `['*']`. */
  events: readonly WebhookEventFilter[];
  description?: string;
}

export interface WebhookChanges extends Partial<WebhookInput> {
  /** `disabled`: nothing is sent until it is enabled again (W4 disables an endpoint failing for 5 days). */
  status?: 'enabled' | 'disabled';
}

export interface WebhookDeliveriesQuery {
  /** From 0. */
  page?: number;
  /** 1..100 (default 25 on the server). */
  limit?: number;
  status?: WebhookDeliveryStatus;
}

export interface WebhooksApi {
  /** `GET /webhooks`: every endpoint of the account, id order. */
  list(): Promise<WebhookEndpoint[]>;
  /** `GET /webhooks/{id}` (404: RapportError). */
  get(id: number): Promise<WebhookEndpoint>;
  /** `POST /webhooks`: keep the answer's `secret`, it is never shown again. A refused URL is a RapportError 400 naming `url`. */
  create(input: WebhookInput): Promise<WebhookEndpointWithSecret>;
  /** `PUT /webhooks/{id}`: only what is given changes. */
  update(id: number, changes: WebhookChanges): Promise<WebhookEndpoint>;
  /** `DELETE /webhooks/{id}`: the endpoint, its delivery log and its messages not yet sent. */
  delete(id: number): Promise<{ id: number; deleted: true }>;
  /** `POST /webhooks/{id}/rotate-secret`: a new secret; the previous one signs too until `previous_secret_expires` (24 hours). */
  rotateSecret(id: number): Promise<RotatedWebhookSecret>;
  /** `GET /webhooks/{id}/deliveries`: one page of the delivery log, newest first. */
  deliveries(id: number, query?: WebhookDeliveriesQuery): Promise<WebhookDelivery[]>;
  /** `POST /webhooks/{id}/deliveries/{message_id}/retry`: sends the message again now; answers it after that attempt. */
  retry(id: number, messageId: string): Promise<WebhookDelivery>;
  /** `POST /webhooks/{id}/test`: sends a `webhook.test` message now; answers its delivery (`status` `succeeded` or `failed`). */
  test(id: number): Promise<WebhookDelivery>;
}

const endpointId = (id: number): number => {
  if (!Number.isSafeInteger(id) || id < 1) throw new RangeError(`a webhook endpoint id is a positive integer, got ${id}`);
  return id;
};

/** The webhooks calls over a client (read lazily: the client is being built when this is called). */
export function webhooksApi(clientOf: () => CoreClient): WebhooksApi {
  const path = (id: number) => ({ params: { path: { id: endpointId(id) } } });
  return {
    list: () => clientOf().GET('/webhooks'),
    get: (id) => clientOf().GET('/webhooks/{id}', path(id)),
    create: (input) => clientOf().POST('/webhooks', { body: { ...input, events: [...input.events] } }),
    update: (id, { events, ...rest }) => clientOf().PUT('/webhooks/{id}', { ...path(id), body: { ...rest, ...(events ? { events: [...events] } : {}) } }),
    delete: (id) => clientOf().DELETE('/webhooks/{id}', path(id)),
    rotateSecret: (id) => clientOf().POST('/webhooks/{id}/rotate-secret', path(id)),
    deliveries: (id, query = {}) => clientOf().GET('/webhooks/{id}/deliveries', { params: { path: { id: endpointId(id) }, query } }),
    retry: (id, messageId) => {
      if (messageId === '') throw new RangeError('a message id must not be empty');
      return clientOf().POST('/webhooks/{id}/deliveries/{message_id}/retry', { params: { path: { id: endpointId(id), message_id: messageId } } });
    },
    test: (id) => clientOf().POST('/webhooks/{id}/test', path(id)),
  };
}
