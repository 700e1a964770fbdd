import { randomUUID } from 'node:crypto';
import { type Kysely, type Selectable, sql } from 'kysely';
import { skipLocked } from '../db/locking.js';
import type { DB, RequestsTable } from '../db/types.js';

export type RequestRow = Selectable<RequestsTable>;

export interface RequestFilter {
  status?: RequestRow['status'];
  type?: string;
}

export interface NewRequest {
  type: string;
  params: Record<string, unknown>;
  notifyTo: string | null;
}

// The requests table as a durable queue. Accepting is account-scoped like every repository; the
// worker's claim/lease methods are deliberately not: a worker serves every account, and each
// write it makes is conditioned on its own claim (claimed_by), so a worker that lost its lease
// changes nothing.
export class RequestQueue {
  constructor(private readonly db: Kysely<DB>) {}

  /** Requests not finished, by status, across every account and process (for /metrics). */
  async countUnfinished(): Promise<Record<string, number>> {
    const rows = await this.db
      .selectFrom('requests')
      .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
      .where('status', 'in', ['pending', 'running'])
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
  }

  /** Records a pending request; run it inside the transaction that validated it. */
  async accept(accountId: number, request: NewRequest, now: string): Promise<string> {
    const id = randomUUID();
    await this.db
      .insertInto('requests')
      .values({
        id,
        account_id: accountId,
        type: request.type,
        params: JSON.stringify(request.params),
        status: 'pending',
        notify_to: request.notifyTo,
        created: now,
      })
      .execute();
    return id;
  }

  find(accountId: number, id: string): Promise<RequestRow | undefined> {
    return this.db.selectFrom('requests').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  /** O11: the account's requests, newest `created` first, ties by id descending (G6). */
  list(accountId: number, filter: RequestFilter, page: { limit: number; offset: number }): Promise<RequestRow[]> {
    let query = this.db.selectFrom('requests').selectAll().where('account_id', '=', accountId);
    if (filter.status !== undefined) query = query.where('status', '=', filter.status);
    if (filter.type !== undefined) query = query.where('type', '=', filter.type);
    return query.orderBy('created', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute();
  }

  /**
   * Claims the oldest runnable request: pending, or running under a lease that has expired (its
   * process died). Returns undefined when there is none.
   */
  async claimNext(workerId: string, now: string, leaseUntil: string): Promise<RequestRow | undefined> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const outcome = await this.db.transaction().execute(async (trx) => {
        const candidate = await skipLocked(
          trx,
          trx
            .selectFrom('requests')
            .select('id')
            .where((eb) =>
              eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)])]),
            )
            .orderBy('created')
            .orderBy('id')
            .limit(1),
        ).executeTakeFirst();
        if (!candidate) return { done: true as const };
        const claimed = await trx
          .updateTable('requests')
          .set((eb) => ({
            status: 'running',
            claimed_by: workerId,
            lease_until: leaseUntil,
            started: eb.fn.coalesce('started', sql.lit(now)),
            attempts: eb('attempts', '+', 1),
          }))
          .where('id', '=', candidate.id)
          .where((eb) =>
            eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'running'), eb('lease_until', '<', now)])]),
          )
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 0) return { done: false as const };
        const row = await trx.selectFrom('requests').selectAll().where('id', '=', candidate.id).executeTakeFirstOrThrow();
        return { done: true as const, row };
      });
      if (outcome.done) return outcome.row;
    }
    return undefined;
  }

  /** Extends the lease; false when this worker no longer owns the request. Locks the row on PostgreSQL. */
  async renew(id: string, workerId: string, leaseUntil: string): Promise<boolean> {
    const result = await this.db
      .updateTable('requests')
      .set({ lease_until: leaseUntil })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('claimed_by', '=', workerId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async addProgress(id: string, workerId: string, count: number): Promise<void> {
    await this.db
      .updateTable('requests')
      .set((eb) => ({ processed: eb('processed', '+', count) }))
      .where('id', '=', id)
      .where('claimed_by', '=', workerId)
      .execute();
  }

  /**
   * Ends a request this worker owns. Returns the final row, or undefined when the claim was lost
   * (another worker finishes it; nothing is recorded twice).
   */
  async finish(
    id: string,
    workerId: string,
    status: 'done' | 'failed',
    result: (processed: number) => Record<string, unknown>,
    now: string,
  ): Promise<RequestRow | undefined> {
    const current = await this.db
      .selectFrom('requests')
      .selectAll()
      .where('id', '=', id)
      .where('claimed_by', '=', workerId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (!current) return undefined;
    const resultJson = JSON.stringify(result(Number(current.processed)));
    const updated = await this.db
      .updateTable('requests')
      .set({ status, result: resultJson, finished: now, claimed_by: null, lease_until: null })
      .where('id', '=', id)
      .where('claimed_by', '=', workerId)
      .where('status', '=', 'running')
      .where('processed', '=', current.processed)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return undefined;
    return { ...current, status, result: resultJson, finished: now, claimed_by: null, lease_until: null };
  }

  /** Hands a request back (graceful shutdown): pending again, progress kept, resumable at once. */
  async release(id: string, workerId: string): Promise<void> {
    await this.db
      .updateTable('requests')
      .set({ status: 'pending', claimed_by: null, lease_until: null })
      .where('id', '=', id)
      .where('claimed_by', '=', workerId)
      .where('status', '=', 'running')
      .execute();
  }
}
