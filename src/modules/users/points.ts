import type { WebhookOutbox } from '../../jobs/webhooks/outbox.js';
import type { Clock } from '../../lib/time.js';
import { presentPointsChange } from './present.js';
import type { PointsEntry, RecordedPoints, UsersRepository } from './repository.js';

export interface PointsLedgerDeps {
  users: Pick<UsersRepository, 'recordPoints' | 'recordCredits' | 'setPoints'>;
  webhookOutbox: Pick<WebhookOutbox, 'emit'>;
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

  async setPoints(accountId: number, userId: number, target: number, entry: PointsEntry, now: string): Promise<RecordedPoints | undefined> {
    const recorded = await this.deps.users.setPoints(accountId, userId, target, entry, now);
    if (recorded) await this.announce(accountId, [recorded]);
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
      recorded.map((one) => ({ type: 'points.changed', data: () => presentPointsChange(one), userId: one.user.id })),
      this.deps.clock.now(),
    );
  }
}
