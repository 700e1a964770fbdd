import { randomUUID } from 'node:crypto';
import type { Transactor } from '../../db/transactions.js';
import type { RequestQueue } from '../../jobs/queue.js';
import type { JobsNotifier } from '../../jobs/types.js';
import { parseNotifyTo } from '../../lib/fields.js';
import { type Clock, formatDateTime, stamp } from '../../lib/time.js';
import type { UserDirectory } from '../users/directory.js';
import { type RefreshParams, VALUE_GROUPS_REFRESH } from './jobs.js';
import { type RefreshRepositories, refreshValueGroups, VALUE_GROUPS_EVERY_MS } from './refresh.js';
import { TOTAL_UNITS, VALUE_GROUPS, type ValueGroupsRepository } from './repository.js';
import type { CustomerValue, ValueGroupsOverview } from './schemas.js';

/** Accounts refreshed per check of the daily schedule; more wait for the next check. */
const REFRESHED_PER_CHECK = 10;

/** A customer without scores (no purchase in the last 365 days, or no snapshot yet). */
const UNSCORED = { recency: null, frequency: null, monetary: null, value_group: null } as const;

export interface ValueGroupsDeps {
  valueGroups: Pick<ValueGroupsRepository, 'scoresOf' | 'groups' | 'dueAccounts'>;
  directory: Pick<UserDirectory, 'requireByRef'>;
  queue: Pick<RequestQueue, 'accept'>;
  /** The daily refresh: claim and refresh in one transaction. */
  tx: Transactor<RefreshRepositories & { valueGroups: Pick<ValueGroupsRepository, 'recompute' | 'claimDue'> }>;
  clock: Clock;
  jobs: JobsNotifier;
}

/** U14: value groups (RFM scores), computed in the database as one snapshot per account. */
export class ValueGroupsService {
  constructor(private readonly deps: ValueGroupsDeps) {}

  /** GET /users/{id}/value (U3 ids). */
  async forUser(accountId: number, rawId: string): Promise<CustomerValue> {
    const user = await this.deps.directory.requireByRef(accountId, rawId);
    return this.ofUserId(accountId, Number(user.id));
  }

  /** The scores of a customer already found (the customer export, D3). */
  async ofUserId(accountId: number, userId: number): Promise<CustomerValue> {
    const found = await this.deps.valueGroups.scoresOf(accountId, userId);
    return { ...(found?.scores ?? UNSCORED), computed_at: found?.computed_at ?? null };
  }

  /** GET /account/value-groups: every group in U14's order, empty ones with 0. */
  async overview(accountId: number): Promise<ValueGroupsOverview> {
    const snapshot = await this.deps.valueGroups.groups(accountId);
    const totals = new Map((snapshot?.groups ?? []).map((row) => [row.value_group, row]));
    return {
      computed_at: snapshot?.computed_at ?? null,
      groups: VALUE_GROUPS.map((value_group) => {
        const row = totals.get(value_group);
        return { value_group, customers: row?.customers ?? 0, revenue: (row?.total_units ?? 0) / TOTAL_UNITS };
      }),
    };
  }

  /** POST /account/value-groups/refresh: a background request (K3). */
  async requestRefresh(accountId: number, notifyToRaw: string | undefined): Promise<{ request_id: string }> {
    const notifyTo = parseNotifyTo(notifyToRaw);
    const params: RefreshParams = { run: randomUUID() };
    const requestId = await this.deps.queue.accept(accountId, { type: VALUE_GROUPS_REFRESH, params: { ...params }, notifyTo }, stamp(this.deps.clock));
    this.deps.jobs.wake();
    return { request_id: requestId };
  }

  /**
   * The daily refresh (a worker process calls this periodically): each due account is claimed and
   * refreshed in one transaction, so one process of several refreshes it, and a crash leaves it due.
   * Not a background request: it is the account's upkeep, not something asked. Returns the accounts
   * refreshed.
   */
  async refreshDue(): Promise<number> {
    const now = this.deps.clock.now();
    const nowText = formatDateTime(now);
    let refreshed = 0;
    for (const accountId of await this.deps.valueGroups.dueAccounts(nowText, REFRESHED_PER_CHECK)) {
      const run = `daily:${randomUUID()}`;
      const done = await this.deps.tx.run(async (repositories) => {
        const nextDue = formatDateTime(new Date(now.getTime() + VALUE_GROUPS_EVERY_MS));
        if (!(await repositories.valueGroups.claimDue(accountId, nowText, { run, nextDue }))) return false;
        await refreshValueGroups(repositories, accountId, now, run);
        return true;
      });
      if (done) refreshed += 1;
    }
    return refreshed;
  }
}
