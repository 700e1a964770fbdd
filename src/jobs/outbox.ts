import type { Kysely, Selectable } from 'kysely';
import { skipLocked } from '../db/locking.js';
import type { DB, MailOutboxTable } from '../db/types.js';
import { formatDateTime } from '../lib/time.js';

export type OutboxRow = Selectable<MailOutboxTable>;

export interface NewMail {
  requestId: string | null;
  to: string;
  subject: string;
  body: string;
}

/** After this many failed sends a message is given up (status failed), its last error kept. */
export const MAX_MAIL_ATTEMPTS = 10;

/** 1 min, 2 min, 4 min, ... capped at one hour. */
export function backoffSeconds(attempts: number): number {
  return Math.min(3600, 60 * 2 ** Math.max(0, attempts - 1));
}

// Notification mail waiting to go out. Like the request queue, the sender's methods serve every
// account and each write is conditioned on the sender's own claim.
export class MailOutbox {
  constructor(private readonly db: Kysely<DB>) {}

  /** Messages waiting to be sent, across every account and process (for /metrics). */
  async countPending(): Promise<number> {
    const row = await this.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Enqueues a message; call it in the transaction that ends the request (request_id is unique). */
  async enqueue(accountId: number, mail: NewMail, now: string): Promise<void> {
    await this.db
      .insertInto('mail_outbox')
      .values({
        account_id: accountId,
        request_id: mail.requestId,
        to_address: mail.to,
        subject: mail.subject,
        body: mail.body,
        status: 'pending',
        next_attempt_at: now,
        created: now,
      })
      .execute();
  }

  forRequest(accountId: number, requestId: string): Promise<OutboxRow[]> {
    return this.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('request_id', '=', requestId)
      .execute();
  }

  async claimDue(senderId: string, now: string, leaseUntil: string): Promise<OutboxRow | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const candidate = await skipLocked(
        trx,
        trx
          .selectFrom('mail_outbox')
          .select('id')
          .where('status', '=', 'pending')
          .where('next_attempt_at', '<=', now)
          .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
          .orderBy('id')
          .limit(1),
      ).executeTakeFirst();
      if (!candidate) return undefined;
      const claimed = await trx
        .updateTable('mail_outbox')
        .set({ claimed_by: senderId, lease_until: leaseUntil })
        .where('id', '=', candidate.id)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) return undefined;
      return trx.selectFrom('mail_outbox').selectAll().where('id', '=', candidate.id).executeTakeFirst();
    });
  }

  async markSent(id: number, senderId: string, now: string): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set((eb) => ({ status: 'sent', sent_at: now, attempts: eb('attempts', '+', 1), claimed_by: null, lease_until: null, last_error: null }))
      .where('id', '=', id)
      .where('claimed_by', '=', senderId)
      .execute();
  }

  async markFailed(row: OutboxRow, senderId: string, error: string, now: Date): Promise<void> {
    const attempts = Number(row.attempts) + 1;
    const next = new Date(now.getTime() + backoffSeconds(attempts) * 1000);
    await this.db
      .updateTable('mail_outbox')
      .set({
        status: attempts >= MAX_MAIL_ATTEMPTS ? 'failed' : 'pending',
        attempts,
        last_error: error.slice(0, 1000),
        next_attempt_at: formatDateTime(next),
        claimed_by: null,
        lease_until: null,
      })
      .where('id', '=', row.id)
      .where('claimed_by', '=', senderId)
      .execute();
  }

  /** With no SMTP server, each message is logged once and kept pending for when one is configured. */
  async takeUnlogged(now: string): Promise<OutboxRow | undefined> {
    const row = await this.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('status', '=', 'pending')
      .where('logged_at', 'is', null)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    if (!row) return undefined;
    const marked = await this.db
      .updateTable('mail_outbox')
      .set({ logged_at: now })
      .where('id', '=', row.id)
      .where('logged_at', 'is', null)
      .executeTakeFirst();
    return Number(marked.numUpdatedRows) === 1 ? row : undefined;
  }
}
