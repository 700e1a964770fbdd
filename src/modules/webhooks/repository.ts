import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { DB, WebhookEndpointsTable, WebhookMessageStatus, WebhookMessagesTable } from '../../db/types.js';
import type { Page } from '../../http/pagination.js';
import type { MessageRow } from '../../jobs/webhooks/messages.js';

export type EndpointRow = Selectable<WebhookEndpointsTable>;

export class WebhooksRepository {
  constructor(private readonly db: Kysely<DB>) {}

  async insert(accountId: number, values: Omit<Insertable<WebhookEndpointsTable>, 'account_id'>): Promise<EndpointRow> {
    return this.db.insertInto('webhook_endpoints').values({ ...values, account_id: accountId }).returningAll().executeTakeFirstOrThrow();
  }

  list(accountId: number): Promise<EndpointRow[]> {
    return this.db.selectFrom('webhook_endpoints').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
  }

  async count(accountId: number): Promise<number> {
    const row = await this.db
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  find(accountId: number, id: number): Promise<EndpointRow | undefined> {
    return this.db.selectFrom('webhook_endpoints').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  async update(accountId: number, id: number, values: Updateable<WebhookEndpointsTable>): Promise<EndpointRow | undefined> {
    return this.db.updateTable('webhook_endpoints').set(values).where('account_id', '=', accountId).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async delete(accountId: number, id: number): Promise<boolean> {
    const deleted = await this.db.deleteFrom('webhook_endpoints').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(deleted.numDeletedRows) > 0;
  }

  /** W5: newest first, ties by id descending. */
  deliveries(accountId: number, endpointId: number, filter: { status?: WebhookMessageStatus }, page: Page): Promise<MessageRow[]> {
    let query = this.db
      .selectFrom('webhook_messages')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('endpoint_id', '=', endpointId)
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset);
    if (filter.status) query = query.where('status', '=', filter.status);
    return query.execute();
  }

  findMessage(accountId: number, endpointId: number, messageId: string): Promise<MessageRow | undefined> {
    return this.db
      .selectFrom('webhook_messages')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('endpoint_id', '=', endpointId)
      .where('message_id', '=', messageId)
      .executeTakeFirst();
  }

  findMessageById(accountId: number, id: number): Promise<MessageRow | undefined> {
    return this.db.selectFrom('webhook_messages').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  async insertMessage(accountId: number, values: Omit<Insertable<WebhookMessagesTable>, 'account_id'>): Promise<MessageRow> {
    return this.db.insertInto('webhook_messages').values({ ...values, account_id: accountId }).returningAll().executeTakeFirstOrThrow();
  }
}
