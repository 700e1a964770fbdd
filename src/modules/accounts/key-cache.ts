import { TtlCache } from '../../lib/ttl-cache.js';
import type { KeyHolder } from './keys.js';

/**
 * Who holds a live API key (by its SHA-256 hash: its account, scope and prefix), remembered for
 * API_KEY_CACHE_MS: a key revoked in another process (the `rapport keys revoke` command, another
 * server) is refused by every process at most that long after the revocation committed, and at once
 * by the process that revoked it. Only live keys are remembered: an unknown or revoked key is looked
 * up on every request (so a key created elsewhere works on its first request, and unknown keys
 * cannot push live ones out).
 */
export { TtlCache as ApiKeyCache };

/** One cache per database handle (a Kysely instance): what a revocation through that handle clears. */
const caches = new WeakMap<object, TtlCache<KeyHolder>>();

export function apiKeyCacheFor(db: object, ttlMs: number): TtlCache<KeyHolder> {
  let cache = caches.get(db);
  if (!cache || cache.ttlMs !== ttlMs) caches.set(db, (cache = new TtlCache<KeyHolder>(ttlMs)));
  return cache;
}

/** After a revocation: the handle's cache (if any) forgets every key. */
export function forgetApiKeys(db: object): void {
  caches.get(db)?.clear();
}
