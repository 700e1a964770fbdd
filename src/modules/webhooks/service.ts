import { retryOnConflict } from '../../db/errors.js';
import { AppError, NotFoundError, invalidField } from '../../lib/errors.js';
import { type Clock, formatDateTime } from '../../lib/time.js';
import type { Page } from '../../http/pagination.js';
import { type Lookup, RefusedDestination, checkDestination } from '../../jobs/webhooks/address-guard.js';
import type { WebhookSending } from '../../jobs/webhooks/deliverer.js';
import { TEST_EVENT_TYPE, WEBHOOK_EVENT_TYPES, webhookBody } from '../../jobs/webhooks/events.js';
import { newMessageId, newSecret } from '../../jobs/webhooks/signing.js';
import { presentDelivery, presentEndpoint } from './present.js';
import type { EndpointRow, WebhooksRepository } from './repository.js';
import {
  type CreateWebhookBody,
  type DeliveriesQuery,
  type DeliveryObject,
  MAX_ENDPOINTS,
  type RotatedSecret,
  type UpdateWebhookBody,
  type WebhookObject,
  type WebhookWithSecret,
} from './schemas.js';

/** W1: during this long after a rotation the previous secret also signs. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

const KNOWN_EVENTS = new Set<string>([...WEBHOOK_EVENT_TYPES, '*']);

export interface WebhooksDeps {
  webhooks: WebhooksRepository;
  sending: WebhookSending;
  clock: Clock;
  allowPrivate: boolean;
  lookup?: Lookup;
  /** This process's writes then see at once the endpoints as changed (jobs/webhooks/endpoint-cache.ts). */
  endpointsChanged?: () => void;
}

export class WebhooksService {
  constructor(private readonly deps: WebhooksDeps) {}

  async create(accountId: number, body: CreateWebhookBody): Promise<WebhookWithSecret> {
    const url = await this.checkUrl(body.url);
    const events = checkEvents(body.events);
    if ((await this.deps.webhooks.count(accountId)) >= MAX_ENDPOINTS) {
      throw new AppError(409, 'conflict', `an account has at most ${MAX_ENDPOINTS} webhook endpoints; delete one first`);
    }
    const now = formatDateTime(this.deps.clock.now());
    const row = await this.deps.webhooks.insert(accountId, {
      url,
      events: JSON.stringify(events),
      description: body.description ?? '',
      status: 'enabled',
      secret: newSecret(),
      createtime: now,
      updatetime: now,
    });
    this.deps.endpointsChanged?.();
    return { ...presentEndpoint(row), secret: row.secret };
  }

  async list(accountId: number): Promise<WebhookObject[]> {
    return (await this.deps.webhooks.list(accountId)).map(presentEndpoint);
  }

  async get(accountId: number, id: number): Promise<WebhookObject> {
    return presentEndpoint(await this.endpoint(accountId, id));
  }

  async update(accountId: number, id: number, body: UpdateWebhookBody): Promise<WebhookObject> {
    const current = await this.endpoint(accountId, id);
    const url = body.url === undefined ? undefined : await this.checkUrl(body.url);
    const events = body.events === undefined ? undefined : JSON.stringify(checkEvents(body.events));
    const updated = await this.deps.webhooks.update(accountId, id, {
      ...(url !== undefined ? { url } : {}),
      ...(events !== undefined ? { events } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.status !== undefined ? { status: body.status } : {}),
      // Enabled again by hand: the five days of W4 start over.
      ...(body.status === 'enabled' && current.status === 'disabled' ? { failing_since: null } : {}),
      updatetime: formatDateTime(this.deps.clock.now()),
    });
    if (!updated) throw notFound(id);
    this.deps.endpointsChanged?.();
    if (updated.status === 'enabled') this.deps.sending.wake();
    return presentEndpoint(updated);
  }

  async delete(accountId: number, id: number): Promise<{ id: number; deleted: true }> {
    // Its messages go with it (cascade), possibly while the deliverer records outcomes of some.
    if (!(await retryOnConflict(() => this.deps.webhooks.delete(accountId, id)))) throw notFound(id);
    this.deps.endpointsChanged?.();
    return { id, deleted: true };
  }

  async rotateSecret(accountId: number, id: number): Promise<RotatedSecret> {
    const current = await this.endpoint(accountId, id);
    const now = this.deps.clock.now();
    const expires = formatDateTime(new Date(now.getTime() + ROTATION_OVERLAP_MS));
    const updated = await this.deps.webhooks.update(accountId, id, {
      secret: newSecret(),
      previous_secret: current.secret,
      previous_secret_until: expires,
      updatetime: formatDateTime(now),
    });
    if (!updated) throw notFound(id);
    return { ...presentEndpoint(updated), secret: updated.secret, previous_secret_expires: expires };
  }

  async deliveries(accountId: number, id: number, query: DeliveriesQuery, page: Page): Promise<DeliveryObject[]> {
    await this.endpoint(accountId, id);
    return (await this.deps.webhooks.deliveries(accountId, id, { status: query.status }, page)).map(presentDelivery);
  }

  /** W5: one more attempt of a message, now, whatever its state; answers the message after it. */
  async retry(accountId: number, id: number, messageId: string): Promise<DeliveryObject> {
    await this.endpoint(accountId, id);
    const message = await this.deps.webhooks.findMessage(accountId, id, messageId);
    if (!message) throw new NotFoundError(`webhook ${id} has no message ${messageId}`);
    return this.sendNow(accountId, message.id);
  }

  /** W5: a webhook.test message, whatever the endpoint subscribes to, sent now (not retried on its own). */
  async test(accountId: number, id: number): Promise<DeliveryObject> {
    const endpoint = await this.endpoint(accountId, id);
    const now = this.deps.clock.now();
    const message = await this.deps.webhooks.insertMessage(accountId, {
      message_id: newMessageId(),
      endpoint_id: endpoint.id,
      type: TEST_EVENT_TYPE,
      body: webhookBody(TEST_EVENT_TYPE, { webhook_id: endpoint.id, message: 'A test message from Rapport: your endpoint is reachable and can check signatures.' }, now),
      // Failed until it succeeds: a test message is sent by hand only, never by the schedule.
      status: 'failed',
      next_attempt_at: formatDateTime(now),
      createtime: formatDateTime(now),
    });
    return this.sendNow(accountId, message.id);
  }

  private async sendNow(accountId: number, messageRowId: number): Promise<DeliveryObject> {
    const outcome = await this.deps.sending.sendNow(accountId, messageRowId);
    if (!outcome) throw new AppError(409, 'conflict', 'the message is being sent by the worker at this moment; look at the delivery log in a few seconds', { 'retry-after': '10' });
    const after = await this.deps.webhooks.findMessageById(accountId, messageRowId);
    if (!after) throw new NotFoundError('the message was deleted while it was being sent');
    return presentDelivery(after);
  }

  private async endpoint(accountId: number, id: number): Promise<EndpointRow> {
    const row = await this.deps.webhooks.find(accountId, id);
    if (!row) throw notFound(id);
    return row;
  }

  private async checkUrl(text: string): Promise<string> {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      // Says what this server accepts: http:// too when it allows private addresses (W1, checkDestination).
      throw invalidField('url', this.deps.allowPrivate ? 'must be an absolute URL: https://…, or http://… to an address on this machine or a private network' : 'must be an absolute https:// URL');
    }
    if (url.username || url.password) throw invalidField('url', 'must not carry a user name or password; put a token in the path instead');
    if (url.hash) throw invalidField('url', 'must not have a #fragment');
    try {
      await checkDestination(url, { allowPrivate: this.deps.allowPrivate, lookup: this.deps.lookup });
    } catch (error) {
      if (error instanceof RefusedDestination) throw invalidField('url', `refused: ${error.reason}`);
      throw error;
    }
    return url.href;
  }
}

function checkEvents(events: string[]): string[] {
  events.forEach((event, i) => {
    if (!KNOWN_EVENTS.has(event)) throw invalidField(`events[${i}]`, `"${event}" is not an event type; one of ${[...KNOWN_EVENTS].join(', ')}`);
  });
  return [...new Set(events)];
}

function notFound(id: number): NotFoundError {
  return new NotFoundError(`no webhook endpoint has id ${id}`);
}
