import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../db/types.js';
import { type Clock, formatDateTime, stamp } from '../lib/time.js';
import type { Mailer } from './mailer.js';
import { notificationFor } from './notification.js';
import type { MailOutbox } from './outbox.js';
import { PollingWorker } from './polling-worker.js';
import type { RequestQueue, RequestRow } from './queue.js';
import { DEFAULT_PAUSE_MS, StepSizer, pause, privateStepTargetMs, stepTurns } from './stepping.js';
import type { JobsNotifier, RequestHandler } from './types.js';
import type { WebhookOutbox } from './webhooks/outbox.js';

/** The repositories the worker uses, bound to `db` or to one of its transactions. */
export interface WorkerRepositories {
  queue: RequestQueue;
  outbox: MailOutbox;
  webhookOutbox: WebhookOutbox;
}

export interface WorkerOptions {
  db: Kysely<DB>;
  /** Binds the worker's repositories (src/services.ts's buildRepositories: the composition root builds them). */
  repositories: (db: Kysely<DB>) => WorkerRepositories;
  clock: Clock;
  log: FastifyBaseLogger;
  handlers: RequestHandler[];
  mailer: Mailer | null;
  pollMs: number;
  /** Fixed units per step (rows per delete batch); by default the size adapts to STEP_TARGET_MS. */
  batchSize?: number;
  /** Pause between steps so other queries get the database (SQLite has one writer). */
  pauseMs?: number;
  /** How long a claim lasts without renewal; a dead process's requests are re-claimed after it. */
  leaseMs?: number;
  id?: string;
  /** Called after each committed step; lets tests stop a "process" mid-request. */
  afterStep?: (request: RequestRow, processed: number) => Promise<void> | void;
  /**
   * A request as GET /requests/{id} answers it (the requests module's presenter, handed over by
   * src/app.ts: jobs/ imports no module): the data of its `request.finished` webhook message (W2),
   * written when it ends. Without it (tests' own workers) no such message is written.
   */
  presentRequest?: (row: RequestRow) => unknown;
}

class LostClaim extends Error {}

export { DEFAULT_PAUSE_MS, STEP_TARGET_MS } from './stepping.js';

/**
 * Runs background requests and sends notification mail, inside the server process. Several
 * workers (processes) may share one database: claims and leases make each request run once.
 */
export class Worker extends PollingWorker implements JobsNotifier {
  readonly id: string;
  private readonly queue: RequestQueue;
  private readonly outbox: MailOutbox;
  private readonly handlers: Map<string, RequestHandler>;
  private readonly fixedBatch: number | undefined;
  private readonly pauseMs: number;
  private readonly leaseMs: number;

  constructor(private readonly options: WorkerOptions) {
    super(options.pollMs, (error) => options.log.error({ err: error }, 'background worker pass failed'));
    this.id = options.id ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
    ({ queue: this.queue, outbox: this.outbox } = options.repositories(options.db));
    this.handlers = new Map(options.handlers.map((h) => [h.type, h]));
    this.fixedBatch = options.batchSize;
    this.pauseMs = options.pauseMs ?? DEFAULT_PAUSE_MS;
    this.leaseMs = options.leaseMs ?? 60_000;
  }

  /**
   * Stops between steps; a request in progress is handed back as pending with its progress kept,
   * so the next start (of this or another process) resumes it.
   */
  override async stop(): Promise<void> {
    await super.stop();
    this.options.mailer?.close();
  }

  /** Runs every runnable request, then sends due mail; ends when nothing is left. */
  protected async pass(): Promise<void> {
    while (!this.stopping && (await this.runNextRequest())) {
      // keep going while there is work
    }
    if (!this.stopping) await this.sendDueMail();
  }


  private leaseUntil(): string {
    return formatDateTime(new Date(this.options.clock.now().getTime() + this.leaseMs));
  }

  private async runNextRequest(): Promise<boolean> {
    const request = await this.queue.claimNext(this.id, stamp(this.options.clock), this.leaseUntil());
    if (!request) return false;
    const log = this.options.log.child({ requestId: request.id, type: request.type });
    const handler = this.handlers.get(request.type);
    let params: unknown;
    try {
      params = JSON.parse(request.params);
      if (!handler) throw new Error(`no handler for request type ${request.type}`);
      log.info({ resumedAt: Number(request.processed) }, 'background request started');
      let processed = Number(request.processed);
      // Rows per step adapt so that a step (one transaction) lasts about STEP_TARGET_MS.
      const sizer = new StepSizer(handler.privateRows ? { targetMs: privateStepTargetMs(this.options.db) } : {});
      const turns = stepTurns(this.options.db);
      for (;;) {
        if (this.stopping) {
          await this.queue.release(request.id, this.id);
          log.info({ processed }, 'background request handed back for later');
          return false;
        }
        const { result: count, elapsedMs } = await turns.timed(() => this.options.db.transaction().execute(async (trx) => {
          const { queue } = this.options.repositories(trx);
          if (!(await queue.renew(request.id, this.id, this.leaseUntil()))) throw new LostClaim();
          const n = await handler.step(trx, request.account_id, params, this.fixedBatch ?? sizer.size, this.options.clock.now());
          if (n > 0) await queue.addProgress(request.id, this.id, n);
          return n;
        }));
        if (count === 0) break;
        if (this.fixedBatch === undefined) sizer.record(elapsedMs);
        processed += count;
        await this.options.afterStep?.(request, processed);
        await pause(this.pauseMs);
      }
      const finished = await this.end(request, handler, params, 'done');
      if (finished) log.info({ result: finished.result }, 'background request done');
    } catch (error) {
      if (error instanceof LostClaim) {
        log.warn('background request claimed by another worker; leaving it');
        return true;
      }
      log.error({ err: error }, 'background request failed');
      await this.end(request, handler, params, 'failed', error instanceof Error ? error.message : String(error));
    }
    return true;
  }

  /** Marks the request ended and, in the same transaction, enqueues its notification and its webhook message (W4). */
  private end(
    request: RequestRow,
    handler: RequestHandler | undefined,
    params: unknown,
    status: 'done' | 'failed',
    error?: string,
  ): Promise<RequestRow | undefined> {
    return this.options.db.transaction().execute(async (trx) => {
      const now = stamp(this.options.clock);
      const { queue, outbox, webhookOutbox } = this.options.repositories(trx);
      const ended = await queue.finish(
        request.id,
        this.id,
        status,
        (deleted) => (error === undefined ? { deleted } : { deleted, error }),
        now,
      );
      if (ended?.notify_to) {
        await outbox.enqueue(ended.account_id, notificationFor(ended, handler, params), now);
      }
      const present = this.options.presentRequest;
      if (ended && present) {
        await webhookOutbox.emit(ended.account_id, [{ type: 'request.finished', data: () => present(ended) }], this.options.clock.now());
      }
      return ended;
    });
  }

  private async sendDueMail(): Promise<void> {
    const mailer = this.options.mailer;
    if (!mailer) {
      for (;;) {
        const row = await this.outbox.takeUnlogged(stamp(this.options.clock));
        if (!row) return;
        // No SMTP server configured: the message is logged and stays in the outbox.
        this.options.log.info(
          { mail: { id: row.id, requestId: row.request_id, to: row.to_address, subject: row.subject, body: row.body } },
          'notification not sent (no SMTP_URL); kept in the outbox',
        );
      }
    }
    while (!this.stopping) {
      const row = await this.outbox.claimDue(this.id, stamp(this.options.clock), this.leaseUntil());
      if (!row) return;
      try {
        await mailer.send({ to: row.to_address, subject: row.subject, text: row.body });
        await this.outbox.markSent(row.id, this.id, stamp(this.options.clock));
        this.options.log.info({ mailId: row.id, requestId: row.request_id }, 'notification sent');
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await this.outbox.markFailed(row, this.id, message, this.options.clock.now());
        this.options.log.warn({ mailId: row.id, attempts: Number(row.attempts) + 1, err: message }, 'notification send failed; will retry');
      }
    }
  }
}
