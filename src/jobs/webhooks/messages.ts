import { type Kysely, type Selectable, sql, type SqlBool } from 'kysely';
import { isPostgres } from '../../db/schema-helpers.js';
import { WriteBatcher } from '../../db/write-batcher.js';
import type { DB, WebhookMessagesTable } from '../../db/types.js';
import { type Clock, formatDateTime } from '../../lib/time.js';
import { DISABLE_AFTER_MS, nextAttemptAt } from './schedule.js';
import type { AttemptOutcome } from './sender.js';

export type MessageRow = Selectable<WebhookMessagesTable>;

/**
 * Written out, not bound: a partial index (webhook_messages_due, `where status = 'pending'`) serves
 * only a query whose condition matches its own, and SQLite cannot match a parameter. Bound, the
 * claim walked every message of the endpoint, sent or not, and sorted them (1.3 ms a claim over
 * 10,000 messages, growing with the history kept).
 */
const PENDING = sql<SqlBool>`status = 'pending'`;

/** A claimed message with what its attempt needs of its endpoint. */
export interface ClaimedMessage {
  id: number;
  messageId: string;
  accountId: number;
  endpointId: number;
  attempts: number;
  status: MessageRow['status'];
  body: string;
  url: string;
  secrets: string[];
  /** The endpoint had a failing streak when claimed (a success ends it). */
  endpointFailing: boolean;
}

interface Outcome {
  message: ClaimedMessage;
  outcome: AttemptOutcome;
  workerId: string;
  now: Date;
  status: MessageRow['status'];
  attempts: number;
  next: Date | null | undefined;
}

/**
 * The worker's side of webhook_messages, across accounts: claims with a lease (as the request
 * queue does: FOR UPDATE SKIP LOCKED on PostgreSQL, the one writer on SQLite), and each attempt's
 * outcome written only by the process that holds the claim.
 */
export class WebhookMessages {
  /** Outcomes of attempts that end together share a commit (group commit, db/write-batcher.ts). */
  private readonly outcomes: WriteBatcher<Outcome, boolean>;

  constructor(private readonly db: Kysely<DB>) {
    this.outcomes = new WriteBatcher(db, (target: Kysely<DB>, outcome: Outcome) => this.writeOutcome(target, outcome), 64);
  }

  async countPending(): Promise<number> {
    const row = await this.db
      .selectFrom('webhook_messages')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(PENDING)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Up to `limit` due messages of enabled endpoints, claimed by `workerId` until `leaseUntil`, at
   * most `perEndpoint` for one endpoint counting the ones `inFlight` already (endpoint id → count):
   * the candidates are read a few times over and chosen here, so one endpoint's backlog never fills
   * every lane.
   */
  async claimDue(
    workerId: string,
    now: Date,
    leaseUntil: Date,
    limit: number,
    perEndpoint = limit,
    inFlight: ReadonlyMap<number, number> = new Map(),
  ): Promise<ClaimedMessage[]> {
    const at = formatDateTime(now);
    const full = [...inFlight].filter(([, n]) => n >= perEndpoint).map(([id]) => id);
    const ids = await this.db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom('webhook_messages')
        .select(['id', 'endpoint_id'])
        .where(PENDING)
        .where('next_attempt_at', '<=', at)
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
        // `+`: the enabled endpoints filter the due messages; as an index lookup SQLite walked
        // each endpoint's messages, sent or not, rather than the due ones in order.
        .where(sql<SqlBool>`+endpoint_id in (select id from webhook_endpoints where status = 'enabled')`)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit * 2);
      if (full.length > 0) query = query.where('endpoint_id', 'not in', full);
      // Only the messages are locked (OF): PostgreSQL may turn the endpoints' subquery into a join,
      // and SKIP LOCKED would then pass over every message of an endpoint whose row another
      // transaction holds (an outcome updating its failing streak), as if none were due.
      const candidates = await (isPostgres(trx as unknown as Kysely<unknown>) ? query.forUpdate('webhook_messages').skipLocked() : query).execute();
      const taken = new Map(inFlight);
      const chosen: number[] = [];
      for (const candidate of candidates) {
        const n = taken.get(candidate.endpoint_id) ?? 0;
        if (n >= perEndpoint) continue;
        taken.set(candidate.endpoint_id, n + 1);
        chosen.push(candidate.id);
        if (chosen.length === limit) break;
      }
      if (chosen.length === 0) return [];
      const claimed = await trx
        .updateTable('webhook_messages')
        .set({ claimed_by: workerId, lease_until: formatDateTime(leaseUntil) })
        .where('id', 'in', chosen)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
        .returning('id')
        .execute();
      return claimed.map((c) => c.id);
    });
    return this.load(ids, now);
  }

  /**
   * Claims one message whatever its status or schedule (a retry asked for by hand, W5), unless
   * another process holds it; undefined then.
   */
  async claimOne(accountId: number, id: number, workerId: string, now: Date, leaseUntil: Date): Promise<ClaimedMessage | undefined> {
    const at = formatDateTime(now);
    const claimed = await this.db
      .updateTable('webhook_messages')
      .set({ claimed_by: workerId, lease_until: formatDateTime(leaseUntil) })
      .where('id', '=', id)
      .where('account_id', '=', accountId)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]))
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) return undefined;
    return (await this.load([id], now))[0];
  }

  /** Whether the endpoint still takes messages (W4: not disabled, not deleted). */
  async endpointEnabled(endpointId: number): Promise<boolean> {
    const row = await this.db.selectFrom('webhook_endpoints').select('status').where('id', '=', endpointId).executeTakeFirst();
    return row?.status === 'enabled';
  }

  /** Gives a claimed message back unattempted: pending as it was, its schedule and attempts unchanged. */
  async release(message: ClaimedMessage, workerId: string): Promise<void> {
    await this.db.updateTable('webhook_messages').set({ claimed_by: null, lease_until: null }).where('id', '=', message.id).where('claimed_by', '=', workerId).execute();
  }

  private async load(ids: number[], now: Date): Promise<ClaimedMessage[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('webhook_messages as m')
      .innerJoin('webhook_endpoints as e', 'e.id', 'm.endpoint_id')
      .select(['m.id', 'm.message_id', 'm.account_id', 'm.endpoint_id', 'm.attempts', 'm.status', 'm.body', 'e.url', 'e.secret', 'e.previous_secret', 'e.previous_secret_until', 'e.failing_since'])
      .where('m.id', 'in', ids)
      .orderBy('m.id')
      .execute();
    const at = formatDateTime(now);
    return rows.map((row) => ({
      id: row.id,
      messageId: row.message_id,
      accountId: row.account_id,
      endpointId: row.endpoint_id,
      attempts: Number(row.attempts),
      status: row.status,
      body: row.body,
      url: row.url,
      secrets: row.previous_secret && row.previous_secret_until && row.previous_secret_until > at ? [row.secret, row.previous_secret] : [row.secret],
      endpointFailing: row.failing_since !== null,
    }));
  }

  /**
   * Writes an attempt's outcome if `workerId` still holds the claim (false otherwise) and, in the
   * same transaction, the endpoint's failing streak (W4: disabled after five days of failures
   * only). `manual`: a retry asked for by hand; it does not move a pending message's schedule, and
   * a finished message stays finished unless it now succeeded.
   */
  async record(message: ClaimedMessage, outcome: AttemptOutcome, workerId: string, now: Date, manual = false): Promise<boolean> {
    const attempts = message.attempts + 1;
    let status = message.status;
    let next: Date | null | undefined;
    if (outcome.succeeded) status = 'succeeded';
    else if (!manual || status === 'pending') {
      next = manual ? undefined : nextAttemptAt(attempts, now);
      if (next === null) status = 'failed';
    }
    return this.outcomes.submit({ message, outcome, workerId, now, status, attempts, next });
  }

  private async writeOutcome(db: Kysely<DB>, { message, outcome, workerId, now, status, attempts, next }: Outcome): Promise<boolean> {
    const at = formatDateTime(now);
    const write = async (db: Kysely<DB>): Promise<boolean> => {
      const updated = await db
        .updateTable('webhook_messages')
        .set({
          status,
          attempts,
          ...(next ? { next_attempt_at: formatDateTime(next) } : {}),
          claimed_by: null,
          lease_until: null,
          response_status: outcome.responseStatus,
          response_body: outcome.responseBody,
          duration_ms: outcome.durationMs,
          error: outcome.error?.slice(0, 1000) ?? null,
          last_attempt_at: at,
        })
        .where('id', '=', message.id)
        .where('claimed_by', '=', workerId)
        .executeTakeFirst();
      return Number(updated.numUpdatedRows) > 0;
    };
    // The common case, a success on an endpoint without a failing streak, is one statement.
    if (outcome.succeeded && !message.endpointFailing) return write(db);
    const withStreak = async (trx: Kysely<DB>) => {
      if (!(await write(trx))) return false;
      if (outcome.succeeded) {
        await trx.updateTable('webhook_endpoints').set({ failing_since: null }).where('id', '=', message.endpointId).where('failing_since', 'is not', null).execute();
      } else {
        await trx.updateTable('webhook_endpoints').set({ failing_since: at }).where('id', '=', message.endpointId).where('failing_since', 'is', null).execute();
        await trx
          .updateTable('webhook_endpoints')
          .set({ status: 'disabled', updatetime: at })
          .where('id', '=', message.endpointId)
          .where('status', '=', 'enabled')
          .where('failing_since', '<=', formatDateTime(new Date(now.getTime() - DISABLE_AFTER_MS)))
          .execute();
      }
      return true;
    };
    return db.isTransaction ? withStreak(db) : db.transaction().execute(withStreak);
  }

  /**
   * Messages finished before `before` go, a batch at a time (the delivery log is kept 30 days).
   * Found in id order, oldest first, with no index on the time: every insert would pay for one.
   */
  async sweepFinished(before: Date, batch = 1000): Promise<number> {
    const ids = await this.db
      .selectFrom('webhook_messages')
      .select('id')
      .where('createtime', '<', formatDateTime(before))
      .where('status', 'in', ['succeeded', 'failed'])
      .orderBy('id')
      .limit(batch)
      .execute();
    if (ids.length === 0) return 0;
    const deleted = await this.db.deleteFrom('webhook_messages').where('id', 'in', ids.map((r) => r.id)).executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }
}

/** W5: how long the delivery log keeps a finished message. */
export const WEBHOOK_LOG_DAYS = 30;
export const WEBHOOK_LOG_SWEEP_EVERY_MS = 3600 * 1000;

export async function sweepWebhookLog(messages: WebhookMessages, clock: Clock): Promise<number> {
  const before = new Date(clock.now().getTime() - WEBHOOK_LOG_DAYS * 24 * 3600 * 1000);
  let total = 0;
  for (let round = 0; round < 20; round++) {
    const n = await messages.sweepFinished(before);
    total += n;
    if (n === 0) break;
  }
  return total;
}
