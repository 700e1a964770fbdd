import { formatDateTime } from '../../lib/time.js';
import type { MembershipRepository } from '../segment-membership/repository.js';
import type { ValueGroupsRepository } from './repository.js';

const DAY_MS = 86_400_000;
/** U14: purchases of the last 365 days count. */
export const WINDOW_DAYS = 365;
/**
 * After a refresh the account's next daily one is due this much later; with the check every
 * VALUE_GROUPS_CHECK_EVERY_MS, refreshes are at most 23 h 01 min apart: at least daily (U14).
 */
export const VALUE_GROUPS_EVERY_MS = 23 * 3_600_000;
/** How often (on the app's clock) a worker process looks for accounts whose daily refresh is due. */
export const VALUE_GROUPS_CHECK_EVERY_MS = 60_000;
/** Segments' definitions mention an rfm field with this text (the field names are `rfm.*`). */
export const RFM_MARKER = '"rfm.';

/** What a refresh writes to, bound to its transaction. */
export interface RefreshRepositories {
  valueGroups: Pick<ValueGroupsRepository, 'recompute'>;
  membership: Pick<MembershipRepository, 'requestRefreshMentioning'>;
}

/**
 * Recomputes the account's snapshot as of `now` (the app's clock, cut to the second: "today" and
 * "the last 365 days" are bound as parameters) and asks the account's segments on rfm fields for a
 * refresh, which runs once this transaction commits. Returns the customers scored.
 */
export async function refreshValueGroups(repositories: RefreshRepositories, accountId: number, now: Date, run: string): Promise<number> {
  const at = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const scored = await repositories.valueGroups.recompute(accountId, {
    since: formatDateTime(new Date(at.getTime() - WINDOW_DAYS * DAY_MS)),
    until: formatDateTime(at),
    computedAt: formatDateTime(at),
    run,
    nextDue: formatDateTime(new Date(at.getTime() + VALUE_GROUPS_EVERY_MS)),
  });
  await repositories.membership.requestRefreshMentioning(accountId, RFM_MARKER);
  return scored;
}
