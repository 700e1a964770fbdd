import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

export interface RetentionRow {
  user_events_days: number | null;
  /** The JSON map `{"<event name>": days | null}`. */
  by_event: string;
}

/** One rule of a retention run: the user events of one event (or of every event but some) before a time. */
export interface ExpiryRule {
  /** null: every event except `except_event_ids` (the default rule). */
  event_id: number | null;
  except_event_ids?: number[];
  /** Older than this (exclusive) goes: YYYY-MM-DD hh:mm:ss. */
  before: string;
}

export class RetentionRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async find(accountId: number): Promise<RetentionRow | undefined> {
    return this.db.selectFrom('retention_settings').select(['user_events_days', 'by_event']).where('account_id', '=', accountId).executeTakeFirst();
  }

  /** Stores the settings and makes a run due at `dueAt`. */
  async save(accountId: number, settings: RetentionRow, dueAt: string, now: string): Promise<void> {
    const values = { user_events_days: settings.user_events_days, by_event: settings.by_event, due_at: dueAt, updated_at: now };
    await this.db
      .insertInto('retention_settings')
      .values({ account_id: accountId, ...values })
      .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
      .execute();
  }

  /** Accounts whose run is due, across accounts: the worker's schedule, not a request of one account. */
  async dueAccounts(now: string, limit: number): Promise<number[]> {
    const rows = await this.db.selectFrom('retention_settings').select('account_id').where('due_at', '<=', now).orderBy('due_at').limit(limit).execute();
    return rows.map((row) => Number(row.account_id));
  }

  /**
   * Moves a due run's time to `next`; true for the one caller (of every process) that did, which
   * then starts the run. On PostgreSQL a concurrent caller waits for the row and then finds it no
   * longer due.
   */
  async claimDue(accountId: number, now: string, next: string): Promise<boolean> {
    const result = await this.db
      .updateTable('retention_settings')
      .set({ due_at: next })
      .where('account_id', '=', accountId)
      .where('due_at', '<=', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Deletes at most `limit` user events the rule expires. The account scope is in the subquery that
   * picks the ids (as in UserEventsRepository.deleteBatch), and the subquery reads the index on
   * (account_id, event_id, datetime), or (account_id, datetime) for the default rule.
   */
  async deleteExpired(accountId: number, rule: ExpiryRule, limit: number): Promise<number> {
    let expired = this.db.selectFrom('user_events').select('id').where('account_id', '=', accountId).where('datetime', '<', rule.before);
    if (rule.event_id !== null) expired = expired.where('event_id', '=', rule.event_id);
    else if (rule.except_event_ids && rule.except_event_ids.length > 0) expired = expired.where('event_id', 'not in', rule.except_event_ids);
    const result = await this.db.deleteFrom('user_events').where('id', 'in', expired.limit(limit)).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
