import { TtlCache } from '../../lib/ttl-cache.js';

/** An enabled endpoint as the outbox needs it: where a message goes, and which event types it takes. */
export interface Subscriber {
  id: number;
  events: string[];
}

/**
 * An account's enabled webhook endpoints, remembered for API_KEY_CACHE_MS like an API key's holder
 * (the same bound across processes): an endpoint created, re-enabled or re-subscribed in another
 * process gets the messages of changes committed at most that long after; in this process at once,
 * for WebhooksService forgets them after each change. Never a message for an endpoint disabled or
 * deleted meanwhile: the outbox's insert writes a row only while its endpoint is there and enabled.
 * One cache per database handle (a Kysely instance), as the API key's.
 */
const caches = new WeakMap<object, TtlCache<Subscriber[]>>();

export function webhookEndpointCacheFor(db: object, ttlMs: number): TtlCache<Subscriber[]> {
  let cache = caches.get(db);
  if (!cache || cache.ttlMs !== ttlMs) caches.set(db, (cache = new TtlCache<Subscriber[]>(ttlMs)));
  return cache;
}

/** After an endpoint changed through this handle: every account's endpoints are read again. */
export function forgetWebhookEndpoints(db: object): void {
  caches.get(db)?.clear();
}
