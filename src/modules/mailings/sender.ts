import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Transactor } from '../../db/transactions.js';
import { PollLoop } from '../../jobs/poll-loop.js';
import { LoopPacing } from '../../jobs/webhooks/pacing.js';
import type { WebhookOutbox } from '../../jobs/webhooks/outbox.js';
import { type Clock, formatDateTime } from '../../lib/time.js';
import type { UserObject } from '../users/schemas.js';
import type { ClaimedRecipient, MailingRow, MailingsRepository, RecipientOutcome } from './repository.js';
import { type MailingsService, newMessageId } from './service.js';
import type { MailingTransport, SendOutcome } from './transport.js';

// M5–M6: the sender. Every process that runs the worker sends: it claims a batch of a sending
// mailing's due recipients with a lease, checks each again (erased, unsubscribed, blacklisted
// since the freeze), renders it with the mailing's templates parsed once, hands it to the SMTP
// pool, and records the batch's answers in a few statements, only on rows it still holds. A
// process killed mid-batch leaves its claimed rows to the next claim after the lease: at most the
// messages it had handed over but not recorded are sent twice; none is skipped.

/** M6: a 4xx or no answer is tried again after these delays, then the recipient is `failed`. */
export const RETRY_DELAYS_MS = [60_000, 600_000, 3_600_000];
/** Recipients claimed at once: a claim and its records cost a few statements per batch. */
export const BATCH_SIZE = 200;
/** How often a batch under way looks at its mailing's status (pause and cancel act within a second). */
const STATUS_CHECK_MS = 200;

export interface BouncePort {
  /** M6: a hard bounce: the address on the e-mail blacklist (reason `bounce`) and `email.bounced`, in the recording transaction. */
  bounced(accountId: number, mailingId: number, recipients: ReadonlyArray<{ userId: number; email: string }>, user: (id: number) => UserObject | undefined, now: Date): Promise<void>;
}

export interface MailingSenderDeps {
  mailings: MailingsRepository;
  service: Pick<MailingsService, 'renderFor' | 'start' | 'present'>;
  directory: { presentByIds(accountId: number, ids: number[]): Promise<Map<number, UserObject>> };
  accountName(accountId: number): Promise<string>;
  /** The recording of hard bounces and the end of a mailing, with their webhook messages. */
  tx: Transactor<{ mailings: MailingsRepository; webhookOutbox: WebhookOutbox; bounces: BouncePort }>;
  transport: MailingTransport | null;
  clock: Clock;
  log: FastifyBaseLogger;
  pollMs: number;
  leaseMs: number;
  concurrency: number;
  batchSize?: number;
  id?: string;
}

export class MailingSender {
  readonly id: string;
  private readonly loop: PollLoop;
  private readonly pacing = new LoopPacing({ targetMs: 3, windowMs: 100, minRate: 10, step: 50, initialRate: 200 });

  constructor(private readonly deps: MailingSenderDeps) {
    this.id = deps.id ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    this.loop = new PollLoop(deps.pollMs, () => this.pass(), (error) => deps.log.error({ err: error }, 'mailing sender pass failed'));
  }

  start(): void {
    if (this.deps.transport) this.loop.start();
  }

  wake(): void {
    this.loop.wake();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    this.pacing.stop();
    this.deps.transport?.close();
  }

  /** One pass: scheduled mailings that are due start; each sending mailing is sent until nothing is due. */
  async pass(): Promise<void> {
    const mailings = await this.deps.mailings.active(formatDateTime(this.deps.clock.now()));
    for (const mailing of mailings) {
      if (this.loop.stopping) return;
      const accountId = Number(mailing.account_id);
      const id = Number(mailing.id);
      if (mailing.status === 'scheduled') {
        try {
          if (!(await this.deps.service.start(accountId, id, ['scheduled']))) continue;
        } catch (error) {
          // A segment deleted since it was scheduled: the mailing cannot start; it stays scheduled for a person to see.
          this.deps.log.warn({ err: error, mailing: id }, 'a scheduled mailing could not start');
          continue;
        }
      }
      await this.drain(accountId, id);
    }
  }

  private async drain(accountId: number, mailingId: number): Promise<void> {
    for (;;) {
      if (this.loop.stopping) return;
      const mailing = await this.deps.mailings.find(accountId, mailingId);
      if (!mailing || mailing.status !== 'sending') return;
      const now = this.deps.clock.now();
      const claimed = await this.deps.mailings.claim(
        accountId,
        mailingId,
        this.id,
        formatDateTime(now),
        formatDateTime(new Date(now.getTime() + this.deps.leaseMs)),
        this.deps.batchSize ?? BATCH_SIZE,
      );
      if (claimed.length === 0) {
        if (!(await this.deps.mailings.hasPending(accountId, mailingId))) await this.finish(accountId, mailing);
        return;
      }
      await this.sendBatch(mailing, claimed);
    }
  }

  private async sendBatch(mailing: MailingRow, claimed: ClaimedRecipient[]): Promise<void> {
    const accountId = Number(mailing.account_id);
    const mailingId = Number(mailing.id);
    const [users, accountName] = await Promise.all([
      this.deps.directory.presentByIds(
        accountId,
        claimed.map((r) => Number(r.user_id)),
      ),
      this.deps.accountName(accountId),
    ]);
    const outcomes: RecipientOutcome[] = [];
    const bounces: Array<{ userId: number; email: string }> = [];
    const unattempted: number[] = [];
    let statusCheckedAt = Date.now();
    let halted = false;
    const queue = [...claimed];
    const lane = async () => {
      for (let recipient = queue.shift(); recipient; recipient = queue.shift()) {
        if (!halted && Date.now() - statusCheckedAt >= STATUS_CHECK_MS) {
          statusCheckedAt = Date.now();
          halted = (await this.deps.mailings.statusOf(accountId, mailingId)) !== 'sending';
        }
        if (halted || this.loop.stopping) {
          unattempted.push(Number(recipient.id));
          continue;
        }
        const user = users.get(Number(recipient.user_id));
        // M5: checked again just before the send. An erased customer's row is gone with it.
        if (!user) continue;
        if (!user.mailing_enabled || !recipient.email) {
          outcomes.push({ id: Number(recipient.id), status: 'suppressed', reason: user.mailing_enabled_reason ?? 'mailing_disabled' });
          continue;
        }
        while (this.pacing.available() === 0) await new Promise((resolve) => setTimeout(resolve, this.pacing.untilNextWindow()));
        this.pacing.spend(1);
        const outcome = await this.sendOne(mailing, recipient, user, accountName);
        outcomes.push(this.outcomeOf(recipient, outcome));
        if (outcome.kind === 'bounced') bounces.push({ userId: Number(recipient.user_id), email: recipient.email });
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, this.deps.concurrency * 2) }, lane));
    const now = this.deps.clock.now();
    await this.deps.mailings.release(accountId, unattempted, this.id);
    const plain = outcomes.filter((o) => o.status !== 'bounced');
    if (plain.length > 0) await this.deps.mailings.record(accountId, this.id, plain, formatDateTime(now));
    const bounced = outcomes.filter((o) => o.status === 'bounced');
    if (bounced.length > 0) {
      await this.deps.tx.run(async ({ mailings, bounces: port }) => {
        const recorded = await mailings.record(accountId, this.id, bounced, formatDateTime(now));
        const mine = bounces.filter((b) => recorded.has(Number(claimed.find((c) => Number(c.user_id) === b.userId)?.id)));
        await port.bounced(accountId, mailingId, mine, (id) => users.get(id), now);
      });
    }
  }

  private async sendOne(mailing: MailingRow, recipient: ClaimedRecipient, user: UserObject, accountName: string): Promise<SendOutcome> {
    try {
      const message = await this.deps.service.renderFor(mailing, user, Number(recipient.id), accountName);
      return await this.deps.transport!.send({
        from: { name: mailing.from_name, address: mailing.from_email },
        to: recipient.email!,
        replyTo: mailing.reply_to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        messageId: newMessageId(mailing.from_email),
        headers: message.headers,
      });
    } catch (error) {
      // A render over its limits (time, memory) fails this recipient, not the batch.
      return { kind: 'rejected', answer: `the message could not be rendered: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500) };
    }
  }

  private outcomeOf(recipient: ClaimedRecipient, outcome: SendOutcome): RecipientOutcome {
    const id = Number(recipient.id);
    switch (outcome.kind) {
      case 'accepted':
        return { id, status: 'sent', reason: null };
      case 'bounced':
        return { id, status: 'bounced', reason: outcome.answer };
      case 'rejected':
        return { id, status: 'failed', reason: outcome.answer };
      case 'deferred': {
        const delay = RETRY_DELAYS_MS[Number(recipient.attempts)];
        if (delay === undefined) return { id, status: 'failed', reason: outcome.answer };
        return { id, status: 'pending', reason: outcome.answer, nextAttemptAt: formatDateTime(new Date(this.deps.clock.now().getTime() + delay)) };
      }
    }
  }

  /** M5: no recipient pending: `sent`, and `mailing.finished` in the same transaction. */
  private async finish(accountId: number, mailing: MailingRow): Promise<void> {
    const id = Number(mailing.id);
    const now = this.deps.clock.now();
    // Presented before the transaction (its statistics are final: nothing is pending): a read on
    // another connection inside it would wait for it on SQLite.
    const [presented] = await this.deps.service.present([{ ...mailing, status: 'sent', finished_at: formatDateTime(now) }]);
    await this.deps.tx.run(async ({ mailings, webhookOutbox }) => {
      const finished = await mailings.update(accountId, id, { status: 'sent', finished_at: formatDateTime(now) }, ['sending']);
      if (!finished) return;
      await webhookOutbox.emit(accountId, [{ type: 'mailing.finished', data: { ...presented, updatetime: finished.updatetime } }], now);
    });
  }
}
