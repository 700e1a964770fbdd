import { type Insertable, type Kysely, sql } from 'kysely';
import { RowsStatement } from '../../db/rows-statement.js';
import type { DB, WebhookMessagesTable } from '../../db/types.js';
import type { TtlCache } from '../../lib/ttl-cache.js';
import { formatDateTime } from '../../lib/time.js';
import type { Subscriber } from './endpoint-cache.js';
import { type WebhookEvent, subscribes, webhookBody } from './events.js';
import { newMessageId } from './signing.js';

type MessageRow = Insertable<WebhookMessagesTable>;

const MESSAGE_COLUMNS = ['message_id', 'account_id', 'endpoint_id', 'user_id', 'type', 'body', 'status', 'next_attempt_at', 'createtime'] as const;

/**
 * Each row is written only while its endpoint is there and enabled, checked by the insert itself:
 * the endpoints may come from a cache (endpoint-cache.ts), and a row naming a deleted endpoint
 * would break the foreign key and with it the change's transaction. The select's account_id and
 * id are the endpoint's; the casts give PostgreSQL the parameters' types.
 */
const insertMessages = new RowsStatement<MessageRow>(MESSAGE_COLUMNS, (db: Kysely<DB>, rows) => {
  const selects = rows.map((row) =>
    db
      .selectFrom('webhook_endpoints')
      .select([
        sql<string>`${row.message_id}`.as('message_id'),
        'account_id',
        'id',
        sql<number | null>`cast(${row.user_id} as integer)`.as('user_id'),
        sql<string>`${row.type}`.as('type'),
        sql<string>`${row.body}`.as('body'),
        sql<string>`${row.status}`.as('status'),
        sql<string>`${row.next_attempt_at}`.as('next_attempt_at'),
        sql<string>`${row.createtime}`.as('createtime'),
      ])
      .where('account_id', '=', row.account_id)
      .where('id', '=', row.endpoint_id)
      .where('status', '=', 'enabled'),
  );
  return db
    .insertInto('webhook_messages')
    .columns([...MESSAGE_COLUMNS])
    .expression(selects.reduce((all, one) => all.unionAll(one)));
});

/**
 * The webhook outbox (W4): a changing service calls `emit` with the repositories of its own
 * transaction, so a message row exists exactly when the change committed. One row per message and
 * subscribed endpoint; the worker (deliverer.ts) sends them. The account's enabled endpoints come
 * from `endpoints` (endpoint-cache.ts) when given; else, bound to a transaction, they are read once
 * and kept for the transaction's life (a group commit's batch of user events reads them once).
 */
export class WebhookOutbox {
  private readonly subscribers = new Map<number, Promise<Subscriber[]>>();
  private readonly staged: MessageRow[] = [];

  constructor(
    private readonly db: Kysely<DB>,
    private readonly endpoints?: TtlCache<Subscriber[]>,
  ) {}

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
    if (this.endpoints) return this.cachedSubscribers(accountId, read);
    if (!this.db.isTransaction) return read();
    let cached = this.subscribers.get(accountId);
    if (!cached) {
      cached = read();
      this.subscribers.set(accountId, cached);
    }
    return cached;
  }

  /**
   * The cache's answer, or the read's. A read in flight is shared with the transactions asking
   * meanwhile, and it runs in the transaction of the first: should that one fail (its transaction
   * aborted), the others read for themselves rather than fail with it.
   */
  private async cachedSubscribers(accountId: number, read: () => Promise<Subscriber[]>): Promise<Subscriber[]> {
    try {
      return (await this.endpoints!.resolve(String(accountId), read)) ?? [];
    } catch {
      return read();
    }
  }
}
