import type { Kysely } from 'kysely';
import type { DB } from './types.js';

// The failure windows of T2 and U13 (migration 0022), shared by every process on the database. Not
// per account as other repositories are: a person's e-mail is limited before any account is known.

export interface AttemptLimit {
  /** What the rows count for, e.g. `console-email`, `console-address`, `club-member`. */
  scope: string;
  /** Failures allowed in the window; the next attempt waits. */
  max: number;
  windowMs: number;
}

export class SignInFailures {
  constructor(private readonly db: Kysely<DB>) {}

  async record(limit: AttemptLimit, subject: string, atMs: number): Promise<void> {
    await this.db.insertInto('sign_in_failures').values({ scope: limit.scope, subject, failed_at: atMs }).execute();
  }

  /**
   * Milliseconds until `subject` may try again under `limit` (0: now). The wait ends when the
   * max-th most recent failure leaves the window.
   */
  async waitMs(limit: AttemptLimit, subject: string, nowMs: number): Promise<number> {
    const rows = await this.db
      .selectFrom('sign_in_failures')
      .select('failed_at')
      .where('scope', '=', limit.scope)
      .where('subject', '=', subject)
      .where('failed_at', '>', nowMs - limit.windowMs)
      .orderBy('failed_at', 'desc')
      .limit(limit.max)
      .execute();
    if (rows.length < limit.max) return 0;
    return Math.max(0, Number(rows[limit.max - 1]!.failed_at) + limit.windowMs - nowMs);
  }

  /** A success forgets the subject's failures (the address's count is kept: it is not the person). */
  async clear(limit: AttemptLimit, subject: string): Promise<void> {
    await this.db.deleteFrom('sign_in_failures').where('scope', '=', limit.scope).where('subject', '=', subject).execute();
  }

  /** Rows older than `olderThanMs` (the longest window) are of no limit any more. */
  async sweep(olderThanMs: number): Promise<number> {
    const result = await this.db.deleteFrom('sign_in_failures').where('failed_at', '<', olderThanMs).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
