import type { Insertable, Kysely } from 'kysely';
import { RowsStatement } from '../../db/rows-statement.js';
import type { DB, WebhookMessagesTable } from '../../db/types.js';
import { formatDateTime } from '../../lib/time.js';
import { type WebhookEvent, subscribes, webhookBody } from './events.js';
import { newMessageId } from './signing.js';

type MessageRow = Insertable<WebhookMessagesTable>;

interface Subscriber {
  id: number;
  events: string[];
}

const insertMessages = new RowsStatement<MessageRow>(
  ['message_id', 'account_id', 'endpoint_id', 'user_id', 'type', 'body', 'status', 'next_attempt_at', 'createtime'],
  (db, rows) => db.insertInto('webhook_messages').values(rows),
);

/**
 * The webhook outbox (W4): a changing service calls `emit` with the repositories of its own
 * transaction, so a message row exists exactly when the change committed. One row per message and
 * subscribed endpoint; the worker (deliverer.ts) sends them. Bound to a transaction, the account's
 * enabled endpoints are read once and kept for the transaction's life (a group commit's batch
 * of user events reads them once).
 */
export class WebhookOutbox {
  private readonly subscribers = new Map<number, Promise<Subscriber[]>>();
  private readonly staged: MessageRow[] = [];

  constructor(private readonly db: Kysely<DB>) {}

  /** Writes the messages of `events` now, in the transaction (or on the database) the outbox is bound to. */
  async emit(accountId: number, events: readonly WebhookEvent[], now: Date): Promise<void> {
    await this.insert(await this.rowsOf(accountId, events, now));
  }

  /**
   * Keeps the messages of `events` until `flush`, which writes every staged message in one
   * statement: a group commit's batch stages one message per item and flushes once before it
   * commits. Only for an outbox bound to a transaction, which must be flushed before it commits.
   */
  async stage(accountId: number, events: readonly WebhookEvent[], now: Date): Promise<void> {
    if (!this.db.isTransaction) throw new Error('WebhookOutbox.stage needs a transaction');
    this.staged.push(...(await this.rowsOf(accountId, events, now)));
  }

  async flush(): Promise<void> {
    const rows = this.staged.splice(0);
    await this.insert(rows);
  }

  private async rowsOf(accountId: number, events: readonly WebhookEvent[], now: Date): Promise<MessageRow[]> {
    if (events.length === 0) return [];
    const endpoints = await this.subscribersOf(accountId);
    if (endpoints.length === 0) return [];
    const createtime = formatDateTime(now);
    const rows: MessageRow[] = [];
    for (const event of events) {
      let body: string | undefined;
      for (const endpoint of endpoints) {
        if (!subscribes(endpoint.events, event.type)) continue;
        body ??= webhookBody(event.type, typeof event.data === 'function' ? await (event.data as () => unknown)() : event.data, now);
        rows.push({
          message_id: newMessageId(),
          account_id: accountId,
          endpoint_id: endpoint.id,
          user_id: event.userId ?? null,
          type: event.type,
          body,
          status: 'pending',
          next_attempt_at: createtime,
          createtime,
        });
      }
    }
    return rows;
  }

  private async insert(rows: MessageRow[]): Promise<void> {
    if (rows.length > 0) await insertMessages.execute(this.db, rows);
  }

  private subscribersOf(accountId: number): Promise<Subscriber[]> {
    const read = () =>
      this.db
        .selectFrom('webhook_endpoints')
        .select(['id', 'events'])
        .where('account_id', '=', accountId)
        .where('status', '=', 'enabled')
        .execute()
        .then((rows) => rows.map((row) => ({ id: row.id, events: JSON.parse(row.events) as string[] })));
    if (!this.db.isTransaction) return read();
    let cached = this.subscribers.get(accountId);
    if (!cached) {
      cached = read();
      this.subscribers.set(accountId, cached);
    }
    return cached;
  }
}
