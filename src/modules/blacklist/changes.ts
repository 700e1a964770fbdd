import type { WebhookOutbox } from '../../jobs/webhooks/outbox.js';
import type { BlacklistName } from './normalise.js';

/**
 * How a list changed: an upload (L1's `type`), emptied (L5), a value put on it by an erasure (D2),
 * or one value put on it or taken off it (L7).
 */
export type BlacklistChangeType = 'create' | 'delete-create' | 'clear' | 'suppress' | 'add' | 'remove';

/**
 * W2 `blacklist.changed`, one message per change of a list (an upload's, not one per entry): which
 * list, how it changed, how many entries were added, and its size after (GET /account/blacklist's
 * `total`). Never the values: a list holds personal data the receiver may not have had.
 */
export function blacklistChange(blacklist: BlacklistName, type: BlacklistChangeType, added: number, total: number) {
  return { blacklist, type, added, total };
}

/**
 * Called by the repository inside the transaction that makes a change of a list visible, once it is
 * made: writes its message there (W4). `total` counts the list as that transaction sees it.
 */
export type OnListChanged = (outbox: Pick<WebhookOutbox, 'emit'>, total: () => Promise<number>) => Promise<void>;
