import type { WebhookOutbox } from '../../jobs/webhooks/outbox.js';
import type { Clock } from '../../lib/time.js';
import { presentPointsChange } from './present.js';
import type { PointsEntry, RecordedPoints, UserRow, UsersRepository } from './repository.js';

export interface PointsLedgerDeps {
  users: Pick<UsersRepository, 'recordPoints' | 'recordCredits' | 'setPoints' | 'recordOpeningBalance'>;
  webhookOutbox: Pick<WebhookOutbox, 'emit' | 'stage'>;
  clock: Clock;
}

/**
 * Every change of a customer's points (U5, purchases, benefit redemptions), bound to the change's
 * transaction (src/services.ts builds one per transaction): the ledger entry and its
 * `points.changed` message (W2, W4) commit together. Same arguments and answers as the users
 * repository's methods of the same names.
 */
export class PointsLedger {
  constructor(private readonly deps: PointsLedgerDeps) {}

  async recordPoints(accountId: number, userId: number, delta: number, entry: PointsEntry, now: string): Promise<RecordedPoints | undefined> {
    const recorded = await this.deps.users.recordPoints(accountId, userId, delta, entry, now);
    if (recorded) await this.announce(accountId, [recorded]);
    return recorded;
  }

  /** recordPoints answering the balance after it only (benefits' RedeemingUsers). */
  async adjustPoints(accountId: number, userId: number, delta: number, entry: PointsEntry, now: string): Promise<number | undefined> {
    return (await this.recordPoints(accountId, userId, delta, entry, now))?.balance;
  }

  /**
   * The first entry of a customer inserted with its balance. Its points.changed message is staged:
   * the caller flushes the outbox before its transaction commits, with its own messages (one
   * statement for a creation's messages).
   */
  async recordOpeningBalance(accountId: number, user: UserRow, entry: PointsEntry, now: string): Promise<RecordedPoints> {
    const recorded = await this.deps.users.recordOpeningBalance(accountId, user, entry, now);
    await this.deps.webhookOutbox.stage(accountId, [this.pointsChanged(recorded)], this.deps.clock.now());
    return recorded;
  }

  /**
   * `staged`: the points.changed message waits for the caller's flush of the outbox (with its own
   * messages, in one statement), as recordOpeningBalance's.
   */
  async setPoints(accountId: number, userId: number, target: number, entry: PointsEntry, now: string, options: { staged?: boolean } = {}): Promise<RecordedPoints | undefined> {
    const recorded = await this.deps.users.setPoints(accountId, userId, target, entry, now);
    if (recorded && options.staged) await this.deps.webhookOutbox.stage(accountId, [this.pointsChanged(recorded)], this.deps.clock.now());
    else if (recorded) await this.announce(accountId, [recorded]);
    return recorded;
  }

  async recordCredits(accountId: number, credits: Array<{ userId: number; points: number; entry: PointsEntry }>, now: string) {
    const result = await this.deps.users.recordCredits(accountId, credits, now);
    await this.announce(accountId, result.recorded);
    return result;
  }

  private announce(accountId: number, recorded: RecordedPoints[]): Promise<void> {
    return this.deps.webhookOutbox.emit(
      accountId,
      recorded.map((one) => this.pointsChanged(one)),
      this.deps.clock.now(),
    );
  }

  private pointsChanged(recorded: RecordedPoints) {
    return { type: 'points.changed' as const, data: () => presentPointsChange(recorded), userId: recorded.user.id };
  }
}
